import Foundation
import XCTest
import SegueTestSupport
import FramePipeline
import Geometry
import Media
import Presets
import Raster
import Scene

/// Screenshot screens with named elements (issue 15), drawn end to end through the composer and
/// checked against pixel values worked out here from the formulas: the element's snapshot is the
/// screenshot's own pixels, the hidden element shows its `hidden` fill, the new screen fades in at
/// the progress, and the flying snapshot fills its in-between frame by `contentMode`.
final class ScreenshotElementTests: XCTestCase {
    // A 60 × 40 pt device at scale 2: screenshots of 120 × 80 px.
    static let grey: [UInt8] = [128, 128, 128], navy: [UInt8] = [0, 0, 160]
    static let red: [UInt8] = [255, 0, 0], yellow: [UInt8] = [255, 255, 0], green: [UInt8] = [0, 255, 0]
    static let magenta: [UInt8] = [255, 0, 255], white: [UInt8] = [255, 255, 255], black: [UInt8] = [0, 0, 0]
    static let orange: [UInt8] = [255, 128, 0]

    var dir = ""

    override func setUpWithError() throws {
        dir = try temporaryFolder("elements")
        // Screen A: grey; its element "wide" at [10, 10, 20, 10] pt = px [20, 20, 40, 20] is red,
        // yellow, green in quarters / half / quarter across.
        try write("a.png", Self.grey) { x, y in
            guard (20..<60).contains(x), (20..<40).contains(y) else { return nil }
            return x < 30 ? Self.red : x < 50 ? Self.yellow : Self.green
        }
        // Screen B: navy; its element "tall" at [40, 5, 10, 20] pt = px [80, 10, 20, 40] is
        // magenta, white, black in quarter / half / quarter down.
        try write("b.png", Self.navy) { x, y in
            guard (80..<100).contains(x), (10..<50).contains(y) else { return nil }
            return y < 20 ? Self.magenta : y < 40 ? Self.white : Self.black
        }
        try write("a-empty.png", Self.orange) { _, _ in nil }
        try write("small.png", Self.orange, width: 60, height: 40) { _, _ in nil }
    }

