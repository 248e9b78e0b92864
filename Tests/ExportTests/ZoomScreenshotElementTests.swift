import Foundation
import XCTest
import FramePipeline
import Presets
import Raster

/// navigation-zoom out of a screenshot's named element (issue 15's `elements`): the element is the
/// source, the screenshot is drawn with its `hidden` image in the element's slot while the photo is
/// up, and the push starts on the screenshot itself.
final class ZoomScreenshotElementTests: XCTestCase {
    static let stories = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("presets/stories").path

    static let preset = """
    { "segue": 1, "device": "iphone-13", "scale": 1, "fps": 20,
      "screens": {
        "grid": { "image": "assets/own-screenshots/grid.png",
                  "elements": { "photo4": { "frame": [130.667, 273.667, 128.666, 128.666],
                                            "hidden": { "image": "assets/own-screenshots/grid-empty.png" } } } },
        "empty": { "image": "assets/own-screenshots/grid-empty.png" },
        "detail": { "image": "assets/own-screenshots/detail.png" }
      },
      "start": "grid",
      "timeline": [
        { "push": "detail", "transition": { "type": "navigation-zoom", "source": "photo4" }, "duration": 0.5, "curve": "linear" },
        { "pop": true, "transition": { "type": "navigation-zoom", "source": "photo4" },
          "gesture": { "from": [195, 500], "to": [195, 700], "duration": 0.5, "curve": "linear" }}
      ] }
    """

    func testZoomGrowsOutOfAScreenshotElement() throws {
        let text = Self.preset
        let p = try PresetDecoder.decode(text: text, file: "s.json", defaultName: "s")
        let s = try Resolver(file: "s.json", images: PresetImages.folder(Self.stories)).resolve(p)
        XCTAssertEqual(s.steps[0].matches.map { [$0.from, $0.to] }, [["photo4", ""]])
        let c = FrameComposer(storyboard: s)
        let w = s.pixelWidth, h = s.pixelHeight
        func frame(_ i: Int) -> Bitmap { let b = Bitmap(uncheckedWidth: w, height: h); c.render(frame: i, into: b); return b }
        // The push's first frame is the screenshot itself: the element's snapshot over its slot.
        let grid = try XCTUnwrap(c.snapshot(of: "grid"))
        var worst = 0
        let first = frame(0)
        for y in 0..<h { for x in 0..<w {
            let a = first.rgba(x: x, y: y), b = grid.rgba(x: x, y: y)
            worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
        } }
        XCTAssertLessThanOrEqual(worst, 1)
        // 0.45 s into the drag down (frame 19): the finger moved 180 pt, s = 0.4 + 0.6·e^(−f·180/844)
        // and the card's top is at 422 + 180 − 422·s ≈ 297 pt, so the slot's top rows show the
        // screenshot's hidden image (grid-empty.png) under the dim 0.1·s.
        let f = 2 * log(0.6 / 0.14), sc = 0.4 + 0.6 * exp(-f * 180 / 844)
        XCTAssertGreaterThan(422 + 180 - 422 * sc, 290)
        // Screens the timeline never shows are not built: "empty" is taken from the same preset
        // starting on it.
        let shown = try PresetDecoder.decode(text: """
            { "segue": 1, "device": "iphone-13", "scale": 1, "fps": 20,
              "screens": { "empty": { "image": "assets/own-screenshots/grid-empty.png" } },
              "start": "empty", "timeline": [ { "hold": 0.1 } ] }
            """, file: "e.json", defaultName: "e")
        let emptyBoard = try Resolver(file: "s.json", images: PresetImages.folder(Self.stories)).resolve(shown)
        let empty = try XCTUnwrap(FrameComposer(storyboard: emptyBoard).snapshot(of: "empty")), drag = frame(19)
        for (x, y) in [(150, 280), (195, 285), (240, 282)] {
            let e = empty.rgba(x: x, y: y), d = drag.rgba(x: x, y: y)
            XCTAssertEqual(Double(d.r), Double(e.r) * (1 - 0.1 * sc), accuracy: 2, "(\(x), \(y))")
            XCTAssertEqual(Double(d.g), Double(e.g) * (1 - 0.1 * sc), accuracy: 2, "(\(x), \(y))")
            XCTAssertEqual(Double(d.b), Double(e.b) * (1 - 0.1 * sc), accuracy: 2, "(\(x), \(y))")
        }
    }
}
