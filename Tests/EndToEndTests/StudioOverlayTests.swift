import Foundation
import Media
import Raster
import XCTest
import SegueTestSupport

/// The element outlines follow what the frame draws, in transitions too: on a still the card's
/// outline is its frame; halfway through a uikit push the outline has moved with its screen
/// (same size, same height on screen, shifted left), and the frame `segue frames --at` writes
/// shows the white card inside the moved outline and the red screen just below it.
final class StudioOverlayTests: XCTestCase {
    func outlines(_ port: Int, _ t: String) throws -> [String: [[Double]]] {
        let r = try RawHTTP.get(port: port, "/api/at?p=p.json&t=\(t)")
        XCTAssertEqual(r.status, 200, r.headers)
        let j = try XCTUnwrap(JSONSerialization.jsonObject(with: r.body) as? [String: Any])
        let elements = try XCTUnwrap(j["elements"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: elements.map { ($0["id"] as? String ?? "", $0["quad"] as? [[Double]] ?? []) })
    }

    func testOutlinesFollowTheScreenThroughAPush() throws {
        let root = try CLI.tempDir("studio-outlines")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/p", withIntermediateDirectories: true)
        try Data(StudioServerTests.preset.utf8).write(to: URL(fileURLWithPath: root + "/p/p.json"))
        let server = try StudioServer([root + "/p"])

        XCTAssertEqual(try outlines(server.port, "0")["card"], [[10, 10], [50, 10], [50, 40], [10, 40]])
        let moved = try XCTUnwrap(try outlines(server.port, "0.4")["card"])   // frame 4: the push is under way
        let dx = moved[0][0] - 10
        XCTAssertLessThan(dx, -1, "the card moved left with its screen")
        for (p, q) in zip(moved, [[10.0, 10.0], [50, 10], [50, 40], [10, 40]]) {
            XCTAssertEqual(p[0], q[0] + dx, accuracy: 1e-9)
            XCTAssertEqual(p[1], q[1], accuracy: 1e-9)
        }
        XCTAssertEqual(try CLI.run(["frames", root + "/p/p.json", "--at", "0.4", "-o", root + "/ref", "--quiet"]).status, 0)
        let frame = try ImageDecoder.decode(path: root + "/ref/frame-00004.png")   // 1 px per point
        let x = Int((moved[0][0] + moved[1][0]) / 2)
        guard x >= 0 && x < frame.width else { return XCTFail("the card's middle is off the frame: \(moved)") }
        let inside = frame.rgba(x: x, y: 25), below = frame.rgba(x: x, y: 45)
        XCTAssertGreaterThan(min(inside.r, inside.g, inside.b), 150, "the card is drawn inside the outline: \(inside)")
        XCTAssertLessThan(below.g, 100, "the red screen is drawn below it: \(below)")
        XCTAssertEqual(server.interrupt().status, 0)
    }
}
