import Foundation
import FramePipeline
import Geometry
import Presets
import Raster
import Scene
import SegueTestSupport
import Transitions
import XCTest

/// Issue 28 §5, navigation-zoom: a flying element is one picture whose crop animates. Every frame
/// of every shipped zoom preset (pushes, pops, the interactive dismisses finishing and
/// cancelling) is composed and compared, inside the part of the card that shows the picture,
/// with the grid cell's own pixels (the still before the push) aspect-filled into that part.
/// Where the picture is comes from the geometry written out here, not from the transition's
/// code: the card is R = lerp(S, screen, p) (or the lifted card, scale s about the finger, and
/// its landing or spring back), and the detail's hero H is drawn at Hm = lerp(H aspect-filled
/// over S, H, p) (or the lifted card's H); the picture shows in Hm ∩ R. Before the fix, the
/// card grew the whole detail screen aspect-filled into R under the cell's snapshot fading out
/// over the first 0.3: two suns in the card, and the hero elsewhere than Hm.
final class ZoomOnePictureTests: XCTestCase {
    static let presets = ["catalog/navigation-zoom.json", "catalog/navigation-zoom-dismiss-finished.json",
                          "catalog/navigation-zoom-dismiss-cancelled.json", "stories/photos-zoom.json"]
    /// Mean difference per channel (0…255) under which the card shows the cell's picture: the
    /// cell's 1 px/pt pixels resampled against the picture drawn sharp at the card's size.
    static let tolerance = 3.0

    func testEveryShippedZoomFlightShowsOnePicture() throws {
        var frames = 0
        for name in Self.presets {
            let s = try load(PresetContinuityTests.presetsDirectory + "/" + name)
            frames += try check(s, name: name)
        }
        XCTAssertGreaterThan(frames, 150, "frames with the picture in the card")
    }

    /// Right to left: the grid's left column is on the right; the card still lands its picture.
    func testRightToLeftShowsOnePicture() throws {
        var text = try String(contentsOfFile: PresetContinuityTests.presetsDirectory + "/catalog/navigation-zoom-dismiss-finished.json",
                              encoding: .utf8)
        text = text.replacingOccurrences(of: "photo4", with: "photo3").replacingOccurrences(of: "\"photo\": 4", with: "\"photo\": 3")
            .replacingOccurrences(of: "\"fps\": 60,", with: "\"fps\": 60, \"direction\": \"rtl\",")
        let file = try temporaryFolder("zoom-rtl") + "/rtl.json"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let s = try load(file)
        XCTAssertTrue(s.direction.isRTL)
        XCTAssertGreaterThan(try check(s, name: "rtl"), 30)
    }

    /// A preset at 1 px per point.
    func load(_ path: String) throws -> Storyboard {
        try PresetLoader.load(path: path, overrides: Overrides(scale: 1.0 / 3), images: PresetImages.folder, fonts: InstalledFonts())
    }

    /// Checks every transition frame of every zoom step of `s`; the number of frames checked.
    func check(_ s: Storyboard, name: String) throws -> Int {
        let c = FrameComposer(storyboard: s)
        let steps = s.steps.filter { $0.transition is NavigationZoomTransition }
        XCTAssertFalse(steps.isEmpty, name)
        guard let first = steps.first, let id = (first.transition as? NavigationZoomTransition)?.source else { return 0 }
        XCTAssertEqual(first.matches.map { [$0.from, $0.to] }, [[id, Mocks.heroID]], "\(name): the cell lands on the detail's hero")
        let under = try XCTUnwrap(try s.screen(first.before)), detail = try XCTUnwrap(try s.screen(first.after))
        let source = try XCTUnwrap(under.element(id: id)).frame, hero = try XCTUnwrap(detail.element(id: Mocks.heroID)).frame
        let grid = try still(c)
        var checked = 0, worst = 0.0
        for step in steps {
            let zoom = try XCTUnwrap(step.transition as? NavigationZoomTransition)
            let n0 = Int((step.start * Double(s.fps)).rounded(.up)), n1 = Int((step.end * Double(s.fps)).rounded(.down))
            for i in n0...n1 {
                let local = s.time(ofFrame: i) - step.start
                guard local >= 0, local <= step.duration else { continue }
                let g = Geometry(step: step, local: local, canvas: s.canvas, source: source, hero: hero, mirrored: s.direction.isRTL)
                let b = try Bitmap(width: s.pixelWidth, height: s.pixelHeight)
                c.draw(c.scene(step: step.index, at: local), into: b)
                guard let d = difference(b, grid: grid, cell: source, in: g.shown, card: g.card, radius: zoom.cornerRadius, scale: s.scale) else { continue }
                XCTAssertLessThan(d, Self.tolerance, "\(name) frame \(i) (\(step.operation!.rawValue), t \(String(format: "%.3f", local))): the card's picture in \(g.shown) differs from the cell's by \(String(format: "%.1f", d))/255")
                checked += 1
                worst = max(worst, d)
            }
        }
        print("\(name): \(checked) frames, largest difference \(String(format: "%.2f", worst))/255")
        return checked
    }

    /// The zoom's card and where the hero's picture shows in it, from the step's progress and finger.
    struct Geometry {
        var card: Rect
        var hero: Rect
        var shown: Rect { hero.intersection(card) }

        /// Right to left the transition runs on mirrored screens (the finger was mirrored when the
        /// preset was resolved) and its scene is mirrored back.
        init(step: Step, local: Double, canvas: Size, source: Rect, hero: Rect, mirrored: Bool) {
            func flip(_ r: Rect) -> Rect { mirrored ? Rect(canvas.width - r.maxX, r.minY, r.width, r.height) : r }
            self.init(step: step, local: local, canvas: canvas, source: flip(source), hero: flip(hero))
            card = flip(card); self.hero = flip(self.hero)
        }

