import Foundation
import XCTest
import FramePipeline
import Presets
import Raster

final class FrameComposerTests: XCTestCase {
    static let preset = """
    { "segue": 1, "device": { "width": 60, "height": 40, "scale": 2 }, "fps": 20,
      "screens": {
        "a": { "background": "#FF0000", "layers": [ { "type": "rect", "frame": [10, 10, 20, 20], "fill": "#FFFFFF" } ] },
        "b": { "background": "#0000FF", "layers": [ { "type": "ellipse", "frame": [5, 5, 30, 30], "fill": "#00FF00" } ] }
      },
      "start": "a",
      "timeline": [ { "hold": 0.2 }, { "push": "b", "duration": 0.5 }, { "hold": 0.2 }, { "pop": true, "transition": "cross-dissolve", "duration": 0.25 } ] }
    """

    func storyboard() throws -> Storyboard {
        let p = try PresetDecoder.decode(text: Self.preset, file: "t.json", defaultName: "t")
        return try Resolver(file: "t.json", images: PresetImages.folder(NSTemporaryDirectory())).resolve(p)
    }

    func frame(_ c: FrameComposer, _ i: Int) -> Bitmap {
        let b = Bitmap(uncheckedWidth: 120, height: 80)
        c.render(frame: i, into: b)
        return b
    }

    func testStepBoundariesAreContinuousAndPushPopReturnsToTheStart() throws {
        let s = try storyboard()
        let c = FrameComposer(storyboard: s)
        XCTAssertEqual(c.frameCount, Int((1.15 * 20).rounded()) + 1)
        let first = frame(c, 0)
        // Frame 4 (t = 0.2) is the push's first frame: identical to the hold before it.
        XCTAssertTrue(frame(c, 4).isIdentical(to: first))
        // Frame 14 (t = 0.7) is the push's last frame: the pushed screen exactly.
        let pushed = Bitmap(uncheckedWidth: 120, height: 80)
        Renderer.render(s.screens["b"]!, scale: 2, into: pushed)
        XCTAssertTrue(frame(c, 14).isIdentical(to: pushed))
        // Mid-push differs from both.
        XCTAssertFalse(frame(c, 9).isIdentical(to: first))
        XCTAssertFalse(frame(c, 9).isIdentical(to: pushed))
        // After the pop the first screen is back, pixel for pixel.
        XCTAssertTrue(frame(c, c.frameCount - 1).isIdentical(to: first))
    }

    func testFramesArePureFunctionsOfTheIndex() throws {
        let c = FrameComposer(storyboard: try storyboard())
        let order = Array(0..<c.frameCount)
        let forward = order.map { frame(c, $0) }
        for i in order.shuffled() { XCTAssertTrue(frame(c, i).isIdentical(to: forward[i]), "frame \(i)") }
    }
}
