import Foundation
import XCTest
@testable import FramePipeline
import Geometry
import Presets
import Raster
import Scene
import SegueTestSupport

/// A frame's background is not filled where the scene is sure to paint opaque pixels
/// (Renderer.opaqueCover): the pixels must be exactly those of a frame whose background was
/// filled everywhere first — on every ready-made preset, at frames spread over each transition
/// (screens sliding in from beyond the canvas's edges included), and for every band.
final class BackgroundCoverTests: XCTestCase {
    /// One preset's frames: how many were compared, how many had a cover, and what differed.
    struct Outcome: Sendable { var compared = 0; var covered = 0; var failures: [String] = [] }

    func testSkippingTheBackgroundUnderOpaqueScreensChangesNoPixel() throws {
        let presets = PresetContinuityTests.allPresets()
        XCTAssertGreaterThanOrEqual(presets.count, 20)
        // The presets are independent: checked side by side, a core each; failures reported here.
        let outcomes = try concurrently(presets.count, width: ProcessInfo.processInfo.activeProcessorCount) { try Self.check(presets[$0]) }
        for failure in outcomes.flatMap(\.failures) { XCTFail(failure) }
        let compared = outcomes.map(\.compared).reduce(0, +), covered = outcomes.map(\.covered).reduce(0, +)
        XCTAssertGreaterThan(compared, 100)
        XCTAssertGreaterThan(covered, compared / 2, "most frames have screens that cover the canvas")
    }

    static func check(_ path: String) throws -> Outcome {
        let source = try PresetLoader.source(path: path)
        let s = try PresetLoader.resolve(source, source.clips.first(where: { _ in true }) ?? nil, overrides: Overrides(scale: 0.25), images: PresetImages.folder, fonts: InstalledFonts())
        let c = FrameComposer(storyboard: s)
        let a = try Bitmap(width: s.pixelWidth, height: s.pixelHeight), b = try Bitmap(width: s.pixelWidth, height: s.pixelHeight)
        var frames: Set<Int> = [0, c.frameCount - 1]
        for step in s.steps where step.transition != nil {
            let x = Int((step.start * Double(s.fps)).rounded()), y = Int((step.end * Double(s.fps)).rounded())
            for k in 0...4 { frames.insert(min(c.frameCount - 1, x + (y - x) * k / 4)) }
        }
        var o = Outcome()
        for i in frames.sorted() {
            let plan = c.plan(frame: i)
            guard plan.scene != nil else { continue }
            if !plan.cover.isEmpty { o.covered += 1 }
            let filled = FrameComposer.Plan(time: plan.time, scene: plan.scene, copy: nil, overlays: plan.overlays,
                                            drawsInBands: plan.drawsInBands, cover: [])
            // Garbage under both: a skipped fill must not let it show through.
            fillPixels(a.pixels, 0xFF00_FF00, a.count); fillPixels(b.pixels, 0xFF00_FF00, b.count)
            c.render(plan, into: a)
            c.render(filled, into: b)
            if !a.isIdentical(to: b) { o.failures.append("\(path) frame \(i): a skipped background shows") }
            // Band by band as well (the cover is cut to each band's rows), in 7-row bands; a scene
            // the encoder draws whole (a mask shadow, Renderer.drawsSameInBands: every band blurs
            // the whole shadow again) in 71-row bands, which cut across its screens all the same.
            fillPixels(a.pixels, 0xFF00_00FF, a.count)
            let band = plan.drawsInBands ? 7 : 71
            var y = 0
            while y < s.pixelHeight { c.render(plan, into: a, rows: y..<min(s.pixelHeight, y + band)); y += band }
            if !a.isIdentical(to: b) { o.failures.append("\(path) frame \(i): a band's skipped background shows") }
            o.compared += 1
        }
        return o
    }

    func testCoverIsOnlyWhatIsSurelyOpaque() {
        func image(_ w: Int, _ h: Int, alpha: UInt32) -> Bitmap {
            let b = Bitmap(uncheckedWidth: w, height: h)
            fillPixels(b.pixels, alpha << 24 | (alpha * 3 / 4), b.count)
            return b
        }
        let opaque = image(100, 200, alpha: 255), clear = image(100, 200, alpha: 128)
        func screen(_ b: Bitmap, x: Double) -> Node { Node.image(b, frame: Rect(x, 0, 100, 200), fit: .stretch) }
        // A push half-way: the under screen moved left, the top one half on the canvas, half beyond it.
        var root = Node(kind: .group, frame: Rect(0, 0, 100, 200))
        root.children = [screen(opaque, x: -15), screen(opaque, x: 50)]
        XCTAssertEqual(Renderer.opaqueCover(root, scale: 1), [IRect(x0: -15, y0: 0, x1: 85, y1: 200), IRect(x0: 50, y0: 0, x1: 150, y1: 200)])
        // A clipping parent cuts them to its bounds.
        root.clips = true
        XCTAssertEqual(Renderer.opaqueCover(root, scale: 2), [IRect(x0: 0, y0: 0, x1: 170, y1: 400), IRect(x0: 100, y0: 0, x1: 200, y1: 400)])
        root.clips = false
        // Translucent images, a translucent or rounded or rotated parent: no cover.
        root.children = [screen(clear, x: 0)]
        XCTAssertEqual(Renderer.opaqueCover(root, scale: 1), [])
        root.children = [screen(opaque, x: 0)]
        let changes: [(inout Node) -> Void] = [{ $0.opacity = 0.99 }, { $0.cornerRadius = 8 }, { $0.transform.rotate = 3 }, { $0.hidden = true }]
        for change in changes {
            var r = root
            change(&r)
            XCTAssertEqual(Renderer.opaqueCover(r, scale: 1), [], "\(r)")
        }
    }
}
