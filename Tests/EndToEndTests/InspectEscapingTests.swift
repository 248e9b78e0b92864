import Foundation
import XCTest
import SegueTestSupport

/// `segue inspect` prints a step's caption (and a matrix value substituted into it) escaped, as
/// every other string from a preset is printed: an ESC, BEL or C1 control in a caption reached the
/// terminal raw (an OSC sequence retitled the window, CSI recoloured what followed).
final class InspectEscapingTests: XCTestCase {
    func testCaptionsAreEscapedInTheTimelineTable() throws {
        let dir = try temporaryFolder("inspect-escape")
        try CLI.write(#"""
            { "segue": 1, "name": "esc", "device": { "width": 60, "height": 40, "scale": 1 }, "fps": 10,
              "matrix": { "vars.t": ["a\u001b]0;pwn\u0007", "b"] },
              "screens": { "a": { "background": "#FF0000", "layers": [] }, "b": { "background": "#00FF00", "layers": [] } },
              "start": "a",
              "timeline": [ { "hold": 0.1, "caption": "\u001b[1mbold\u009b" }, { "push": "b", "duration": 0.2, "caption": "$t" } ] }
            """#, dir + "/p.json")
        let r = try CLI.run(["inspect", "p.json", "--only", "vars.t=a\u{1B}]0;pwn\u{7}"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        for control: UnicodeScalar in ["\u{1B}", "\u{7}", "\u{9B}"] {
            XCTAssertFalse(r.stdout.unicodeScalars.contains(control), "a raw U+\(String(control.value, radix: 16)) in:\n\(r.stdout)")
        }
        XCTAssertTrue(r.stdout.contains(#"\u{1B}[1mbold\u{9B}"#), r.stdout)
        XCTAssertTrue(r.stdout.contains(#"a\u{1B}]0;pwn\u{7}"#), r.stdout)
    }
}
