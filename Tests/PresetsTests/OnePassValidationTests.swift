import Foundation
import Presets
import XCTest
import Raster

/// Issue 14: every problem in one pass, each at its line and column, "did you mean" for every
/// closed set, duplicate keys positioned, unknown fonts warned about.
final class OnePassValidationTests: XCTestCase {
    func check(_ text: String) -> PresetError {
        do {
            _ = try PresetCheck.run(text: text, file: "x.json", images: folderImages(NSTemporaryDirectory()), fonts: InstalledFonts(), defaultName: "x")
            XCTFail("accepted")
            return PresetError([])
        } catch { return error }
    }

    /// The position of the first occurrence of `needle` in `text` (1-based line and column).
    func position(of needle: String, in text: String) -> SourcePosition {
        let before = text[..<text.range(of: needle)!.lowerBound]
        let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
        return SourcePosition(line: lines.count, column: lines.last!.utf8.count + 1)
    }

    static let nine = """
    {
      "segue": 1,
      "devise": "iphone-13",
      "fps": 600,
      "screens": {
        "a": { "mock": "lst", "seed": 1 },
        "b": { "image": "assets/missing-\(UUID().uuidString).png" },
        "c": { "background": "#GGG", "layers": [
          { "type": "rect", "frame": [0, 0, 10, 10], "id": "x", "id": "y" } ] }
      },
      "start": "cc",
      "timeline": [
        { "hold": -1 },
        { "push": "b", "transition": { "type": "uikit", "dimm": 0.3 } },
        { "push": "c", "transition": "fdae", "curve": "easeInOt" },
        { "pop": true }
      ]
    }
    """

    func testNineProblemsInOnePassEachAtItsPlace() {
        let text = Self.nine
        let e = check(text)
        let expected: [(path: String, fragment: String, at: String)] = [
            ("devise", "did you mean \"device\"", "\"devise\""),   // an unknown key: at the key
            ("fps", "must be between 1 and 240", "600"),
            ("screens.a.mock", "unknown mock \"lst\"; did you mean \"list\"?", "\"lst\""),
            ("screens.b.image", "not found", "\"assets/missing"),
            ("screens.c.background", "expected a colour", "\"#GGG\""),
            ("screens.c.layers[0].id", "duplicate key \"id\"", "\"id\": \"y\""),
            ("start", "no screen \"cc\"; did you mean \"c\"?", "\"cc\""),
            ("timeline[0].hold", "must be between 0 and", "-1 }"),
            ("timeline[1].transition.dimm", "unknown parameter \"dimm\" for uikit; did you mean \"dim\"?", "\"dimm\""),
            ("timeline[2].transition", "unknown transition \"fdae\"; did you mean \"fade\"?", "\"fdae\""),
            ("timeline[2].curve", "did you mean \"easeInOut\"?", "\"easeInOt\""),
        ]
        for x in expected {
            let p = e.problems.first { $0.path == x.path }
            XCTAssertNotNil(p, "\(x.path) missing from:\n\(e)")
            XCTAssertTrue(p?.message.contains(x.fragment) ?? false, "\(x.path): \(p?.message ?? "-")")
            XCTAssertEqual(p?.position, position(of: x.at, in: text), "\(x.path): \(p?.description ?? "-")")
        }
        XCTAssertEqual(e.problems.count, expected.count, "no cascades:\n\(e)")
        // File order, and the editor form FILE:LINE:COLUMN: path: message.
        let lines = e.problems.compactMap(\.position).map(\.line)
        XCTAssertEqual(lines, lines.sorted())
        let fps = e.problems.first { $0.path == "fps" }!
        XCTAssertEqual(fps.description, "x.json:4:10: fps: must be between 1 and 240 (got 600)")
        XCTAssertEqual(fps.expected, "a whole number between 1 and 240")
        XCTAssertEqual(fps.found, "600")
    }

    func testResolverProblemsAreNotConsequencesOfDecodingOnes() {
        // Screen "b" is broken; pushing it reports only the screen's own problem.
        let e = check("""
        { "segue": 1, "screens": { "a": { "mock": "list" }, "b": { "mock": "list", "layers": [] } }, "start": "a",
          "timeline": [ { "push": "b" }, { "hold": "x" }, { "pop": true }, { "pop": true } ] }
        """)
        // The undecodable hold hides where the stack stands: the second pop is not blamed.
        XCTAssertEqual(e.problems.map(\.path), ["screens.b", "timeline[1].hold"], "\(e)")
        XCTAssertFalse(e.problems.contains { $0.message.contains("no screen") }, "\(e)")
    }

