import Foundation
import XCTest
import SegueTestSupport

/// Every kind of error the CLI can end with, provoked for real through the binary, exits with
/// the code docs/CLI.md's "Exit codes" table gives its class: bad usage or input 2, a failure 1,
/// a signal 130/143, success 0. The expected codes are read from the table, not written here.
final class ExitClassTests: XCTestCase {
    /// docs/CLI.md's exit-code table: each row's codes and its meaning.
    static func documentedCodes() throws -> [(codes: [Int32], meaning: String)] {
        let text = try String(contentsOfFile: DocsAndHelpTests.root + "/docs/CLI.md", encoding: .utf8)
        let section = try XCTUnwrap(text.components(separatedBy: "## Exit codes").dropFirst().first)
        return section.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { return nil }
            let codes = cells[0].split(separator: ",").compactMap { Int32($0.trimmingCharacters(in: .whitespaces)) }
            return codes.isEmpty ? nil : (codes, cells[1])
        }
    }

    /// The codes of the one row whose meaning contains `words`.
    func documented(_ words: String) throws -> [Int32] {
        let rows = try Self.documentedCodes().filter { $0.meaning.contains(words) }
        XCTAssertEqual(rows.count, 1, "one row of docs/CLI.md's exit codes says \"\(words)\"")
        return try XCTUnwrap(rows.first).codes
    }

    var dir = ""
    override func setUpWithError() throws {
        dir = try temporaryFolder("exit-class")
        try CLI.write(BatchTests.preset(name: "p"), dir + "/p.json")
        try CLI.write(BatchTests.preset(name: "q", colour: "#20C040"), dir + "/q.json")
        try CLI.write("{ \"segue\": 1, \"fsp\": 3 }", dir + "/bad.json")
        try CLI.write(HostileLimitsTests.canvas(8192, 2, frames: 0.2), dir + "/thin.json")
        try FileManager.default.createDirectory(atPath: dir + "/folder", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/empty", withIntermediateDirectories: true)
    }

    func testBadUsageAndBadInputExitAsTheDocsSay() throws {
        let usage = try documented("bad usage")
        let cases: [(kind: String, args: [String], says: String)] = [
            ("unknown command", ["rendr"], "did you mean \"render\""),
            ("unknown option", ["render", "p.json", "--jbos", "2"], "unknown option --jbos; did you mean --jobs?"),
            ("a flag given a value", ["render", "p.json", "--quiet=yes"], "--quiet takes no value"),
            ("an option without its value", ["render", "p.json", "--fps"], "--fps needs a value"),
            ("a value out of its declared range", ["frames", "p.json", "--all", "-o", "f", "--slow-motion", "101"],
             "--slow-motion must be a number from 0.01 to 100 (got \"101\")"),
            ("a value not among its choices", ["validate", "p.json", "--format", "xml"], "--format must be one of text, json, github"),
            ("a command's own refusal", ["frames", "p.json", "--all"], "frames needs -o DIR"),
            ("an invalid preset", ["render", "bad.json", "-o", "x.mp4"], "bad.json:1:"),
            ("a destination that is not Segue's to replace", ["render", "p.json", "-o", "folder"], "folder"),
            ("--at past the end of the clip", ["frames", "p.json", "--at", "5", "-o", "stills"], "past the end of the clip"),
            ("a canvas too thin for a sheet's thumbnails", ["sheet", "thin.json", "-o", "thin.png", "--count", "2"], "(got 300×0)"),
            ("an output a destination's rules refuse", ["render", "p.json", "--for", "app-store", "-o", "x.mp4"], "app-store"),
            ("a render over --max-memory", ["render", "p.json", "--max-memory", "1M", "-o", "x.mp4"], "raise it with --max-memory"),
            ("inputs that cannot be compared", ["compare", "p.json", "missing.mp4"], "segue: compare: "),
            ("a folder that makes no preset", ["import", "empty", "-o", "empty/p.json"], "segue: import: "),
            ("a studio of nothing", ["studio", "none"], "segue: studio: "),
            ("a batch of nothing", ["batch", "none.json", "-o", "out"], "none.json"),
        ]
        // Each is refused before it writes anything: independent children, side by side.
        let results = try concurrently(cases.count) { [dir, args = cases.map(\.args)] in try CLI.run(args[$0], in: dir) }
        for (c, r) in zip(cases, results) {
            XCTAssertEqual([r.status], usage, "\(c.kind): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(c.says), "\(c.kind): \(r.stderr)")
        }
    }

    func testFailuresExitAsTheDocsSay() throws {
        let failure = try documented("failure")
        // A write that fails (an I/O error no type classifies): files limited to 1 KiB.
        let quoted = [CLI.binary, "render", "p.json", "-o", "x.mp4", "--progress", "none"].joined(separator: " ")
        let write = try CLI.run(["-c", "trap '' XFSZ; ulimit -f 1; exec \(quoted)"], in: dir, executable: "/bin/bash")
        XCTAssertEqual([write.status], failure, "a failed write: \(write.stderr)")
        XCTAssertTrue(write.stderr.contains("File too large"), write.stderr)
        let cases: [(kind: String, args: [String], says: String)] = [
            ("frames under the threshold", ["compare", "p.json", "q.json"], "frames under 40 dB"),
            ("a file the manifest cannot hash", ["batch", "--sha256", "missing.bin"], "missing.bin"),
        ]
        for c in cases {
            let r = try CLI.run(c.args, in: dir)
            XCTAssertEqual([r.status], failure, "\(c.kind): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(c.says), "\(c.kind): \(r.stderr)")
        }
    }

    func testSuccessAndSignalsExitAsTheDocsSay() throws {
        let ok = try CLI.run(["render", "p.json", "-o", "p.mp4", "--quiet"], in: dir)
        XCTAssertEqual([ok.status], try documented("success"), ok.stderr)
        let interrupted = try documented("interrupted")
        XCTAssertEqual(interrupted.count, 2, "SIGINT and SIGTERM")
        for (k, sig) in [SIGINT, SIGTERM].enumerated() {
            let out = dir + "/signal\(k)"
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let r = try CLI.interrupt(["render", "--demo", "segue-demo", "-o", out + "/demo.mp4", "--progress", "none"],
                                      whenTemporaries: 1, in: out, timeout: 60, signal: sig)
            XCTAssertEqual(r.status, interrupted[k], "signal \(sig): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("interrupted by \(sig == SIGINT ? "SIGINT" : "SIGTERM")"), r.stderr)
        }
    }
}
