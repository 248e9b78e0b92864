import Foundation
import XCTest
import SegueTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 20 item 8: a signal that arrives after the last frame but before the rename (the
/// encoder's flush, the trailer, the faststart rewrite) gives 130/143 and an untouched
/// destination. The moment is caught without timing: the render is stopped (SIGSTOP) as soon as
/// it reports its last frame; if its temporary file is still there, the rename has not happened,
/// and the signal is queued before it continues (SIGCONT). A run whose rename beat the stop
/// proves nothing and is repeated.
final class SignalCommitTests: XCTestCase {
    func testASignalDuringTheFinishLeavesTheDestinationUntouched() throws {
        for (format, sig) in [("mp4", SIGTERM), ("mov", SIGINT)] {
            var conclusive = false
            for _ in 0..<6 where !conclusive {
                conclusive = try attempt(format: format, signal: sig)
            }
            XCTAssertTrue(conclusive, "\(format): no run was stopped between its last frame and its rename")
        }
    }

    /// One run; false when the render had already renamed its output when it was stopped.
    func attempt(format: String, signal sig: Int32) throws -> Bool {
        let dir = try temporaryFolder("commit-\(format)")
        let out = dir + "/out." + format
        let keep = Data("keep me".utf8)
        FileManager.default.createFile(atPath: out, contents: keep)
        // Big frames at the best quality: a long flush, trailer and faststart rewrite.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["render", "--scale", "0.5", "--crf", "0", "--progress", "json", "--jobs", "2", "-o", out] + (format == "mov" ? ["--codec", "h264"] : [])
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        var buffer = Data(), stopped = false, lines: [String] = []
        let handle = err.fileHandleForReading
        while !stopped {
            let chunk = handle.availableData
            if chunk.isEmpty { break }   // the process ended without a last-frame event
            buffer.append(chunk)
            while let nl = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<nl], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...nl)
                lines.append(line)
                guard let obj = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      obj["event"] as? String == "progress", let f = obj["frame"] as? Int, let t = obj["total"] as? Int, f == t else { continue }
                kill(p.processIdentifier, SIGSTOP)
                stopped = true
                break
            }
        }
        let drain = Output.collecting(handle)
        let temporaries = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasPrefix(".") }
        let beforeRename = stopped && !temporaries.isEmpty && FileManager.default.contents(atPath: out) == keep
        if stopped { kill(p.processIdentifier, beforeRename ? sig : SIGCONT) }
        if stopped && beforeRename { kill(p.processIdentifier, SIGCONT) }
        p.waitUntilExit()
        let stderr = lines.joined(separator: "\n") + drain.waitForEnd()
        guard beforeRename else { return false }
        XCTAssertEqual(p.terminationReason, .exit, "\(format): \(stderr)")
        XCTAssertEqual(p.terminationStatus, 128 + sig, "\(format): a signal before the rename is an interruption: \(stderr)")
        XCTAssertEqual(FileManager.default.contents(atPath: out), keep, "\(format): the existing destination is untouched")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["out." + format], "\(format): no temporary left")
        XCTAssertTrue(stderr.contains("interrupted") && stderr.contains("\"event\":\"interrupted\""), "\(format): one line and one event: \(stderr)")
        return true
    }
}
