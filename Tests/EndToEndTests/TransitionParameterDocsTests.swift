import Foundation
import SegueTestSupport
import XCTest

/// Every parameter `segue list transitions` prints for a transition is documented in
/// docs/PRESETS.md or docs/TRANSITIONS.md (named in backticks), so a user need not run the CLI to
/// learn that Hero's `cover` takes `overlay` or `shadowRadius`, or that `custom` takes `order`.
final class TransitionParameterDocsTests: XCTestCase {
    func testEveryListedParameterIsDocumented() throws {
        let r = try CLI.run(["list", "transitions"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let docs = try ["docs/PRESETS.md", "docs/TRANSITIONS.md"].map {
            try String(contentsOf: CLI.root.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
        var transition = "", checked = 0
        for line in r.stdout.split(separator: "\n").map(String.init) {
            // "name" at the start of a line, then its summary and "    parameter  default …" lines.
            if let first = line.first, first.isLetter { transition = line.trimmingCharacters(in: .whitespaces); continue }
            // A parameter line: its name, a column gap, "default" (a summary has single spaces).
            guard let m = line.wholeMatch(of: /\ {4}(\S+)\ {2,}default .*/) else { continue }
            let name = String(m.output.1)
            XCTAssertTrue(docs.contains("`\(name)`"), "\(transition)'s parameter \(name) is documented in neither PRESETS.md nor TRANSITIONS.md")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 60, "the catalog's parameters were read")
    }
}
