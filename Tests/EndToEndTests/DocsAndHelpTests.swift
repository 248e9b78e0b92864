import Foundation
import XCTest
import SegueTestSupport

/// The repository's docs stand alone and the CLI explains itself: README names every doc and,
/// through scripts/readme-catalog, exactly what `segue list` prints; nothing in README, docs/ or
/// Sources/ cites a document outside the repository; every command answers `--help` as
/// `segue help COMMAND` does; a mistyped command gets a suggestion; `validate DIR` checks what
/// `batch DIR` would render.
final class DocsAndHelpTests: XCTestCase {
    static let root = PackageTests.root.path

    func testReadmeListsEveryDocAndTheCatalogOfTheBinary() throws {
        let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
        for doc in try FileManager.default.contentsOfDirectory(atPath: Self.root + "/docs") where doc.hasSuffix(".md") {
            XCTAssertTrue(readme.contains("](docs/\(doc))"), "README links docs/\(doc)")
        }
        let generated = try CLI.run([Self.root + "/scripts/readme-catalog", CLI.binary], executable: CLI.which("bash"))
        XCTAssertEqual(generated.status, 0, generated.stderr)
        XCTAssertTrue(readme.contains(generated.stdout), "README's catalog is stale: run scripts/readme-catalog --write\n\(generated.stdout)")
        // Independently of the script: every name `segue list` prints is in README.
        for kind in ["transitions", "mocks", "devices"] {
            for line in try CLI.run(["list", kind]).stdout.split(separator: "\n") where !line.hasPrefix(" ") {
                let name = String(line.split(separator: " ")[0])
                XCTAssertTrue(readme.contains("`\(name)`"), "README names the \(kind) entry \(name)")
            }
        }
    }

    func testNothingCitesDocumentsOutsideTheRepository() throws {
        let r = try CLI.run(["-rlE", #"DESIGN(\.md| §)|reference/(platforms|transitions|exporters|rasterizers|realapps)\.md|\.\./shared/"#,
                             "README.md", "docs", "Sources"], in: Self.root, executable: CLI.which("grep"))
        XCTAssertEqual(r.status, 1, "these cite documents users do not have: \(r.stdout)")
    }

    func testEveryCommandAnswersHelpAsHelpCommandDoes() throws {
        let usage = try CLI.run(["--help"]).stdout
        let commands = usage.split(separator: "\n").compactMap { l -> String? in
            guard l.hasPrefix("  segue ") else { return nil }
            let w = l.split(separator: " ")
            return w.count > 1 && w[0] == "segue" && !w[1].hasPrefix("-") ? String(w[1]) : nil
        }
        XCTAssertTrue(commands.contains("render") && commands.contains("gallery") && commands.contains("list"), "\(commands)")
        let asked = Set(commands).subtracting(["help"]).sorted()
        // `C --help`, `help C`, `C -h` for each command: independent children, run side by side.
        let answers = try concurrently(asked.count) { i in try [[asked[i], "--help"], ["help", asked[i]], [asked[i], "-h"]].map { try CLI.run($0) } }
        for (c, runs) in zip(asked, answers) {
            let (dashed, topic, h) = (runs[0], runs[1], runs[2])
            XCTAssertEqual(dashed.status, 0, "\(c) --help: \(dashed.stderr)")
            XCTAssertEqual(topic.status, 0, "help \(c): \(topic.stderr)")
            XCTAssertEqual(dashed.stdout, topic.stdout, c)
            XCTAssertTrue(dashed.stdout.hasPrefix("segue \(c)"), "\(c): \(dashed.stdout.prefix(80))")
            XCTAssertEqual(h.stdout, topic.stdout, c)
        }
        XCTAssertEqual(answers.count, asked.count)
        let typo = try CLI.run(["rendr", "x.json"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(typo.stderr, "segue: unknown command \"rendr\"; did you mean \"render\"? (see segue --help)\n")
        let topic = try CLI.run(["help", "galery"])
        XCTAssertEqual(topic.status, 2)
        XCTAssertTrue(topic.stderr.contains("did you mean \"gallery\"?"), topic.stderr)
        XCTAssertFalse(try CLI.run(["qqqqqq"]).stderr.contains("did you mean"))
    }

    func testValidateTakesFoldersAsBatchDoes() throws {
        let dir = try temporaryFolder("validate-dir")
        func write(_ text: String, _ path: String) throws { try CLI.write(text, dir + "/" + path) }
        try write(BatchTests.preset(name: "a"), "p/a.json")
        try write(BatchTests.preset(name: "b"), "p/deep/b.json")
        try write("{ \"segue\": 1, \"fsp\": 3 }", "p/deep/er/bad.json")
        try write("{ not json", "p/.hidden/skipped.json")
        let r = try CLI.run(["validate", "p"], in: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout, "p/a.json: ok\np/deep/b.json: ok\n")
        XCTAssertTrue(r.stderr.contains("p/deep/er/bad.json:1:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("1 of 3 presets invalid"), r.stderr)
        // The same presets as batch takes: it refuses to render the same invalid one.
        let batch = try CLI.run(["batch", "p", "-o", "out", "--quiet"], in: dir)
        XCTAssertEqual(batch.status, 2)
        XCTAssertTrue(batch.stderr.contains("p/deep/er/bad.json"), batch.stderr)
        try write("notes", "none/readme.txt")
        let empty = try CLI.run(["validate", "none"], in: dir)
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.stderr.contains("no presets (*.json) in none"), empty.stderr)
    }

    func testGitIgnoresTheCacheFolder() throws {
        let r = try CLI.run(["check-ignore", "-q", ".segue-cache/x.mp4"], in: Self.root, executable: CLI.which("git"))
        XCTAssertEqual(r.status, 0, ".gitignore covers .segue-cache/")
    }
}
