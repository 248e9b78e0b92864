import Foundation
import XCTest
import SegueTestSupport

/// GIFs play at the story's speed (issue 33.1): every delay a whole number of centiseconds ≥ 2,
/// the same for every frame, summing to the clip's duration, read back by ffprobe (FFmpeg's GIF
/// demuxer) and played by Chromium.
final class GIFTimingTests: XCTestCase {
    /// Red for 1 s, blue for 1 s, green for 1 s (0.02 s dissolves between): 3.04 s of story.
    static func colours(fps: Int) -> String {
        """
        { "segue": 1, "name": "colours", "device": { "width": 40, "height": 40, "scale": 1, "cornerRadius": 0 }, "fps": \(fps),
          "screens": { "red": { "background": "#FF0000", "layers": [] }, "blue": { "background": "#0000FF", "layers": [] },
                       "green": { "background": "#00FF00", "layers": [] } },
          "start": "red",
          "timeline": [ { "hold": 1.0 }, { "push": "blue", "transition": "cross-dissolve", "duration": 0.02 }, { "hold": 1.0 },
                        { "push": "green", "transition": "cross-dissolve", "duration": 0.02 }, { "hold": 1.0 } ] }
        """
    }
    static let story = 3.04

    /// Each packet's duration in the GIF's time base (1/100 s), as ffprobe reads them.
    static func delays(_ path: String) throws -> [Int] {
        let r = try CLI.run(["-v", "error", "-show_entries", "packet=duration", "-of", "csv=p=0", path], executable: CLI.which("ffprobe"))
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout.split(separator: "\n").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    static func render(_ dir: String, fps: Int, _ extra: [String] = []) throws -> CLI.Result {
        try Data(Self.colours(fps: fps).utf8).write(to: URL(fileURLWithPath: dir + "/c\(fps).json"))
        return try CLI.run(["render", "c\(fps).json", "-o", "c.gif", "--quiet"] + extra, in: dir)
    }

    func testDelaysAreWholeCentisecondsAtLeastTwoSummingToTheDuration() throws {
        let dir = try temporaryFolder("gif-timing")
        // (preset fps, extra options, expected delay, story seconds of video)
        let cases: [(Int, [String], Int, Double)] = [
            (60, [], 2, Self.story), (30, [], 4, Self.story), (40, [], 3, Self.story), (50, [], 2, Self.story),
            (60, ["--fps", "25"], 4, Self.story), (24, ["--fps", "10"], 10, Self.story),
            (60, ["--slow-motion", "2"], 2, 2 * Self.story),
        ]
        // The seven renders are independent children: side by side, each in a folder of its own.
        let renders = try concurrently(cases.count) { [options = cases.map { ($0.0, $0.1) }] i in
            try FileManager.default.createDirectory(atPath: dir + "/\(i)", withIntermediateDirectories: false)
            return try Self.render(dir + "/\(i)", fps: options[i].0, options[i].1)
        }
        for (i, ((fps, extra, delay, seconds), r)) in zip(cases, renders).enumerated() {
            XCTAssertEqual(r.status, 0, r.stderr)
            let gif = dir + "/\(i)/c.gif"
            let d = try Self.delays(gif)
            // round(D × 100/d) + 1 frames (DESIGN §3 at the GIF's rate), each shown d cs.
            let frames = Int((seconds * 100 / Double(delay)).rounded()) + 1
            XCTAssertEqual(d, Array(repeating: delay, count: frames), "fps \(fps) \(extra)")
            XCTAssertEqual(d.reduce(0, +), frames * delay)
            XCTAssertEqual(Double(d.reduce(0, +)) / 100, seconds + Double(delay) / 100, accuracy: Double(delay) / 200 + 1e-9)
            // Frame k shows story time k·d/100 (slowed): red before 1 s, blue after 1.02 s, green after 2.04 s.
            let decoded = try CLI.decodeFrames(gif, width: 40, height: 40)
            XCTAssertEqual(decoded.count, frames, "fps \(fps) \(extra)")
            func colour(at t: Double) throws -> [UInt8] {
                let k = Int((t * 100 / Double(delay) * seconds / Self.story).rounded())
                return Array(try XCTUnwrap(decoded.indices.contains(k) ? decoded[k] : nil, "frame \(k)").prefix(3))
            }
            XCTAssertEqual(try colour(at: 0.9), [255, 0, 0], "fps \(fps) \(extra)")
            XCTAssertEqual(try colour(at: 1.2), [0, 0, 255], "fps \(fps) \(extra)")
            XCTAssertEqual(try colour(at: 2.2), [0, 255, 0], "fps \(fps) \(extra)")
        }
    }

    func testFPSThatNoGIFCanPlayIsRefusedNamingThoseThatCan() throws {
        let dir = try temporaryFolder("gif-fps")
        for asked in ["60", "30", "33", "100", "3"] {
            let r = try Self.render(dir, fps: 60, ["--fps", asked])
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertTrue(r.stderr.contains("--fps \(asked): a GIF cannot play at \(asked) fps"), r.stderr)
            XCTAssertTrue(r.stderr.contains("use --fps 50, 25, 20, 10, 5, 4, 2, 1"), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/c.gif"))
        }
        // The same flag is fine for video: the rule is the GIF's.
        try Data(Self.colours(fps: 60).utf8).write(to: URL(fileURLWithPath: dir + "/v.json"))
        XCTAssertEqual(try CLI.run(["render", "v.json", "-o", "v.mp4", "--fps", "60", "--quiet"], in: dir).status, 0)
    }

    /// Chromium plays the GIF beside a reference GIF made by ffmpeg of the same story with known
    /// delays (red 51 frames, blue 51, green 51, each 2 cs: the story's frames at 50 fps), both
    /// in one page from the start. Screenshots compare the two at the same instant: a GIF at the
    /// story's speed shows the reference's colour, one at any other speed drifts away from it
    /// within a loop (8 % slow already differs in about one screenshot in seven; 1-cs delays, which
    /// browsers play at 10 cs, in most). Both are animated by the same page clock, so a busy
    /// machine's late timers delay both alike: nothing depends on the wall clock.
    func testChromiumPlaysTheGIFAtTheStorysSpeed() throws {
        let dir = try temporaryFolder("gif-chromium")
        XCTAssertEqual(try Self.render(dir, fps: 60).status, 0)
        let graph = "color=c=red:s=40x40:r=50:d=1.02[r];color=c=blue:s=40x40:r=50:d=1.02[b];color=c=green:s=40x40:r=50:d=1.02[g];"
            + "[r][b][g]concat=n=3"
        let mk = try CLI.tool("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", graph, "-f", "gif", dir + "/reference.gif"])
        XCTAssertEqual(mk.status, 0, mk.stderr)
        XCTAssertEqual(try Self.delays(dir + "/reference.gif"), Array(repeating: 2, count: 153), "the reference's delays")
        XCTAssertEqual(try Self.delays(dir + "/c.gif"), Array(repeating: 2, count: 153), "the story's delays (as the first test)")
        let img = "width:40px;height:40px;display:block;position:absolute;top:0"
        let page = "<html><body style=\"margin:0\"><img src=\"c.gif\" style=\"\(img);left:0\"><img src=\"reference.gif\" style=\"\(img);left:120px\"></body></html>"
        try Data(page.utf8).write(to: URL(fileURLWithPath: dir + "/index.html"))
        let script = dir + "/play.py"
        try Data(Self.playScript.utf8).write(to: URL(fileURLWithPath: script))
        let r = try CLI.run([script, URL(fileURLWithPath: dir + "/index.html").absoluteString, CLI.which("chromium"), CLI.which("chromedriver"),
                             CLI.which("ffmpeg")], executable: "/usr/bin/python3")
        XCTAssertEqual(r.status, 0, r.stderr)
        // Lines "story reference" per screenshot: colour names, or "mixed" (a dissolve frame).
        let shots = r.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }.filter { $0.count == 2 }
        let compared = shots.filter { $0[0] != "mixed" && $0[1] != "mixed" }
        let differing = compared.filter { $0[0] != $0[1] }
        XCTAssertGreaterThanOrEqual(compared.count, 20, "\(shots)")
        XCTAssertEqual(Set(compared.map { $0[1] }), ["red", "blue", "green"], "the reference played a whole loop: \(shots)")
        // The two start together to within a frame or so; at most one screenshot in ten may fall
        // in that sliver around a colour change.
        XCTAssertLessThanOrEqual(differing.count * 10, compared.count, "the GIF and the reference differ in \(differing.count) of \(compared.count): \(shots)")
    }

