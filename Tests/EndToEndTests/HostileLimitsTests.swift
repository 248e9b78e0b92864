import Foundation
import XCTest
import SegueTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 20.6 (memory estimate and limit, sheet), 20.10 (cache entries checked), 20.11 (the
/// problem cap for every problem, names, nesting and image limits as documented).
final class HostileLimitsTests: XCTestCase {
    func write(_ text: String, _ path: String) {
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)), path)
    }

    static func canvas(_ w: Int, _ h: Int, output: String = "", frames: Double = 0.5) -> String {
        """
        { "segue": 1, "name": "c", "device": { "width": \(w), "height": \(h), "scale": 1 }, "fps": 10\(output),
          "screens": { "a": { "mock": "list" }, "b": { "mock": "settings" } }, "start": "a",
          "timeline": [ { "push": "b", "duration": \(frames) } ] }
        """
    }

    /// "about 361 MiB" / "about 1.7 GiB" in a refusal → bytes.
    func estimate(_ stderr: String) -> Int? {
        guard let r = stderr.range(of: #"about [0-9.]+ [GM]iB"#, options: .regularExpression) else { return nil }
        let parts = stderr[r].split(separator: " ")
        guard let v = Double(parts[1]) else { return nil }
        return Int(v * (parts[2] == "GiB" ? 1_073_741_824 : 1_048_576))
    }

    // MARK: 20.6

    func testRendersAboveTheMemoryLimitAreRefusedWithTheEstimate() throws {
        let dir = try temporaryFolder("hostile-mem")
        // The documented maximum canvas in mp4: 4.2 GB measured (PERFORMANCE.md), above 2 GiB.
        write(Self.canvas(8192, 8192), dir + "/max.json")
        let r = try CLI.run(["render", dir + "/max.json", "-o", dir + "/max.mp4"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("--max-memory") && r.stderr.contains("2.0 GiB") && r.stderr.contains("encoder (h264)"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/max.mp4"))
        // The preset's own limit, and --max-memory over it; batch refuses the same way.
        write(Self.canvas(1170, 2532, output: #", "output": { "maxMemory": "64M" }"#), dir + "/low.json")
        let low = try CLI.run(["render", dir + "/low.json", "-o", dir + "/low.mp4"])
        XCTAssertEqual(low.status, 2, low.stderr)
        XCTAssertTrue(low.stderr.contains("output.maxMemory") && low.stderr.contains("64 MiB"), low.stderr)
        let batch = try CLI.run(["batch", dir + "/low.json", "-o", dir + "/out"])
        XCTAssertEqual(batch.status, 2, batch.stderr)
        XCTAssertTrue(batch.stderr.contains("output.maxMemory"), batch.stderr)
        let raised = try CLI.run(["render", dir + "/low.json", "-o", dir + "/low.mp4", "--max-memory", "1G", "--progress", "none"])
        XCTAssertEqual(raised.status, 0, raised.stderr)
        XCTAssertEqual(try CLI.run(["render", dir + "/low.json", "--max-memory", "lots"]).status, 2)
        // The estimate is above the measured peak, and not far above, at two canvas sizes and two formats.
        for (w, h) in [(1170, 2532), (2048, 2048)] {
            for format in ["mp4", "png"] {
                write(Self.canvas(w, h), dir + "/e.json")
                let refused = try CLI.run(["render", dir + "/e.json", "-o", dir + "/e.\(format)", "--format", format, "--jobs", "2", "--max-memory", "1M"])
                XCTAssertEqual(refused.status, 2, refused.stderr)
                let est = try XCTUnwrap(estimate(refused.stderr), refused.stderr)
                let m = try runMeasured(["render", dir + "/e.json", "-o", dir + "/e.\(format)", "--format", format, "--jobs", "2", "--progress", "none"])
                XCTAssertEqual(m.status, 0, m.stderr)
                if Self.checksRSS {
                    XCTAssertGreaterThan(est, m.maxRSSKiB * 1024, "\(w)×\(h) \(format): estimate \(est >> 20) MiB, measured \(m.maxRSSKiB >> 10) MiB")
                    XCTAssertLessThan(est, m.maxRSSKiB * 1024 * 2, "\(w)×\(h) \(format): estimate \(est >> 20) MiB, measured \(m.maxRSSKiB >> 10) MiB")
                }
                try? FileManager.default.removeItem(atPath: dir + "/e.\(format)")
            }
        }
    }

    func testSheetHoldsThumbnailsNotFrames() throws {
        let dir = try temporaryFolder("hostile-sheet")
        write(Self.canvas(1024, 1024, frames: 40), dir + "/p.json")
        let a = try runMeasured(["sheet", dir + "/p.json", "-o", dir + "/a.png", "--count", "12", "--jobs", "2"])
        let b = try runMeasured(["sheet", dir + "/p.json", "-o", dir + "/b.png", "--count", "400", "--jobs", "2"])
        XCTAssertEqual(a.status, 0, a.stderr); XCTAssertEqual(b.status, 0, b.stderr)
        // 400 full frames would be 1.6 GB; what may grow is the thumbnails (300×300 RGBA), the
        // sheet (1912×23064 RGBA) and the PNG encoder's own frame of the sheet.
        let thumbs = 400 * 300 * 300 * 4, sheet = (6 * 316 + 16) * (67 * 344 + 16) * 4
        if Self.checksRSS {
            XCTAssertLessThan((b.maxRSSKiB - a.maxRSSKiB) * 1024, (thumbs + 2 * sheet) * 5 / 4, "sheet 400 vs 12: \(b.maxRSSKiB) vs \(a.maxRSSKiB) KiB")
        }
    }

    /// A canvas the decoder accepts (8192×2) whose contact-sheet thumbnail would be 300×0: bad
    /// input: exit 2 naming the size, no sheet, not a trap.
    func testASheetOfAThinCanvasIsAnErrorNotATrap() throws {
        let dir = try temporaryFolder("hostile-thin")
        write(Self.canvas(8192, 2, frames: 0.2), dir + "/thin.json")
        let r = try CLI.run(["sheet", dir + "/thin.json", "-o", dir + "/thin.png", "--count", "2"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("at least 1×1 pixels (got 300×0)"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/thin.png"))
    }

    // MARK: 20.10

    func testDamagedCacheEntriesAreRenderedAgain() throws {
        let dir = try temporaryFolder("hostile-cache")
        write(Self.canvas(64, 48, frames: 0.2), dir + "/p.json")
        let args = ["batch", dir + "/p.json", "-o", dir + "/out", "--cache", dir + "/cache", "--manifest", dir + "/m.json", "--quiet"]
        func status() throws -> String {
            let m = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/m.json"))) as! [String: Any]
            return ((m["presets"] as! [[String: Any]])[0]["status"] as! String)
        }
        XCTAssertEqual(try CLI.run(args).status, 0)
        let first = try Data(contentsOf: URL(fileURLWithPath: dir + "/out/c.mp4"))
        let entry = try XCTUnwrap(FileManager.default.subpaths(atPath: dir + "/cache")?.first { $0.hasSuffix(".mp4") })
        let entryPath = dir + "/cache/" + entry
        XCTAssertEqual(try CLI.run(args).status, 0); XCTAssertEqual(try status(), "cached")
        // Truncated to 0 bytes, then one byte changed: each is a miss, rendered again, identical.
        for damage in ["truncate", "flip"] {
            if damage == "truncate" { XCTAssertEqual(truncate(entryPath, 0), 0) } else {
                var d = try Data(contentsOf: URL(fileURLWithPath: entryPath)); d[d.count / 2] ^= 0xFF
                try d.write(to: URL(fileURLWithPath: entryPath))
            }
            let r = try CLI.run(args)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(try status(), "ok", damage)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/out/c.mp4")), first, damage)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: entryPath)), first, "\(damage): the entry is stored again")
        }
    }

    // MARK: 20.11

    func testEveryKindOfProblemIsCapped() throws {
        let dir = try temporaryFolder("hostile-cap")
        func story(_ pairs: Int) -> String {
            let match = (0..<pairs).map { #"["x\#($0)","y"]"# }.joined(separator: ",")
            return """
            { "segue": 1, "device": { "width": 60, "height": 40, "scale": 1 }, "fps": 10,
              "screens": { "a": { "layers": [ { "type": "rect", "id": "box", "frame": [0, 0, 10, 10] } ] },
                           "b": { "layers": [ { "type": "rect", "id": "box", "frame": [5, 5, 10, 10] } ] } },
              "start": "a", "timeline": [ { "push": "b", "transition": "magic-move", "match": [\(match)] } ] }
            """
        }
        for pairs in [300, 250_000] {
            write(story(pairs), dir + "/p.json")
            let r = try CLI.run(["validate", dir + "/p.json"])
            XCTAssertEqual(r.status, 2)
            let lines = r.stderr.split(separator: "\n")
            XCTAssertLessThanOrEqual(lines.count, 201, "\(pairs) pairs")
            // 2 × pairs problems (each pair names two missing ids): the last line counts the rest.
            let counted = lines.compactMap { l -> Int? in
                guard let r = l.range(of: #"… and [0-9]+ more problems"#, options: .regularExpression) else { return nil }
                return Int(l[r].split(separator: " ")[2])
            }.first
            XCTAssertTrue(counted.map { (2 * pairs - 200)...(2 * pairs) ~= $0 } == true, "\(pairs): \(lines.suffix(2))")
            XCTAssertLessThan(r.stderr.utf8.count, 200 * 400, "\(pairs) pairs: \(r.stderr.utf8.count) bytes of problems")
        }
    }

    func testNamesNestingAndImageLimitsAreAsDocumented() throws {
        let dir = try temporaryFolder("hostile-names")
        func preset(name: String? = nil, layers: String = #"{ "type": "rect", "frame": [0, 0, 10, 10] }"#) -> String {
            """
            { "segue": 1\(name.map { #", "name": "\#($0)""# } ?? ""), "device": { "width": 60, "height": 40, "scale": 1 }, "fps": 10,
              "screens": { "a": { "layers": [ \(layers) ] }, "b": { "mock": "list" } }, "start": "a", "timeline": [ { "push": "b", "duration": 0.1 } ] }
            """
        }
        for (name, code) in [(#"evil\u202Egnp.exe"#, "U+202E"), (#"a\u0007b"#, "U+0007"), (#"x\u2066y"#, "U+2066"), (#"tab\tname"#, "U+0009")] {
            write(preset(name: name), dir + "/n.json")
            let r = try CLI.run(["render", dir + "/n.json", "-o", dir + "/n.mp4"])
            XCTAssertEqual(r.status, 2, name); XCTAssertTrue(r.stderr.contains("name") && r.stderr.contains(code), r.stderr)
        }
        // A file name with a bidi override is the default name: refused the same way.
        write(preset(), dir + "/evil\u{202E}gnp.json")
        let f = try CLI.run(["validate", dir + "/evil\u{202E}gnp.json"])
        XCTAssertEqual(f.status, 2); XCTAssertTrue(f.stderr.contains("U+202E"), f.stderr)
        // 32 levels of layers are allowed (as documented), 33 are not — and the message says so.
        func nested(_ levels: Int) -> String {
            var l = #"{ "type": "rect", "frame": [0, 0, 1, 1] }"#
            for _ in 1..<levels { l = #"{ "type": "group", "frame": [0, 0, 10, 10], "children": [ \#(l) ] }"# }
            return l
        }
        write(preset(layers: nested(32)), dir + "/d32.json"); write(preset(layers: nested(33)), dir + "/d33.json")
        let d32 = try CLI.run(["validate", dir + "/d32.json"]), d33 = try CLI.run(["validate", dir + "/d33.json"])
        XCTAssertEqual(d32.status, 0, d32.stderr)
        XCTAssertEqual(d33.status, 2); XCTAssertTrue(d33.stderr.contains("nest deeper than 32 levels"), d33.stderr)
        // 16384 a side passes the per-side limit but not FFmpeg's area bound: the message says which.
        let faults = FaultTests(name: "helpers", testClosure: { _ in })
        FileManager.default.createFile(atPath: dir + "/big.png", contents: faults.bombPNG(width: 16384, height: 16384))
        write(preset(layers: #"{ "type": "image", "image": "big.png", "frame": [0, 0, 10, 10] }"#), dir + "/img.json")
        let img = try CLI.run(["validate", dir + "/img.json"])
        XCTAssertEqual(img.status, 2); XCTAssertTrue(img.stderr.contains("16384×16384") && img.stderr.contains("(width + 128)"), img.stderr)
    }
}
