import Foundation
import XCTest
import SegueTestSupport

/// `--for TARGET` (issue 33.2): each destination's output decoded by ffprobe and checked against
/// every rule of its profile (sizes, fps, codec and profile, audio layout and rate, duration,
/// file size), and the rules checked before rendering refuse with exit 2.
final class TargetProfileTests: XCTestCase {
    /// A story of holds around two pushes, `seconds` long in all, on `device`.
    static func story(device: String, hold: Double, fps: Int = 60) -> String {
        """
        { "segue": 1, "name": "story", "device": \(device), "fps": \(fps),
          "screens": { "a": { "background": "#3366CC", "layers": [ { "type": "rect", "frame": [20, 100, 200, 80], "fill": "#FFFFFF" } ] },
                       "b": { "background": "#CC6633", "layers": [] } },
          "start": "a",
          "timeline": [ { "hold": \(hold) }, { "push": "b", "transition": "uikit", "duration": 0.5 }, { "hold": \(hold) },
                        { "pop": true, "transition": "uikit", "duration": 0.5 }, { "hold": \(hold) } ] }
        """
    }

    func write(_ text: String, _ path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }

    func streams(_ path: String) throws -> (video: [String: Any], audio: [String: Any]?, format: [String: Any]) {
        let p = try CLI.probe(path, countFrames: false)
        let s = p["streams"] as? [[String: Any]] ?? []
        return (try XCTUnwrap(s.first { $0["codec_type"] as? String == "video" }), s.first { $0["codec_type"] as? String == "audio" },
                p["format"] as? [String: Any] ?? [:])
    }

