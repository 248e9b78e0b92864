import Foundation
import XCTest
import SegueTestSupport

/// `segue validate` on a transparent background without alpha (issue 29.1): the same message at
/// the same line and column whether the preset says mp4 or render's default does; `render` with a
/// format that stores alpha still takes the preset that names none.
final class TransparencyRuleCLITests: XCTestCase {
    static func preset(output: String) -> String {
        """
        { "segue": 1, "device": { "width": 30, "height": 20, "scale": 1 }, "fps": 10,
          "background": "transparent",\(output.isEmpty ? "" : "\n  \"output\": \(output),")
          "screens": { "a": { "layers": [] } }, "start": "a", "timeline": [ { "hold": 0.1 } ] }
        """
    }

    func testExplicitAndDefaultMP4GiveOneMessageAtBackground() throws {
        let dir = try temporaryFolder("transparency")
        let named = dir + "/named.json", unnamed = dir + "/unnamed.json"
        try CLI.write(Self.preset(output: #"{ "format": "mp4" }"#), named)
        try CLI.write(Self.preset(output: ""), unnamed)
        let expected = ":2:17: background: format mp4 cannot store transparency (background \"transparent\"; H.264/HEVC have no alpha)"
        for file in [named, unnamed] {
            let r = try CLI.run(["validate", file])
            XCTAssertEqual(r.status, 2, r.stderr)
            let lines = r.stderr.split(separator: "\n").filter { $0.hasPrefix(file + ":") }
            XCTAssertEqual(lines.count, 1, r.stderr)
            XCTAssertTrue(lines.first?.hasPrefix(file + expected) ?? false, "expected \(file + expected)… in:\n\(r.stderr)")
        }
        XCTAssertEqual(try CLI.run(["render", unnamed, "-o", dir + "/t.webm", "--quiet"]).status, 0, "a format with alpha renders")
    }
}
