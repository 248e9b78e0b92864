import Foundation
import XCTest
import Presets

/// Issue 27.14: `"name": "$n"` is substituted by a matrix variable like every other string. The
/// clip is named by the value, then the other keys' values (the variable's own not repeated);
/// a name that cannot name a file, or two combinations giving one name, are matrix problems
/// found while the preset is parsed (before anything renders).
final class MatrixNameTests: XCTestCase {
    func source(_ matrix: String, name: String = "$screen") throws -> PresetSource {
        let text = """
        { "segue": 1, "name": "\(name)", "matrix": \(matrix), "device": "iphone-13", "fps": 30,
          "screens": { "a": { "mock": "list", "title": "$title" }, "b": { "mock": "detail" } },
          "start": "a", "timeline": [ { "hold": 0.2 }, { "push": "b", "transition": "uikit" } ] }
        """
        return try PresetSource.parse(text: text, file: "m.json", defaultName: "file")
    }

    func testTheNameVariableNamesTheClipFollowedByTheOtherValues() throws {
        let s = try source(#"{ "vars.screen": ["inbox", "thread"], "device": ["iphone-se", "iphone-15"], "vars.title": ["T"] }"#)
        let combinations = Array(try XCTUnwrap(s.matrix).combinations)
        XCTAssertEqual(combinations.map(s.name(of:)), ["inbox-iphone-se-T", "inbox-iphone-15-T", "thread-iphone-se-T", "thread-iphone-15-T"])
        // The decoded preset (what names the output file and its title tag) has the same name.
        for c in combinations { XCTAssertEqual(try s.preset(c).name, s.name(of: c)) }
        // The only key: the value alone, as written (a space is a legal file name character).
        let alone = try source(#"{ "vars.screen": ["Inbox view", "thread"] }"#, name: "$screen")
        XCTAssertEqual(try XCTUnwrap(alone.matrix).combinations.map(alone.name(of:)), ["Inbox view", "thread"])
        // An include entry that does not set the variable is named after the file.
        let standalone = try source(#"{ "vars.screen": ["inbox"], "device": ["iphone-se"], "include": [ { "device": "iphone-15" } ] }"#)
        XCTAssertEqual(try XCTUnwrap(standalone.matrix).combinations.map(standalone.name(of:)), ["inbox-iphone-se", "file-iphone-15"])
        // A name that is not a variable of the matrix stays the base, as before.
        let plain = try source(#"{ "device": ["iphone-se"] }"#, name: "demo")
        XCTAssertEqual(try XCTUnwrap(plain.matrix).combinations.map(plain.name(of:)), ["demo-iphone-se"])
    }

    func testCollidingAndUnusableNamesAreMatrixProblems() throws {
        func problems(_ matrix: String) -> [String] {
            do { _ = try source(matrix); return [] } catch let e as PresetError { return e.problems.map(\.description) } catch { return ["\(error)"] }
        }
        let clash = problems(#"{ "vars.screen": ["a-b", "a"], "vars.title": ["c", "b-c"] }"#)
        XCTAssertEqual(clash.count, 1, "\(clash)")
        XCTAssertTrue(clash.first?.contains("both name the clip \"a-b-c\"") ?? false, "\(clash)")
        let slash = problems(#"{ "vars.screen": ["ok", "../up"], "vars.title": ["x", "y"] }"#)
        XCTAssertEqual(slash.count, 1, "\(slash)")   // once per value, not per combination
        XCTAssertTrue(slash.first?.hasPrefix("m.json:1:") ?? false, "\(slash)")
        XCTAssertTrue(slash.first?.contains("matrix[\"vars.screen\"]: \"name\" is \"$screen\": the clip name \"../up-x\" must be a plain file name") ?? false, "\(slash)")
    }
}
