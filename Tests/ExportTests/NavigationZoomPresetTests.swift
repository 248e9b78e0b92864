import Foundation
import XCTest
import FramePipeline
import Presets
import Raster
import Transitions

/// navigation-zoom from a preset: the source element comes from a screen of the preset (hidden on
/// it, snapshotted by FrameComposer), the corner radius defaults to the device's, and the checks a
/// preset can fail give a path and a message.
final class NavigationZoomPresetTests: XCTestCase {
    /// 100 × 200 pt at scale 1; the grid's `cell` is the yellow 40 × 20 rect at (20, 40).
    static func preset(_ steps: String, device: String = #"{ "width": 100, "height": 200, "scale": 1, "cornerRadius": 20 }"#,
                       photoLayers: String = "") -> String {
        """
        { "segue": 1, "device": \(device), "fps": 20,
          "screens": {
            "grid": { "background": "#FF0000", "layers": [ { "type": "rect", "id": "cell", "frame": [20, 40, 40, 20], "fill": "#FFFF00" } ] },
            "photo": { "background": "#0000FF", "layers": [ { "type": "rect", "frame": [0, 100, 100, 100], "fill": "#00FF00" }\(photoLayers) ] }
          },
          "start": "grid", "timeline": [ \(steps) ] }
        """
    }

    func resolve(_ text: String) throws -> Storyboard {
        let p = try PresetDecoder.decode(text: text, file: "z.json", defaultName: "z")
        return try Resolver(file: "z.json", images: PresetImages.folder(NSTemporaryDirectory())).resolve(p)
    }

    func problems(_ text: String) -> [String] {
        do { _ = try resolve(text); return [] } catch let e as PresetError { return e.problems.map { "\($0.path): \($0.message)" } } catch { return ["\(error)"] }
    }

    func frame(_ c: FrameComposer, _ i: Int) -> Bitmap {
        let b = Bitmap(uncheckedWidth: 100, height: 200)
        c.render(frame: i, into: b)
        return b
    }

    func assertPixel(_ b: Bitmap, _ x: Int, _ y: Int, _ c: (Double, Double, Double), line: UInt = #line) {
        let px = b.rgba(x: x, y: y)
        XCTAssertEqual(Double(px.r), c.0 * 255, accuracy: 2, "r at (\(x),\(y))", line: line)
        XCTAssertEqual(Double(px.g), c.1 * 255, accuracy: 2, "g at (\(x),\(y))", line: line)
        XCTAssertEqual(Double(px.b), c.2 * 255, accuracy: 2, "b at (\(x),\(y))", line: line)
    }

    func testPushFromAPresetDrawsTheFormulaAndHidesTheSource() throws {
        let s = try resolve(Self.preset("""
            { "push": "photo", "transition": { "type": "navigation-zoom", "source": "cell" }, "duration": 0.5, "curve": "linear" },
            { "pop": true, "transition": { "type": "navigation-zoom", "source": "cell" },
              "gesture": { "from": [50, 100], "to": [60, 160], "duration": 0.5, "curve": "linear" } }
            """))
        XCTAssertEqual(s.steps[0].matches.map { [$0.from, $0.to] }, [["cell", ""]])
        XCTAssertEqual(s.steps[1].matches.map { [$0.from, $0.to] }, [["", "cell"]])
        XCTAssertEqual((s.steps[0].transition as? NavigationZoomTransition)?.cornerRadius, 20, "the device's radius")
        let c = FrameComposer(storyboard: s)
        // Frame 5, t = 0.25: p = 0.5, R = (10, 20, 70, 110) with radius 10, k = 0.7 about (45, 75).
        let mid = frame(c, 5)
        assertPixel(mid, 50, 73, (0, 0, 1))
        assertPixel(mid, 50, 76, (0, 1, 0))
        assertPixel(mid, 5, 100, (0.95, 0, 0))
        assertPixel(mid, 11, 21, (0.95, 0, 0))
        // Frame 1, t = 0.05: p = 0.1, R = (18, 36, 46, 38); the cell's snapshot at opacity 2/3 over the
        // card's blue (the card's content spans y from 55 − 0.46·100 = 9 to 101: blue throughout R).
        assertPixel(frame(c, 1), 40, 50, (2.0 / 3, 2.0 / 3, 1.0 / 3))
        // The pop, 0.25 s into the drag: finger moved (5, 30), s = 0.4 + 0.6·e^(−f·0.15); the card is
        // centred at (55, 130), so the cell's slot at (30, 45) is above it: the grid with the cell
        // hidden (red), under a dim of 0.1·s.
        let f = 2 * log(0.6 / 0.14), sc = 0.4 + 0.6 * exp(-f * 0.15)
        let drag = frame(c, 15)
        assertPixel(drag, 30, 45, (1 - 0.1 * sc, 0, 0))
        assertPixel(drag, 55, 100, (0, 0, 1))                     // the card's blue half (its centre y is 130)
        assertPixel(drag, 55, 140, (0, 1, 0))
        assertPixel(drag, 5, 130, (1 - 0.1 * sc, 0, 0))           // left of the card (55 − 50·s ≈ 15.6)
    }