    func bytes(_ path: String) -> Int { (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1 }

    func seconds(_ d: [String: Any]) -> Double { Double(d["duration"] as? String ?? "") ?? -1 }

    /// (device, accepted size): a Face ID iPhone, a home-button iPhone, an iPad.
    static let appStoreDevices = [("iphone-13", 886, 1920), ("iphone-se", 750, 1334), ("ipad-mini", 1200, 1600)]

    func testAppStorePreviewMeetsEveryRule() throws {
        for (device, w, h) in Self.appStoreDevices {
            let (dir, r) = try Self.shared("app-store-" + device)
            XCTAssertEqual(r.status, 0, r.stderr)
            let (v, a, f) = try streams(dir + "/preview.mp4")
            XCTAssertEqual(v["width"] as? Int, w, device); XCTAssertEqual(v["height"] as? Int, h, device)
            XCTAssertEqual(v["codec_name"] as? String, "h264"); XCTAssertEqual(v["profile"] as? String, "High")
            XCTAssertEqual(v["pix_fmt"] as? String, "yuv420p")
            XCTAssertEqual(v["r_frame_rate"] as? String, "30/1", "60 fps presets are lowered to 30")
            let audio = try XCTUnwrap(a, "a stereo AAC track")
            XCTAssertEqual(audio["codec_name"] as? String, "aac"); XCTAssertEqual(audio["profile"] as? String, "LC")
            XCTAssertEqual(audio["channels"] as? Int, 2); XCTAssertEqual(audio["channel_layout"] as? String, "stereo")
            XCTAssertEqual(audio["sample_rate"] as? String, "48000")
            XCTAssertEqual(seconds(audio), seconds(v), accuracy: 0.03, "the track lasts as long as the video")
            XCTAssertTrue((15...30).contains(seconds(f)), "\(f)")
            XCTAssertLessThanOrEqual(bytes(dir + "/preview.mp4"), 500_000_000)
            // x264 records its settings in the stream: 11 Mbps average, 12 Mbps peak.
            let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/preview.mp4"))
            for needle in ["bitrate=11000", "vbv_maxrate=12000"] { XCTAssertNotNil(data.range(of: Data(needle.utf8)), needle) }
            // Where fastlane deliver reads the poster time.
            XCTAssertTrue(r.stderr.contains("preview_frame_time_code") && r.stderr.contains("00:00:05:00"), r.stderr)
        }
    }

    func testAppStoreRefusesBeforeRenderingSayingByHowMuch() throws {
        let dir = try temporaryFolder("app-store-refusals")
        // 3 × 1 s + 2 × 0.5 s = 4 s: 30 fps → 121 frames, 4.03 s, 10.97 s short.
        try write(Self.story(device: "\"iphone-13\"", hold: 1), dir + "/short.json")
        try write(Self.story(device: "\"iphone-13\"", hold: 10), dir + "/long.json")
        try write(Self.story(device: "\"pixel-8\"", hold: 5), dir + "/android.json")
        let refusals: [(args: [String], says: String)] = [
            (["short.json", "--for", "app-store", "-o", "x.mp4"], "app-store takes 15–30 s; this clip lasts 4.03 s, 10.97 s too short"),
            (["long.json", "--for", "app-store", "-o", "x.mp4"], "this clip lasts 31.03 s, 1.03 s too long"),
            (["android.json", "--for", "app-store", "-o", "x.mp4"], "pixel-8 is an Android device"),
            (["android.json", "--for", "app-store", "--format", "webm"], "--for app-store writes mp4 (got --format webm)"),
            (["android.json", "--for", "readme-gif", "--fps", "40"], "--fps 40: a GIF cannot play at 40 fps"),
            (["android.json", "--for", "app-store", "--fps", "60"], "--fps 60: app-store takes at most 30 fps"),
        ]
        for (args, says) in refusals {
            let r = try CLI.run(["render"] + args, in: dir)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(says), "\(args): \(r.stderr)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["android.json", "long.json", "short.json"])
    }

    func testPlayFollowsYouTubesRecommendedSettings() throws {
        let dir = try temporaryFolder("play")
        try write(Self.story(device: "{ \"width\": 320, \"height\": 568, \"scale\": 2 }", hold: 1, fps: 30), dir + "/p.json")
        let r = try CLI.run(["render", "p.json", "--for", "play", "-o", "play.mp4", "--progress", "none"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let (v, a, _) = try streams(dir + "/play.mp4")
        XCTAssertEqual(v["profile"] as? String, "High"); XCTAssertEqual(v["has_b_frames"] as? Int, 2)
        XCTAssertEqual(v["field_order"] as? String ?? "progressive", "progressive")
        XCTAssertEqual(v["r_frame_rate"] as? String, "30/1", "the source's frame rate")
        let audio = try XCTUnwrap(a)
        XCTAssertEqual(audio["codec_name"] as? String, "aac"); XCTAssertEqual(audio["channels"] as? Int, 2)
        XCTAssertEqual(audio["sample_rate"] as? String, "48000")
        // A keyframe at least every half second (15 frames at 30 fps; x264 adds one at a scene
        // cut); moov before mdat (faststart).
        let k = try CLI.run(["-v", "error", "-select_streams", "v", "-show_entries", "packet=flags", "-of", "csv=p=0", dir + "/play.mp4"], executable: CLI.which("ffprobe"))
        let keys = k.stdout.split(separator: "\n").enumerated().filter { $0.element.hasPrefix("K") }.map(\.offset)
        XCTAssertEqual(keys.first, 0)
        XCTAssertEqual(zip(keys, keys.dropFirst() + [121]).map { $1 - $0 }.filter { $0 > 15 }, [], "\(keys)")
        let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/play.mp4"))
        XCTAssertLessThan(try XCTUnwrap(data.range(of: Data("moov".utf8))).lowerBound, try XCTUnwrap(data.range(of: Data("mdat".utf8))).lowerBound)
    }

    /// Noise does not compress: the first pass misses 10 MB and a second one fits.
    static func noisyPreset(_ dir: String, width: Int, height: Int, seconds: Double) throws {
        try FileManager.default.createDirectory(atPath: dir + "/assets", withIntermediateDirectories: true)
        for (name, seed) in [("a", 1), ("b", 4)] {
            let r = try CLI.run(["-v", "error", "-y", "-f", "lavfi", "-i", "nullsrc=s=\(width)x\(height),geq=random(\(seed))*255:random(\(seed + 1))*255:random(\(seed + 2))*255",
                                 "-frames:v", "1", dir + "/assets/\(name).png"], executable: CLI.which("ffmpeg"))
            guard r.status == 0 else { throw NSError(domain: "ffmpeg", code: Int(r.status), userInfo: [NSLocalizedDescriptionKey: r.stderr]) }
        }
        let step = seconds / 4
        try Data("""
        { "segue": 1, "name": "noisy", "device": { "width": \(width / 2), "height": \(height / 2), "scale": 2 }, "fps": 30,
          "screens": { "a": { "image": "assets/a.png" }, "b": { "image": "assets/b.png" } }, "start": "a",
          "timeline": [ { "push": "b", "transition": "slide", "duration": \(step) }, { "pop": true, "transition": "slide", "duration": \(step) },
                        { "push": "b", "transition": "zoom", "duration": \(step) }, { "pop": true, "transition": "fade", "duration": \(step) } ] }
        """.utf8).write(to: URL(fileURLWithPath: dir + "/noisy.json"))
    }

    /// The class's long renders, each in a folder of its own under `folder`: the three App Store
    /// previews, and the noisy preset fitted for github and for readme-gif.
    static func render(_ name: String) throws -> (String, CLI.Result) {
        let dir = folder + "/" + name
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        switch name {
        case "github":
            try noisyPreset(dir, width: 640, height: 1136, seconds: 4)
            return (dir, try CLI.run(["render", "noisy.json", "--for", "github", "-o", "pr.mp4", "--progress", "none"], in: dir))
        case "readme-gif":
            try noisyPreset(dir, width: 320, height: 568, seconds: 3)
            return (dir, try CLI.run(["render", "noisy.json", "--for", "readme-gif", "-o", "demo.gif", "--progress", "none"], in: dir))
        default:
            try Data(story(device: "\"\(name.dropFirst("app-store-".count))\"", hold: 5).utf8).write(to: URL(fileURLWithPath: dir + "/p.json"))
            return (dir, try CLI.run(["render", "p.json", "--for", "app-store", "-o", "preview.mp4", "--jobs", "2", "--progress", "none"], in: dir))
        }
    }

    static let folder = NSTemporaryDirectory() + "segue-target-profiles-\(getpid())"
    static let names = appStoreDevices.map { "app-store-" + $0.0 } + ["github", "readme-gif"]

    /// Made at the first test that needs one, all together: each is mostly one encoder's work
    /// (x264's trellis, GIF palette mapping) that leaves a core idle, and the class's tests check
    /// different rules of the same five files. Removed when the class ends.
    static let renders: Result<[(String, CLI.Result)], Error> = Result { try concurrently(names.count, width: names.count) { try render(names[$0]) } }

    static func shared(_ name: String) throws -> (String, CLI.Result) {
        try renders.get()[names.firstIndex(of: name)!]
    }

    override class func tearDown() {
        TemporaryFolder.remove(folder)
        super.tearDown()
    }

    func testGitHubFitsTenMegabytesWithASecondPass() throws {
        let (dir, r) = try Self.shared("github")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("pass 1: ") && r.stderr.contains("in 2 passes"), r.stderr)
        XCTAssertLessThanOrEqual(bytes(dir + "/pr.mp4"), 10_000_000)
        XCTAssertGreaterThan(bytes(dir + "/pr.mp4"), 5_000_000, "a near miss is fitted by quality, not halved")
        let (v, a, _) = try streams(dir + "/pr.mp4")
        XCTAssertEqual(v["codec_name"] as? String, "h264"); XCTAssertEqual(v["pix_fmt"] as? String, "yuv420p")
        XCTAssertNil(a)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["assets", "noisy.json", "pr.mp4"])
    }

    func testReadmeGIFFitsTenMegabytesAtAGIFRate() throws {
        let (dir, r) = try Self.shared("readme-gif")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("pass 1: "), r.stderr)
        XCTAssertLessThanOrEqual(bytes(dir + "/demo.gif"), 10_000_000)
        let (v, _, _) = try streams(dir + "/demo.gif")
        XCTAssertLessThan(v["width"] as? Int ?? 1000, 320, "scaled down to fit")
        let d = try GIFTimingTests.delays(dir + "/demo.gif")
        // 30 fps → 25 fps (4 cs), 3 s: 76 frames summing to 3.04 s.
        XCTAssertEqual(d, Array(repeating: 4, count: 76))
    }
}