    func write(_ name: String, _ bg: [UInt8], width: Int = 120, height: Int = 80, _ pixel: (Int, Int) -> [UInt8]?) throws {
        let b = Bitmap(uncheckedWidth: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let c = pixel(x, y) ?? bg
                b.row(y)[x] = Bitmap.pack(r: c[0], g: c[1], b: c[2], a: 255)
            }
        }
        try PNGWriter.write(b, to: dir + "/" + name)
    }

    func preset(hiddenA: String = "\"#00FFFF\"", contentMode: String? = nil, extraA: String = "") -> String {
        let transition = contentMode.map { "{ \"type\": \"magic-move\", \"contentMode\": \"\($0)\" }" } ?? "\"magic-move\""
        return """
        { "segue": 1, "device": { "width": 60, "height": 40, "scale": 2 }, "fps": 10,
          "screens": {
            "a": { "image": "a.png", "elements": { "wide": { "frame": [10, 10, 20, 10], "hidden": \(hiddenA) }\(extraA) } },
            "b": { "image": "b.png", "elements": { "tall": { "frame": [40, 5, 10, 20] } } }
          },
          "start": "a",
          "timeline": [ { "hold": 0.2 },
                        { "push": "b", "transition": \(transition), "duration": 1, "curve": "linear", "match": [["wide", "tall"]] },
                        { "hold": 0.2 } ] }
        """
    }

    func storyboard(_ text: String) throws -> Storyboard {
        let p = try PresetDecoder.decode(text: text, file: "t.json", defaultName: "t")
        return try Resolver(file: "t.json", images: PresetImages.folder(dir)).resolve(p)
    }

    func problems(_ text: String) -> [String] {
        do {
            _ = try storyboard(text)
            return []
        } catch let e as PresetError { return e.problems.map { "\($0.path): \($0.message)" } } catch { return ["\(error)"] }
    }

    func frame(_ c: FrameComposer, _ i: Int) -> Bitmap {
        let b = Bitmap(uncheckedWidth: 120, height: 80)
        c.render(frame: i, into: b)
        return b
    }

    func assertPixel(_ b: Bitmap, _ x: Int, _ y: Int, _ e: [Double], tolerance: Double = 2, _ what: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        let p = b.rgba(x: x, y: y)
        let got = [Double(p.r), Double(p.g), Double(p.b)]
        XCTAssertTrue(zip(got, e).allSatisfy { abs($0 - $1) <= tolerance }, "\(what): pixel (\(x), \(y)) = \(got), expected \(e)", file: file, line: line)
    }

    /// `over` on top of `under` at alpha a (both opaque): what the compositor gives, unrounded.
    func mix(_ over: [UInt8], _ a: Double, _ under: [UInt8]) -> [Double] {
        zip(over, under).map { Double($0) * a + Double($1) * (1 - a) }
    }

    // Frame 2 is the push's start, frame 7 its middle: linear progress 0.5; magic-move's element
    // cross-fade is min(1, 1.5 p) = 0.75. The in-between frame is halfway between [10, 10, 20, 10]
    // and [40, 5, 10, 20]: [25, 7.5, 15, 15] pt = px [50, 15, 30, 30].

    func testMidFlightStretchDrawsBothSnapshotsScaledToTheFrame() throws {
        let c = FrameComposer(storyboard: try storyboard(preset(contentMode: "stretch")))
        let b = frame(c, 7)
        // A tenth of the way across r, halfway down: A's snapshot at u ≈ 0.12 is red; B's at v = 0.5 is white.
        assertPixel(b, 53, 30, mix(Self.white, 0.75, Self.red), "left of r")
        // Halfway across, a tenth down: A is yellow there; B's top quarter is magenta.
        assertPixel(b, 65, 18, mix(Self.magenta, 0.75, Self.yellow), "top of r")
    }

    func testMidFlightFillCropsEachSnapshotToTheFrameKeepingItsAspect() throws {
        for text in [preset(), preset(contentMode: "fill")] {
            let c = FrameComposer(storyboard: try storyboard(text))
            let b = frame(c, 7)
            // A (2:1) aspect-filled into the square shows its middle half across: yellow at u ≈ 0.12.
            // B (1:2) shows its middle half down: white a tenth down.
            assertPixel(b, 53, 30, mix(Self.white, 0.75, Self.yellow), "left of r")
            assertPixel(b, 65, 18, mix(Self.white, 0.75, Self.yellow), "top of r")
        }
    }

    func testHiddenElementsShowTheirFillUnderTheFadingNewScreen() throws {
        let c = FrameComposer(storyboard: try storyboard(preset()))
        let b = frame(c, 7)
        // Inside A's element, outside r and B's element: A's hidden cyan under B at opacity 0.5 (navy there).
        assertPixel(b, 25, 30, mix(Self.navy, 0.5, [0, 255, 255]), "A's hidden fill")
        // Inside B's element, outside r: B's element hidden shows the median of its border ring (navy),
        // not its white middle, at 0.5 over A's grey.
        assertPixel(b, 90, 30, mix(Self.navy, 0.5, Self.grey), "B's hidden fill (border median)")
        assertPixel(b, 5, 70, mix(Self.navy, 0.5, Self.grey), "the screens elsewhere")
        // A hidden image: the same region of the second screenshot (orange everywhere).
        let ci = FrameComposer(storyboard: try storyboard(preset(hiddenA: "{ \"image\": \"a-empty.png\" }")))
        assertPixel(frame(ci, 7), 25, 30, mix(Self.navy, 0.5, Self.orange), "A's hidden image")
    }

    func testStillsAreTheScreenshotsThemselvesAndTheStepEndsOnTheNewOne() throws {
        let s = try storyboard(preset())
        let c = FrameComposer(storyboard: s)
        let a = try ImageDecoder.decode(path: dir + "/a.png"), b = try ImageDecoder.decode(path: dir + "/b.png")
        XCTAssertTrue(frame(c, 0).isIdentical(to: a), "regions draw nothing on the still screen")
        XCTAssertTrue(frame(c, 2).isIdentical(to: a), "the push starts on the old screen")
        XCTAssertTrue(frame(c, 12).isIdentical(to: b), "and ends on the new one")
    }

    func testElementSnapshotIsTheScreenshotsPixelsInsideTheRoundedFrame() throws {
        let s = try storyboard(preset(extraA: ", \"round\": { \"frame\": [10, 10, 20, 10], \"cornerRadius\": 4 }"))
        let screen = try XCTUnwrap(s.screen("a"))
        let e = try XCTUnwrap(screen.element(id: "round"))
        XCTAssertEqual(e.frame, Rect(10, 10, 20, 10))
        XCTAssertEqual(e.cornerRadius, 4)
        XCTAssertTrue(e.isRegion)
        let snap = try XCTUnwrap(ElementSnapshot.render(screen, id: "round", scale: 2))
        XCTAssertEqual(snap.frame, Rect(10, 10, 20, 10))
        XCTAssertEqual([snap.bitmap.width, snap.bitmap.height], [40, 20])
        // Every pixel clear of the rounded corners is the screenshot's own: red, yellow, green.
        for (x, want) in [(5, Self.red), (20, Self.yellow), (35, Self.green)] {
            let p = snap.bitmap.rgba(x: x, y: 10)
            XCTAssertEqual([p.r, p.g, p.b, p.a], want + [255], "column \(x)")
        }
        // The corner pixel lies outside the 8 px radius: clear.
        XCTAssertEqual(snap.bitmap.rgba(x: 0, y: 0).a, 0)
        XCTAssertEqual(screen.elementIDs, ["wide", "round"])
    }

    func testValidationNamesThePathOfEveryProblem() throws {
        func shot(_ elements: String) -> String {
            """
            { "segue": 1, "device": { "width": 60, "height": 40, "scale": 2 },
              "screens": { "a": { "image": "a.png", "elements": \(elements) }, "m": { "mock": "grid", "photo": 2 } },
              "start": "a", "timeline": [ { "hold": 0.1 } ] }
            """
        }
        let p = problems(shot("""
            { "": { "frame": [0, 0, 5, 5] }, "out": { "frame": [50, 30, 20, 20] }, "flat": { "frame": [1, 1, 0, 4] },
              "small": { "frame": [1, 1, 4, 4], "hidden": { "image": "small.png" } }, "a": { "frame": [1, 1, 4, 4] },
              "bad": { "frame": [1, 1, 4, 4], "hidden": 3 } }
            """))
        let expected = [
            "screens.a.elements[\"\"]: an element name must not be empty",
            "screens.a.elements.flat.frame: an element needs a width and height greater than 0",
            "screens.a.elements.bad.hidden: expected a colour \"#RRGGBB\" or { \"image\": \"file.png\" }",
            "screens.m.photo: \"photo\" applies to the detail mock only",
        ]
        for e in expected { XCTAssertTrue(p.contains { $0.hasPrefix(e) }, "missing \(e) in \(p)") }
        // The resolver's checks, once the file decodes: frame inside the screen, hidden image size, name.
        let q = problems(shot("""
            { "out": { "frame": [50, 30, 20, 20] }, "small": { "frame": [1, 1, 4, 4], "hidden": { "image": "small.png" } },
              "a": { "frame": [1, 1, 4, 4] } }
            """).replacingOccurrences(of: ", \"m\": { \"mock\": \"grid\", \"photo\": 2 }", with: ""))
        for e in ["screens.a.elements.out.frame: the element must lie inside the screen, 0…60 × 0…40 pt (got [50, 30, 20, 20])",
                  "screens.a.elements.small.hidden.image: the hidden image must have the screenshot's pixel size 120×80 (got 60×40)",
                  "screens.a.elements.a: an element must not have its screen's id \"a\""] {
            XCTAssertTrue(q.contains(e), "missing \(e) in \(q)")
        }
        // Elements belong to screenshots; photo must name a photo the grid has.
        func mocks(_ screens: String) -> [String] {
            problems("""
                { "segue": 1, "device": "iphone-13", "screens": { \(screens) }, "start": "m", "timeline": [ { "hold": 0.1 } ] }
                """)
        }
        let r = mocks("\"m\": { \"mock\": \"list\", \"elements\": {} }")
        XCTAssertTrue(r.contains { $0.hasPrefix("screens.m.elements: unknown key \"elements\"") }, "\(r)")
        XCTAssertEqual(mocks("\"m\": { \"mock\": \"detail\", \"seed\": 3, \"photo\": 150 }"),
                       ["screens.m.photo: the grid mock with seed 3 has photo0…photo17 on this device (got 150)"])
    }

    func testMatchingANameTheScreenshotDoesNotHaveListsItsElements() throws {
        let p = problems(preset().replacingOccurrences(of: "[[\"wide\", \"tall\"]]", with: "[[\"wide\", \"talll\"]]"))
        XCTAssertEqual(p, ["timeline[1].match[0][1]: no element \"talll\" on the screen \"b\"; did you mean \"tall\"? (ids: tall)"])
    }
}