    /// Loads the page in headless Chromium and screenshots it until the reference GIF has played
    /// a whole loop (red, blue, green, red again) over at least 24 screenshots, printing the
    /// colour of the story's GIF and of the reference in each. The number of screenshots (300),
    /// not a clock, bounds a failure.
    static let playScript = """
    import os, sys, subprocess, tempfile
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    url, chromium, driver, ffmpeg = sys.argv[1:5]
    o = Options()
    for a in ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=400,300"]:
        o.add_argument(a)
    o.binary_location = chromium
    # Chromium keeps scratch files (.org.chromium.*) in TMPDIR: a folder of its own, removed after.
    scratch = tempfile.TemporaryDirectory(prefix="gif-play.")
    d = webdriver.Chrome(service=Service(driver, env=dict(os.environ, TMPDIR=scratch.name)), options=o)

    def name(rgb):
        # ffmpeg's default GIF palette shows pure red as fc0000: the dominant channel names it.
        r, g, b = rgb
        for n, (c, others) in {"red": (r, (g, b)), "green": (g, (r, b)), "blue": (b, (r, g))}.items():
            if c >= 128 and max(others) < 64:
                return n
        return "mixed"

    def pair(png):
        raw = subprocess.run([ffmpeg, "-v", "error", "-i", "-", "-vf", "crop=121:1:20:20", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                             input=png, capture_output=True, check=True).stdout
        return name(raw[0:3]), name(raw[360:363])

    try:
        d.get(url)
        d.execute_script("return Promise.all([...document.images].map(i => i.decode()))")
        seen, samples = [], 0
        while samples < 300 and not (samples >= 24 and seen[-4:] == ["red", "blue", "green", "red"]):
            story, ref = pair(d.get_screenshot_as_png())
            if ref != "mixed" and (not seen or seen[-1] != ref):
                seen.append(ref)
            samples += 1
            print(story, ref, flush=True)
    finally:
        d.quit()
        scratch.cleanup()
    """
}
