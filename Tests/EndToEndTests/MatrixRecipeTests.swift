import Foundation
import XCTest
import SegueTestSupport

/// docs/CI.md's matrix recipes (GitHub Actions, a Kubernetes Indexed Job, a Slurm array job), run
/// as written: each block is read out of the document and given what its platform would give it.
/// The checkout holds a matrix preset of 8 clips (tiny, so the recipes stay cheap) and a plain
/// preset; every recipe must render the 9 clips exactly once.
final class MatrixRecipeTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let matrixPreset = """
    { "segue": 1, "name": "mx",
      "matrix": { "vars.width": [60, 90], "dark": [false, true], "transition": ["uikit", "fade"] },
      "device": { "width": "$width", "height": 80, "scale": 1 }, "fps": 10,
      "screens": { "a": { "mock": "list", "title": "A" }, "b": { "mock": "detail", "title": "B" } },
      "start": "a",
      "timeline": [ { "hold": 0.1 }, { "push": "b", "transition": "$transition", "duration": 0.2 } ] }
    """
    static let plainPreset = """
    { "segue": 1, "name": "plain", "device": { "width": 40, "height": 40, "scale": 1 }, "fps": 10,
      "screens": { "a": { "background": "#336699", "layers": [] } }, "start": "a", "timeline": [ { "hold": 0.2 } ] }
    """
    static var clipNames: [String] {
        var names = ["plain"]
        for w in [60, 90] { for d in ["light", "dark"] { for t in ["uikit", "fade"] { names.append("mx-\(w)-\(d)-\(t)") } } }
        return names.sorted()
    }

    /// The fenced block after `<!-- recipe: NAME -->` in docs/CI.md.
    func recipe(_ name: String) throws -> [String] {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/CI.md"), encoding: .utf8)
        let lines = doc.components(separatedBy: "\n")
        let marker = try XCTUnwrap(lines.firstIndex(of: "<!-- recipe: \(name) -->"), "docs/CI.md has the \(name) recipe")
        let open = try XCTUnwrap(lines[(marker + 1)...].firstIndex { $0.hasPrefix("```") })
        let close = try XCTUnwrap(lines[(open + 1)...].firstIndex { $0.hasPrefix("```") })
        return Array(lines[(open + 1)..<close])
    }

    /// A checkout: presets/ and a scripts/segue that runs the built CLI (the real one builds it).
    func checkout(_ label: String) throws -> String {
        let dir = try temporaryFolder("recipe-\(label)")
        try FileManager.default.createDirectory(atPath: dir + "/presets", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/scripts", withIntermediateDirectories: true)
        try Self.matrixPreset.write(toFile: dir + "/presets/mx.json", atomically: true, encoding: .utf8)
        try Self.plainPreset.write(toFile: dir + "/presets/plain.json", atomically: true, encoding: .utf8)
        try "#!/bin/sh\nexec '\(CLI.binary)' \"$@\"\n".write(toFile: dir + "/scripts/segue", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir + "/scripts/segue")
        return dir
    }

    /// `command` under /bin/sh-compatible `shell` in `dir`, with `segue` on PATH and `env` set.
    func run(_ shell: [String], _ command: String, in dir: String, env: [String: String] = [:]) throws -> CLI.Result {
        let bin = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().path
        let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let vars = env.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let r = try CLI.run(["PATH=\(path)"] + vars + shell + [command], in: dir, executable: "/usr/bin/env")
        XCTAssertEqual(r.status, 0, "\(command)\n\(r.stderr)")
        return r
    }

    /// Every manifest's clips: each rendered once, all 9.
    func checkManifests(_ paths: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        var names: [String] = []
        for p in paths {
            let m = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: p))) as? [String: Any])
            for e in m["presets"] as? [[String: Any]] ?? [] {
                XCTAssertEqual(e["status"] as? String, "ok", "\(e)", file: file, line: line)
                names.append(e["name"] as? String ?? "")
            }
        }
        XCTAssertEqual(names.sorted(), Self.clipNames, file: file, line: line)
    }

    func testGitHubActionsRecipe() throws {
        let lines = try recipe("actions")
        let shardLine = try XCTUnwrap(lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("shard: [") })
        let shards = shardLine.split(separator: "[")[1].split(separator: "]")[0].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(shards.count, 3)
        let reportStart = try XCTUnwrap(lines.firstIndex(of: "  report:"))
        func runs(_ part: ArraySlice<String>) -> [String] {
            part.compactMap { l in
                let t = l.trimmingCharacters(in: .whitespaces)
                return t.hasPrefix("- run: ") ? String(t.dropFirst(7)) : nil
            }
        }
        // The action's step (`uses: …/segue@…` with its inputs): the runner runs action.yml's render
        // script with the inputs as its environment (actions/checkout is the checkout).
        let uses = try XCTUnwrap(lines.firstIndex { $0.contains("uses: your-org/segue@") })
        var inputs: [String: String] = [:]
        for l in lines[(uses + 2)..<reportStart] {
            let t = l.trimmingCharacters(in: .whitespaces)
            guard !t.hasPrefix("-"), let colon = t.firstIndex(of: ":") else { break }
            inputs[String(t[..<colon])] = t[t.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        XCTAssertEqual(inputs["presets"], "presets")
        let dir = try checkout("actions")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for shard in shards {
            let env = ["SEGUE": CLI.binary, "PRESETS": inputs["presets"] ?? "", "OUT": inputs["out"] ?? "out", "CACHE": inputs["cache"] ?? "",
                       "SHARD": (inputs["shard"] ?? "").replacingOccurrences(of: "${{ matrix.shard }}", with: shard), "GALLERY": "true",
                       "GITHUB_OUTPUT": dir + "/github-output"]
            XCTAssertFalse(env.values.contains { $0.contains("${{") }, "\(env)")
            _ = try run(["bash", "-e"], Self.root.path + "/scripts/action/render", in: dir, env: env)
        }
        try checkManifests(shards.map { dir + "/out/manifest-\($0)-of-3.json" })
        let report = try XCTUnwrap(runs(lines[reportStart...]).first)
        let out = try run(["bash", "-e", "-c"], report, in: dir).stdout.split(separator: "\n")
        XCTAssertEqual(out.count, 9, out.joined(separator: "\n"))
        XCTAssertTrue(out.contains("ok mx-90-dark-fade {\"vars.width\":90,\"dark\":true,\"transition\":\"fade\"}"), out.joined(separator: "\n"))
        XCTAssertTrue(out.contains("ok plain null"), out.joined(separator: "\n"))
    }

    func testKubernetesIndexedJobRecipe() throws {
        let lines = try recipe("kubernetes")
        let completions = try XCTUnwrap(lines.first { $0.hasPrefix("  completions: ") }.flatMap { Int($0.dropFirst(15)) })
        XCTAssertTrue(lines.contains { $0.contains("command: [\"/bin/sh\", \"-c\"]") })
        // The folded (`>-`) argument: its lines joined with spaces.
        let start = try XCTUnwrap(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "- >-" })
        let indent = lines[start + 1].prefix { $0 == " " }.count
        let body = lines[(start + 1)...].prefix { $0.prefix { $0 == " " }.count >= indent && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let command = body.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        XCTAssertTrue(command.hasPrefix("mkdir -p out/manifests && segue batch presets"), command)
        let dir = try checkout("k8s")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for index in 0..<completions { _ = try run(["/bin/sh", "-c"], command, in: dir, env: ["JOB_COMPLETION_INDEX": "\(index)"]) }
        try checkManifests((1...completions).map { dir + "/out/manifests/shard-\($0).json" })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/out/clips").sorted(), Self.clipNames.map { $0 + ".mp4" })
    }

    func testSlurmArrayJobRecipe() throws {
        let lines = try recipe("slurm")
        let array = try XCTUnwrap(lines.first { $0.hasPrefix("#SBATCH --array=") }).dropFirst(16).split(separator: "-").compactMap { Int($0) }
        let cpus = try XCTUnwrap(lines.first { $0.hasPrefix("#SBATCH --cpus-per-task=") }.flatMap { Int($0.dropFirst(24)) })
        XCTAssertEqual(array.count, 2)
        let dir = try checkout("slurm")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = dir + "/matrix.sbatch"
        try lines.joined(separator: "\n").write(toFile: script, atomically: true, encoding: .utf8)
        // What sbatch gives each task of the array.
        for task in array[0]...array[1] {
            _ = try run(["bash"], script, in: dir, env: ["SLURM_ARRAY_TASK_ID": "\(task)", "SLURM_ARRAY_TASK_COUNT": "\(array[1] - array[0] + 1)",
                                                      "SLURM_CPUS_PER_TASK": "\(cpus)"])
        }
        try checkManifests((array[0]...array[1]).map { dir + "/out/manifest-\($0).json" })
    }
}
