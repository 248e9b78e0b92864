import Foundation
import XCTest
@testable import Presets

/// Issue 27.8, the rest: the product walk never visits what `exclude` drops, so expanding a
/// matrix costs the combinations left plus the entries that apply — not the product (1000 ×
/// 1000 values with 999 excludes visited 10⁶ positions twice). The walk's steps are counted
/// (no timing), and what it yields is GitHub Actions' rules applied directly.
final class MatrixWalkTests: XCTestCase {
    func source(_ matrix: String) throws -> PresetSource {
        let text = """
        { "segue": 1, "name": "m", "matrix": \(matrix), "device": "iphone-13", "fps": 30,
          "screens": { "a": { "mock": "list", "title": "$a" }, "b": { "mock": "detail", "title": "$b" } },
          "start": "a", "timeline": [ { "hold": 0.2, "caption": "$c" }, { "push": "b", "transition": "uikit", "caption": "$d" } ] }
        """
        return try PresetSource.parse(text: text, file: "m.json", defaultName: "file")
    }

    func list(_ prefix: String, _ n: Int) -> String { "[" + (0..<n).map { "\"\(prefix)\($0)\"" }.joined(separator: ", ") + "]" }

    func testTheWalkCostsTheCombinationsLeftNotTheProduct() throws {
        for n in [250, 500, 1000] {
            // Excludes on the first axis drop whole slabs; on the second, all but one value of it.
            let first = (0..<(n - 1)).map { "{ \"vars.a\": \"a\($0)\" }" }.joined(separator: ", ")
            let second = (0..<(n - 1)).map { "{ \"vars.b\": \"b\($0)\" }" }.joined(separator: ", ")
            for (exclude, expected) in [(first, "vars.a=a\(n - 1),vars.b=b0"), (second, "vars.a=a0,vars.b=b\(n - 1)")] {
                let m = try XCTUnwrap(try source("{ \"vars.a\": \(list("a", n)), \"vars.b\": \(list("b", n)), \"exclude\": [\(exclude)] }").matrix)
                XCTAssertEqual(m.count, n)
                XCTAssertEqual(m.combinations.first { _ in true }?.query, expected)
                XCTAssertLessThanOrEqual(m.expansionSteps, n + 2, "n = \(n): the walk took \(m.expansionSteps) steps for a product of \(n * n)")
            }
        }
    }

    /// Three axes, excludes of one, two and three keys written in any key order, and includes:
    /// the walk gives exactly the combinations the rules give, in product order.
    func testTheWalkGivesWhatTheRulesGive() throws {
        let axes = [("vars.a", (0..<5).map { "a\($0)" }), ("vars.b", (0..<4).map { "b\($0)" }), ("vars.c", (0..<3).map { "c\($0)" })]
        let exclude: [[(String, String)]] = [[("vars.b", "b1")], [("vars.c", "c2"), ("vars.a", "a0")], [("vars.a", "a3"), ("vars.b", "b2"), ("vars.c", "c0")],
                                             [("vars.c", "c1"), ("vars.b", "b3")], [("vars.a", "a4")]]
        func json(_ e: [(String, String)]) -> String { "{" + e.map { "\"\($0.0)\": \"\($0.1)\"" }.joined(separator: ", ") + "}" }
        let matrix = "{ " + axes.map { "\"\($0.0)\": [" + $0.1.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }.joined(separator: ", ")
            + ", \"exclude\": [" + exclude.map(json).joined(separator: ", ") + "], \"include\": [{ \"vars.a\": \"a2\", \"vars.d\": \"x\" }] }"
        let m = try XCTUnwrap(try source(matrix).matrix)
        var expected: [String] = []
        for a in axes[0].1 { for b in axes[1].1 { for c in axes[2].1 {
            let values = ["vars.a": a, "vars.b": b, "vars.c": c]
            if exclude.contains(where: { e in e.allSatisfy { values[$0.0] == $0.1 } }) { continue }
            expected.append("vars.a=\(a),vars.b=\(b),vars.c=\(c)" + (a == "a2" ? ",vars.d=x" : ""))
        } } }
        XCTAssertEqual(m.combinations.map(\.query), expected)
        XCTAssertEqual(m.count, expected.count)
    }
}
