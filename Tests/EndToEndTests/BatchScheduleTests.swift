import Foundation
import XCTest
import SegueTestSupport

/// How a batch spends its `--jobs` budget (issue 22, issue 19.4): the bytes never depend on it,
/// the costliest presets start first, and the manifest keeps the batch's order whatever the
/// order of rendering.
final class BatchScheduleTests: XCTestCase {
    func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func presets(_ manifest: String) throws -> [[String: Any]] {
        let m = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifest))) as? [String: Any]
        return try XCTUnwrap(m?["presets"] as? [[String: Any]])
    }

    func sha256sum(_ files: [String]) throws -> [String: String] { try CLI.sha256sum(files) }

    /// Presets of different costs (frames 4, 14, 8, 6; one at 160×90, the others 60×40), one with an image asset.
    func setUp(_ dir: String) throws {
        try write(BatchTests.preset(hold: 0.1, name: "small"), dir + "/p/a.json")
        try write(BatchTests.preset(hold: 1.1, name: "long", colour: "#00AA00"), dir + "/p/b.json")
        let big = BatchTests.preset(hold: 0.5, name: "wide")
            .replacingOccurrences(of: "\"width\": 60, \"height\": 40", with: "\"width\": 160, \"height\": 90")
        try write(big, dir + "/p/c.json")
        let png = dir + "/p/img.png"
        let mk = try CLI.run(["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=120x80", "-frames:v", "1", png], executable: CLI.which("ffmpeg"))
        XCTAssertEqual(mk.status, 0, mk.stderr)
        try write(BatchTests.preset(hold: 0.3, name: "picture", image: "img.png"), dir + "/p/d.json")
    }

    func testBytesAreTheSameForEveryJobsAndParallel() throws {
        let dir = try temporaryFolder("batch-jobs")
        try setUp(dir)
        let names = ["small.mp4", "long.mp4", "wide.mp4", "picture.mp4"]
        var first: [String: String]?
        for (jobs, parallel) in [(1, nil), (2, nil), (2, 1), (3, 2), (4, 3), (2, 4), (8, nil)] as [(Int, Int?)] {
            let out = "out-\(jobs)-\(parallel ?? 0)"
            let r = try CLI.run(["batch", "p", "-o", out, "--jobs", "\(jobs)", "--manifest", out + ".json", "--quiet"]
                                + (parallel.map { ["--parallel", "\($0)"] } ?? []), in: dir)
            XCTAssertEqual(r.status, 0, r.stderr)
            let sums = try sha256sum(names.map { "\(dir)/\(out)/\($0)" })
            var byName: [String: String] = [:]
            for n in names { byName[n] = sums["\(dir)/\(out)/\(n)"] }
            XCTAssertEqual(byName.count, names.count)
            if let first { XCTAssertEqual(byName, first, "--jobs \(jobs) --parallel \(parallel.map(String.init) ?? "default")") } else { first = byName }
            // The manifest records the same hashes, in the batch's (path) order.
            let m = try presets("\(dir)/\(out).json")
            XCTAssertEqual(m.map { $0["input"] as? String }, ["p/a.json", "p/b.json", "p/c.json", "p/d.json"])
            for p in m { XCTAssertEqual(p["sha256"] as? String, byName[((p["output"] as? String) ?? "").components(separatedBy: "/").last!]) }
        }
        // And a batch writes what `segue render` writes for the same preset.
        let single = try CLI.run(["render", "p/c.json", "-o", "single.mp4", "--progress", "none"], in: dir)
        XCTAssertEqual(single.status, 0, single.stderr)
        XCTAssertEqual(try sha256sum([dir + "/single.mp4"])[dir + "/single.mp4"], first?["wide.mp4"])
    }

    /// One runner (`--parallel 1`): presets render costliest first (frames × pixels), so the
    /// last ones to start are the cheapest; every NDJSON event is one JSON object, `event` first.
    func testCostliestPresetsStartFirstAndEventsAreJSON() throws {
        let dir = try temporaryFolder("batch-order")
        try setUp(dir)
        let r = try CLI.run(["batch", "p", "-o", "out", "--parallel", "1", "--progress", "json", "--manifest", "m.json"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        var done: [String] = []
        for line in lines {
            XCTAssertTrue(line.hasPrefix("{\"event\":\""), line)
            let obj = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
            if obj["event"] as? String == "preset" { done.append(obj["input"] as! String) }
            if obj["event"] as? String == "batch" { XCTAssertEqual(obj["ok"] as? Int, 4); XCTAssertEqual(obj["exitCode"] as? Int, 0) }
        }
        // wide: 8 frames × 160×90; long: 14 × 60×40; picture: 6 × 60×40; small: 4 × 60×40.
        XCTAssertEqual(done, ["p/c.json", "p/b.json", "p/d.json", "p/a.json"])
        let m = try presets(dir + "/m.json")
        XCTAssertEqual(m.map { $0["frames"] as? Int }, [4, 14, 8, 6])
        // The manifest's own key order: the batch's fields, then the presets.
        let text = try String(contentsOfFile: dir + "/m.json", encoding: .utf8)
        let keys = ["\"segue\"", "\"manifest\"", "\"outputDirectory\"", "\"shard\"", "\"interrupted\"", "\"exitCode\"", "\"total\"", "\"counts\"", "\"presets\""]
        let positions = keys.map { text.range(of: $0)?.lowerBound }
        XCTAssertFalse(positions.contains(nil), text)
        XCTAssertEqual(positions.compactMap { $0 }, positions.compactMap { $0 }.sorted(), text)
    }
}
