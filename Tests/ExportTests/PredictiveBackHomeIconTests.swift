import Foundation
import FramePipeline
import Geometry
import Presets
import Raster
import Scene
import XCTest

/// Issue 28, the third frame-by-frame review of catalog/predictive-back-home: the app's window,
/// going home, shrank into the display's centre — the gap between the launcher's "Keep" and
/// "Meet" icons (1.85–2.2 s) — where Launcher3 aims it at the app's icon; and the app opened from
/// the launcher with Material's shared axis, which fades the wallpaper out to a white page
/// before the app fades in (mean luminance 237 at 0.383 s against 159 and 202 at the ends).
/// The transition's `icon` names the app's icon on the home screen: the commit lands there, and a
/// push grows the window out of it.
final class PredictiveBackHomeIconTests: XCTestCase {
    static let path = PresetContinuityTests.presetsDirectory + "/catalog/predictive-back-home.json"

    func composer() throws -> FrameComposer {
        FrameComposer(storyboard: try PresetLoader.load(path: Self.path, overrides: Overrides(scale: 0.25),
                                                        images: PresetImages.folder, fonts: InstalledFonts()))
    }

    func frame(_ c: FrameComposer, _ i: Int) throws -> Bitmap {
        let b = try Bitmap(width: c.storyboard.pixelWidth, height: c.storyboard.pixelHeight)
        c.render(frame: i, into: b)
        return b
    }

    func step(_ s: Storyboard, _ forward: Bool) throws -> Step {
        try XCTUnwrap(s.steps.first { $0.transition != nil && $0.operation?.isForward == forward })
    }

    /// Six frames before the pop ends, the window (what differs from the home screen it lands
    /// on by more than 40/255, below the status bar) is centred on the icon within 3 pt
    /// across; it was centred on the display (206 pt, the icon at 348).
    func testTheCommittedWindowLandsInItsIcon() throws {
        let c = try composer(), s = c.storyboard, pop = try step(s, false)
        let icon = try XCTUnwrap(try s.screen(pop.after)?.element(id: "icon15")?.frame, "the preset's app icon")
        let last = Int((pop.end * Double(s.fps)).rounded())
        let home = try frame(c, last + 1), shrinking = try frame(c, last - 6)
        var xs: [Int] = []
        for y in Int(40 * s.scale)..<home.height { for x in 0..<home.width {
            let p = home.rgba(x: x, y: y), q = shrinking.rgba(x: x, y: y)
            if max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b))) > 40 { xs.append(x) }
        } }
        let lo = try XCTUnwrap(xs.min(), "the window still shows"), hi = try XCTUnwrap(xs.max())
        let centre = (Double(lo + hi) / 2 + 0.5) / s.scale
        XCTAssertEqual(centre, icon.midX, accuracy: 3, "the window's centre across, six frames before it lands")
    }

    /// Opening the app from its icon never flashes: every frame's mean luminance stays between the
    /// home screen's and the app's (within 2/255).
    func testOpeningFromTheLauncherDoesNotFlashWhite() throws {
        let c = try composer(), s = c.storyboard, push = try step(s, true)
        func luminance(_ b: Bitmap) -> Double {
            var sum = 0.0
            for y in 0..<b.height { for x in 0..<b.width {
                let p = b.rgba(x: x, y: y)
                sum += 0.2126 * Double(p.r) + 0.7152 * Double(p.g) + 0.0722 * Double(p.b)
            } }
            return sum / Double(b.width * b.height)
        }
        let first = Int((push.start * Double(s.fps)).rounded()), last = Int((push.end * Double(s.fps)).rounded())
        let values = try (first...last).map { luminance(try frame(c, $0)) }
        let lo = min(values[0], values[values.count - 1]) - 2, hi = max(values[0], values[values.count - 1]) + 2
        for (i, v) in values.enumerated() {
            XCTAssertTrue((lo...hi).contains(v), "frame \(first + i): mean luminance \(v), the ends \(values[0]) and \(values[values.count - 1])")
        }
    }
}
