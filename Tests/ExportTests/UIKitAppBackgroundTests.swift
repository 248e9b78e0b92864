import Foundation
import XCTest
import FramePipeline
import Presets
import Raster

/// Issue 28, the review's uikit pop: the finishing spring, seeded with the finger's speed,
/// overshoots by a fraction of a point, so the list passes x = 0 and uncovers what is behind it.
/// On a phone that is the app's window (its background), never the preset's black.
final class UIKitAppBackgroundTests: XCTestCase {
    func load(_ name: String) throws -> Storyboard {
        try PresetLoader.load(path: PresetContinuityTests.presetsDirectory + "/catalog/" + name,
                              images: PresetImages.folder, fonts: InstalledFonts())
    }

    /// The darkest pixel of the leftmost two columns, over the rows below the status bar.
    func leftEdgeMinimum(_ b: Bitmap) -> Int {
        var lowest = 255
        for y in stride(from: b.height / 5, to: b.height * 9 / 10, by: 7) {
            for x in 0..<2 {
                let p = b.rgba(x: x, y: y)
                lowest = min(lowest, Int(min(p.r, p.g, p.b)))
            }
        }
        return lowest
    }

    /// From 1.55 s to 1.90 s (the pop's completion and its overshoot) the leftmost columns stay
    /// as light as the app's list is at frame 0.
    func testThePopsOvershootUncoversTheAppNotBlack() throws {
        for name in ["uikit-interactive.json", "uikit-edge-swipe.json"] {
            let s = try load(name)
            let c = FrameComposer(storyboard: s)
            let b = Bitmap(uncheckedWidth: s.pixelWidth, height: s.pixelHeight)
            c.render(frame: 0, into: b)
            let still = leftEdgeMinimum(b)
            XCTAssertGreaterThan(still, 200, "\(name): the app should be light for this to mean anything")
            let frames = Int((1.55 * Double(s.fps)).rounded())...Int((1.90 * Double(s.fps)).rounded())
            for i in frames where i < c.frameCount {
                c.render(frame: i, into: b)
                XCTAssertGreaterThan(leftEdgeMinimum(b), still - 40, "\(name) frame \(i): the left edge shows the preset's background")
            }
        }
    }
}
