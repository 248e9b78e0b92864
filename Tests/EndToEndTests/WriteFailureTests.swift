import Foundation
import XCTest
import SegueTestSupport

/// Issue 19.6: a write that fails is an error, for every writer, provoked for real: the CLI runs
/// under a file-size limit (`ulimit -f`, with SIGXFSZ ignored so the write itself fails with
/// EFBIG, as on a full disk), so the first write past the limit fails inside FFmpeg, the GIF
/// spill or a PNG still. Each must exit 1 naming the file and errno's words, and leave neither a
/// destination nor a temporary behind.
final class WriteFailureTests: XCTestCase {
    /// `segue ARGS` in `dir` with files limited to `kib` KiB.
    func runLimited(_ args: [String], kib: Int, in dir: String) throws -> CLI.Result {
        let quoted = ([CLI.binary] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        // `ulimit -f` counts 1024-byte blocks in bash.
        return try CLI.run(["-c", "trap '' XFSZ; ulimit -f \(kib); exec \(quoted)"], in: dir, executable: "/bin/bash")
    }

    func leftovers(_ dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0 != "p.json" }.sorted()
    }

    func testEveryVideoFormatReportsAFailedWrite() throws {
        let dir = try temporaryFolder("write-failure")
        // The demo at half scale: every format's output (the GIF's spill above all) passes 200 KiB.
        for format in ["mp4", "mov", "webm", "gif"] {
            let out = "out." + format
            let r = try runLimited(["render", "--scale", "0.5", "--progress", "none", "--format", format, "-o", out], kib: 200, in: dir)
            XCTAssertEqual(r.status, 1, "\(format): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("segue: \(out): "), "\(format) names its output: \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("failed: File too large"), "\(format) gives errno's words: \(r.stderr)")
            XCTAssertEqual(try leftovers(dir), [], "\(format): no output, no temporary")
        }
    }

    func testStillsAndSheetsReportAFailedWrite() throws {
        let dir = try temporaryFolder("write-failure-stills")
        let preset = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("presets/seeds/002-pan-back-flat.json").path
        let cases: [(String, [String])] = [
            ("frames", ["frames", preset, "--every", "20", "-o", "stills"]),
            ("sheet png", ["sheet", preset, "-o", "sheet.png"]),
            ("sheet jpeg", ["sheet", preset, "-o", "sheet.jpg"]),
            ("png folder", ["render", preset, "--format", "png", "--progress", "none", "-o", "frames"]),
        ]
        for (what, args) in cases {
            let r = try runLimited(args, kib: 16, in: dir)
            XCTAssertEqual(r.status, 1, "\(what): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("failed: File too large"), "\(what) gives errno's words: \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("NSCocoaErrorDomain"), "\(what): \(r.stderr)")
            XCTAssertEqual(try leftovers(dir), [], "\(what): no output, no temporary")
        }
    }
}
