import Foundation
import XCTest
import SegueTestSupport

/// action.yml's shell steps (scripts/action/*) run as the runner would run them: a simulated
/// GitHub Actions environment (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_PATH, RUNNER_TEMP as
/// files and folders in a scratch folder), the development build as SEGUE, and what the scripts
/// wrote read back as GitHub reads it (name=value lines and name<<DELIMITER blocks). The install
/// step needs the release tarball: PackageTests runs it.
final class ActionScriptTests: XCTestCase {
    static let scripts = PackageTests.root.path + "/scripts/action/"

    struct Runner {
        let dir: String
        var env: [String: String] {
            ["PATH": "/usr/bin:/bin", "HOME": dir, "RUNNER_TEMP": dir + "/runner temp", "GITHUB_OUTPUT": dir + "/output",
             "GITHUB_STEP_SUMMARY": dir + "/summary.md", "GITHUB_PATH": dir + "/path", "GITHUB_ACTION_PATH": PackageTests.root.path]
        }
        func run(_ script: String, _ extra: [String: String]) throws -> CLI.Result {
            try CLI.run([ActionScriptTests.scripts + script], in: dir, executable: CLI.which("bash"), environment: env.merging(extra) { $1 })
        }
        /// GITHUB_OUTPUT parsed: `name=value` lines and `name<<DELIM … DELIM` blocks.
        func outputs() throws -> [String: String] {
            var out: [String: String] = [:]
            var lines = try String(contentsOfFile: dir + "/output", encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
            while let line = lines.popFirst(), !line.isEmpty {
                if let r = line.range(of: "<<"), !line.contains("=") {
                    let delim = String(line[r.upperBound...])
                    var value: [String] = []
                    while let l = lines.popFirst(), l != delim { value.append(l) }
                    out[String(line[..<r.lowerBound])] = value.joined(separator: "\n")
                } else if let eq = line.firstIndex(of: "=") {
                    out[String(line[..<eq])] = String(line[line.index(after: eq)...])
                }
            }
            return out
        }
    }

    static func runner() throws -> Runner {
        let dir = try CLI.tempDir("action")
        try FileManager.default.createDirectory(atPath: dir + "/runner temp", withIntermediateDirectories: true)
        try CLI.write("", dir + "/output")
        try CLI.write("", dir + "/summary.md")
        return Runner(dir: dir)
    }

    func write(_ text: String, _ path: String) throws { try CLI.write(text, path) }

    func testWorkflowCommandValuesAreEscaped() throws {
        // GitHub's rules: data escapes % CR LF; properties also : and ,.
        let r = try CLI.run(["-c", "source \"$0/lib.sh\"; escape_data $'100% a\\r\\nb:c,d'; echo; escape_property $'100% a\\r\\nb:c,d'",
                             Self.scripts], executable: CLI.which("bash"))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "100%25 a%0D%0Ab:c,d\n100%25 a%0D%0Ab%3Ac%2Cd")
    }

    func testRenderWritesOutputsAnnotationsAndTheSummary() throws {
        let runner = try Self.runner()
        let dir = runner.dir
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let edited = "presets dir/a,b: c.json"
        try write(BatchTests.preset(name: "edit"), dir + "/" + edited)
        try write(BatchTests.preset(name: "same"), dir + "/presets dir/same.json")
        try write(BatchTests.preset(name: "single"), dir + "/one.json")
        let presets = "presets dir\none.json"   // one a line: a path with spaces
        XCTAssertEqual(try CLI.run(["batch", "presets dir", "one.json", "-o", "base", "--quiet"], in: dir).status, 0)
        try write(BatchTests.preset(name: "edit", colour: "#32C832"), dir + "/" + edited)

        let r = try runner.run("render", ["SEGUE": CLI.binary, "PRESETS": presets, "OUT": "out", "GALLERY": "true", "BASELINE": "base", "THRESHOLD": "40"])
        XCTAssertEqual(r.status, 1, "a changed clip fails the step: \(r.stderr)")
        let outputs = try runner.outputs()
        XCTAssertEqual(outputs["manifest"], "out/manifest.json")
        XCTAssertEqual(outputs["gallery"], "out/index.html")
        XCTAssertEqual(outputs["changed"], "1")
        XCTAssertEqual(outputs["failed"], "0")
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/out/index.html"))
        let warnings = r.stdout.split(separator: "\n").filter { $0.hasPrefix("::warning ") }
        XCTAssertEqual(warnings.count, 1, r.stdout)
        let m = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/out/manifest.json"))) as? [String: Any])
        let edit = try XCTUnwrap((m["presets"] as? [[String: Any]])?.first { $0["name"] as? String == "edit" })
        let psnr = try jq(try XCTUnwrap(edit["psnrMin"] as? Double))
        XCTAssertEqual(String(warnings[0]), "::warning file=presets dir/a%2Cb%3A c.json,title=Segue%3A edit changed::"
                       + "edit: the clip differs from the baseline (lowest PSNR \(psnr) dB); see the gallery")

        let s = try runner.run("summary", ["MANIFEST": dir + "/out/manifest.json", "ARTIFACT_URL": "https://example.invalid/artifact/7"])
        XCTAssertEqual(s.status, 0, s.stderr)
        let summary = try String(contentsOfFile: dir + "/summary.md", encoding: .utf8)
        XCTAssertTrue(summary.contains("3 presets: 2 ok, 1 changed"), summary)
        XCTAssertTrue(summary.contains("| changed | edit | \(psnr) | changed: frame 0 "), summary)
        XCTAssertFalse(summary.contains("| ok |"), summary)
        XCTAssertTrue(summary.contains("[the artifact](https://example.invalid/artifact/7)"), summary)
    }

    /// A number as jq prints it (the scripts read the manifest with jq).
    func jq(_ v: Double) throws -> String {
        try CLI.run(["-n", "\(v)"], executable: CLI.which("jq")).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testTheCacheKeyCoversEveryPresetPath() throws {
        let runner = try Self.runner()
        let dir = runner.dir
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write("{}", dir + "/a dir/x.json")
        try write("{}", dir + "/a dir/assets/x.png")
        try write("{}", dir + "/single.json")
        func key(_ presets: String, shard: String = "") throws -> String {
            try Data().write(to: URL(fileURLWithPath: dir + "/output"))
            let r = try runner.run("cache-key", ["PRESETS": presets, "SHARD": shard])
            XCTAssertEqual(r.status, 0, r.stderr)
            return try XCTUnwrap(try runner.outputs()["key"])
        }
        let both = try key("a dir\nsingle.json", shard: "2/4")
        XCTAssertTrue(both.hasPrefix("segue-2-of-4-"), both)
        XCTAssertEqual(try runner.outputs()["restore"], "segue-2-of-4-")
        // Each path given counts: the single file, a file in the folder, an asset below it.
        try write("{ }", dir + "/single.json")
        let single = try key("a dir\nsingle.json", shard: "2/4")
        XCTAssertNotEqual(single, both)
        try write("png", dir + "/a dir/assets/x.png")
        let asset = try key("a dir\nsingle.json", shard: "2/4")
        XCTAssertNotEqual(asset, single)
        XCTAssertEqual(try key("a dir\nsingle.json", shard: "2/4"), asset, "the same files give the same key")
        XCTAssertNotEqual(try key("single.json"), try key("a dir\n"))
        let missing = try runner.run("cache-key", ["PRESETS": "nowhere"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("nowhere: no such preset file or folder"), missing.stderr)
    }
}
