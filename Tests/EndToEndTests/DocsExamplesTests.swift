import Foundation
import XCTest
import SegueTestSupport

/// What a new user copies out of the README must be what the repository has: the preset shown as
/// `presets/stories/screenshots.json` is that file, the own-screenshots excerpt is that file's
/// screens and timeline, every `./scripts/segue` line of a shell block runs as one command (no
/// `a|b|c` alternatives for the shell to pipe), and PRESETS.md names every mock `segue list mocks` has.
final class DocsExamplesTests: XCTestCase {
    func text(_ rel: String) throws -> String { try String(contentsOf: CLI.root.appendingPathComponent(rel), encoding: .utf8) }

    /// The bodies of the file's fenced blocks of one language, in order.
    func blocks(_ markdown: String, _ language: String) -> [String] {
        markdown.components(separatedBy: "```" + language + "\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
    }

    func json(_ text: String) throws -> NSDictionary {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary, text)
    }

    func testTheReadmePresetIsTheFileItNames() throws {
        let readme = try text("README.md")
        let shown = try json(try XCTUnwrap(blocks(readme, "json").first))
        XCTAssertTrue(readme.contains("`presets/stories/screenshots.json` — "))
        XCTAssertEqual(shown, try json(try text("presets/stories/screenshots.json")))
        let excerpt = try json("{" + blocks(readme, "json")[1] + "}")
        let own = try json(try text("presets/stories/own-screenshots.json"))
        XCTAssertEqual(excerpt["screens"] as? NSDictionary, own["screens"] as? NSDictionary)
        XCTAssertEqual(excerpt["timeline"] as? NSArray, own["timeline"] as? NSArray)
    }

    func testEveryReadmeCommandLineIsOneCommand() throws {
        for block in blocks(try text("README.md"), "sh") {
            for line in block.split(separator: "\n") where line.hasPrefix("./scripts/segue") || line.hasPrefix("segue ") {
                let command = line.split(separator: "#", maxSplits: 1).first ?? ""
                XCTAssertFalse(command.contains("|"), "the shell would pipe: \(line)")
            }
        }
    }

    func testPresetsMdNamesEveryMock() throws {
        let list = try CLI.run(["list", "mocks"])
        XCTAssertEqual(list.status, 0, list.stderr)
        let mocks = list.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertFalse(mocks.isEmpty)
        XCTAssertTrue(try text("docs/PRESETS.md").contains("`segue list mocks` (" + mocks.joined(separator: ", ") + ")"), "\(mocks)")
    }
}
