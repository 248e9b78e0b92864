import Foundation
import XCTest
import SegueTestSupport

/// Issue 20.9: a SIGKILLed render leaves its hidden temporary beside the destination; the next
/// run writing into that folder removes Segue's own temporaries of dead processes — and nothing
/// else: not a temporary whose PID is alive (even a process that is not Segue), not a user's
/// file that merely looks like one.
final class StaleTemporaryTests: XCTestCase {
    /// A temporary's name as AtomicFile makes it: `.NAME.PID.RAND.tmp`.
    static func isTemporary(_ name: String, of destination: String) -> Bool {
        name.hasPrefix(".\(destination).") && (name.hasSuffix(".tmp") || name.hasSuffix(".tmpdir"))
    }

    /// Starts a long render into `dir/out`, waits for its temporary, kills it with SIGKILL and
    /// returns the temporary's name (which a killed process cannot remove).
    func killedRender(dir: String, out: String, format: [String] = []) throws -> String {
        let child = try CLI.start(SignalTests.longRender + format + ["-o", dir + "/" + out])
        var temporary: String?
        awaitCondition(timeout: 120) {   // the bound only fails a render that never writes
            temporary = names(in: dir).first { Self.isTemporary($0, of: out) }
            return temporary != nil || !child.isRunning
        }
        child.signal(SIGKILL)
        child.finish()
        XCTAssertEqual(child.process.terminationReason, .uncaughtSignal)
        let name = try XCTUnwrap(temporary, "the render began writing its temporary")
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/" + name), "SIGKILL leaves the temporary")
        return name
    }

    func testKilledRendersTemporaryIsRemovedByTheNextRunAndNothingElse() throws {
        let dir = try temporaryFolder("stale-tmp")
        let staleFile = try killedRender(dir: dir, out: "a.mp4")
        let staleFolder = try killedRender(dir: dir, out: "frames", format: ["--format", "png"])

        // A live process's temporary (this test's own PID: alive, and not the next Segue's),
        // PID 1's (alive, foreign), and user files that resemble temporaries.
        let fm = FileManager.default
        let live = ".b.mp4.\(getpid()).1k2j3h.tmp", init1 = ".c.mp4.1.zz.tmp"
        let lookalikes = [".x.tmp", ".notes.tmp", ".d.mp4.12ab.q.tmp", ".e.mp4.0123.q.tmp", ".f.mp4.77.UPPER.tmp", "g.mp4.77.q.tmp"]
        for n in [live, init1] + lookalikes { XCTAssertTrue(fm.createFile(atPath: dir + "/" + n, contents: Data("mine".utf8))) }
        // A name of the pattern whose entry is not what the name says (a folder named .tmp).
        let dead = try deadPID()
        let wrongKind = ".h.mp4.\(dead).q.tmp"
        try fm.createDirectory(atPath: dir + "/" + wrongKind, withIntermediateDirectories: false)

        let r = try CLI.run(["render", "--scale", "0.25", "--progress", "none", "-o", dir + "/next.mp4"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let names = Set(try fm.contentsOfDirectory(atPath: dir))
        XCTAssertFalse(names.contains(staleFile), "the killed render's temporary file is removed")
        XCTAssertFalse(names.contains(staleFolder), "the killed png render's temporary folder is removed")
        for n in [live, init1, wrongKind] + lookalikes { XCTAssertTrue(names.contains(n), "\(n) stays") }
        XCTAssertEqual(fm.contents(atPath: dir + "/.x.tmp"), Data("mine".utf8))
        XCTAssertTrue(names.contains("next.mp4"))
        XCTAssertFalse(names.contains { $0.hasPrefix(".next.mp4.") }, "the new render left no temporary")
    }

    /// A batch sweeps its output folder the same way (its manifest's folder too).
    func testBatchRemovesAKilledRunsTemporary() throws {
        let dir = try temporaryFolder("stale-batch")
        let out = dir + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let dead = try deadPID()
        let stale = ".tiny.mp4.\(dead).3fz8k.tmp", live = ".tiny.mp4.1.3fz8k.tmp"
        for n in [stale, live] { XCTAssertTrue(FileManager.default.createFile(atPath: out + "/" + n, contents: Data())) }
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/tiny.json", contents: Data(OutputSafetyTests.preset.utf8)))
        let r = try CLI.run(["batch", dir + "/tiny.json", "-o", out, "--progress", "none"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: out))
        XCTAssertFalse(names.contains(stale))
        XCTAssertTrue(names.contains(live), "PID 1 is alive: its temporary stays")
    }

    /// The PID of a process that has exited and been reaped (so kill(pid, 0) gives ESRCH).
    func deadPID() throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        let pid = p.processIdentifier
        XCTAssertTrue(kill(pid, 0) != 0 && errno == ESRCH, "the child is gone")
        return pid
    }
}
