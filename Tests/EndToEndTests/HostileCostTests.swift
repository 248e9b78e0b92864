import Foundation
import XCTest
import SegueTestSupport

/// Issue 27.7 and 27.14 end to end: magic-move with thousands of matched screenshot elements
/// renders (it grew quadratically: 4 000 took over 120 s), and an element refused for its frame
/// is one problem, not a second "no element" one from the `match` that names it. No timing is
/// asserted; the 300 s guard only keeps a hang from stalling the suite.
final class HostileCostTests: XCTestCase {
    func testManyMatchedElementsRender() throws {
        let dir = try temporaryFolder("hostile-mm")
        for (name, src) in [("a", "testsrc"), ("b", "testsrc2")] {
            let r = try CLI.run(["-v", "error", "-f", "lavfi", "-i", "\(src)=s=200x200", "-frames:v", "1", dir + "/\(name).png"], executable: CLI.which("ffmpeg"))
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        for n in [500, 4000] {
            let elements = (0..<n).map { k in "\"e\(k)\": { \"frame\": [\((k % 64) * 3), \((k / 64) * 3), 2, 2] }" }.joined(separator: ", ")
            let preset = """
            { "segue": 1, "name": "mm\(n)", "device": { "width": 200, "height": 200, "scale": 1 }, "fps": 10,
              "screens": { "a": { "image": "a.png", "elements": { \(elements) } }, "b": { "image": "b.png", "elements": { \(elements) } } },
              "start": "a", "timeline": [ { "push": "b", "transition": "magic-move", "duration": 0.2 } ] }
            """
            try Data(preset.utf8).write(to: URL(fileURLWithPath: dir + "/mm\(n).json"))
            let box = ProcessBox()
            DispatchQueue.global().asyncAfter(deadline: .now() + 300) { box.kill() }
            let r = try CLI.run(["render", dir + "/mm\(n).json", "-o", dir + "/mm\(n).mp4", "--quiet"], started: { box.process = $0 })
            XCTAssertEqual(r.status, 0, "N = \(n): \(r.stderr)")
            let probe = try CLI.probe(dir + "/mm\(n).mp4")
            let stream = try XCTUnwrap((probe["streams"] as? [[String: Any]])?.first)
            XCTAssertEqual(stream["nb_read_frames"] as? String, "3", "N = \(n)")
        }
    }

    func testARefusedElementIsOneProblem() throws {
        let dir = try temporaryFolder("hostile-element")
        let r0 = try CLI.run(["-v", "error", "-f", "lavfi", "-i", "color=c=gray:s=60x40", "-frames:v", "1", dir + "/a.png"], executable: CLI.which("ffmpeg"))
        XCTAssertEqual(r0.status, 0, r0.stderr)
        let preset = """
        { "segue": 1, "name": "el", "device": { "width": 60, "height": 40, "scale": 1 }, "fps": 10,
          "screens": { "a": { "image": "a.png", "elements": { "x": { "frame": [50, 30, 40, 40] } } },
                       "b": { "layers": [ { "type": "rect", "id": "x", "frame": [0, 0, 10, 10], "fill": "#FFFFFF" } ] } },
          "start": "a", "timeline": [ { "push": "b", "transition": "magic-move", "duration": 0.2, "match": [["x", "x"]] } ] }
        """
        try Data(preset.utf8).write(to: URL(fileURLWithPath: dir + "/el.json"))
        let r = try CLI.run(["validate", dir + "/el.json"])
        XCTAssertEqual(r.status, 2)
        let lines = r.stderr.split(separator: "\n").filter { $0.hasPrefix(dir) }
        XCTAssertEqual(lines.count, 1, r.stderr)
        XCTAssertTrue(lines.first?.contains("the element must lie inside the screen") ?? false, r.stderr)
        XCTAssertFalse(r.stderr.contains("no element"), r.stderr)
    }

    /// Issue 27.9: compare reads sizes from the headers before decoding anything, and refuses
    /// frames whose comparison would need more than --max-memory (at two sizes: one under the
    /// limit compares, one over it is refused without the memory).
    func testCompareChecksSizesAndMemoryFromTheHeaders() throws {
        let dir = try temporaryFolder("hostile-compare")
        for side in [1000, 4000] {
            let r = try CLI.run(["-v", "error", "-f", "lavfi", "-i", "color=c=gray:s=\(side)x\(side):r=10", "-frames:v", "3", "-c:v", "png", dir + "/c\(side).mov"],
                                executable: CLI.which("ffmpeg"))
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let small = try runMeasured(["compare", dir + "/c1000.mov", dir + "/c1000.mov", "--max-memory", "512M"])
        XCTAssertEqual(small.status, 0, small.stderr)
        let big = try runMeasured(["compare", dir + "/c4000.mov", dir + "/c4000.mov", "--max-memory", "512M"])
        XCTAssertEqual(big.status, 2, big.stderr)
        XCTAssertTrue(big.stderr.contains("comparing 4000×4000 frames needs about 610 MiB") && big.stderr.contains("--max-memory"), big.stderr)
        let mismatch = try runMeasured(["compare", dir + "/c4000.mov", dir + "/c1000.mov"])
        XCTAssertEqual(mismatch.status, 2, mismatch.stderr)
        XCTAssertTrue(mismatch.stderr.contains("different sizes"), mismatch.stderr)
        if Self.checksRSS {
            // Nothing decoded: the process's own start-up, not a 4000×4000 frame (64 MB as RGBA).
            XCTAssertLessThan(big.maxRSSKiB, 80 << 10, "refused at \(big.maxRSSKiB) KiB")
            XCTAssertLessThan(mismatch.maxRSSKiB, 80 << 10, "size mismatch at \(mismatch.maxRSSKiB) KiB")
        }
    }
}
