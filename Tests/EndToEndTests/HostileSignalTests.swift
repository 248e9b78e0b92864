import Foundation
import XCTest
import SegueTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 27.11: what an interrupted or killed batch says is what happened.
final class HostileSignalTests: XCTestCase {
    /// A preset that takes seconds to render (800×1600 px, 30 s at 10 fps).
    static let slow = BatchTests.preset(hold: 30, name: "slow")
        .replacingOccurrences(of: "\"width\": 60, \"height\": 40, \"scale\": 1", with: "\"width\": 400, \"height\": 800, \"scale\": 2")

    func setUpBatch(_ name: String) throws -> String {
        let dir = try temporaryFolder(name)
        try FileManager.default.createDirectory(atPath: dir + "/p", withIntermediateDirectories: true)
        try Data(BatchTests.preset(name: "quick").utf8).write(to: URL(fileURLWithPath: dir + "/p/a-quick.json"))
        try Data(Self.slow.utf8).write(to: URL(fileURLWithPath: dir + "/p/b-slow.json"))
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        return dir
    }

    func testAnInterruptedBatchSaysWhatWasWritten() throws {
        let dir = try setUpBatch("hostile-sigint")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // One preset at a time, the quick one first (costliest first: the slow one is first in
        // the queue, so give the quick one alone first, then both).
        XCTAssertEqual(try CLI.run(["batch", dir + "/p/a-quick.json", "-o", dir + "/out", "--quiet"]).status, 0)
        let r = try CLI.interrupt(["batch", dir + "/p", "-o", dir + "/out", "--parallel", "1", "--progress", "none", "--manifest", dir + "/m.json"],
                                  whenTemporaries: 1, in: dir + "/out", timeout: 60, signal: SIGINT)
        XCTAssertEqual(r.status, 130, r.stderr)
        XCTAssertFalse(r.stderr.contains("nothing written"), r.stderr)
        XCTAssertTrue(r.stderr.contains("the presets that finished before it are written (the manifest lists each preset's status)"), r.stderr)
    }

    func testAKilledBatchRecordsItsPresetsInFlightAsRunning() throws {
        let dir = try setUpBatch("hostile-sigkill")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CLI.interrupt(["batch", dir + "/p/b-slow.json", "-o", dir + "/out", "--progress", "none", "--manifest", dir + "/m.json"],
                                  whenTemporaries: 1, in: dir + "/out", timeout: 60, signal: SIGKILL)
        XCTAssertEqual(r.reason, .uncaughtSignal)
        let m = String(decoding: FileManager.default.contents(atPath: dir + "/m.json") ?? Data(), as: UTF8.self)
        XCTAssertTrue(m.contains("\"name\": \"slow\", \"output\": \"\(dir)/out/slow.mp4\", \"status\": \"running\""), m)
    }
}
