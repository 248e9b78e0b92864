import Foundation
import XCTest
import SegueTestSupport
import Raster
import Media

/// `segue compare` and `batch --baseline` end to end. PSNR is checked against its definition,
/// computed here: planar RGB, the planes' mean squared errors averaged, 10·log10(255² / MSE).
final class CompareTests: XCTestCase {
    /// A folder of `count` PNG frames: a pattern (channels within 0…200), red raised by
    /// `offsets[i]` in frame i.
    func frames(_ dir: String, count: Int, offsets: [Int: UInt32] = [:], width: Int = 48, height: Int = 32) throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for i in 0..<count {
            let b = Bitmap(uncheckedWidth: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let r = UInt32((x * 5 + y * 3 + i) % 200) + (offsets[i] ?? 0), g = UInt32((x * 2 + y * 7) % 200), bl = UInt32((x + 2 * y) % 200)
                    b.row(y)[x] = r | g << 8 | bl << 16 | 0xFF00_0000
                }
            }
            try PNGWriter.write(b, to: dir + String(format: "/frame-%05d.png", i))
        }
    }

    func json(_ s: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(s.utf8)) as? [String: Any], s)
    }

    func testPNGFoldersScoredFrameByFrameWithTheWorstAndFirstFrameUnderTheThreshold() throws {
        let dir = try temporaryFolder("compare")
        try frames(dir + "/a", count: 5)
        try frames(dir + "/b", count: 5, offsets: [1: 4, 3: 12])
        let expected = { (d: Double) in 10 * log10(255 * 255 / (d * d / 3)) }
        let r = try CLI.run(["compare", "a", "b", "--format", "json", "--threshold", "40"], in: dir)
        XCTAssertEqual(r.status, 1, r.stderr)          // frame 3 (≈ 35.3 dB) is under 40
        let j = try json(r.stdout)
        XCTAssertEqual(j["frames"] as? Int, 5)
        XCTAssertEqual(j["worstFrame"] as? Int, 3)
        XCTAssertEqual(j["firstBelow"] as? Int, 3)      // frame 1 is ≈ 44.8 dB
        XCTAssertEqual(j["passed"] as? Bool, false)
        XCTAssertTrue(j["fps"] is NSNull, "PNG folders have no rate")
        let per = try XCTUnwrap(j["perFrame"] as? [[String: Any]])
        XCTAssertTrue(per[0]["psnr"] is NSNull, "identical frames: infinite PSNR, null in JSON")
        XCTAssertEqual(per[0]["ssim"] as? Double ?? 0, 1, accuracy: 1e-9)
        XCTAssertEqual(per[1]["psnr"] as? Double ?? 0, expected(4), accuracy: 1e-3)
        XCTAssertEqual(per[3]["psnr"] as? Double ?? 0, expected(12), accuracy: 1e-3)
        XCTAssertEqual(j["psnrMin"] as? Double ?? 0, expected(12), accuracy: 1e-3)
        XCTAssertLessThan(per[3]["ssim"] as? Double ?? 1, per[1]["ssim"] as? Double ?? 0)

        // A threshold under every frame: exit 0. The text form names the worst frame.
        let ok = try CLI.run(["compare", "a", "b", "--threshold", "30"], in: dir)
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("worst: frame 3"), ok.stdout)
        XCTAssertTrue(ok.stdout.contains("every frame at or above 30 dB"), ok.stdout)
    }

    func testDiffWritesTheWorstFrameAsABAndTheAmplifiedDifference() throws {
        let dir = try temporaryFolder("compare-diff")
        try frames(dir + "/a", count: 3)
        try frames(dir + "/b", count: 3, offsets: [2: 10])
        let r = try CLI.run(["compare", "a", "b", "--diff", "d"], in: dir)
        XCTAssertEqual(r.status, 1, r.stderr)
        let strip = try ImageDecoder.decode(path: dir + "/d/diff-00002.png")
        XCTAssertEqual(strip.width, 3 * 48 + 16)
        XCTAssertEqual(strip.height, 32)
        let a = try ImageDecoder.decode(path: dir + "/a/frame-00002.png"), b = try ImageDecoder.decode(path: dir + "/b/frame-00002.png")
        for (x, y) in [(0, 0), (17, 9), (47, 31)] {
            XCTAssertEqual(strip.row(y)[x], a.row(y)[x], "A panel at \(x),\(y)")
            XCTAssertEqual(strip.row(y)[48 + 8 + x], b.row(y)[x], "B panel at \(x),\(y)")
            XCTAssertEqual(strip.row(y)[2 * (48 + 8) + x], 0xFF00_0050, "difference: red 10 × 8 = 80, others 0")
        }
    }

    func testFrameCountsSizesAndRatesThatDifferAreExit2SaidPlainly() throws {
        let dir = try temporaryFolder("compare-usage")
        try frames(dir + "/a", count: 3)
        try frames(dir + "/b", count: 4)
        try frames(dir + "/c", count: 3, width: 40)
        let counts = try CLI.run(["compare", "a", "b"], in: dir)
        XCTAssertEqual(counts.status, 2)
        XCTAssertTrue(counts.stderr.contains("different frame counts: a has 3 frames, b has 4"), counts.stderr)
        let sizes = try CLI.run(["compare", "a", "c"], in: dir)
        XCTAssertEqual(sizes.status, 2)
        XCTAssertTrue(sizes.stderr.contains("different sizes: a is 48×32, c is 40×32"), sizes.stderr)
        try Data(BatchTests.preset().utf8).write(to: URL(fileURLWithPath: dir + "/p.json"))
        XCTAssertEqual(try CLI.run(["render", "p.json", "-o", "p10.mp4", "--quiet"], in: dir).status, 0)
        XCTAssertEqual(try CLI.run(["render", "p.json", "-o", "p20.mp4", "--fps", "20", "--quiet"], in: dir).status, 0)
        let rates = try CLI.run(["compare", "p10.mp4", "p20.mp4"], in: dir)
        XCTAssertEqual(rates.status, 2)
        XCTAssertTrue(rates.stderr.contains("different frame rates: p10.mp4 is 10 fps, p20.mp4 is 20 fps"), rates.stderr)
        XCTAssertEqual(try CLI.run(["compare", "a"], in: dir).status, 2)
        XCTAssertEqual(try CLI.run(["compare", "a", "missing"], in: dir).status, 2)
    }

    func testAPresetAgainstItsOwnFramesIsIdenticalAndAgainstItsClipCloseButLossy() throws {
        let dir = try temporaryFolder("compare-preset")
        try Data(BatchTests.preset(hold: 0.2).utf8).write(to: URL(fileURLWithPath: dir + "/p.json"))
        XCTAssertEqual(try CLI.run(["frames", "p.json", "--all", "-o", "f", "--quiet"], in: dir).status, 0)
        let same = try CLI.run(["compare", "p.json", "f", "--format", "json"], in: dir)
        XCTAssertEqual(same.status, 0, same.stderr)
        let j = try json(same.stdout)
        XCTAssertEqual(j["frames"] as? Int, 5)               // round((0.2 + 0.2) × 10) + 1
        XCTAssertTrue(j["psnrMin"] is NSNull, "rendered in memory = the PNGs segue frames wrote")
        XCTAssertEqual(try CLI.run(["render", "p.json", "-o", "p.mp4", "--quiet"], in: dir).status, 0)
        let clip = try json(try CLI.run(["compare", "p.json", "p.mp4", "--format", "json", "--threshold", "0"], in: dir).stdout)
        let psnr = try XCTUnwrap(clip["psnrMin"] as? Double, "H.264 4:2:0 is lossy")
        XCTAssertGreaterThan(psnr, 15)
        XCTAssertLessThan(psnr, 99)
    }

    func testBatchBaselineMarksChangedAndNewAndExits1() throws {
        let dir = try temporaryFolder("baseline")
        func write(_ text: String, _ path: String) throws {
            try FileManager.default.createDirectory(atPath: (dir + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + path))
        }
        try write(BatchTests.preset(name: "same"), "p/same.json")
        try write(BatchTests.preset(name: "edit"), "p/edit.json")
        let base = try CLI.run(["batch", "p", "-o", "base", "--quiet"], in: dir)
        XCTAssertEqual(base.status, 0, base.stderr)
        try write(BatchTests.preset(name: "edit", colour: "#32C832"), "p/edit.json")
        try write(BatchTests.preset(name: "fresh"), "p/fresh.json")
        let r = try CLI.run(["batch", "p", "-o", "new", "--baseline", "base", "--manifest", "m.json", "--progress", "none", "--gallery"], in: dir)
        XCTAssertEqual(r.status, 1, r.stderr)
        let m = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/m.json"))) as? [String: Any])
        XCTAssertEqual(m["exitCode"] as? Int, 1)
        let ps = try XCTUnwrap(m["presets"] as? [[String: Any]])
        let by = Dictionary(uniqueKeysWithValues: ps.map { ($0["name"] as! String, $0) })
        XCTAssertEqual(by["same"]?["status"] as? String, "ok")
        XCTAssertTrue(by["same"]?["psnrMin"] is NSNull, "same preset, same bytes: identical")
        XCTAssertEqual(by["same"]?["ssimMin"] as? Double ?? 0, 1, accuracy: 1e-9)
        XCTAssertEqual(by["same"]?["baseline"] as? String, "base/same.mp4")
        XCTAssertEqual(by["edit"]?["status"] as? String, "changed")
        XCTAssertLessThan(by["edit"]?["psnrMin"] as? Double ?? 99, 40)
        XCTAssertEqual(by["edit"]?["worstFrame"] as? Int, 0, "the first screen's colour changed: frame 0 is as bad as any")
        let diff = try XCTUnwrap(by["edit"]?["diff"] as? String)
        XCTAssertEqual(try ImageDecoder.decode(path: dir + "/" + diff).width, 3 * 60 + 16)
        XCTAssertEqual(by["fresh"]?["status"] as? String, "new")
        XCTAssertTrue(by["fresh"]?["psnrMin"] is NSNull)
        // The gallery puts the change first and plays baseline and new side by side.
        let page = try String(contentsOfFile: dir + "/new/index.html", encoding: .utf8)
        let changed = try XCTUnwrap(page.range(of: "data-status=\"changed\""))
        let ok = try XCTUnwrap(page.range(of: "data-status=\"ok\""))
        XCTAssertLessThan(changed.lowerBound, ok.lowerBound)
        XCTAssertTrue(page.contains("<figcaption>baseline</figcaption>") && page.contains("<figcaption>new</figcaption>"))
        XCTAssertTrue(page.contains("baseline | new | difference"))
    }
}