    func testDidYouMeanForDevicesMatchIDsAndTracks() {
        let e = check("""
        { "segue": 1, "device": "iphone-31",
          "screens": { "a": { "layers": [ { "type": "rect", "id": "avatar", "frame": [0, 0, 10, 10] } ] },
                       "b": { "layers": [ { "type": "rect", "id": "avatar", "frame": [0, 0, 20, 20] } ] } },
          "start": "a",
          "timeline": [ { "push": "b", "transition": "magic-move", "match": [["avatr", "avatar"]] },
                        { "pop": true, "transition": { "type": "custom", "from": { "opactiy": [[0, 1], [1, 0]] } } } ] }
        """)
        XCTAssertTrue(e.problems.contains { $0.path == "device" && $0.message.contains("did you mean \"iphone-13\"") }, "\(e)")
        XCTAssertTrue(e.problems.contains { $0.path == "timeline[0].match[0][0]" && $0.message.contains("did you mean \"avatar\"") }, "\(e)")
        XCTAssertTrue(e.problems.contains { $0.path.hasPrefix("timeline[1].transition.from") && $0.message.contains("did you mean \"opacity\"") }, "\(e)")
        for p in e.problems { XCTAssertNotNil(p.position, "\(p)") }
    }

    func testUnknownFontFamilyIsAWarningNamingTheSubstitute() throws {
        let text = """
        { "segue": 1, "screens": { "a": { "layers": [
            { "type": "text", "frame": [0, 0, 100, 20], "text": "hi", "font": { "family": "No Such Family Anywhere" } } ] } },
          "start": "a", "timeline": [ { "hold": 0.1 } ] }
        """
        let ok = try PresetCheck.run(text: text, file: "x.json", images: folderImages(NSTemporaryDirectory()), fonts: InstalledFonts(), defaultName: "x")
        XCTAssertEqual(ok.warnings.count, 1)
        let w = ok.warnings[0]
        XCTAssertEqual(w.severity, .warning)
        XCTAssertEqual(w.path, "screens.a.layers[0].font.family")
        XCTAssertTrue(w.message.contains("\"No Such Family Anywhere\" is not installed; text uses \""), w.message)
        XCTAssertNotNil(w.position)
        let inter = try PresetCheck.run(text: text.replacingOccurrences(of: "No Such Family Anywhere", with: "Inter"),
                                        file: "x.json", images: folderImages(NSTemporaryDirectory()), fonts: InstalledFonts(), defaultName: "x")
        XCTAssertTrue(inter.warnings.isEmpty, "\(inter.warnings)")
    }

    func testMockPresentedAsSheetHasNoStatusBar() throws {
        let text = """
        { "segue": 1, "screens": { "a": { "mock": "list" }, "b": { "mock": "detail" }, "c": { "mock": "settings" } }, "start": "a",
          "timeline": [ { "present": "b", "transition": "sheet" }, { "dismiss": true }, { "push": "c" } ] }
        """
        let s = try PresetCheck.run(text: text, file: "x.json", images: folderImages(NSTemporaryDirectory()), fonts: InstalledFonts(), defaultName: "x").storyboard
        XCTAssertNil(s.screens["b"]?.find(id: "statusBar"), "a sheet has no status bar of its own")
        XCTAssertNotNil(s.screens["a"]?.find(id: "statusBar"))
        XCTAssertNotNil(s.screens["c"]?.find(id: "statusBar"))
    }

    func testCaptionOverlayGrowsTheCanvasByTheBandOnly() throws {
        let text = """
        { "segue": 1, "device": "iphone-13", "overlays": { "caption": CAPTION }, "screens": { "a": { "mock": "list" } }, "start": "a",
          "timeline": [ { "hold": 0.1, "caption": "Hello" } ] }
        """
        let with = try PresetCheck.run(text: text.replacingOccurrences(of: "CAPTION", with: "true"), file: "x.json", images: folderImages(NSTemporaryDirectory()), fonts: InstalledFonts(), defaultName: "x").storyboard
        let without = try PresetCheck.run(text: text.replacingOccurrences(of: "CAPTION", with: "false"), file: "x.json", images: folderImages(NSTemporaryDirectory()), fonts: InstalledFonts(), defaultName: "x").storyboard
        XCTAssertEqual(without.captionBand, 0)
        XCTAssertEqual(with.captionBand, 180)   // 60 pt × 3
        XCTAssertEqual(with.pixelHeight, without.pixelHeight + 180)
        XCTAssertEqual(with.canvas, without.canvas, "the screen keeps its size")
    }
}