        init(step: Step, local: Double, canvas: Size, source: Rect, hero h: Rect) {
            let full = Rect(0, 0, canvas.width, canvas.height)
            let progress = step.progress(at: local)
            let p = step.operation!.isForward ? progress : 1 - progress
            let k0 = max(source.width / h.width, source.height / h.height)
            let atSource = Rect(source.midX - k0 * h.width / 2, source.midY - k0 * h.height / 2, k0 * h.width, k0 * h.height)
            card = Self.lerp(source, full, p)
            hero = Self.lerp(atSource, h, p)
            guard let i = step.interaction(at: local) else { return }
            let s = NavigationZoomTransition.scale(progress: i.released ? i.releaseProgress : progress)
            let lifted = Rect(canvas.width / 2 + i.translation.x - s * canvas.width / 2, canvas.height / 2 + i.translation.y - s * canvas.height / 2,
                              s * canvas.width, s * canvas.height)
            let held = Rect(lifted.minX + s * h.minX, lifted.minY + s * h.minY, s * h.width, s * h.height)
            let k = i.completion(progress: progress), landing = i.released && i.finishing
            card = i.released ? Self.lerp(lifted, landing ? source : full, k) : lifted
            hero = i.released ? Self.lerp(held, landing ? atSource : h, k) : held
        }

        static func lerp(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
            Rect(a.minX + (b.minX - a.minX) * t, a.minY + (b.minY - a.minY) * t,
                 a.width + (b.width - a.width) * t, a.height + (b.height - a.height) * t)
        }
    }

    /// The start screen as the still before the first zoom shows it (no chrome, no overlays).
    func still(_ c: FrameComposer) throws -> Bitmap {
        let b = try Bitmap(width: c.storyboard.pixelWidth, height: c.storyboard.pixelHeight)
        c.draw(c.scene(state: .still(screen: c.storyboard.start), time: 0), into: b)
        return b
    }

    /// Mean absolute difference per channel between the frame inside `shown` and the cell's
    /// pixels (`grid` inside `cell`) aspect-filled into `shown`, sampled bilinearly. Pixels
    /// within 2 px of `shown`'s edge or of the card's rounded corners (the largest radius the
    /// card has) are left out, and so are those sampling within 1.5 px of the cell's edge (its
    /// anti-aliased border with the grid's gaps); nil when too little of the picture shows.
    func difference(_ b: Bitmap, grid: Bitmap, cell: Rect, in shown: Rect, card: Rect, radius: Double, scale: Double) -> Double? {
        let inner = shown.insetBy(dx: 2 / scale, dy: 2 / scale), usable = cell.insetBy(dx: 1.5 / scale, dy: 1.5 / scale)
        guard inner.width > 4 / scale, inner.height > 4 / scale else { return nil }
        let k = max(shown.width / cell.width, shown.height / cell.height)
        let rho = min(radius, card.width / 2, card.height / 2)
        var sum = 0.0, n = 0
        for y in Int((inner.minY * scale).rounded(.up))..<Int((inner.maxY * scale).rounded(.down)) {
            for x in Int((inner.minX * scale).rounded(.up))..<Int((inner.maxX * scale).rounded(.down)) {
                let px = (Double(x) + 0.5) / scale, py = (Double(y) + 0.5) / scale
                let cx = min(max(px, card.minX + rho), card.maxX - rho), cy = min(max(py, card.minY + rho), card.maxY - rho)
                if rho > 0, (px - cx) * (px - cx) + (py - cy) * (py - cy) > max(0, rho - 2 / scale) * max(0, rho - 2 / scale) { continue }
                // The point of the cell's picture shown here: aspect fill about both centres.
                let u = cell.midX + (px - shown.midX) / k, v = cell.midY + (py - shown.midY) / k
                guard usable.contains(Point(u, v)) else { continue }
                let want = sample(grid, u * scale - 0.5, v * scale - 0.5), got = b.rgba(x: x, y: y)
                sum += abs(want.0 - Double(got.r)) + abs(want.1 - Double(got.g)) + abs(want.2 - Double(got.b))
                n += 3
            }
        }
        return n > 300 ? sum / Double(n) : nil
    }

    /// Bilinear sample of `b` at pixel coordinates (x, y), clamped to the bitmap.
    func sample(_ b: Bitmap, _ x: Double, _ y: Double) -> (Double, Double, Double) {
        let x0 = min(max(0, Int(x.rounded(.down))), b.width - 1), y0 = min(max(0, Int(y.rounded(.down))), b.height - 1)
        let x1 = min(x0 + 1, b.width - 1), y1 = min(y0 + 1, b.height - 1)
        let fx = min(1, max(0, x - Double(x0))), fy = min(1, max(0, y - Double(y0)))
        func c(_ xx: Int, _ yy: Int) -> (Double, Double, Double) { let p = b.rgba(x: xx, y: yy); return (Double(p.r), Double(p.g), Double(p.b)) }
        let a = c(x0, y0), bb = c(x1, y0), cc = c(x0, y1), d = c(x1, y1)
        func mix(_ p: Double, _ q: Double, _ r: Double, _ s: Double) -> Double { (p * (1 - fx) + q * fx) * (1 - fy) + (r * (1 - fx) + s * fx) * fy }
        return (mix(a.0, bb.0, cc.0, d.0), mix(a.1, bb.1, cc.1, d.1), mix(a.2, bb.2, cc.2, d.2))
    }
}
