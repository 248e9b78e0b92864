import Foundation
import XCTest
import SegueTestSupport

/// Issue 27.5–27.6: strings from a preset, a file name or a manifest never reach a terminal or a
/// CI log as control characters, and never reach the gallery's CSS unless they are in its closed set.
final class HostileOutputTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws { dir = try temporaryFolder("hostile-output") }

    /// A key and a screen id holding a newline, a GitHub workflow command, ESC/OSC/BEL and NUL.
    static let hostile = "x\\n::add-mask::secret\\n::stop-commands::t\\u001B]0;title\\u0007\\u001B[2J\\u0000y"

    func preset(_ name: String) -> String {
        """
        { "segue": 1, "name": "\(name)", "device": { "width": 60, "height": 40, "scale": 1 }, "fps": 10, "\(Self.hostile)": 1,
          "screens": { "a": { "mock": "list" }, "\(Self.hostile)": { "mock": "settings" } }, "start": "a",
          "timeline": [ { "push": "nowhere\(Self.hostile)", "duration": 0.2 } ] }
        """
    }

    func assertClean(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for l in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // Segue's own annotations start with ::error / ::warning; nothing else may.
            XCTAssertFalse(l.hasPrefix("::") && !l.hasPrefix("::error ") && !l.hasPrefix("::warning "), "\(what): a line starts a workflow command: \(l)", file: file, line: line)
            XCTAssertFalse(l.contains("\n::"), file: file, line: line)
            XCTAssertFalse(l.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }, "\(what): a control character in \(l.debugDescription)", file: file, line: line)
        }
    }

    func testValidateAndBatchEscapeControlCharactersOneProblemPerLine() throws {
        try FileManager.default.createDirectory(atPath: dir + "/p", withIntermediateDirectories: true)
        for n in ["a", "b"] { try Data(preset(n).utf8).write(to: URL(fileURLWithPath: "\(dir)/p/\(n).json")) }
        let v = try CLI.run(["validate", "p/a.json"], in: dir)
        XCTAssertEqual(v.status, 2)
        assertClean(v.stderr, "validate text")
        XCTAssertTrue(v.stderr.contains("\\n::add-mask::secret\\n::stop-commands::t\\u{1B}]0;title\\u{7}\\u{1B}[2J\\u{0}y"), v.stderr)
        let problems = v.stderr.split(separator: "\n").filter { $0.hasPrefix("p/a.json:") }
        XCTAssertGreaterThanOrEqual(problems.count, 2, v.stderr)
        XCTAssertEqual(v.stderr.split(separator: "\n").count, problems.count + 1, "one line per problem, then the count: \(v.stderr)")
        let g = try CLI.run(["validate", "p/a.json", "--format", "github"], in: dir)
        assertClean(g.stdout, "validate github")
        XCTAssertEqual(g.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }.count, g.stdout.split(separator: "\n").count)
        let b = try CLI.run(["batch", "p", "-o", "out", "--progress", "plain"], in: dir)
        XCTAssertEqual(b.status, 2)
        assertClean(b.stderr, "batch plain")
        // --progress json: the problems are JSON events, never plain lines (the one plain line is
        // the fatal summary, which is also its error event, as every command's).
        let j = try CLI.run(["batch", "p", "-o", "out", "--progress", "json"], in: dir)
        XCTAssertEqual(j.status, 2)
        let lines = j.stderr.split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 2)
        let plain = lines.filter { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) == nil }
        XCTAssertEqual(plain.count, 1, "\(plain)")
        XCTAssertTrue(plain.first?.hasPrefix("segue: batch: 2 presets") ?? false, "\(plain)")
        XCTAssertTrue(lines.contains { $0.contains("\"event\":\"problem\"") }, j.stderr)
    }

    func testGalleryStatusMustBeOneABatchWrites() throws {
        let bad = #"{"manifest": 1, "presets": [{"input": "p.json", "name": "n", "status": "x\n]{}*{background:url(http://example.invalid/x)}"}]}"#
        try Data(bad.utf8).write(to: URL(fileURLWithPath: dir + "/m.json"))
        let r = try CLI.run(["gallery", "m.json", "-o", "site"], in: dir)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("presets[0].status: expected one of ok, cached, failed"), r.stderr)
        assertClean(r.stderr, "gallery")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/site"))
    }
}
