import Foundation
import XCTest
import SegueTestSupport

/// Matrix presets end to end (issue 21): `segue batch` of presets/stories/matrix-demo.json writes
/// its 36 clips (checked with ffprobe and decoded pixels), shards split combinations, the cache
/// keys each one, `render --only`, `inspect`, `validate` and the 1000 limit.
final class MatrixBatchTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let demo = root.appendingPathComponent("presets/stories/matrix-demo.json").path
    /// The demo's axes, and each device's points and scale (`segue list devices`).
    static let devices: [(name: String, width: Double, height: Double, scale: Double)] =
        [("iphone-15", 393, 852, 3), ("iphone-se", 375, 667, 2), ("iphone-16-pro", 402, 874, 3)]
    static let transitions = ["uikit", "pan-back"]
    static let locales = ["en", "de", "ar"]

    func json(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    func clips(_ manifest: [String: Any]) -> [[String: Any]] { manifest["presets"] as? [[String: Any]] ?? [] }

    /// The demo copied into `dir/p/` (so shard keys are `matrix-demo.json#…`).
    func demoCopy(_ dir: String) throws {
        try FileManager.default.createDirectory(atPath: dir + "/p", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.demo, toPath: dir + "/p/matrix-demo.json")
    }

    /// Mean of R+G+B over a decoded frame.
    func brightness(_ rgb: [UInt8]) -> Double { Double(rgb.reduce(0) { $0 + Int($1) }) / Double(rgb.count) }

    func testBatchOfTheDemoWritesEveryClipAndTheCacheKeysEachCombination() throws {
        let dir = try temporaryFolder("matrix")
        try demoCopy(dir)
        let args = ["batch", "p", "-o", "out", "--scale", "0.2", "--fps", "10", "--jobs", "2", "--cache", "cache", "--manifest", "m.json", "--quiet"]
        let r = try CLI.run(args, in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let m = try json(dir + "/m.json")
        let entries = clips(m)
        XCTAssertEqual(entries.count, 36)
        var expected: [String] = []
        for d in Self.devices { for dark in [false, true] { for t in Self.transitions { for l in Self.locales {
            expected.append("matrix-demo-\(d.name)-\(dark ? "dark" : "light")-\(t)-\(l)")
        } } } }
        XCTAssertEqual(entries.map { $0["name"] as? String ?? "" }, expected, "first key slowest, as written")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted(), expected.map { $0 + ".mp4" }.sorted())
        var brightnessByName: [String: Double] = [:]
        var durations: [String: Double] = [:]
        // The 36 ffprobes are independent children (most of this check's time): run side by side.
        let outputs = entries.map { dir + "/out/\($0["name"] as? String ?? "").mp4" }
        let probes = try concurrently(outputs.count) { try CLI.probing(outputs[$0]) }
        for (e, probed) in zip(entries, probes) {
            let name = try XCTUnwrap(e["name"] as? String)
            let combo = try XCTUnwrap(e["matrix"] as? [String: Any], name)
            let device = try XCTUnwrap(Self.devices.first { $0.name == combo["device"] as? String }, name)
            let dark = try XCTUnwrap(combo["dark"] as? Bool, name)
            let transition = try XCTUnwrap(combo["transition"] as? String, name)
            let locale = try XCTUnwrap(combo["locale"] as? String, name)
            XCTAssertEqual(name, "matrix-demo-\(device.name)-\(dark ? "dark" : "light")-\(transition)-\(locale)")
            XCTAssertEqual(e["key"] as? String, "matrix-demo.json#device=\(device.name),dark=\(dark),transition=\(transition),locale=\(locale)")
            XCTAssertEqual(e["status"] as? String, "ok")
            durations[name] = e["duration"] as? Double
            // The clip: the combination's device at 0.2 × its scale (4:2:0 pads odd sides to even).
            let probe = try CLI.parse(probed)
            let v = try XCTUnwrap((probe["streams"] as? [[String: Any]])?.first)
            func side(_ points: Double) -> Int { let px = Int((points * (0.2 * device.scale)).rounded()); return px + px % 2 }
            XCTAssertEqual(v["width"] as? Int, side(device.width), name)
            XCTAssertEqual(v["height"] as? Int, side(device.height), name)
            XCTAssertEqual(v["codec_name"] as? String, "h264")
            XCTAssertEqual(Int(v["nb_read_frames"] as? String ?? ""), e["frames"] as? Int, name)
            XCTAssertEqual(((probe["format"] as? [String: Any])?["tags"] as? [String: Any])?["title"] as? String, name)
            if device.name == "iphone-se" {
                brightnessByName[name] = brightness(try CLI.decodeFrame(dir + "/out/\(name).mp4", index: 0, width: side(device.width), height: side(device.height)))
            }
        }
        // `dark` reached every mock screen: the dark feed is far darker than the light one.
        for t in Self.transitions {
            let light = try XCTUnwrap(brightnessByName["matrix-demo-iphone-se-light-\(t)-en"]), dark = try XCTUnwrap(brightnessByName["matrix-demo-iphone-se-dark-\(t)-en"])
            XCTAssertGreaterThan(light, dark + 60, "light \(light) vs dark \(dark)")
        }
        // `transition` reached the steps: on each device the two transitions' clips differ in
        // length (uikit pushes in 0.35 s, pan-back in 0.3 s), light and dark do not.
        for d in Self.devices {
            let light = "matrix-demo-\(d.name)-light-", dark = "matrix-demo-\(d.name)-dark-"
            for t in Self.transitions { XCTAssertEqual(durations[light + t + "-ar"], durations[dark + t + "-ar"], d.name) }
            XCTAssertNotEqual(durations[light + "uikit-de"], durations[light + "pan-back-de"], d.name)
        }

        // Again: every combination from the cache, byte-identical; each has a key of its own.
        let again = try CLI.run(args.map { $0 == "m.json" ? "m2.json" : $0 }, in: dir)
        XCTAssertEqual(again.status, 0, again.stderr)
        let second = clips(try json(dir + "/m2.json"))
        XCTAssertEqual(second.map { $0["status"] as? String }, Array(repeating: "cached", count: 36))
        XCTAssertEqual(second.map { $0["sha256"] as? String }, entries.map { $0["sha256"] as? String })
        XCTAssertEqual(Set(second.compactMap { $0["cacheKey"] as? String }).count, 36)
        // A device more: only its 12 combinations render; the 36 keep their keys.
        let file = dir + "/p/matrix-demo.json"
        try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: #""iphone-16-pro"]"#, with: #""iphone-16-pro", "iphone-13"]"#)
            .write(toFile: file, atomically: true, encoding: .utf8)
        let more = try CLI.run(args.map { $0 == "m.json" ? "m3.json" : $0 }, in: dir)
        XCTAssertEqual(more.status, 0, more.stderr)
        let third = clips(try json(dir + "/m3.json"))
        XCTAssertEqual(third.count, 48)
        for e in third {
            let new = (e["name"] as? String ?? "").contains("iphone-13-")
            XCTAssertEqual(e["status"] as? String, new ? "ok" : "cached", e["name"] as? String ?? "")
        }
        XCTAssertEqual(third.prefix(36).map { $0["cacheKey"] as? String }, second.map { $0["cacheKey"] as? String })
    }

    func testShardsSplitCombinationsByTheirKeysHash() throws {
        let dir = try temporaryFolder("matrix-shard")
        try demoCopy(dir)
        var seen: [String] = []
        for i in 1...3 {
            // Which shard a combination lands in does not depend on the canvas: drawn small.
            let r = try CLI.run(["batch", "p", "-o", "out", "--format", "null", "--scale", "0.2", "--fps", "10", "--shard", "\(i)/3",
                                 "--manifest", "s\(i).json", "--quiet"], in: dir)
            XCTAssertEqual(r.status, 0, r.stderr)
            let keys = clips(try json(dir + "/s\(i).json")).map { $0["key"] as? String ?? "" }
            // docs/CI.md: the shard is 1 + (the first 16 hex digits of sha256(key) mod N).
            for key in keys {
                let sum = try CLI.run(["-c", "printf %s \"$1\" | sha256sum", "sh", key], executable: CLI.which("sh"))
                let h = try XCTUnwrap(UInt64(sum.stdout.prefix(16), radix: 16))
                XCTAssertEqual(Int(h % 3) + 1, i, key)
            }
            seen += keys
        }
        XCTAssertEqual(seen.count, 36, "shards 1…3 cover every combination exactly once")
        XCTAssertEqual(Set(seen).count, 36)
    }

    func testRenderOnlyPicksOneCombinationAndRefusesWithoutIt() throws {
        let dir = try temporaryFolder("matrix-only")
        let none = try CLI.run(["render", Self.demo, "--scale", "0.2"], in: dir)
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("a matrix preset of 36 clips"), none.stderr)
        XCTAssertEqual(none.stderr.components(separatedBy: "\n  --only ").count - 1, 36, none.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [])
        let bad = try CLI.run(["render", Self.demo, "--only", "device=pixel-1"], in: dir)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("no combination matches"), bad.stderr)
        let r = try CLI.run(["render", Self.demo, "--only", "device=iphone-se,dark=true,transition=pan-back,locale=ar", "--scale", "0.2", "--fps", "10", "--quiet"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let probe = try CLI.probe(dir + "/matrix-demo-iphone-se-dark-pan-back-ar.mp4")
        let v = try XCTUnwrap((probe["streams"] as? [[String: Any]])?.first)
        XCTAssertEqual(v["width"] as? Int, 150)   // 375 pt × 2 × 0.2
        XCTAssertEqual(v["height"] as? Int, 268)  // 667 × 0.4 = 266.8 → 267, padded to even
        let list = try CLI.run(["inspect", Self.demo])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("a matrix of 36 clips over device, dark, transition, locale"), list.stdout)
        XCTAssertTrue(list.stdout.contains("--only device=iphone-16-pro,dark=true,transition=pan-back,locale=ar  → matrix-demo-iphone-16-pro-dark-pan-back-ar"))
        let one = try CLI.run(["inspect", Self.demo, "--only", "device=iphone-se,dark=false,transition=uikit,locale=de"])
        XCTAssertTrue(one.stdout.hasPrefix("matrix-demo-iphone-se-light-uikit-de: 750×1334 px (iphone-se"), one.stdout)
        XCTAssertEqual(try CLI.run(["validate", Self.demo]).status, 0)
    }

    func testValidateNamesTheInvalidCombinationAndTheLimitIsAThousand() throws {
        let dir = try temporaryFolder("matrix-validate")
        var text = try String(contentsOfFile: Self.demo, encoding: .utf8)
        // ipad-mini at scale 8 is 5952×9064 px: over the 8192 px canvas limit; the others fit.
        text = text.replacingOccurrences(of: #""device": ["iphone-15", "iphone-se", "iphone-16-pro"],"#, with: #""device": ["iphone-se", "ipad-mini"], "scale": [1, 8],"#)
        try text.write(toFile: dir + "/m.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["validate", "m.json"], in: dir)
        XCTAssertEqual(r.status, 2)
        let lines = r.stderr.split(separator: "\n").filter { $0.contains("canvas must be") }
        XCTAssertEqual(lines.count, 12, r.stderr)  // ipad-mini × 8 × light/dark × 2 transitions × 3 locales
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("m.json:") && $0.contains(": scale: canvas must be 2 to 8192 pixels a side (got 5952×9064) [in combination device=ipad-mini scale=8 dark=") }, r.stderr)
        // batch refuses the preset before rendering any clip, naming the same combinations.
        let b = try CLI.run(["batch", "m.json", "-o", "out", "--format", "null", "--manifest", "m-batch.json"], in: dir)
        XCTAssertEqual(b.status, 2, b.stderr)
        let statuses = clips(try json(dir + "/m-batch.json")).map { $0["status"] as? String ?? "" }
        XCTAssertEqual(statuses.filter { $0 == "invalid" }.count, 12)
        XCTAssertEqual(statuses.count, 48)
        // 10 × 10 × 10 clips are allowed; one more is a clear error.
        let ten = "[" + (0..<10).map(String.init).joined(separator: ", ") + "]"
        func limited(_ extra: String) throws -> CLI.Result {
            let t = text.replacingOccurrences(of: #""device": ["iphone-se", "ipad-mini"], "scale": [1, 8],"#, with: "")
                .replacingOccurrences(of: #""dark": [false, true],"#, with: "")
                .replacingOccurrences(of: ",\n    \"locale\": [\"en\", \"de\", \"ar\"]", with: "")
                .replacingOccurrences(of: #""transition": ["uikit", "pan-back"]"#, with: "\"vars.a\": \(ten), \"vars.b\": \(ten), \"vars.c\": \(ten)\(extra)")
                .replacingOccurrences(of: #""title": "Weibo", "tint""#, with: #""title": "$a", "tint""#)
                .replacingOccurrences(of: #""hold": 0.4 }"#, with: #""hold": 0.4, "caption": "$b" }"#)
                .replacingOccurrences(of: #""hold": 0.5 }"#, with: #""hold": 0.5, "caption": "$c" }"#)
                .replacingOccurrences(of: "$transition", with: "uikit")
            try t.write(toFile: dir + "/big.json", atomically: true, encoding: .utf8)
            return try CLI.run(["inspect", "big.json"], in: dir)
        }
        let thousand = try limited("")
        XCTAssertEqual(thousand.status, 0, thousand.stderr)
        XCTAssertTrue(thousand.stdout.contains("a matrix of 1000 clips"), String(thousand.stdout.prefix(300)))
        let over = try limited(", \"include\": [ { \"vars.a\": 10 } ]")
        XCTAssertEqual(over.status, 2)
        XCTAssertTrue(over.stderr.contains(": matrix: the matrix has more than 1000 combinations"), over.stderr)
    }
}
