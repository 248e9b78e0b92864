import Foundation
import XCTest

/// Issue 20.8: a signal during GIF's second pass (palette mapping from the spill file, after the
/// last frame was rendered) is honoured at the next frame, not after the pass: exit 128 + signal,
/// both temporaries gone, an existing destination untouched. That the pass asks before every
/// frame is CheckedResultsTests' (MediaTests); here the real process, with a wall bound only as a
/// hang guard (the machine may be busy). The measured stop time is printed.
final class GIFSignalTests: XCTestCase {
    func testSignalDuringThePaletteMappingPass() throws {
        let dir = try CLI.tempDir("gif-signal")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/out.gif"
        let keep = Data("keep me".utf8)
        FileManager.default.createFile(atPath: out, contents: keep)
        for sig in [SIGINT, SIGTERM] {
            // 292×633, 302 frames: a 220 MB spill, a second pass of a few seconds.
            let (p, err) = try CLI.start(["render", "--scale", "0.25", "--slow-motion", "2", "--progress", "none",
                                          "--format", "gif", "-o", out])
            // The second pass has begun when the output's temporary joins the spill's.
            let deadline = Date().addingTimeInterval(120)
            var secondPass = false
            while Date() < deadline && p.isRunning {
                let temporaries = (try? FileManager.default.contentsOfDirectory(atPath: dir))?.filter { $0.hasPrefix(".") } ?? []
                if temporaries.count >= 2 { secondPass = true; break }
                usleep(2000)
            }
            XCTAssertTrue(secondPass, "the render reached the second pass")
            XCTAssertTrue(p.isRunning, "still mapping frames when the signal is sent")
            let t0 = Date()
            kill(p.processIdentifier, sig)
            p.waitUntilExit()
            let stop = Date().timeIntervalSince(t0)
            while !err.done { usleep(1000) }
            let stderr = String(decoding: err.data, as: UTF8.self)
            print("GIF second pass, signal \(sig): exited in \(String(format: "%.3f", stop)) s")
            XCTAssertEqual(p.terminationReason, .exit, stderr)
            XCTAssertEqual(p.terminationStatus, 128 + sig, stderr)
            XCTAssertLessThan(stop, 10, "hang guard only: the promise is a second on an idle machine")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["out.gif"], "no temporary left")
            XCTAssertEqual(FileManager.default.contents(atPath: out), keep, "the existing GIF is untouched")
        }
    }
}
