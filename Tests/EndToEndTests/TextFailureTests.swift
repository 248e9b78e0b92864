import Foundation
import XCTest
import SegueTestSupport

/// A text stack that fails while frames are drawn (FreeType, fontconfig, HarfBuzz) is an error
/// for every command that keeps drawn pixels, never a file with blanks where labels should be:
/// render, frames, sheet and plot exit 1 with the text error and leave the destination as it was.
/// The failure is provoked for real: fontconfig is given (FONTCONFIG_FILE) a font folder holding
/// only a truncated copy of Inter, so no family matches and the first label fails.
final class TextFailureTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = try temporaryFolder("textfail")
        try FileManager.default.createDirectory(atPath: dir + "/fonts", withIntermediateDirectories: true)
        let inter = try XCTUnwrap(["/usr/share/fonts/opentype/inter/Inter-Regular.otf", "/usr/share/fonts/truetype/inter/Inter-Regular.ttf"]
            .first { FileManager.default.fileExists(atPath: $0) }, "fonts-inter is installed by scripts/test")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: inter))
        try bytes.prefix(30_000).write(to: URL(fileURLWithPath: dir + "/fonts/Inter-Regular.otf"))
        try """
        <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
        <fontconfig><dir>\(dir)/fonts</dir><cachedir>\(dir)/cache</cachedir></fontconfig>
        """.write(toFile: dir + "/fonts.conf", atomically: true, encoding: .utf8)
        // A story whose screens have titles and rows of text (the list and detail mocks).
        try """
        { "segue": 1, "name": "labels", "device": { "width": 120, "height": 200, "scale": 1 }, "fps": 10,
          "screens": { "a": { "mock": "list", "title": "Inbox" }, "b": { "mock": "detail", "title": "Mail" } },
          "start": "a", "timeline": [ { "push": "b", "duration": 0.3 }, { "hold": 0.1 } ] }
        """.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
    }

    var brokenFonts: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["FONTCONFIG_FILE"] = dir + "/fonts.conf"
        return env
    }

    /// Runs `args` with the broken fonts; the destination `out` holds `before` (or nothing) and
    /// must hold the same afterwards.
    func assertTextFailure(_ args: [String], out: String, before: Data?, file: StaticString = #filePath, line: UInt = #line) throws {
        if let before { FileManager.default.createFile(atPath: out, contents: before) }
        let r = try CLI.run(args, in: dir, environment: brokenFonts)
        XCTAssertEqual(r.status, 1, "\(args): \(r.stderr)", file: file, line: line)
        XCTAssertTrue(r.stderr.contains("text: "), "the text stack's error is reported: \(r.stderr)", file: file, line: line)
        XCTAssertEqual(FileManager.default.contents(atPath: out), before, "\(out) is as it was", file: file, line: line)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [], "no temporary is left", file: file, line: line)
    }

    func testEveryCommandThatKeepsPixelsFailsInsteadOfWritingBlanks() throws {
        try assertTextFailure(["render", "p.json", "-o", "out.mp4", "--quiet"], out: dir + "/out.mp4", before: nil)
        try assertTextFailure(["sheet", "p.json", "-o", "sheet.png"], out: dir + "/sheet.png", before: Data("an older sheet".utf8))
        try assertTextFailure(["sheet", "p.json", "-o", "sheet.jpg"], out: dir + "/sheet.jpg", before: nil)
        try assertTextFailure(["plot", "p.json", "-o", "plot.png"], out: dir + "/plot.png", before: nil)
        try assertTextFailure(["frames", "p.json", "--at", "0.1", "-o", "frames", "--quiet"], out: dir + "/frames", before: nil)
    }

    /// A text failure belongs to the render that had it (issue 29.4): in one batch process, the
    /// preset whose labels fail is `failed`, and a later preset without text still renders.
    func testATextFailureFailsOnlyItsOwnPresetInABatch() throws {
        try FileManager.default.createDirectory(atPath: dir + "/batch", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/p.json", toPath: dir + "/batch/a-labels.json")
        try """
        { "segue": 1, "name": "shapes", "device": { "width": 120, "height": 200, "scale": 1 }, "fps": 10,
          "screens": { "a": { "layers": [ { "type": "rect", "frame": [10, 10, 50, 50], "fill": "#3366CC" } ] },
                       "b": { "background": "#223344", "layers": [] } },
          "start": "a", "timeline": [ { "push": "b", "duration": 0.3 } ] }
        """.write(toFile: dir + "/batch/b-shapes.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["batch", "batch", "-o", "out", "--jobs", "1", "--keep-going", "--manifest", "m.json", "--quiet"],
                            in: dir, environment: brokenFonts)
        XCTAssertEqual(r.status, 1, r.stderr)
        let m = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/m.json"))) as? [String: Any])
        let status = Dictionary(uniqueKeysWithValues: (m["presets"] as? [[String: Any]] ?? []).map { ($0["name"] as? String ?? "", $0["status"] as? String ?? "") })
        XCTAssertEqual(status["labels"], "failed", "\(status)")
        XCTAssertEqual(status["shapes"], "ok", "the later preset is not failed by the earlier one's text: \(status)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/out/shapes.mp4"))
    }

    func testTheSameCommandsSucceedWithTheInstalledFonts() throws {
        // The control: the failure above is the fonts', not the preset's.
        for args in [["sheet", "p.json", "-o", "sheet.png"], ["plot", "p.json", "-o", "plot.png"]] {
            let r = try CLI.run(args, in: dir)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
        }
    }
}
