import Foundation
import XCTest
import SegueTestSupport

/// `segue validate --format text|json|github` end to end: every problem in one run, each with
/// its file, line and column, in the three forms editors and CI read.
final class ValidateFormatTests: XCTestCase {
    static let preset = """
    {
      "segue": 1,
      "fps": 600,
      "screens": { "a": { "mock": "lst" } },
      "start": "a",
      "timeline": [ { "hold": 0.1 } ]
    }
    """

    func testThreeFormsOfEveryProblem() throws {
        let dir = try temporaryFolder("validate-format")
        let file = dir + "/bad.json"
        try Self.preset.write(toFile: file, atomically: true, encoding: .utf8)
        let text = try CLI.run(["validate", file])
        XCTAssertEqual(text.status, 2)
        XCTAssertTrue(text.stderr.contains("\(file):3:10: fps: must be between 1 and 240 (got 600)"), text.stderr)
        XCTAssertTrue(text.stderr.contains("\(file):4:31: screens.a.mock: unknown mock \"lst\"; did you mean \"list\"?"), text.stderr)

        let json = try CLI.run(["validate", file, "--format", "json"])
        XCTAssertEqual(json.status, 2)
        let objects = try json.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        XCTAssertEqual(objects.count, 2, json.stdout)
        let fps = try XCTUnwrap(objects.first { $0["path"] as? String == "fps" })
        XCTAssertEqual(fps["file"] as? String, file)
        XCTAssertEqual(fps["line"] as? Int, 3)
        XCTAssertEqual(fps["column"] as? Int, 10)
        XCTAssertEqual(fps["found"] as? String, "600")
        XCTAssertEqual(fps["expected"] as? String, "a whole number between 1 and 240")
        XCTAssertEqual(fps["severity"] as? String, "error")
        XCTAssertNotNil(objects.first { $0["path"] as? String == "screens.a.mock" && $0["line"] as? Int == 4 && $0["column"] as? Int == 31 })

        let github = try CLI.run(["validate", file, "--format", "github"])
        XCTAssertEqual(github.status, 2)
        let escaped = file.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        XCTAssertTrue(github.stdout.contains("::error file=\(escaped),line=3,col=10::fps: must be between 1 and 240 (got 600)\n"), github.stdout)
        XCTAssertEqual(github.stdout.split(separator: "\n").count, 2)

        let unknown = try CLI.run(["validate", file, "--format", "xml"])
        XCTAssertEqual(unknown.status, 2)
    }

    /// A caption makes the frames taller by the band; the screen's rows are the same as without.
    func testCaptionBandGrowsTheFramesOnly() throws {
        let dir = try temporaryFolder("caption-band")
        let base = """
        { "segue": 1, "device": { "width": 100, "height": 160, "scale": 2 }, "fps": 10, "overlays": { "caption": CAPTION },
          "screens": { "a": { "background": "#3366CC", "layers": [] } }, "start": "a",
          "timeline": [ { "hold": 0.1, "caption": "A caption long enough to wrap onto a second line" } ] }
        """
        var pngs: [String: String] = [:]
        for on in ["true", "false"] {
            let file = dir + "/c-\(on).json"
            try base.replacingOccurrences(of: "CAPTION", with: on).write(toFile: file, atomically: true, encoding: .utf8)
            let r = try CLI.run(["frames", file, "--at", "0", "-o", dir + "/f-\(on)"])
            XCTAssertEqual(r.status, 0, r.stderr)
            pngs[on] = dir + "/f-\(on)/frame-00000.png"
        }
        let with = try CLI.probe(pngs["true"]!, countFrames: false), without = try CLI.probe(pngs["false"]!, countFrames: false)
        func size(_ p: [String: Any]) -> (Int, Int) {
            let s = (p["streams"] as! [[String: Any]])[0]
            return (s["width"] as! Int, s["height"] as! Int)
        }
        XCTAssertEqual(size(without).0, 200); XCTAssertEqual(size(without).1, 320)
        XCTAssertEqual(size(with).0, 200); XCTAssertEqual(size(with).1, 320 + 120, "60 pt band at scale 2")
        let a = try CLI.decodeFrame(pngs["true"]!, index: 0, width: 200, height: 440)
        let b = try CLI.decodeFrame(pngs["false"]!, index: 0, width: 200, height: 320)
        XCTAssertEqual(Array(a[0..<(200 * 320 * 3)]), b, "the screen's pixels do not change")
        // The band (black background) holds white caption text on two lines.
        func whiteRows(_ y0: Int, _ y1: Int) -> [Int] {
            (y0..<y1).filter { y in (0..<200).contains { x in a[(y * 200 + x) * 3] > 200 } }
        }
        let ink = whiteRows(320, 440)
        XCTAssertFalse(ink.isEmpty, "caption text in the band")
        let gaps = zip(ink, ink.dropFirst()).filter { $1 - $0 > 1 }.count
        XCTAssertGreaterThanOrEqual(gaps, 1, "two lines of text")
    }
}
