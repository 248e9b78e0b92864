import Foundation
import XCTest
import SegueTestSupport

/// docs/CLI.md says what the binary's help says: its command list is `segue --help`'s, and its
/// table of render and batch options has a row for every option of `segue help render`, each
/// with the values and ranges the help prints (help is built from each option's one
/// declaration, so this also checks the ranges the parser enforces).
final class OptionDocsTests: XCTestCase {
    static func cliDoc() throws -> String {
        try String(contentsOfFile: DocsAndHelpTests.root + "/docs/CLI.md", encoding: .utf8)
    }

    /// A help text's option lines by name (`--fps` → `  --fps N   frames per second (1…240)`); an
    /// option whose left column is long has its description on the next, indented line.
    static func optionLines(_ help: String) -> [String: String] {
        var out: [String: String] = [:]
        var last: String?
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("  -") {
                let names = line.dropFirst(2).split(separator: " ").prefix(2).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
                last = line
                for n in names where n.hasPrefix("-") { out[n] = line }
            } else if let l = last, line.hasPrefix(String(repeating: " ", count: 20)) {
                let joined = l + " " + line.trimmingCharacters(in: .whitespaces)
                for (k, v) in out where v == l { out[k] = joined }
                last = joined
            } else {
                last = nil
            }
        }
        return out
    }

    /// docs/CLI.md's "Options of render and batch" rows: the option names and the values cell.
    static func documentedOptions() throws -> [(names: [String], values: String)] {
        let section = try XCTUnwrap(try cliDoc().components(separatedBy: "## Options of render and batch").dropFirst().first)
        let table = section.components(separatedBy: "\n## ")[0]
        return table.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, cells[1].hasPrefix("`-") else { return nil }
            let names = cells[1].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
            return (names, cells[2])
        }
    }

    /// The words of a values cell the help must print: every `code` span and every bare range `a…b`.
    static func valueWords(_ cell: String) -> [String] {
        let code = cell.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let bare = cell.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            .flatMap { $0.split(whereSeparator: { " (),:;".contains($0) }) }.map(String.init)
            .filter { $0.contains("…") && $0.first?.isNumber == true }
        return code + bare
    }

    func testTheOptionsTableIsTheHelpOfRenderAndBatch() throws {
        let render = Self.optionLines(try CLI.run(["help", "render"]).stdout)
        let batch = Self.optionLines(try CLI.run(["help", "batch"]).stdout)
        XCTAssertNotNil(render["--jobs"], "help render lists its options")
        let rows = try Self.documentedOptions()
        XCTAssertGreaterThan(rows.count, 10)
        for row in rows {
            let line = try XCTUnwrap(row.names.lazy.compactMap { render[$0] ?? batch[$0] }.first, "\(row.names) is an option of render or batch")
            for word in Self.valueWords(row.values) {
                XCTAssertTrue(line.contains(word), "docs/CLI.md gives \(row.names[0]) \(word); help says: \(line)")
            }
        }
        let documented = Set(rows.flatMap(\.names))
        for name in render.keys {
            XCTAssertTrue(documented.contains(name), "docs/CLI.md's table lists render's \(name)")
        }
    }

    /// Every command parses against its own declarations: an option it does not take is exit 2
    /// with the nearest one it does take, and every option its help lists is one it accepts.
    func testEveryCommandTakesWhatItsHelpLists() throws {
        let usage = try CLI.run(["--help"]).stdout
        let commands = usage.split(separator: "\n").compactMap { l -> String? in
            let w = l.split(separator: " ")
            return l.hasPrefix("  segue ") && w.count > 1 && !w[1].hasPrefix("-") && w[1] != "help" ? String(w[1]) : nil
        }
        XCTAssertGreaterThan(commands.count, 10)
        // Every child is independent of the others: they run side by side.
        let helps = try concurrently(commands.count) { try CLI.run(["help", commands[$0]]).stdout }
        var seen: Set<String> = []   // an option shared by several commands is tried with one of them
        var typos: [(command: String, typo: String, name: String)] = []
        for (c, help) in zip(commands, helps) {
            let options = Self.optionLines(help).keys.filter { $0.hasPrefix("--") }.sorted()
            let fresh = options.filter { !seen.contains($0) }
            seen.formUnion(options)
            for name in fresh.isEmpty ? Array(options.prefix(1)) : fresh {
                typos.append((c, String(name.dropLast()) + "q", name))   // one letter off
            }
        }
        let runs = try concurrently(typos.count) { [typos = typos.map { [$0.command, $0.typo] }] in try CLI.run(typos[$0] + ["x"]) }
        for ((c, typo, name), r) in zip(typos, runs) {
            XCTAssertEqual(r.status, 2, "\(c) \(typo): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("unknown option \(typo); did you mean \(name)?"), "\(c) \(typo): \(r.stderr)")
        }
        XCTAssertEqual(runs.count, typos.count)
    }

    func testTheCommandListIsTheUsage() throws {
        let usage = try CLI.run(["--help"]).stdout
        let doc = try Self.cliDoc()
        let lines = usage.split(separator: "\n").filter { $0.hasPrefix("  segue ") }
        XCTAssertGreaterThan(lines.count, 10)
        for line in lines {
            let text = line.dropFirst(2).replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
            let inDoc = doc.replacingOccurrences(of: #"[ ]+"#, with: " ", options: .regularExpression)
            XCTAssertTrue(inDoc.contains(text), "docs/CLI.md's command list has: \(text)")
        }
    }
}
