import Foundation
import XCTest
import SegueTestSupport

/// docs/CI.md's recipes, run as written (issue 13): each shell command is taken from the
/// document itself and run by sh with `segue` on PATH, in a scratch folder holding a small
/// `presets/` (the absolute roots the recipes name — /out, /cache, /shared — are moved under the
/// scratch folder, the recipes' variables set as their schedulers would set them).
final class CIRecipeTests: XCTestCase {
    static var doc: String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("docs/CI.md"), encoding: .utf8)) ?? ""
    }

    /// The lines of the first fenced block after `heading` whose text contains `marker`, with
    /// `\` continuations and YAML's folded `>-` joined into one command.
    func command(after heading: String, containing marker: String) throws -> String {
        let doc = Self.doc
        let start = try XCTUnwrap(doc.range(of: heading), "docs/CI.md has \(heading)")
        let rest = doc[start.upperBound...]
        let lines = rest.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [String] = [], inside = false
        for line in lines {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("segue batch") || t.hasPrefix("parallel ") { inside = true }
            if inside {
                if t.isEmpty || t.hasPrefix("resources:") || t.hasPrefix("#") || t.hasPrefix("```") { break }
                out.append(t.hasSuffix("\\") ? String(t.dropLast()) : t)
                if !t.hasSuffix("\\") && !heading.contains("Kubernetes") { break }
            }
        }
        let cmd = out.joined(separator: " ")
        XCTAssertTrue(cmd.contains(marker), "found the recipe's command: \(cmd)")
        return cmd
    }

    func scratch(_ name: String) throws -> String {
        let dir = try temporaryFolder(name)
        try FileManager.default.createDirectory(atPath: dir + "/presets", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/bin/segue", withDestinationPath: CLI.binary)
        for (i, colour) in ["#C83232", "#32C832", "#3232C8"].enumerated() {
            let text = OutputSafetyTests.preset.replacingOccurrences(of: "\"name\": \"tiny\"", with: "\"name\": \"p\(i)\"")
                .replacingOccurrences(of: "#C83232", with: colour)
            FileManager.default.createFile(atPath: dir + "/presets/p\(i).json", contents: Data(text.utf8))
        }
        return dir
    }

    func sh(_ command: String, in dir: String, env: [String: String]) throws -> CLI.Result {
        var e = ProcessInfo.processInfo.environment
        e["PATH"] = dir + "/bin:" + (e["PATH"] ?? "/usr/bin:/bin")
        for (k, v) in env { e[k] = v }
        return try CLI.run(["-c", command], in: dir, executable: "/bin/sh", environment: e)
    }

    func manifest(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any], path)
    }

    func testKubernetesIndexedJobRecipe() throws {
        let dir = try scratch("ci-k8s")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cmd = try command(after: "## Kubernetes", containing: "--manifest /out/manifests/")
            .replacingOccurrences(of: " /out/", with: " \(dir)/out/")
            .replacingOccurrences(of: "--cache /cache", with: "--cache \(dir)/cache")
        var seen = 0
        for index in 0..<8 {
            let r = try sh(cmd, in: dir, env: ["JOB_COMPLETION_INDEX": String(index)])
            XCTAssertEqual(r.status, 0, "index \(index): \(r.stderr)")
            let m = try manifest("\(dir)/out/manifests/shard-\(index + 1).json")
            seen += (m["presets"] as? [Any])?.count ?? 0
        }
        XCTAssertEqual(seen, 3, "the 8 shards cover every preset once")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/out/clips").sorted(), ["p0.mp4", "p1.mp4", "p2.mp4"])
    }

    func testSlurmArrayRecipe() throws {
        let dir = try scratch("ci-slurm")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cmd = try command(after: "## Slurm", containing: "SLURM_ARRAY_TASK_ID")
            .replacingOccurrences(of: "/shared/segue-cache", with: "\(dir)/shared/segue-cache")
        for task in 1...16 {
            let r = try sh(cmd, in: dir, env: ["SLURM_ARRAY_TASK_ID": String(task), "SLURM_CPUS_PER_TASK": "1"])
            XCTAssertEqual(r.status, 0, "task \(task): \(r.stderr)")
            XCTAssertNoThrow(try manifest("\(dir)/out/manifest-\(task).json"))
        }
        // The follow-up merge of docs/CI.md's GitHub Actions section.
        let merge = try sh("jq -s '[.[].presets[]]' out/manifest-*.json > merged.json", in: dir, env: [:])
        XCTAssertEqual(merge.status, 0, merge.stderr)
        let merged = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/merged.json"))) as? [Any])
        XCTAssertEqual(merged.count, 3)
    }

    func testGNUParallelRecipe() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/parallel") else { throw XCTSkip("GNU parallel is not installed (scripts/lib.sh installs it)") }
        let dir = try scratch("ci-parallel")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cmd = try command(after: "## GNU parallel", containing: "::: 1 2 3 4")
        let r = try sh(cmd, in: dir, env: [:])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").filter { $0.hasSuffix(".mp4") }.sorted(), ["p0.mp4", "p1.mp4", "p2.mp4"])
    }
}
