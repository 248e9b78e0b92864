import Foundation
import XCTest
import SegueTestSupport

/// The CLI end to end: render real files and check them with ffprobe/ffmpeg, independently of
/// Segue's own code.
final class RenderTests: XCTestCase {
    /// Two flat screens with a stripe each, a linear 1 s push at 10 fps: frame k is progress k/10.
    static let pushPreset = """
    { "segue": 1, "name": "stripes", "device": { "width": 200, "height": 100, "scale": 2 }, "fps": 10,
      "background": "#000000",
      "screens": {
        "a": { "background": "#C83232", "layers": [ { "type": "rect", "frame": [100, 0, 10, 100], "fill": "#000000" } ] },
        "b": { "background": "#3264C8", "layers": [ { "type": "rect", "frame": [20, 0, 10, 100], "fill": "#FFFFFF" } ] }
      },
      "start": "a",
      "timeline": [ { "push": "b", "transition": "uikit", "curve": "linear", "duration": 1 }, { "hold": 0.2 } ] }
    """

    func write(_ text: String, _ dir: String, _ name: String = "p.json") -> String {
        let path = dir + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    func testDemoMP4StreamsTagsFrameCountAndFaststart() throws {
        let dir = try temporaryFolder("demo")
        let r = try CLI.run(["render", "--progress", "none"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let out = dir + "/segue-demo.mp4"
        let info = try CLI.probe(out)
        let streams = info["streams"] as! [[String: Any]]
        XCTAssertEqual(streams.count, 1)
        let v = streams[0]
        XCTAssertEqual(v["codec_name"] as? String, "h264")
        XCTAssertEqual(v["pix_fmt"] as? String, "yuv420p")
        XCTAssertEqual(v["color_space"] as? String, "bt709")
        XCTAssertEqual(v["color_transfer"] as? String, "bt709")
        XCTAssertEqual(v["color_primaries"] as? String, "bt709")
        XCTAssertEqual(v["color_range"] as? String, "tv")
        XCTAssertEqual(v["width"] as? Int, 1170)
        XCTAssertEqual(v["height"] as? Int, 2532)
        XCTAssertEqual(v["r_frame_rate"] as? String, "60/1")
        XCTAssertEqual(v["avg_frame_rate"] as? String, "60/1", "constant frame rate")
        // The demo: hold 0.5, push 0.35, hold 0.8, pop 0.35, hold 0.5 = 2.5 s → round(2.5 × 60) + 1.
        XCTAssertEqual(v["nb_read_frames"] as? String, "151")
        // moov before mdat (+faststart).
        let atoms = try topLevelAtoms(out)
        let moov = try XCTUnwrap(atoms.firstIndex(of: "moov")), mdat = try XCTUnwrap(atoms.firstIndex(of: "mdat"))
        XCTAssertLessThan(moov, mdat, "atoms: \(atoms)")
        let format = info["format"] as! [String: Any]
        let tags = format["tags"] as? [String: Any]
        XCTAssertEqual(tags?["title"] as? String, "segue-demo")
    }

    func topLevelAtoms(_ path: String) throws -> [String] {
        let d = try Data(contentsOf: URL(fileURLWithPath: path))
        var atoms: [String] = []
        var i = 0
        while i + 8 <= d.count {
            var size = Int(d[i]) << 24 | Int(d[i + 1]) << 16 | Int(d[i + 2]) << 8 | Int(d[i + 3])
            atoms.append(String(decoding: d[(i + 4)..<(i + 8)], as: UTF8.self))
            if size == 1, i + 16 <= d.count { size = d[(i + 8)..<(i + 16)].reduce(0) { $0 << 8 | Int($1) } }
            if size < 8 { break }
            i += size
        }
        return atoms
    }

    /// Expected RGB of the push at progress p, at pixel column x (any row), from the formulas of
    /// DESIGN §3 written out here: the new screen's left edge at W(1 − p); the old one moved left
    /// by (W − round(0.7 W))·p under black at 0.1·p.
    func expectedPush(x: Int, p: Double, margin: Double) -> (Double, Double, Double)? {
        let scale = 2.0, w = 200.0
        let px = (Double(x) + 0.5) / scale  // pixel centre in points
        let overLeft = w * (1 - p)
        if px >= overLeft {
            let local = px - overLeft
            if local < margin || abs(local - 20) < margin || abs(local - 30) < margin { return nil }  // near an edge
            return (20...30).contains(local) ? (255, 255, 255) : (50, 100, 200)
        }
        if px >= overLeft - 9 - margin { return nil }  // the edge shadow
        let shift = (w - (w * 0.7).rounded()) * p
        let local = px + shift
        if abs(local - 100) < margin || abs(local - 110) < margin { return nil }
        let base: (Double, Double, Double) = (100...110).contains(local) ? (0, 0, 0) : (200, 50, 50)
        let k = 1 - 0.1 * p
        return (base.0 * k, base.1 * k, base.2 * k)
    }

    /// `margin` (points) skips pixels near an edge: 0.5 pt covers antialiasing in stills; 4:2:0
    /// chroma in an MP4 bleeds about two pixels across an edge.
    func checkPush(_ rgb: [UInt8], width: Int, height: Int, p: Double, tolerance: Double, margin: Double, _ what: String) {
        var checked = 0
        for x in stride(from: 0, to: width, by: 3) {
            guard let e = expectedPush(x: x, p: p, margin: margin) else { continue }
            for y in [height / 4, height / 2] {
                let i = (y * width + x) * 3
                let got = (Double(rgb[i]), Double(rgb[i + 1]), Double(rgb[i + 2]))
                if abs(got.0 - e.0) > tolerance || abs(got.1 - e.1) > tolerance || abs(got.2 - e.2) > tolerance {
                    return XCTFail("\(what): pixel (\(x), \(y)) at p=\(p) is \(got), expected \(e) ± \(tolerance)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }

    func testMidPushGeometryAndDimmingInTheMP4AndInStills() throws {
        let dir = try temporaryFolder("push")
        let preset = write(Self.pushPreset, dir)
        let r = try CLI.run(["render", preset, "-o", dir + "/push.mp4", "--crf", "10", "--progress", "none"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let info = try CLI.probe(dir + "/push.mp4")
        let v = (info["streams"] as! [[String: Any]])[0]
        XCTAssertEqual(v["nb_read_frames"] as? String, "13")  // 1.2 s × 10 + 1
        for k in [3, 5, 8] {
            let rgb = try CLI.decodeFrame(dir + "/push.mp4", index: k, width: 400, height: 200)
            checkPush(rgb, width: 400, height: 200, p: Double(k) / 10, tolerance: 8, margin: 2, "mp4 frame \(k)")
        }
        // The same frames as PNG stills are exact (no encoding): a much tighter tolerance.
        let s = try CLI.run(["frames", preset, "--at", "0.3,0.5", "-o", dir + "/stills"])
        XCTAssertEqual(s.status, 0, s.stderr)
        for (k, name) in [(3, "frame-00003.png"), (5, "frame-00005.png")] {
            let png = dir + "/stills/" + name
            XCTAssertTrue(FileManager.default.fileExists(atPath: png), name)
            let probe = try CLI.probe(png, countFrames: false)
            let st = (probe["streams"] as! [[String: Any]])[0]
            XCTAssertEqual(st["width"] as? Int, 400)
            XCTAssertEqual(st["height"] as? Int, 200)
            XCTAssertEqual(st["pix_fmt"] as? String, "rgb24", "opaque stills are 8-bit RGB")
            let rgb = try CLI.decodeFrame(png, index: 0, width: 400, height: 200)
            checkPush(rgb, width: 400, height: 200, p: Double(k) / 10, tolerance: 1, margin: 0.5, "still \(name)")
        }
    }

    func testJobsDoNotChangeTheOutput() throws {
        let dir = try temporaryFolder("jobs")
        let preset = write(Self.pushPreset, dir)
        for j in [1, 2] {
            let r = try CLI.run(["render", preset, "-o", dir + "/j\(j).mp4", "--jobs", "\(j)", "--progress", "none"])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/j1.mp4"))
        let b = try Data(contentsOf: URL(fileURLWithPath: dir + "/j2.mp4"))
        XCTAssertGreaterThan(a.count, 1000)
        XCTAssertEqual(a, b, "--jobs 1 and --jobs 2 must write byte-identical files")
    }

    func testInvalidPresetExits2WithFileAndPathAndWritesNothing() throws {
        let dir = try temporaryFolder("invalid")
        let preset = write(Self.pushPreset.replacingOccurrences(of: "\"duration\": 1", with: "\"duration\": -1"), dir, "bad.json")
        let r = try CLI.run(["render", preset, "-o", dir + "/bad.mp4"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("bad.json:8:86: timeline[0].duration: must be greater than 0 (got -1)"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/bad.mp4"))
        let broken = write("{ \"segue\": 1,\n  \"name\" }", dir, "broken.json")
        let b = try CLI.run(["validate", broken])
        XCTAssertEqual(b.status, 2)
        XCTAssertTrue(b.stderr.contains("broken.json:2:10: invalid JSON"), b.stderr)
        let usage = try CLI.run(["render", "--fps", "0"])
        XCTAssertEqual(usage.status, 2)
        let unknown = try CLI.run(["rendr"])
        XCTAssertEqual(unknown.status, 2)
    }

    func testSigintLeavesNoFileAndKeepsAnExistingOne() throws {
        let dir = try temporaryFolder("sigint")
        // A long render: the demo at 60 fps, slowed down 20×.
        for existing in [false, true] {
            let out = dir + "/demo-\(existing).mp4"
            if existing { FileManager.default.createFile(atPath: out, contents: Data("keep me".utf8)) }
            // Once the encoder has written a frame into its temporary file, interrupt.
            let r = try CLI.interrupt(["render", "-o", out, "--slow-motion", "20", "--progress", "json"], whenTemporaries: 1, in: dir,
                                      frame: 1, signal: SIGINT)
            XCTAssertLessThan(r.stopCPUSeconds, SignalTests.budget, "stops promptly")
            XCTAssertEqual(r.status, 130, r.stderr)
            let names = try FileManager.default.contentsOfDirectory(atPath: dir)
            XCTAssertEqual(names.filter { $0.hasPrefix(".") }, [], "no temporary file left")
            if existing {
                XCTAssertEqual(FileManager.default.contents(atPath: out), Data("keep me".utf8), "existing file untouched")
            } else {
                XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no partial output")
            }
        }
    }

    func testVersionHelpAndNullFormat() throws {
        let v = try CLI.run(["--version"])
        XCTAssertEqual(v.status, 0)
        XCTAssertTrue(v.stdout.hasPrefix("segue "))
        let h = try CLI.run(["--help"])
        XCTAssertTrue(h.stdout.contains("segue render"))
        let dir = try temporaryFolder("null")
        let preset = write(Self.pushPreset, dir)
        let n = try CLI.run(["render", preset, "--format", "null", "--progress", "json"], in: dir)
        XCTAssertEqual(n.status, 0, n.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["p.json"], "null writes nothing")
        let lines = n.stderr.split(separator: "\n")
        XCTAssertFalse(lines.isEmpty)
        for line in lines {
            let obj = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            XCTAssertNotNil(obj?["event"], String(line))
        }
        XCTAssertTrue(n.stderr.contains("\"event\":\"done\""))
    }
}
