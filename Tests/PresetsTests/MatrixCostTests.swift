import Foundation
import XCTest
import Presets

/// Issue 27.8 and 27.12: a matrix's `exclude`/`include` entries are indexed, so expansion looks
/// only at the entries that can concern a combination — the same combinations as GitHub
/// Actions' rules applied entry by entry (checked against a direct implementation here) — and
/// `--only` accepts values holding commas, as segue lists them.
final class MatrixCostTests: XCTestCase {
    func source(_ matrix: String) throws -> PresetSource {
        try PresetSource.parse(text: MatrixTests.preset(matrix: matrix), file: "m.json", defaultName: "file")
    }

    /// GitHub's rules, applied directly: the product (first key slowest), each exclude entry
    /// dropping what matches all its pairs, each include merged where it contradicts no axis value.
    func direct(axes: [(String, [String])], exclude: [[String: String]], include: [[String: String]]) -> [String] {
        var product: [[(String, String)]] = [[]]
        for (k, vs) in axes { product = product.flatMap { c in vs.map { c + [(k, $0)] } } }
        let axisKeys = Set(axes.map(\.0))
        return product.compactMap { c -> String? in
            let d = Dictionary(uniqueKeysWithValues: c)
            if exclude.contains(where: { e in e.allSatisfy { d[$0.key] == $0.value } }) { return nil }
            var out = c
            for e in include where e.allSatisfy({ !axisKeys.contains($0.key) || d[$0.key] == $0.value }) {
                for (k, v) in e.sorted(by: { $0.key < $1.key }) {
                    if let j = out.firstIndex(where: { $0.0 == k }) { if !axisKeys.contains(k) { out[j].1 = v } } else { out.append((k, v)) }
                }
            }
            return out.map { "\($0.0)=\($0.1)" }.sorted().joined(separator: ",")
        }
    }

    func testExpansionMatchesTheRulesAppliedEntryByEntry() throws {
        let fruit = (0..<12).map { "f\($0)" }, animal = (0..<9).map { "a\($0)" }
        let exclude = (0..<12).filter { $0 % 3 == 0 }.map { ["vars.fruit": "f\($0)"] } + [["vars.fruit": "f1", "vars.animal": "a2"], ["vars.animal": "a5"]]
        let include = [["vars.fruit": "f2", "vars.color": "red"], ["vars.animal": "a1", "vars.color": "blue"], ["vars.shape": "round"],
                       ["vars.fruit": "f4", "vars.animal": "a4", "vars.color": "green"]]
        func list(_ entries: [[String: String]]) -> String {
            "[" + entries.map { e in "{" + e.sorted(by: { $0.key < $1.key }).map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ") + "}" }.joined(separator: ", ") + "]"
        }
        let json = "{ \"vars.fruit\": [\(fruit.map { "\"\($0)\"" }.joined(separator: ", "))], \"vars.animal\": [\(animal.map { "\"\($0)\"" }.joined(separator: ", "))], "
            + "\"exclude\": \(list(exclude)), \"include\": \(list(include)) }"
        let m = try XCTUnwrap(try source(json).matrix)
        let got = m.combinations.map { c in c.values.map { "\($0.key)=\(MatrixTests.text($0.value))" }.sorted().joined(separator: ",") }
        XCTAssertEqual(got, direct(axes: [("vars.fruit", fruit), ("vars.animal", animal)], exclude: exclude, include: include))
        XCTAssertEqual(m.count, got.count)
    }

    /// 1000 × 1000 values and 999 excludes (the issue's 36 KB preset) at two sizes: both expand to
    /// the clips left, and the larger completes (it took 65 s when every combination was compared
    /// with every exclude entry).
    func testManyExcludesOverALargeProduct() throws {
        for n in [500, 1000] {
            let values = { (p: String) in "[" + (0..<n).map { "\"\(p)\($0)\"" }.joined(separator: ", ") + "]" }
            let exclude = "[" + (0..<(n - 1)).map { "{ \"vars.fruit\": \"f\($0)\" }" }.joined(separator: ", ") + "]"
            let m = try XCTUnwrap(try source("{ \"vars.fruit\": \(values("f")), \"vars.animal\": \(values("a")), \"exclude\": \(exclude) }").matrix)
            XCTAssertEqual(m.count, n)
            XCTAssertEqual(m.combinations.first { _ in true }?.query, "vars.fruit=f\(n - 1),vars.animal=a0")
        }
    }

    func testOnlyAcceptsValuesWithCommasAsListed() throws {
        let s = try source(#"{ "vars.fruit": ["b,c", "d"], "vars.animal": ["x", "y,z=1"] }"#)
        XCTAssertEqual(try s.select("vars.fruit=b,c,vars.animal=x")?.query, "vars.fruit=b,c,vars.animal=x")
        XCTAssertEqual(try s.select("vars.animal=y,z=1,vars.fruit=d")?.query, "vars.fruit=d,vars.animal=y,z=1")
        // Every combination as segue lists it selects itself.
        for c in s.matrix!.combinations { XCTAssertEqual(try s.select(c.query)?.query, c.query) }
        XCTAssertThrowsError(try s.select("vars.fruti=d"))
    }
}
