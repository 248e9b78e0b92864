import Foundation
import XCTest
import SegueTestSupport

/// A mistyped element id in a transition parameter (`source`, sheet's `from`, predictive back's
/// `icon`) or in `match` gets the nearest id as a suggestion, as every closed set does
/// (docs/CLI.md "Errors"), placed after the screen it was looked for on: exit 2, file:line:column,
/// the JSON path.
final class ElementIdSuggestionTests: XCTestCase {
    func validate(device: String, start: String, step: String) throws -> CLI.Result {
        let dir = try temporaryFolder("idhint")
        try CLI.write("""
            { "segue": 1, "name": "t", "device": "\(device)",
              "screens": { "a": \(start), "b": { "mock": "detail", "photo": 2 } },
              "start": "a", "timeline": [
              \(step) ] }
            """, dir + "/p.json")
        return try CLI.run(["validate", dir + "/p.json"], in: dir)
    }

    func expect(_ r: CLI.Result, _ line: String, file: StaticString = #filePath, lineNo: UInt = #line) {
        XCTAssertEqual(r.status, 2, r.stderr, file: file, line: lineNo)
        XCTAssertTrue(r.stderr.contains(line), "expected \(line) in:\n\(r.stderr)", file: file, line: lineNo)
    }

    func testNavigationZoomSourceSuggestsTheNearestId() throws {
        let r = try validate(device: "iphone-13", start: #"{ "mock": "grid", "items": 6 }"#,
                             step: #"{ "push": "b", "transition": { "type": "navigation-zoom", "source": "phot2" } }"#)
        expect(r, #"p.json:4:71: timeline[0].transition.source: no element "phot2" on the screen underneath, "a"; did you mean "photo2"? (ids: "#)
    }

    func testSheetFromSuggestsTheNearestId() throws {
        let r = try validate(device: "iphone-13", start: #"{ "mock": "grid", "items": 6 }"#,
                             step: #"{ "present": "b", "transition": { "type": "sheet", "from": "photo22" } }"#)
        expect(r, #"timeline[0].transition.from: no element "photo22" on the screen underneath, "a"; did you mean "photo2"? (ids: "#)
    }

    func testPredictiveBackHomeIconSuggestsTheNearestId() throws {
        let r = try validate(device: "pixel-8", start: #"{ "mock": "home" }"#,
                             step: #"{ "push": "b", "transition": "android-activity" }, { "pop": true, "transition": { "type": "predictive-back-home", "icon": "icn3" } }"#)
        expect(r, #"timeline[1].transition.icon: no element "icn3" on the screen underneath, "a"; did you mean "icon3"? (ids: "#)
    }

    func testMatchSuggestsAfterNamingTheScreen() throws {
        let r = try validate(device: "iphone-13", start: #"{ "mock": "grid", "items": 6 }"#,
                             step: #"{ "push": "b", "transition": "magic-move", "match": [["phot2", "hero"]] }"#)
        expect(r, #"timeline[0].match[0][0]: no element "phot2" on the screen "a"; did you mean "photo2"? (ids: "#)
    }
}
