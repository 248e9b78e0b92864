import Foundation
import XCTest
import SegueTestSupport

/// libFuzzer writes an input that crashed, leaked or hung to `crash-SHA1` (`leak-…`,
/// `timeout-…`, `oom-…`) in the current folder unless it is given `-artifact_prefix`. scripts/fuzz
/// runs from the repository's root, and its replay of the saved regressions had no prefix, so an
/// empty `crash-da39a3ee…` (the SHA-1 of nothing) was committed at the root. Every libFuzzer run
/// now writes under .build/fuzz/artifacts/, and git ignores such files should one appear.
final class FuzzArtifactsTests: XCTestCase {
    static let kinds = ["crash-", "leak-", "timeout-", "oom-", "slow-unit-"]

    func testNoFuzzerArtifactIsTrackedAndGitIgnoresThem() throws {
        let root = CLI.root.path
        let tracked = try CLI.run(["-C", root, "ls-files"], executable: CLI.which("git"))
        guard tracked.status == 0 else { throw XCTSkip("not a git checkout: \(tracked.stderr)") }
        let artifacts = tracked.stdout.split(separator: "\n").filter { f in Self.kinds.contains { f.hasPrefix($0) } }
        XCTAssertEqual(artifacts, [], "libFuzzer artifacts committed at the root")
        for kind in Self.kinds {
            let ignored = try CLI.run(["-C", root, "check-ignore", "-q", "--no-index", kind + "da39a3ee5e6b4b0d3255bfef95601890afd80709"],
                                      executable: CLI.which("git"))
            XCTAssertEqual(ignored.status, 0, "\(kind)…: not ignored by .gitignore")
        }
    }

    func testEveryFuzzerRunInScriptsFuzzHasAnArtifactPrefix() throws {
        let script = try String(contentsOf: CLI.root.appendingPathComponent("scripts/fuzz"), encoding: .utf8)
        // A libFuzzer run: the target binary with the common flags.
        let runs = script.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n").filter { $0.contains("\"$bin\" \"${common[@]}\"") }
        XCTAssertEqual(runs.count, 2, "the replay and the fuzzing run: \(runs)")
        for run in runs { XCTAssertTrue(run.contains("-artifact_prefix=\"$OUT/artifacts/"), String(run)) }
    }
}
