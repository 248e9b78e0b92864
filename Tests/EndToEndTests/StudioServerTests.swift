import Foundation
import Media
import XCTest
import SegueTestSupport

/// `segue studio`'s server over raw HTTP: the security rules (loopback Host only, GET only, no
/// request path reaching the file system, presets outside the folder refused, bounded request
/// size), 100 concurrent frame requests answered with the bytes `segue frames --at` writes,
/// superseded requests dropped, errors as responses, and Ctrl-C ending it with 0.
final class StudioServerTests: XCTestCase {
    static let preset = """
    { "segue": 1, "device": { "width": 90, "height": 160, "scale": 1 }, "fps": 10,
      "screens": { "a": { "background": "#C83232", "layers": [ { "id": "card", "type": "rect", "frame": [10, 10, 40, 30], "fill": "#FFFFFF" } ] },
                   "b": { "background": "#3264C8", "layers": [] } },
      "start": "a", "timeline": [ { "hold": 0.2 }, { "push": "b", "transition": "uikit", "duration": 0.4 } ] }
    """

    /// DIR/p.json, DIR/sub/m.json (a matrix), an outside preset and symlinks to it from inside.
    func folder() throws -> (root: String, dir: String) {
        let root = try temporaryFolder("studio")
        let dir = root + "/presets"
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
        try Data(Self.preset.utf8).write(to: URL(fileURLWithPath: dir + "/p.json"))
        let matrix = Self.preset.replacingOccurrences(of: "\"fps\": 10,", with: "\"fps\": 10, \"matrix\": { \"background\": [\"#000000\", \"#FFFFFF\"], \"fps\": [10, 20] },")
        try Data(matrix.utf8).write(to: URL(fileURLWithPath: dir + "/sub/m.json"))
        try Data(Self.preset.utf8).write(to: URL(fileURLWithPath: root + "/outside/secret.json"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: "../outside/secret.json")
        try FileManager.default.createSymbolicLink(atPath: dir + "/linked", withDestinationPath: "../outside")
        return (root, dir)
    }

    func testSecurityRulesAndConcurrentFrames() throws {
        let (root, dir) = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try StudioServer([dir])
        let port = server.port

        // The listing: the folder's own presets, the matrix's combinations; nothing via symlinks out.
        let list = try RawHTTP.get(port: port, "/api/presets")
        XCTAssertEqual(list.status, 200, list.headers)
        let j = try XCTUnwrap(JSONSerialization.jsonObject(with: list.body) as? [String: Any])
        let presets = try XCTUnwrap(j["presets"] as? [[String: Any]])
        XCTAssertEqual(presets.map { $0["id"] as? String }, ["p.json", "sub/m.json"])
        XCTAssertEqual(presets[1]["keys"] as? [String], ["background", "fps"])
        XCTAssertEqual((presets[1]["combinations"] as? [[String: String]])?.count, 4)

        // DNS rebinding: any Host but the loopback name and port is refused.
        for host in ["evil.example:\(port)", "evil.example", "127.0.0.1:\(port + 1)", "127.0.0.1", "localhost.evil.example:\(port)"] {
            let r = try RawHTTP.get(port: port, "/", host: host)
            XCTAssertEqual(r.status, 403, host)
            XCTAssertFalse(String(decoding: r.body, as: UTF8.self).contains("<html"), host)
        }
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)"] { XCTAssertEqual(try RawHTTP.get(port: port, "/", host: host).status, 200, host) }
        XCTAssertEqual(try RawHTTP.get(port: port, "/", host: "[::1]:\(port)", ipv6: true).status, 200, "::1 serves the page")

        // GET only.
        for method in ["POST", "PUT", "DELETE", "HEAD", "OPTIONS"] { XCTAssertEqual(try RawHTTP.get(port: port, "/", method: method).status, 405, method) }

        // No request path reaches the file system.
        for path in ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/studio.js/../../p.json", "/p.json", "/presets/p.json",
                     "/api/preset?p=../outside/secret.json", "/api/preset?p=/etc/passwd", "/api/preset?p=sub/../p.json",
                     "/frame.png?p=%2e%2e%2foutside%2fsecret.json&t=0", "/api/preset?p=link.json", "/frame.png?p=linked/secret.json&t=0",
                     "/plot.png?p=link.json"] {
            let r = try RawHTTP.get(port: port, path)
            XCTAssertEqual(r.status, 404, path)
            XCTAssertFalse(String(decoding: r.body, as: UTF8.self).contains("root:"), path)
        }

