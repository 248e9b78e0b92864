import Foundation
import XCTest
import FramePipeline
import Geometry
import Presets
import Raster
import Scene

/// Issue 28's classes of incoherence, over every shipped preset: corners that snap at a
/// transition's ends, Android windows on black, matched pairs that show two different pictures
/// or two cross-faded copies in flight.
final class CoherenceTests: XCTestCase {
    func load(_ path: String, scale: Double = 0.25) throws -> Storyboard {
        try PresetLoader.load(path: path, overrides: Overrides(scale: scale), images: PresetImages.folder, fonts: InstalledFonts())
    }

    func preset(_ name: String) -> String { PresetContinuityTests.presetsDirectory + "/" + name }

    // MARK: corners

    /// The front window or card of a scene: the topmost top-level layer covering at least half the
    /// canvas, with its corner radius as seen on the canvas and its box. Stills have none.
    struct Front { var index: Int; var radius: Double; var box: Rect }

    static func front(_ scene: Node, canvas: Size) -> Front? {
        for (i, n) in scene.children.enumerated().reversed() {
            let m = n.localToParent
            let box = m.apply(Rect(0, 0, n.frame.width, n.frame.height))
            let w = max(0, min(box.maxX, canvas.width) - max(box.minX, 0)), h = max(0, min(box.maxY, canvas.height) - max(box.minY, 0))
            guard w * h >= canvas.width * canvas.height / 2 else { continue }
            let k = (m.apply(Point(1, 0)) - m.apply(Point(0, 0))).length
            return Front(index: i, radius: min(n.cornerRadius * k, box.width / 2, box.height / 2), box: box)
        }
        return nil
    }

    /// A corner that snaps changes its radius while the window's edges stay put (the 47 pt card
    /// of navigation-zoom squaring off on the last frame). A radius that follows the window as it
    /// moves is a morph: between consecutive frames at a transition's ends the front window's
    /// radius may change by 2 pt plus 3 × the furthest its edges moved.
    func testCornerRadiusNeverSnapsAtATransitionsEnds() throws {
        for path in PresetContinuityTests.allPresets() where !path.contains("matrix") {
            let s = try load(path)
            let c = FrameComposer(storyboard: s)
            let rate = Double(s.fps)
            for step in s.steps where step.transition != nil {
                let first = Int((step.start * rate).rounded()), last = Int((step.end * rate).rounded())
                let ends = Array(max(0, first - 1)...(first + 3)) + Array((last - 3)...min(c.frameCount - 1, last + 1))
                var previous: (Int, Front?)?
                for i in ends {
                    let f = Self.front(c.scene(frame: i), canvas: s.canvas)
                    if let (j, p) = previous, j == i - 1, let p, let f, p.index == f.index {
                        let moved = max(abs(f.box.minX - p.box.minX), abs(f.box.maxX - p.box.maxX), abs(f.box.minY - p.box.minY), abs(f.box.maxY - p.box.maxY))
                        XCTAssertLessThanOrEqual(abs(f.radius - p.radius), 2 + 3 * moved,
                                                 "\(URL(fileURLWithPath: path).lastPathComponent) \(step.title): frames \(j)→\(i) corner radius \(p.radius) → \(f.radius) pt, edges moved \(moved) pt")
                    }
                    previous = (i, f)
                }
            }
        }
    }

    // MARK: Android backdrops

    func testPredictiveBackFillsTheDisplayWithTheEnteringAppsBackground() throws {
        for name in ["predictive-back.json", "predictive-back-cancelled.json", "predictive-back-right-edge.json"] {
            let s = try load(preset("catalog/" + name))
            let c = FrameComposer(storyboard: s)
            let bitmap = Bitmap(uncheckedWidth: s.pixelWidth, height: s.pixelHeight)
            let step = try XCTUnwrap(s.steps.first { $0.driver != nil })
            guard case .solid(let bg)? = s.screens[step.after]?.fill else { return XCTFail("\(name): no background") }
            // Mid-drag, the windows are at 0.9 and leave a band above them: the background under
            // the 0.2 black scrim, never the preset's near-black.
            let i = Int(((step.start + step.end) / 2 * Double(s.fps)).rounded())
            c.render(frame: i, into: bitmap)
            let px = bitmap.rgba(x: s.pixelWidth / 2, y: 2)
            let expected = (bg.r * 0.8 * 255, bg.g * 0.8 * 255, bg.b * 0.8 * 255)
            XCTAssertEqual(Double(px.r), expected.0, accuracy: 3, "\(name) frame \(i)")
            XCTAssertEqual(Double(px.g), expected.1, accuracy: 3, "\(name) frame \(i)")
            XCTAssertEqual(Double(px.b), expected.2, accuracy: 3, "\(name) frame \(i)")
        }
    }

    /// In no frame of the Android window transitions does the preset's background show: every
    /// frame is pixel-identical when that background is magenta instead (what is behind and
    /// around the windows is the app's own background colour).
    func testAndroidWindowsNeverShowThePresetsBackground() throws {
        let names = ["predictive-back.json", "predictive-back-cancelled.json", "predictive-back-inapp.json", "android-activity.json",
                     "shared-axis-x.json", "shared-axis-y.json", "shared-axis-z.json", "fade-through.json"]
        for name in names {
            let s = try load(preset("catalog/" + name))
            var magenta = s
            magenta.background = .color(Color(r: 1, g: 0, b: 1))
            let c = FrameComposer(storyboard: s), m = FrameComposer(storyboard: magenta)
            let a = Bitmap(uncheckedWidth: s.pixelWidth, height: s.pixelHeight), b = Bitmap(uncheckedWidth: s.pixelWidth, height: s.pixelHeight)
            for i in 0..<c.frameCount {
                c.render(frame: i, into: a)
                m.render(frame: i, into: b)
                XCTAssertTrue(a.isIdentical(to: b), "\(name) frame \(i): the preset's background shows")
            }
        }
    }

