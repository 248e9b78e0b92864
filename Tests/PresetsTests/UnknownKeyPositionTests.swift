import Foundation
import Presets
import XCTest

/// An unknown key is reported at the key, not at its value: `"fsp": 30` on line 3 from column 3
/// is `x.json:3:3`, where an editor's cursor lands on the word to fix (docs/PRESETS.md shows it so).
/// The expected column is found here from the text: the opening quote of `"KEY"` followed by a
/// colon, on the line the problem names.
final class UnknownKeyPositionTests: XCTestCase {
    /// The 1-based line and column of the quote opening `"key"` used as a key in `text`, nth match.
    func keyPositions(_ key: String, in text: String) -> [SourcePosition] {
        var out: [SourcePosition] = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = Substring(line)
            while let r = rest.range(of: "\"\(key)\"") {
                if rest[r.upperBound...].drop(while: { $0 == " " }).first == ":" {
                    out.append(SourcePosition(line: i + 1, column: line.distance(from: line.startIndex, to: r.lowerBound) + 1))
                }
                rest = rest[r.upperBound...]
            }
        }
        return out
    }

    func testTheCorpusUnknownKeysPointAtTheKey() throws {
        let cases = try InvalidPresetCorpusTests.cases().filter { $0.fragment == "unknown key" }
        XCTAssertGreaterThanOrEqual(cases.count, 10)
        for c in cases {
            let file = (InvalidPresetCorpusTests.folder as NSString).appendingPathComponent(c.file)
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let key = String(c.path.split(separator: ".").last ?? "")
            let problems = try problemsOf(text, file: file).filter { $0.message.contains("unknown key") }
            XCTAssertEqual(problems.count, 1, c.file)
            guard let at = problems.first?.position else { XCTFail("\(c.file): no position"); continue }
            XCTAssertTrue(keyPositions(key, in: text).contains(at), "\(c.file): \(key) reported at \(at), its key is at \(keyPositions(key, in: text))")
        }
    }

    /// A matrix variable substituted into the misspelt key's value: the problem still points at
    /// the key (the value's position is the matrix's, where the variable's values are listed).
    func testAKeyWhoseValueIsAMatrixVariableStillPointsAtTheKey() throws {
        let text = """
            {
              "segue": 1, "name": "m",
              "matrix": { "vars.words": ["one", "two"] },
              "device": "iphone-13", "fps": 30,
              "screens": { "a": { "mock": "list" }, "b": { "mock": "grid" } },
              "start": "a",
              "timeline": [ { "push": "b", "transition": "uikit", "captoin": "$words" } ]
            }
            """
        let source = try PresetSource.parse(text: text, file: "m.json", defaultName: "m")
        let key = keyPositions("captoin", in: text)
        XCTAssertEqual(key.count, 1)
        var clips = 0
        for c in source.clips {
            clips += 1
            do { _ = try source.preset(c); XCTFail("clip \(clips) accepted") } catch {
                let unknown = error.problems.filter { $0.message.contains("unknown key") }
                XCTAssertEqual(unknown.count, 1, error.description)
                XCTAssertEqual(unknown.first?.position, key.first, error.description)
            }
        }
        XCTAssertEqual(clips, 2)
    }

    func problemsOf(_ text: String, file: String) throws -> [Problem] {
        do { _ = try PresetDecoder.decode(text: text, file: file, defaultName: "x"); return [] } catch { return error.problems }
    }
}