        // Bounded requests: a 40 KB request line is refused by the library; the server lives on.
        let huge = try RawHTTP.get(port: port, "/api/preset?p=" + String(repeating: "a", count: 40_000))
        XCTAssert((400..<500).contains(huge.status), "\(huge.status) \(huge.headers)")
        // Errors are responses: a time past the end, a bad time, an unknown combination.
        XCTAssertEqual(try RawHTTP.get(port: port, "/frame.png?p=p.json&t=99").status, 400)
        XCTAssertEqual(try RawHTTP.get(port: port, "/frame.png?p=p.json&t=nan").status, 400)
        XCTAssertEqual(try RawHTTP.get(port: port, "/frame.png?p=p.json&t=-1").status, 400)
        XCTAssertEqual(try RawHTTP.get(port: port, "/frame.png?p=sub/m.json&c=9&t=0").status, 422)

        // 100 frame requests at once, all on the wire before any answer is read: each is the
        // same PNG, with the pixels of the one `segue frames --at 0.4` writes.
        let cli = try CLI.run(["frames", dir + "/p.json", "--at", "0.4", "-o", root + "/f", "--quiet"])
        XCTAssertEqual(cli.status, 0, cli.stderr)
        let expected = try ImageDecoder.decode(path: root + "/f/frame-00004.png")
        let fds = try (0..<100).map { _ in try RawHTTP.connect(port: port) }
        for fd in fds { RawHTTP.send(fd, "GET /frame.png?p=p.json&t=0.4 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n") }
        let replies = UnsafeReplies(count: fds.count)
        DispatchQueue.concurrentPerform(iterations: fds.count) { k in replies.set(k, RawHTTP.receive(fds[k])) }
        XCTAssertEqual(replies.all.count, 100)
        for r in replies.all {
            XCTAssertEqual(r.status, 200, r.headers)
            XCTAssertEqual(r.body, replies.all[0].body)
        }
        try replies.all[0].body.write(to: URL(fileURLWithPath: root + "/served.png"))
        let served = try ImageDecoder.decode(path: root + "/served.png")
        XCTAssertEqual(Data(bytes: served.pixels, count: served.byteCount), Data(bytes: expected.pixels, count: expected.byteCount))

        // A page's superseded request: after seq 5 was answered, seq 3 of the same page is dropped.
        XCTAssertEqual(try RawHTTP.get(port: port, "/frame.png?p=p.json&t=0.4&client=k&seq=5").status, 200)
        XCTAssertEqual(try RawHTTP.get(port: port, "/frame.png?p=p.json&t=0.1&client=k&seq=3").status, 204)

        let end = server.interrupt()
        XCTAssertEqual(end.status, 0, end.stderr)
        XCTAssertEqual(end.stderr, "")
        XCTAssertThrowsError(try RawHTTP.connect(port: port), "nothing listens after Ctrl-C")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["link.json", "linked", "p.json", "sub"])
    }

    func testBadTargetsAreUsageErrors() throws {
        let r = try CLI.run(["studio", "/nonexistent/folder"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("/nonexistent/folder: no such file or folder"), r.stderr)
        let p = try CLI.run(["studio", "a", "b"])
        XCTAssertEqual(p.status, 2)
        XCTAssertEqual(try CLI.run(["studio", "--port", "0"]).status, 2)
    }
}

/// Replies filled in by concurrent readers, each its own slot.
final class UnsafeReplies: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [RawHTTP.Reply?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ k: Int, _ r: RawHTTP.Reply) { lock.lock(); slots[k] = r; lock.unlock() }
    var all: [RawHTTP.Reply] { lock.lock(); defer { lock.unlock() }; return slots.compactMap { $0 } }
}
