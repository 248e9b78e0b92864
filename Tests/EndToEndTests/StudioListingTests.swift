import Foundation
import XCTest
import SegueTestSupport

/// The studio's listing is bounded (a studio opened on `/` or a home folder does not walk it
/// whole): folders deeper than 8 levels and presets past the 1,000th are left out and the
/// listing says where it stopped; hidden and node_modules folders are skipped without a word.
final class StudioListingTests: XCTestCase {
    func presets(_ port: Int) throws -> (ids: [String], cut: String?) {
        let r = try RawHTTP.get(port: port, "/api/presets")
        XCTAssertEqual(r.status, 200, r.headers)
        let j = try XCTUnwrap(JSONSerialization.jsonObject(with: r.body) as? [String: Any])
        let ids = try XCTUnwrap(j["presets"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        return (ids, j["cut"] as? String)
    }

    func write(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(StudioServerTests.preset.utf8).write(to: URL(fileURLWithPath: path))
    }

    func testDepthAndSkippedFolders() throws {
        let root = try CLI.tempDir("studio-walk")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let eight = (1...8).map { "d\($0)" }.joined(separator: "/")
        for rel in ["a.json", "d1/b.json", "\(eight)/at8.json", "\(eight)/d9/at9.json", "node_modules/pkg/c.json", ".git/d.json", "notes.txt"] {
            try write(root + "/" + rel)
        }
        let server = try StudioServer([root])
        let (ids, cut) = try presets(server.port)
        XCTAssertEqual(ids, ["a.json", "d1/b.json", "\(eight)/at8.json"])
        XCTAssertEqual(cut, "The listing stops at folders deeper than 8 levels: open a smaller folder to see the rest.")
        XCTAssertEqual(server.interrupt().status, 0)
    }

    func testPresetCountAndAWholeListing() throws {
        let root = try CLI.tempDir("studio-many")
        defer { try? FileManager.default.removeItem(atPath: root) }
        for k in 0..<1001 { try write(root + "/" + String(format: "p%04d.json", k)) }
        let server = try StudioServer([root])
        let (ids, cut) = try presets(server.port)
        XCTAssertEqual(ids.count, 1000)
        XCTAssertEqual(ids.last, "p0999.json")   // the walk goes in name order: the 1,001st is the one left out
        XCTAssertEqual(cut, "The listing stops at more than 1000 presets: open a smaller folder to see the rest.")
        XCTAssertEqual(server.interrupt().status, 0)

        try FileManager.default.removeItem(atPath: root + "/p1000.json")
        let whole = try StudioServer([root])
        XCTAssertNil(try presets(whole.port).cut, "1,000 presets: the listing is whole")
        XCTAssertEqual(whole.interrupt().status, 0)
    }

    /// A preset whose name is not UTF-8 (Linux allows any byte but '/' and NUL) is listed under
    /// its escaped form, as batch and validate show it, and its frames are served: Foundation's
    /// listing decoded such names with U+FFFD, so the studio left the file out.
    func testANameThatIsNotUTF8IsListedEscapedAndServed() throws {
        let root = try CLI.tempDir("studio-raw")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write(root + "/sub/plain.json")
        // Renamed to "bad" + the byte 0xFF + ".json" through rename(2) with C paths of our own bytes.
        var from = Array((root + "/sub/plain.json").utf8CString)
        var to = Array((root + "/sub/bad").utf8).map { CChar(bitPattern: $0) } + [CChar(bitPattern: 0xFF)] + Array(".json".utf8CString)
        XCTAssertEqual(rename(&from, &to), 0, String(cString: strerror(errno)))
        let server = try StudioServer([root])
        let (ids, cut) = try presets(server.port)
        XCTAssertEqual(ids, ["sub/bad\\x{FF}.json"])
        XCTAssertNil(cut)
        let id = try XCTUnwrap(ids.first).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let frame = try RawHTTP.get(port: server.port, "/frame.png?p=\(id)&t=0.1")
        XCTAssertEqual(frame.status, 200, String(decoding: frame.body, as: UTF8.self))
        XCTAssertEqual(Array(frame.body.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG")
        XCTAssertEqual(server.interrupt().status, 0)
    }
}
