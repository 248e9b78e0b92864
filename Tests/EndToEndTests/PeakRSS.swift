import Foundation
import XCTest
import SegueTestSupport
#if canImport(Glibc)
import Glibc
#endif

// Peak memory of a CLI child, for the tests that bound memory (FaultTests, HostileInputTests).
extension XCTestCase {
    /// Under a sanitizer (scripts/sanitize sets SEGUE_SANITIZER) shadow memory inflates RSS: skip RSS bounds.
    static var checksRSS: Bool { ProcessInfo.processInfo.environment["SEGUE_SANITIZER"] == nil }

    /// `cpuSeconds`: the CPU (user + system) the child used — its cost as work, which a loaded
    /// machine does not stretch as it stretches the wall clock.
    struct Measured { var status: Int32; var stderr: String; var maxRSSKiB: Int; var cpuSeconds: Double }

    /// Runs the CLI with posix_spawn and reaps it with wait4, whose rusage gives the child's own
    /// peak RSS (ru_maxrss, KiB) — no /usr/bin/time needed — and its CPU time (Linux's wait4
    /// counts the children it reaped too, so GNU time's Segue is in it).
    func runMeasured(_ args: [String]) throws -> Measured {
        let scratch = try TemporaryFolder.make("measured")
        defer { TemporaryFolder.remove(scratch) }
        let errPath = scratch + "/stderr"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Linux carries a process's peak RSS across exec from the image it replaced, so a child
        // of this (large) test process reports at least the test's own peak. GNU time measures
        // its own fork of Segue, which starts small.
        let timePath = scratch + "/time"
        let gnuTime = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
        let command = gnuTime ? ["/usr/bin/time", "-f", "%M", "-o", timePath, CLI.binary] + args : [CLI.binary] + args
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        XCTAssertEqual(rc, 0, "posix_spawn")
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        var maxRSS = Int(usage.ru_maxrss)
        if gnuTime, let text = try? String(contentsOfFile: timePath, encoding: .utf8),
           let kib = text.split(separator: "\n").last(where: { Int($0.trimmingCharacters(in: .whitespaces)) != nil }).flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
            maxRSS = kib
        }
        return Measured(status: code, stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
                        maxRSSKiB: maxRSS, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }
}