    func testDeviceRadiusIsTheDefault() throws {
        let s = try resolve(Self.preset(#"{ "push": "photo", "transition": { "type": "navigation-zoom", "source": "cell" } }"#,
                                        device: #""iphone-13""#))
        XCTAssertEqual((s.steps[0].transition as? NavigationZoomTransition)?.cornerRadius, 47.33)
        XCTAssertEqual(s.steps[0].duration, 0.5, accuracy: 1e-12)
        let given = try resolve(Self.preset(#"{ "push": "photo", "transition": { "type": "navigation-zoom", "source": "cell", "cornerRadius": 8 } }"#))
        XCTAssertEqual((given.steps[0].transition as? NavigationZoomTransition)?.cornerRadius, 8)
    }

    func testProblemsNameThePathAndWhatWasExpected() {
        XCTAssertEqual(problems(Self.preset(#"{ "push": "photo", "transition": "navigation-zoom" }"#)),
                       [#"timeline[0].transition: navigation-zoom needs the element it grows out of: give "source", an id on "grid" (ids: cell)"#])
        XCTAssertEqual(problems(Self.preset(#"{ "push": "photo", "transition": { "type": "navigation-zoom", "source": "cel" } }"#)),
                       [#"timeline[0].transition.source: no element "cel" on the screen underneath, "grid"; did you mean "cell"? (ids: cell)"#])
        XCTAssertEqual(problems(Self.preset(#"{ "push": "photo", "transition": { "type": "navigation-zoom", "source": 3 } }"#)),
                       ["timeline[0].transition.source: expected the id of an element on the screen underneath (got 3)"])
        XCTAssertEqual(problems(Self.preset(#"{ "push": "photo", "transition": { "type": "navigation-zoom", "source": "cell" }, "match": [["cell", "same"]] }"#, photoLayers: #", { "type": "rect", "id": "same", "frame": [0, 0, 5, 5] }"#)),
                       [#"timeline[0].match: navigation-zoom takes its element from its parameter ("cell"), not from match; remove "match""#])
        // A pop's screen underneath is the one it returns to.
        XCTAssertEqual(problems(Self.preset(#"{ "push": "photo" }, { "pop": true, "transition": { "type": "navigation-zoom", "source": "cell" } }"#)), [])
        // uikit edge: true refuses a pop that starts away from the leading edge.
        let edge = problems(Self.preset("""
            { "push": "photo" }, { "pop": true, "transition": { "type": "uikit", "edge": true },
              "gesture": { "from": [40, 100], "to": [90, 100], "duration": 0.3 } }
            """))
        XCTAssertEqual(edge.count, 1)
        XCTAssertTrue(edge.first?.hasPrefix(#"timeline[1].gesture: with "edge": true the pop starts within 20 pt of the leading edge (got a gesture starting at x = 40 pt)"#) == true, "\(edge)")
        // A sheet from an element checks it on the presenting screen.
        XCTAssertEqual(problems(Self.preset(#"{ "present": "photo", "transition": { "type": "sheet", "from": "nope" } }"#)),
                       [#"timeline[0].transition.from: no element "nope" on the screen underneath, "grid" (ids: cell)"#])
    }
}
