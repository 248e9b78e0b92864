import Foundation
import XCTest
import SegueTestSupport

/// A gallery of 500 clips loaded in headless Chromium through scripts/gallery-first-load (a
/// loopback HTTP server that records every request and the bytes it sent): the first load fetches
/// the page, the images of the cards near the screen and the clips on it only — under 2 MB — and a
/// clip scrolled into view loads and plays while the one scrolled away pauses.
final class GalleryLoadTests: XCTestCase {
    static let clips = 500

    /// A 500-entry manifest for `segue gallery`: one real batch of one preset, its clip hard-linked
    /// under 500 names (each card has files of its own, as in a real batch).
    func manifest(in dir: String) throws -> String {
        let preset = BatchTests.preset(hold: 0.3, name: "clip").replacingOccurrences(of: "\"width\": 60, \"height\": 40", with: "\"width\": 180, \"height\": 320")
        try FileManager.default.createDirectory(atPath: dir + "/p", withIntermediateDirectories: true)
        try Data(preset.utf8).write(to: URL(fileURLWithPath: dir + "/p/clip.json"))
        let r = try CLI.run(["batch", "p", "-o", "out", "--manifest", "one.json", "--quiet"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        var m = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/one.json"))) as? [String: Any])
        let entry = try XCTUnwrap((m["presets"] as? [[String: Any]])?.first)
        var entries: [[String: Any]] = []
        for i in 0..<Self.clips {
            let name = String(format: "clip-%03d", i)
            try FileManager.default.linkItem(atPath: dir + "/out/clip.mp4", toPath: dir + "/out/\(name).mp4")
            var e = entry
            e["name"] = name
            e["output"] = "out/\(name).mp4"
            entries.append(e)
        }
        m["presets"] = entries
        try JSONSerialization.data(withJSONObject: m).write(to: URL(fileURLWithPath: dir + "/many.json"))
        return dir + "/many.json"
    }

    struct Load { var requests: [(path: String, bytes: Int)]; var bytes: Int; var dom: String }

    func load(_ dir: String, page: String = "index.html") throws -> Load {
        let r = try CLI.run([PackageTests.root.path + "/scripts/gallery-first-load", dir, page], executable: CLI.which("python3"))
        XCTAssertEqual(r.status, 0, r.stderr)
        let j = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], r.stdout + r.stderr)
        let requests = (j["requests"] as? [[String: Any]] ?? []).map { ($0["path"] as? String ?? "", $0["bytes"] as? Int ?? -1) }
        return Load(requests: requests, bytes: j["bytes"] as? Int ?? -1, dom: j["dom"] as? String ?? "")
    }

    func testFiveHundredClipsFirstLoadUnderTwoMegabytesAndVideosPlayOnlyInView() throws {
        let dir = try temporaryFolder("gallery-500")
        let g = try CLI.run(["gallery", try manifest(in: dir), "-o", "review", "--quiet"], in: dir)
        XCTAssertEqual(g.status, 0, g.stderr)
        let page = try String(contentsOfFile: dir + "/review/index.html", encoding: .utf8)
        XCTAssertEqual(page.components(separatedBy: "<video").count - 1, Self.clips)
        XCTAssertFalse(page.contains("autoplay"))
        XCTAssertEqual(page.components(separatedBy: "preload=\"none\"").count - 1, Self.clips)

        let first = try load(dir + "/review")
        let paths = first.requests.map(\.path)
        XCTAssertEqual(paths.first, "/index.html")
        XCTAssertLessThan(first.bytes, 2_000_000, "the first load fetched \(first.bytes) bytes: \(first.requests)")
        print("GalleryLoadTests: the first load of \(Self.clips) clips fetched \(first.bytes) bytes in \(first.requests.count) requests "
              + "(the page: \(first.requests.first?.bytes ?? 0) bytes)")
        // Only the cards near the top: their posters, sheets and plots, none of the rest; only the
        // clips of the cards on the screen (800 px high) load and play.
        func card(_ p: String) -> Int? { p.range(of: #"/\d{3}-clip"#, options: .regularExpression).flatMap { Int(p[$0].dropFirst().prefix(3)) } }
        let clips = paths.filter { $0.hasSuffix(".mp4") }.compactMap(card)
        XCTAssertLessThanOrEqual(clips.count, 3, "clips that load before they are in view: \(clips)")
        XCTAssertTrue(clips.allSatisfy { $0 < 3 }, "clips that load before they are in view: \(clips)")
        let cards = Set(paths.compactMap(card))
        XCTAssertFalse(cards.isEmpty, "the cards in view show their images: \(paths)")
        XCTAssertLessThan(cards.max() ?? 0, 20, "images of cards far below the screen were fetched: \(cards.sorted())")
        let total = try FileManager.default.contentsOfDirectory(atPath: dir + "/review/index_files").count
        XCTAssertGreaterThanOrEqual(total, Self.clips * 3, "every card has a poster, a sheet and a plot")

        // Scrolled to the last card: its clip loads and plays; the first one, scrolled away, pauses.
        // Through chromedriver in real time, waiting for those events (Tests/Browser/gallery_scroll.py):
        // under the first load's virtual time the page's timers outran the media decoder, so how far
        // a clip got depended on how busy the machine was.
        let r = try CLI.run([CLI.root.path + "/Tests/Browser/gallery_scroll.py", dir + "/review"], executable: "/usr/bin/python3")
        XCTAssertEqual(r.status, 0, r.stderr)
        let scrolled = try XCTUnwrap(JSONSerialization.jsonObject(with: r.stdoutData) as? [String: Any], r.stdout + r.stderr)
        let state = try XCTUnwrap(scrolled["state"] as? [String: Any], "\(scrolled)")
        let requests = scrolled["requests"] as? [String] ?? []
        XCTAssertGreaterThanOrEqual(state["ready"] as? Int ?? 0, 1, "\(state)")
        XCTAssertEqual(state["playing"] as? Bool, true, "\(state)")
        XCTAssertEqual(state["firstPaused"] as? Bool, true, "\(state)")
        XCTAssertEqual(state["poster"] as? Bool, true, "\(state)")
        XCTAssertTrue(requests.contains { $0.hasSuffix("clip-499.mp4") }, "\(requests.suffix(20))")
    }
}