    // MARK: matched pairs

    /// Each matched pair of every shipped preset shows one picture: one end's centre crop at the
    /// other end's aspect ratio correlates with that end (24 × 24 grey thumbnails), one way or the
    /// other (a grid cell holds the whole photo a hero crops; a screenshot's hero holds the crop
    /// its cell shows). A container transform grows its element into the whole new screen, so
    /// there the card's photo and the new screen's hero are compared (the same post).
    func testEveryMatchedPairShowsTheSamePicture() throws {
        for path in PresetContinuityTests.allPresets() where !path.contains("matrix") {
            let s = try load(path, scale: 1)
            for step in s.steps where !step.matches.isEmpty {
                let grows = step.transition?.hidesMatchedElementsOnNewerScreen == false
                for m in step.matches {
                    let a = try XCTUnwrap(try s.screen(step.before) ?? s.screens[step.before])
                    let b = try XCTUnwrap(try s.screen(step.after) ?? s.screens[step.after])
                    // The card's first photo, on whichever side the card is.
                    let (aID, bID) = !grows ? (m.from, m.to) : step.operation?.isForward == true
                        ? ((a.find(id: m.from)?.allIDs.first { $0.hasPrefix("photo") }) ?? m.from, m.to)
                        : (m.from, (b.find(id: m.to)?.allIDs.first { $0.hasPrefix("photo") }) ?? m.to)
                    guard let ea = ElementSnapshot.render(a, id: aID, scale: s.scale)?.bitmap,
                          let eb = ElementSnapshot.render(b, id: bID, scale: s.scale)?.bitmap else { continue }
                    let r = max(Self.correlation(Self.grey(ea, aspect: Double(eb.width) / Double(eb.height)), Self.grey(eb, aspect: nil)),
                                Self.correlation(Self.grey(eb, aspect: Double(ea.width) / Double(ea.height)), Self.grey(ea, aspect: nil)))
                    XCTAssertGreaterThan(r, 0.95, "\(URL(fileURLWithPath: path).lastPathComponent) \(step.title) \(aID) → \(bID)")
                }
            }
        }
    }

    /// Mid-flight, a matched element whose two ends show one picture is drawn once.
    func testAFlyingElementIsOneImage() throws {
        for name in ["catalog/magic-move.json", "stories/photo-grid.json", "stories/own-screenshots.json", "seeds/003-magic-move.json"] {
            let s = try load(preset(name), scale: 1)
            let c = FrameComposer(storyboard: s)
            let step = try XCTUnwrap(s.steps.first { !$0.matches.isEmpty })
            let canvas = s.canvas
            for p in [0.2, 0.4, 0.5, 0.7] {
                let scene = c.scene(step: step.index, at: step.duration * p)
                let flying = scene.children.filter { n in
                    if case .image = n.kind { return n.frame.width < canvas.width || n.frame.height < canvas.height }
                    return false
                }
                XCTAssertEqual(flying.count, 1, "\(name) at \(p) of \(step.title): \(flying.count) flying images")
            }
        }
    }

    /// The mean grey of 24 × 24 cells of a bitmap's centre crop at `aspect` (the whole bitmap when
    /// nil), its outer tenth on each side left out (rounded corners are the frame's, not the picture's).
    static func grey(_ b: Bitmap, aspect: Double?) -> [Double] {
        var w = Double(b.width), h = Double(b.height)
        if let aspect { if w / h > aspect { w = h * aspect } else { h = w / aspect } }
        w *= 0.8; h *= 0.8
        let x0 = (Double(b.width) - w) / 2, y0 = (Double(b.height) - h) / 2, n = 24
        var out: [Double] = []
        for j in 0..<n {
            for i in 0..<n {
                var sum = 0.0, count = 0.0
                let ys = Int(y0 + h * Double(j) / Double(n)), ye = max(ys + 1, Int(y0 + h * Double(j + 1) / Double(n)))
                let xs = Int(x0 + w * Double(i) / Double(n)), xe = max(xs + 1, Int(x0 + w * Double(i + 1) / Double(n)))
                for y in ys..<min(ye, b.height) {
                    for x in xs..<min(xe, b.width) {
                        let p = b.rgba(x: x, y: y)
                        sum += 0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b); count += 1
                    }
                }
                out.append(sum / max(1, count))
            }
        }
        return out
    }

    /// Pearson correlation of two equal-length samples.
    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let ma = a.reduce(0, +) / Double(a.count), mb = b.reduce(0, +) / Double(b.count)
        var sab = 0.0, saa = 0.0, sbb = 0.0
        for i in a.indices { sab += (a[i] - ma) * (b[i] - mb); saa += (a[i] - ma) * (a[i] - ma); sbb += (b[i] - mb) * (b[i] - mb) }
        return sab / max(1e-12, (saa * sbb).squareRoot())
    }
}
