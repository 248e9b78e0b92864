import Foundation
import XCTest
import SegueTestSupport

/// `batch --for TARGET` (issue 33): every clip of the batch rendered for the destination as
/// `render --for` renders it, its rules checked at validation; the manifest says which
/// destination; the cache key includes it.
final class BatchForTests: XCTestCase {
    static func preset(_ name: String, color: String) -> String {
        """
        { "segue": 1, "name": "\(name)", "device": { "width": 200, "height": 356, "scale": 2 }, "fps": 60,
          "screens": { "a": { "background": "\(color)", "layers": [ { "type": "rect", "frame": [20, 100, 120, 80], "fill": "#FFFFFF" } ] },
                       "b": { "background": "#202020", "layers": [] } },
          "start": "a", "timeline": [ { "hold": 0.3 }, { "push": "b", "transition": "uikit", "duration": 0.4 }, { "hold": 0.3 } ] }
        """
    }

    func manifest(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    func presets(_ m: [String: Any]) -> [[String: Any]] { m["presets"] as? [[String: Any]] ?? [] }

    func testEveryClipIsRenderedForTheTargetAndCachedApart() throws {
        let dir = try CLI.tempDir("batch-for")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try CLI.write(Self.preset("one", color: "#3366CC"), dir + "/in/one.json")
        try CLI.write(Self.preset("two", color: "#CC6633"), dir + "/in/two.json")
        let common = ["batch", "in", "--cache", "cache", "--progress", "none", "--jobs", "2"]
        let r = try CLI.run(common + ["-o", "out", "--for", "github", "--manifest", "m.json"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let m = try manifest(dir + "/m.json")
        XCTAssertEqual(m["for"] as? String, "github")
        for e in presets(m) {
            XCTAssertEqual(e["status"] as? String, "ok")
            let out = dir + "/" + (e["output"] as? String ?? "?")
            XCTAssertTrue(out.hasSuffix(".mp4"), out)
            let v = try XCTUnwrap((try CLI.probe(out, countFrames: false)["streams"] as? [[String: Any]])?.first { $0["codec_type"] as? String == "video" })
            XCTAssertEqual(v["codec_name"] as? String, "h264"); XCTAssertEqual(v["pix_fmt"] as? String, "yuv420p")
            XCTAssertLessThanOrEqual((try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? .max, 10_000_000)
        }
        let forKeys = Set(presets(m).compactMap { $0["cacheKey"] as? String })
        XCTAssertEqual(forKeys.count, 2)

        // The same batch without --for: other keys, rendered again, no "for" in the manifest.
        let plain = try CLI.run(common + ["-o", "out2", "--manifest", "m2.json"], in: dir)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let m2 = try manifest(dir + "/m2.json")
        XCTAssertNil(m2["for"])
        XCTAssertEqual(presets(m2).map { $0["status"] as? String }, ["ok", "ok"])
        XCTAssertTrue(forKeys.isDisjoint(with: presets(m2).compactMap { $0["cacheKey"] as? String }))

        // With --for again: both from the cache.
        let again = try CLI.run(common + ["-o", "out3", "--for", "github", "--manifest", "m3.json"], in: dir)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(presets(try manifest(dir + "/m3.json")).map { $0["status"] as? String }, ["cached", "cached"])
    }

    /// The destination's rules make a clip invalid before anything renders; a contradicting format is bad usage.
    func testTargetRulesAreCheckedAtValidation() throws {
        let dir = try CLI.tempDir("batch-for-invalid")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try CLI.write(Self.preset("one", color: "#3366CC"), dir + "/in/one.json")
        let r = try CLI.run(["batch", "in", "-o", "out", "--for", "app-store", "--manifest", "m.json", "--progress", "none"], in: dir)
        XCTAssertEqual(r.status, 2, r.stderr)
        let m = try manifest(dir + "/m.json")
        XCTAssertEqual(m["for"] as? String, "app-store")
        let e = try XCTUnwrap(presets(m).first)
        XCTAssertEqual(e["status"] as? String, "invalid")
        XCTAssertTrue(((e["problems"] as? [String]) ?? []).joined().contains("app-store takes 15–30 s"), "\(e)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out/one.mp4"))
        let gif = try CLI.run(["batch", "in", "-o", "out", "--for", "github", "--format", "gif"], in: dir)
        XCTAssertEqual(gif.status, 2)
        XCTAssertTrue(gif.stderr.contains("--for github writes mp4"), gif.stderr)
    }
}
