import XCTest
import SegueTestSupport
import Presets
import Vocabulary

final class PresetDecodingTests: XCTestCase {
    let base = """
    { "segue": 1, "name": "t", "fps": 30,
      "screens": { "a": { "layers": [ { "type": "rect", "frame": [0, 0, 10, 10], "fill": "#FF0000" } ] },
                   "b": { "background": "#00FF00", "layers": [] } },
      "start": "a",
      "timeline": [ { "hold": 0.5 }, { "push": "b", "transition": "uikit" }, { "hold": 0.25 }, { "pop": true } ] }
    """

    func problems(_ text: String) -> [Problem] {
        do {
            let p = try PresetDecoder.decode(text: text, file: "x.json", defaultName: "x")
            _ = try Resolver(file: "x.json", images: folderImages(NSTemporaryDirectory())).resolve(p)
            return []
        } catch {
            return error.problems
        }
    }

    func resolve(_ text: String) throws -> Storyboard {
        let p = try PresetDecoder.decode(text: text, file: "x.json", defaultName: "x")
        return try Resolver(file: "x.json", images: folderImages(NSTemporaryDirectory())).resolve(p)
    }

    func testValidPresetResolvesWithAbsoluteTimes() throws {
        let s = try resolve(base)
        XCTAssertEqual(s.pixelWidth, 1170)
        XCTAssertEqual(s.pixelHeight, 2532)
        XCTAssertEqual(s.fps, 30)
        XCTAssertEqual(s.steps.count, 4)
        XCTAssertEqual(s.steps[1].start, 0.5, accuracy: 1e-12)
        XCTAssertEqual(s.steps[1].end, 0.85, accuracy: 1e-12)  // uikit default 0.35 s
        XCTAssertEqual(s.steps[3].start, 1.1, accuracy: 1e-12)
        XCTAssertEqual(s.duration, 1.45, accuracy: 1e-12)
        // round(D × fps) + 1 frames (DESIGN §3).
        XCTAssertEqual(s.frameCount(), Int((1.45 * 30).rounded()) + 1)
        XCTAssertEqual(s.steps[1].before, "a")
        XCTAssertEqual(s.steps[1].after, "b")
        XCTAssertEqual(s.steps[3].after, "a")
    }

    func testStateAtTimesAndExactEnds() throws {
        let s = try resolve(base)
        XCTAssertEqual(s.state(at: 0), .still(screen: "a"))
        XCTAssertEqual(s.state(at: 0.5), .still(screen: "a"))  // a step's first frame is the state before it
        XCTAssertEqual(s.state(at: 0.85), .still(screen: "b"))  // the end of the push shows its final state
        guard case .transition(1, let p) = s.state(at: 0.6) else { return XCTFail("expected the push") }
        XCTAssertGreaterThan(p, 0); XCTAssertLessThan(p, 1)
        XCTAssertEqual(s.state(at: 100), .still(screen: "a"))
    }

    func testBrokenJSONGivesLineAndColumn() {
        let ps = problems("{\n  \"segue\": 1,\n  \"name\": \"x\" \"fps\": 3\n}")
        XCTAssertEqual(ps.count, 1)
        XCTAssertEqual(ps.first?.position?.line, 3)
        XCTAssertEqual(ps.first?.position?.column, 15)
        XCTAssertTrue(ps.first!.description.hasPrefix("x.json:3:15: invalid JSON"), ps.first!.description)
    }

    func testEveryProblemAtOnceWithPaths() {
        let text = """
        { "segue": 1, "fsp": 30, "fps": 0,
          "screens": { "a": { "layers": [ { "type": "rect", "frame": [0, 0, -1, 10] } ] } },
          "start": "a",
          "timeline": [ { "hold": -1 }, { "push": "zzz" }, { "pop": true }, { "push": "a", "transition": "uikitt" },
                        { "push": "a", "transition": { "type": "uikit", "dim": 3, "bogus": 1 } },
                        { "push": "a", "duration": -1 }, { "push": "a", "curve": "bouncy" } ] }
        """
        let ps = problems(text)
        let paths = Set(ps.map(\.path))
        for expected in ["fsp", "fps", "screens.a.layers[0].frame", "timeline[0].hold", "timeline[5].duration", "timeline[6].curve"] {
            XCTAssertTrue(paths.contains(expected), "missing \(expected) in \(ps.map(\.description))")
        }
        XCTAssertTrue(ps.contains { $0.path == "fsp" && $0.message.contains("did you mean \"fps\"") })
        XCTAssertTrue(ps.contains { $0.path == "fps" && $0.message.contains("between 1 and 240") && $0.message.contains("got 0") })
        // FILE:LINE:COLUMN: path: message, every problem positioned.
        XCTAssertTrue(ps.allSatisfy { $0.position != nil && $0.description.hasPrefix("x.json:\($0.position!.line):\($0.position!.column): \($0.path): ") },
                      "\(ps.map(\.description))")
    }

