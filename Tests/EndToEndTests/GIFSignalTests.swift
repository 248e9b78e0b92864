import Foundation
import XCTest
import SegueTestSupport

/// Issue 20.8: a signal during GIF's second pass (palette mapping from the spill file, after the
/// last frame was rendered) is honoured at the next frame, not after the pass: exit 128 + signal,
/// both temporaries gone, an existing destination untouched. That the pass asks before every
/// frame is CheckedResultsTests' (MediaTests); here the real process, stopping within a second of
/// CPU after the signal (the work it does, not the wall clock of a possibly busy machine).
final class GIFSignalTests: XCTestCase {
    func testSignalDuringThePaletteMappingPass() throws {
        let dir = try temporaryFolder("gif-signal")
        let out = dir + "/out.gif"
        let keep = Data("keep me".utf8)
        FileManager.default.createFile(atPath: out, contents: keep)
        for sig in [SIGINT, SIGTERM] {
            // 292×633, 302 frames: a 220 MB spill, a second pass of a few seconds.
            // The second pass has begun when the output's temporary joins the spill's.
            let r = try CLI.interrupt(["render", "--scale", "0.25", "--slow-motion", "2", "--progress", "none",
                                       "--format", "gif", "-o", out], whenTemporaries: 2, in: dir, timeout: 120, signal: sig)
            XCTAssertEqual(r.reason, .exit, r.stderr)
            XCTAssertEqual(r.status, 128 + sig, r.stderr)
            XCTAssertLessThan(r.stopCPUSeconds, SignalTests.budget, "stops within a second of work")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["out.gif"], "no temporary left")
            XCTAssertEqual(FileManager.default.contents(atPath: out), keep, "the existing GIF is untouched")
        }
    }
}
