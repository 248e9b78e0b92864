import Foundation
import XCTest
import SegueTestSupport

/// `segue batch` end to end: outputs, the manifest (hashes checked with sha256sum), shards, the
/// cache, --keep-going, interruption.
final class BatchTests: XCTestCase {
    /// A tiny preset: 60×40 px, 10 fps, hold + push: round((hold + 0.2) × 10) + 1 frames.
    static func preset(hold: Double = 0.1, name: String? = nil, colour: String = "#C83232", image: String? = nil, push: Double = 0.2) -> String {
        let b = image.map { "{ \"image\": \"\($0)\", \"fit\": \"fill\" }" } ?? "{ \"background\": \"#3264C8\", \"layers\": [] }"
        return """
        { "segue": 1,\(name.map { " \"name\": \"\($0)\"," } ?? "") "device": { "width": 60, "height": 40, "scale": 1 }, "fps": 10,
          "screens": { "a": { "background": "\(colour)", "layers": [ { "type": "rect", "frame": [10, 10, 20, 20], "fill": "#FFFFFF" } ] },
                       "b": \(b) },
          "start": "a", "timeline": [ { "hold": \(hold) }, { "push": "b", "transition": "uikit", "duration": \(push) } ] }
        """
    }

    func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func manifest(_ path: String) throws -> [String: Any] {
        let d = try Data(contentsOf: URL(fileURLWithPath: path))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: d) as? [String: Any])
    }

    func presets(_ m: [String: Any]) -> [[String: Any]] { m["presets"] as? [[String: Any]] ?? [] }

    func statuses(_ m: [String: Any]) -> [String: String] {
        var out: [String: String] = [:]
        for p in presets(m) { out[p["input"] as! String] = p["status"] as? String }
        return out
    }

    func sha256sum(_ files: [String]) throws -> [String: String] { try CLI.sha256sum(files) }

    func testBatchWritesEveryPresetAndAManifestWhoseHashesMatch() throws {
        let dir = try temporaryFolder("batch")
        try write(Self.preset(hold: 0.1), dir + "/presets/one.json")
        try write(Self.preset(hold: 0.3, name: "second"), dir + "/presets/two.json")
        try write(Self.preset(hold: 0.5, colour: "#00AA00"), dir + "/presets/more/three.json")
        try write("not a preset", dir + "/presets/notes.txt")
        let r = try CLI.run(["batch", "presets", "-o", "out", "--manifest", "m.json", "--jobs", "2", "--progress", "plain"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let m = try manifest(dir + "/m.json")
        XCTAssertEqual(m["exitCode"] as? Int, 0)
        XCTAssertEqual(m["interrupted"] as? Bool, false)
        let ps = presets(m)
        // Sorted by path below the folder.
        XCTAssertEqual(ps.map { $0["input"] as? String }, ["presets/more/three.json", "presets/one.json", "presets/two.json"])
        XCTAssertEqual(ps.map { $0["output"] as? String }, ["out/three.mp4", "out/one.mp4", "out/second.mp4"])
        XCTAssertEqual(ps.map { $0["frames"] as? Int }, [8, 4, 6])
        let sums = try sha256sum(["out/three.mp4", "out/one.mp4", "out/second.mp4"].map { dir + "/" + $0 })
        for (p, expectedDuration) in zip(ps, [0.7, 0.3, 0.5]) {
            XCTAssertEqual(p["status"] as? String, "ok")
            XCTAssertTrue(p["error"] is NSNull)
            XCTAssertEqual(p["duration"] as? Double ?? -1, expectedDuration, accuracy: 1e-6)
            XCTAssertGreaterThanOrEqual(p["wallTime"] as? Double ?? -1, 0)
            let out = dir + "/" + (p["output"] as! String)
            XCTAssertEqual(p["sha256"] as? String, sums[out], out)
        }
        // One progress line per finished preset.
        XCTAssertEqual(r.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("[") && $0.contains(" ok ") }.count, 3, r.stderr)
        // The file itself decodes to the right number of frames.
        let info = try CLI.probe(dir + "/out/three.mp4")
        XCTAssertEqual((info["streams"] as! [[String: Any]])[0]["nb_read_frames"] as? String, "8")
        // No temporary files left.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted(), ["one.mp4", "second.mp4", "three.mp4"])
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: dir).contains { $0.hasSuffix(".tmp") })
    }

    func testSHA256MatchesKnownVectorsAndSha256sum() throws {
        let dir = try temporaryFolder("sha")
        try Data("abc".utf8).write(to: URL(fileURLWithPath: dir + "/abc"))
        try Data().write(to: URL(fileURLWithPath: dir + "/empty"))
        try Data(repeating: UInt8(ascii: "a"), count: 1_000_000).write(to: URL(fileURLWithPath: dir + "/million"))
        try Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8).write(to: URL(fileURLWithPath: dir + "/fips448"))
        var files = ["abc", "empty", "million", "fips448"]
        // Lengths around the 55/56/64-byte padding edges and a multi-chunk file.
        for n in [55, 56, 63, 64, 65, 119, 120, 128, 1_048_577 + 13] {
            try Data((0..<n).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: URL(fileURLWithPath: dir + "/r\(n)"))
            files.append("r\(n)")
        }
        let r = try CLI.run(["batch", "--sha256"] + files, in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        var mine: [String: String] = [:]
        for line in r.stdout.split(separator: "\n") { let p = line.split(separator: " ", maxSplits: 1); mine[p[1].trimmingCharacters(in: .whitespaces)] = String(p[0]) }
        XCTAssertEqual(mine["abc"], "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(mine["empty"], "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(mine["million"], "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        XCTAssertEqual(mine["fips448"], "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        let reference = try sha256sum(files.map { dir + "/" + $0 })
        for f in files { XCTAssertEqual(mine[f], reference[dir + "/" + f], f) }
    }

    func testShardsCoverEveryPresetExactlyOnceAndStayStable() throws {
        let dir = try temporaryFolder("shard")
        for i in 0..<10 { try write(Self.preset(hold: 0.1 * Double(i % 3)), dir + "/p/set\(i / 5)/preset-\(i).json") }
        func shards(_ n: Int) throws -> [[String]] {
            try (1...n).map { i in
                let r = try CLI.run(["batch", "p", "-o", "out", "--format", "null", "--shard", "\(i)/\(n)", "--manifest", "s\(i).json", "--quiet"], in: dir)
                XCTAssertEqual(r.status, 0, r.stderr)
                return presets(try manifest(dir + "/s\(i).json")).map { $0["input"] as! String }
            }
        }
        let all = (0..<10).map { "p/set\($0 / 5)/preset-\($0).json" }.sorted()
        var before: [String: Int] = [:]
        for n in [1, 3, 4] {
            let parts = try shards(n)
            XCTAssertEqual(parts.flatMap { $0 }.sorted(), all, "shards 1…\(n) cover every preset exactly once")
            if n == 3 { for (i, part) in parts.enumerated() { for p in part { before[p] = i } } }
        }
        // Adding a preset moves none of the others to another shard.
        try write(Self.preset(), dir + "/p/set0/added.json")
        let after = try shards(3)
        XCTAssertEqual(after.flatMap { $0 }.count, 11)
        for (i, part) in after.enumerated() { for p in part where p != "p/set0/added.json" { XCTAssertEqual(before[p], i, p) } }
        // A bad shard is a usage error.
        for bad in ["0/3", "4/3", "1/0", "x"] {
            XCTAssertEqual(try CLI.run(["batch", "p", "-o", "out", "--shard", bad], in: dir).status, 2, bad)
        }
    }

    func testCacheHitsAreByteIdenticalAndAChangedAssetReRendersOnlyItsPreset() throws {
        let dir = try temporaryFolder("cache")
        try FileManager.default.createDirectory(atPath: dir + "/p/img", withIntermediateDirectories: true)
        func png(_ colour: String) throws {
            let r = try CLI.run(["-v", "error", "-y", "-f", "lavfi", "-i", "color=\(colour):s=8x8", "-frames:v", "1", dir + "/p/img/x.png"],
                                executable: CLI.which("ffmpeg"))
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        try png("red")
        try write(Self.preset(hold: 0.1), dir + "/p/plain.json")
        try write(Self.preset(hold: 0.2, colour: "#222222"), dir + "/p/dark.json")
        try write(Self.preset(hold: 0.1, image: "img/x.png"), dir + "/p/photo.json")
        let args = ["batch", "p", "-o", "out", "--cache", "cache", "--manifest", "m.json", "--quiet"]
        XCTAssertEqual(try CLI.run(args, in: dir).status, 0)
        let first = try manifest(dir + "/m.json")
        XCTAssertEqual(Set(statuses(first).values), ["ok"])
        let bytes = try ["plain", "dark", "photo"].map { try Data(contentsOf: URL(fileURLWithPath: "\(dir)/out/\($0).mp4")) }

        let r2 = try CLI.run(args, in: dir)
        XCTAssertEqual(r2.status, 0, r2.stderr)
        let second = try manifest(dir + "/m.json")
        XCTAssertEqual(statuses(second), ["p/dark.json": "cached", "p/photo.json": "cached", "p/plain.json": "cached"])
        for (i, n) in ["plain", "dark", "photo"].enumerated() {
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/out/\(n).mp4")), bytes[i], n)
        }
        XCTAssertEqual(presets(first).map { $0["sha256"] as? String }, presets(second).map { $0["sha256"] as? String })
        let sums = try sha256sum(["plain", "dark", "photo"].map { "\(dir)/out/\($0).mp4" })
        for p in presets(second) { XCTAssertEqual(p["sha256"] as? String, sums[dir + "/" + (p["output"] as! String)]) }

        // A different asset: only the preset that uses it renders again.
        try png("blue")
        XCTAssertEqual(try CLI.run(args, in: dir).status, 0)
        let third = try manifest(dir + "/m.json")
        XCTAssertEqual(statuses(third), ["p/dark.json": "cached", "p/photo.json": "ok", "p/plain.json": "cached"])
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: "\(dir)/out/photo.mp4")), bytes[2])
        // Options that change the output are part of the key.
        XCTAssertEqual(try CLI.run(args + ["--crf", "30"], in: dir).status, 0)
        XCTAssertEqual(Set(statuses(try manifest(dir + "/m.json")).values), ["ok"])
    }

    func testAnInvalidPresetStopsEverythingUnlessKeepGoing() throws {
        let dir = try temporaryFolder("keep")
        try write(Self.preset(), dir + "/p/a.json")
        try write(Self.preset().replacingOccurrences(of: "\"fps\": 10", with: "\"fps\": 0"), dir + "/p/b-bad.json")
        try write(Self.preset(hold: 0.3), dir + "/p/c.json")
        let plain = try CLI.run(["batch", "p", "-o", "out", "--manifest", "m.json"], in: dir)
        XCTAssertEqual(plain.status, 2, plain.stderr)
        XCTAssertTrue(plain.stderr.contains("p/b-bad.json:1:75: fps: must be between 1 and 240"), plain.stderr)
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: dir + "/out")) ?? [], [], "nothing rendered")
        XCTAssertEqual(statuses(try manifest(dir + "/m.json")), ["p/a.json": "skipped", "p/b-bad.json": "invalid", "p/c.json": "skipped"])

        let keep = try CLI.run(["batch", "p", "-o", "out", "--manifest", "m.json", "--keep-going"], in: dir)
        XCTAssertEqual(keep.status, 2, "invalid presets and nothing failed: 2 (\(keep.stderr))")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted(), ["a.mp4", "c.mp4"])
        let m = try manifest(dir + "/m.json")
        XCTAssertEqual(statuses(m), ["p/a.json": "ok", "p/b-bad.json": "invalid", "p/c.json": "ok"])
        let bad = presets(m).first { $0["input"] as? String == "p/b-bad.json" }!
        XCTAssertTrue((bad["error"] as? String ?? "").contains("fps: must be between 1 and 240"))
    }

    func testTwoPresetsWritingOneFileAreRefusedUpFront() throws {
        let dir = try temporaryFolder("clash")
        try write(Self.preset(name: "same"), dir + "/p/a.json")
        try write(Self.preset(name: "same"), dir + "/p/b.json")
        let r = try CLI.run(["batch", "p", "-o", "out", "--keep-going"], in: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("out/same.mp4") && r.stderr.contains("p/a.json") && r.stderr.contains("p/b.json"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out/same.mp4"))
    }

    func testInterruptedBatchWritesTheManifestAndExits130() throws {
        let dir = try temporaryFolder("sigint")
        // Long transitions on a larger canvas: several seconds of work each.
        for i in 0..<4 {
            let text = Self.preset(hold: 0, name: "long\(i)", push: 40).replacingOccurrences(of: "\"width\": 60, \"height\": 40, \"scale\": 1", with: "\"width\": 400, \"height\": 300, \"scale\": 2")
                .replacingOccurrences(of: "\"fps\": 10", with: "\"fps\": 60")
            try write(text, dir + "/p/l\(i).json")
        }
        // Interrupted once a render is under way (its temporary is in out/).
        let r = try CLI.interrupt(["batch", dir + "/p", "-o", dir + "/out", "--manifest", dir + "/m.json", "--jobs", "2", "--quiet"],
                                  whenTemporaries: 1, in: dir + "/out", signal: SIGINT)
        XCTAssertEqual(r.status, 130, r.stderr)
        let m = try manifest(dir + "/m.json")
        XCTAssertEqual(m["interrupted"] as? Bool, true)
        let s = Set(statuses(m).values)
        XCTAssertTrue(s.isSubset(of: ["ok", "cancelled", "skipped"]), "\(s)")
        XCTAssertTrue(s.contains("cancelled") || s.contains("skipped"), "\(s)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/out")) ?? []
        XCTAssertFalse(left.contains { $0.hasSuffix(".tmp") }, "\(left)")
    }
}