    func testResolutionProblems() {
        let text = """
        { "segue": 1,
          "screens": { "a": { "layers": [] } },
          "start": "a",
          "timeline": [ { "pop": true }, { "push": "zzz" }, { "push": "a", "transition": "uikitt" },
                        { "push": "a", "transition": { "type": "uikit", "dim": 3, "bogus": 1 } } ] }
        """
        let ps = problems(text)
        XCTAssertTrue(ps.contains { $0.path == "timeline[0].pop" && $0.message.contains("nothing to pop") }, "\(ps)")
        XCTAssertTrue(ps.contains { $0.path == "timeline[1].push" && $0.message.contains("no screen \"zzz\"") }, "\(ps)")
        XCTAssertTrue(ps.contains { $0.path == "timeline[2].transition" && $0.message.contains("did you mean \"uikit\"") }, "\(ps)")
        XCTAssertTrue(ps.contains { $0.path == "timeline[3].transition.dim" && $0.message.contains("between 0 and 1") }, "\(ps)")
        XCTAssertTrue(ps.contains { $0.path == "timeline[3].transition.bogus" && $0.message.contains("unknown parameter") }, "\(ps)")
    }

    func testUnknownKeysAndTypes() {
        let ps = problems("""
        { "segue": 2, "screens": { "a": { "layers": [], "colour": "#fff" } }, "start": 5, "timeline": {} }
        """)
        XCTAssertTrue(ps.contains { $0.path == "segue" && $0.message.contains("expected 1") }, "\(ps)")
        XCTAssertTrue(ps.contains { $0.path == "screens.a.colour" && $0.message.contains("unknown key") }, "\(ps)")
        XCTAssertTrue(ps.contains { $0.path == "start" && $0.message.contains("expected a string (got 5)") }, "\(ps)")
        XCTAssertTrue(ps.contains { $0.path == "timeline" && $0.message.contains("expected an array") }, "\(ps)")
    }

    func testCanvasLimitCheckedBeforeAllocation() {
        let ps = problems("""
        { "segue": 1, "device": { "width": 4000, "height": 800, "scale": 3 }, "screens": { "a": { "layers": [] } }, "start": "a", "timeline": [ { "hold": 1 } ] }
        """)
        XCTAssertTrue(ps.contains { $0.message.contains("canvas must be 2 to 8192 pixels a side (got 12000×2400)") }, "\(ps)")
    }

    func testDuplicateKeyIsAPositionedProblemAndHidesNothing() {
        let ps = problems(#"{ "segue": 1, "segue": 1, "fps": 0 }"#)
        let dup = ps.first { $0.message.contains("duplicate key \"segue\"") }
        XCTAssertEqual(dup?.path, "segue", "\(ps)")
        XCTAssertEqual(dup?.position, SourcePosition(line: 1, column: 15))
        XCTAssertTrue(dup?.message.contains("first at line 1, column 3") ?? false, "\(ps)")
        // The rest of the document is still checked.
        XCTAssertTrue(ps.contains { $0.path == "fps" && $0.message.contains("must be between 1 and 240") }, "\(ps)")
    }

    func testJSONReaderHandlesEscapesAndDepth() throws {
        let n = try JSONReader.parse(#"{"a": "é\u00e9\ud83d\ude00\n", "b": [1, -2.5e3, true, null]}"#)
        guard case .string(let s)? = n["a"]?.value else { return XCTFail() }
        XCTAssertEqual(s, "éé😀\n")
        guard case .array(let items)? = n["b"]?.value, case .number(let x) = items[1].value else { return XCTFail() }
        XCTAssertEqual(x, -2500)
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        XCTAssertThrowsError(try JSONReader.parse(deep))
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "\"\\x\"", "01", "1.", "nul", "\"\u{01}\"", "{} x"] {
            XCTAssertThrowsError(try JSONReader.parse(bad), bad)
        }
    }

    func testAssetPathsStayInsideThePresetFolder() throws {
        let dir = try temporaryFolder("assets")
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: dir + "/sub/ok.png", contents: Data([1]))
        if case .failure(let e) = AssetPath.resolve("sub/ok.png", in: dir) { XCTFail("\(e)") }
        for bad in ["../x.png", "/etc/passwd", "sub/../../x.png", "http://example.com/a.png", "file:x.png", "sub", "missing.png"] {
            if case .success(let p) = AssetPath.resolve(bad, in: dir) { XCTFail("\(bad) resolved to \(p)") }
        }
    }
}
