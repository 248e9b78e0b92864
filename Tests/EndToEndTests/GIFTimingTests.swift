import Foundation
import XCTest

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

    func render(_ dir: String, fps: Int, _ extra: [String] = []) throws -> CLI.Result {
        try Data(Self.colours(fps: fps).utf8).write(to: URL(fileURLWithPath: dir + "/c\(fps).json"))
        return try CLI.run(["render", "c\(fps).json", "-o", "c.gif", "--quiet"] + extra, in: dir)
    }

    func testDelaysAreWholeCentisecondsAtLeastTwoSummingToTheDuration() throws {
        let dir = try CLI.tempDir("gif-timing")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // (preset fps, extra options, expected delay, story seconds of video)
        let cases: [(Int, [String], Int, Double)] = [
            (60, [], 2, Self.story), (30, [], 4, Self.story), (40, [], 3, Self.story), (50, [], 2, Self.story),
            (60, ["--fps", "25"], 4, Self.story), (24, ["--fps", "10"], 10, Self.story),
            (60, ["--slow-motion", "2"], 2, 2 * Self.story),
        ]
        for (fps, extra, delay, seconds) in cases {
            let r = try render(dir, fps: fps, extra)
            XCTAssertEqual(r.status, 0, r.stderr)
            let d = try Self.delays(dir + "/c.gif")
            // round(D × 100/d) + 1 frames (DESIGN §3 at the GIF's rate), each shown d cs.
            let frames = Int((seconds * 100 / Double(delay)).rounded()) + 1
            XCTAssertEqual(d, Array(repeating: delay, count: frames), "fps \(fps) \(extra)")
            XCTAssertEqual(d.reduce(0, +), frames * delay)
            XCTAssertEqual(Double(d.reduce(0, +)) / 100, seconds + Double(delay) / 100, accuracy: Double(delay) / 200 + 1e-9)
            // Frame k shows story time k·d/100 (slowed): red before 1 s, blue after 1.02 s, green after 2.04 s.
            func colour(at t: Double) throws -> [UInt8] {
                let k = Int((t * 100 / Double(delay) * seconds / Self.story).rounded())
                return Array(try CLI.decodeFrame(dir + "/c.gif", index: k, width: 40, height: 40).prefix(3))
            }
            XCTAssertEqual(try colour(at: 0.9), [255, 0, 0], "fps \(fps) \(extra)")
            XCTAssertEqual(try colour(at: 1.2), [0, 0, 255], "fps \(fps) \(extra)")
            XCTAssertEqual(try colour(at: 2.2), [0, 255, 0], "fps \(fps) \(extra)")
        }
    }

    func testFPSThatNoGIFCanPlayIsRefusedNamingThoseThatCan() throws {
        let dir = try CLI.tempDir("gif-fps")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for asked in ["60", "30", "33", "100", "3"] {
            let r = try render(dir, fps: 60, ["--fps", asked])
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertTrue(r.stderr.contains("--fps \(asked): a GIF cannot play at \(asked) fps"), r.stderr)
            XCTAssertTrue(r.stderr.contains("use --fps 50, 25, 20, 10, 5, 4, 2, 1"), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/c.gif"))
        }
        // The same flag is fine for video: the rule is the GIF's.
        try Data(Self.colours(fps: 60).utf8).write(to: URL(fileURLWithPath: dir + "/v.json"))
        XCTAssertEqual(try CLI.run(["render", "v.json", "-o", "v.mp4", "--fps", "60", "--quiet"], in: dir).status, 0)
    }

    /// Chromium shows the GIF in an <img>; screenshots taken while it plays (wall clock, through
    /// chromedriver: virtual time does not advance image animations) see red turn blue and blue
    /// turn green one story second apart. A GIF of 1 cs delays would take ≈ 2.8 s for it.
    func testChromiumPlaysTheGIFAtTheStorysSpeed() throws {
        let dir = try CLI.tempDir("gif-chromium")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertEqual(try render(dir, fps: 60).status, 0)
        let page = "<html><body style=\"margin:0\"><img src=\"c.gif\" style=\"width:40px;height:40px;display:block\"></body></html>"
        try Data(page.utf8).write(to: URL(fileURLWithPath: dir + "/index.html"))
        let script = dir + "/play.py"
        try Data(Self.playScript.utf8).write(to: URL(fileURLWithPath: script))
        let r = try CLI.run([script, URL(fileURLWithPath: dir + "/index.html").absoluteString, CLI.which("chromium"), CLI.which("chromedriver"),
                             CLI.which("ffmpeg")], executable: "/usr/bin/python3")
        XCTAssertEqual(r.status, 0, r.stderr)
        // Lines "seconds colour" in order of capture.
        let shots = r.stdout.split(separator: "\n").compactMap { line -> (Double, String)? in
            let p = line.split(separator: " ")
            return p.count == 2 ? Double(p[0]).map { ($0, String(p[1])) } : nil
        }
        func firstTime(_ c: String) -> Double? { shots.first { $0.1 == c }?.0 }
        func lastTime(_ c: String, before t: Double) -> Double? { shots.last { $0.1 == c && $0.0 < t }?.0 }
        let blue = try XCTUnwrap(firstTime("0000ff"), "\(shots)"), green = try XCTUnwrap(firstTime("00ff00"), "\(shots)")
        XCTAssertEqual(shots.first?.1, "ff0000", "\(shots)")
        // The change happened between the last screenshot before and the first after: the
        // interval between the two changes brackets the story's 1.02 s.
        let blueFrom = lastTime("ff0000", before: blue) ?? 0, greenFrom = lastTime("0000ff", before: green) ?? blue
        // A browser's animation timer may fire late on a busy machine (it never fires early), so
        // the upper bracket allows a quarter second; 1-cs delays would make it ≈ 2.8 s.
        XCTAssertLessThanOrEqual(greenFrom - blue, 1.02 + 0.25, "\(shots)")
        XCTAssertGreaterThanOrEqual(green - blueFrom, 1.02 - 0.05, "\(shots)")
        XCTAssertLessThan(green - blue, 1.6, "blue lasted far longer than the story's 1.02 s: \(shots)")
    }

    /// Loads the page in headless Chromium and screenshots it for 3 s of wall time, printing
    /// "seconds-since-load RRGGBB" of the GIF's centre pixel per screenshot.
    static let playScript = """
    import sys, time, subprocess
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    url, chromium, driver, ffmpeg = sys.argv[1:5]
    o = Options()
    for a in ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=400,300"]:
        o.add_argument(a)
    o.binary_location = chromium
    d = webdriver.Chrome(service=Service(driver), options=o)
    try:
        d.get(url)
        t0 = time.monotonic()
        while time.monotonic() - t0 < 3.0:
            png = d.get_screenshot_as_png()
            t = time.monotonic() - t0
            px = subprocess.run([ffmpeg, "-v", "error", "-i", "-", "-vf", "crop=1:1:20:20", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                                input=png, capture_output=True, check=True).stdout.hex()
            print("%.3f %s" % (t, px), flush=True)
    finally:
        d.quit()
    """
}
