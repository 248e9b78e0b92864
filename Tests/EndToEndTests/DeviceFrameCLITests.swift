import Foundation
import XCTest
import SegueTestSupport

/// `overlays.frame`, `title`, `subtitle` through the CLI (issue 33.3): every problem with its
/// JSON path and a "did you mean", exit 2; framed videos are even-sized as `inspect` says; with
/// `--for app-store` a warning says App Review rejects frames, and the preview keeps its exact size.
final class DeviceFrameCLITests: XCTestCase {
    static func preset(overlays: String, hold: Double = 0.2, device: String = "iphone-15-pro") -> String {
        """
        { "segue": 1, "name": "framed", "device": "\(device)", "fps": 30, "overlays": \(overlays),
          "screens": { "a": { "background": "#3366CC", "layers": [ { "type": "rect", "frame": [20, 100, 200, 80], "fill": "#FFFFFF" } ] },
                       "b": { "background": "#CC6633", "layers": [] } },
          "start": "a",
          "timeline": [ { "hold": \(hold) }, { "push": "b", "transition": "uikit", "duration": 0.5 }, { "hold": \(hold) } ] }
        """
    }

    func testBadFrameKeysAreReportedWithPathsAndSuggestions() throws {
        let dir = try CLI.tempDir("frame-keys")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cases: [(String, [String])] = [
            (#"{ "frame": { "colour": "silver" } }"#, ["overlays.frame.colour", "did you mean \"color\""]),
            (#"{ "frame": { "color": "silvr" } }"#, ["overlays.frame.color", "did you mean \"silver\""]),
            (#"{ "frame": "yes" }"#, ["overlays.frame", "true, false or an object"]),
            (#"{ "fram": true }"#, ["overlays.fram", "did you mean \"frame\""]),
            (#"{ "title": "Hello" }"#, ["overlays.title", "add \"frame\": true"]),
            (#"{ "frame": true, "title": { "txt": "Hello" } }"#, ["overlays.title.txt", "did you mean \"text\""]),
            (#"{ "frame": true, "title": { "text": "Hello", "position": "botom" } }"#, ["overlays.title.position", "did you mean \"bottom\""]),
            (##"{ "frame": true, "subtitle": { "text": "Hi", "background": "#000000" } }"##, ["overlays.subtitle.background", "unknown key"]),
            (##"{ "frame": true, "title": { "text": "Hi", "background": { "linear": { "stops": [[0, "#12"]] } } } }"##, ["overlays.title.background.linear.stops[0][1]"]),
        ]
        for (overlays, needles) in cases {
            try CLI.write(Self.preset(overlays: overlays), dir + "/p.json")
            let r = try CLI.run(["validate", "p.json"], in: dir)
            XCTAssertEqual(r.status, 2, overlays)
            for n in needles { XCTAssertTrue(r.stderr.contains(n), "\(overlays): \(n) in \(r.stderr)") }
            XCTAssertTrue(r.stderr.contains("p.json:"), "file:line:column: \(r.stderr)")
        }
    }

    /// At a scale that makes odd sizes, the video is even and as big as `inspect` says.
    func testFramedVideoIsEvenSized() throws {
        let dir = try CLI.tempDir("frame-even")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try CLI.write(Self.preset(overlays: #"{ "frame": { "color": "titanium" }, "title": "Hello", "caption": true }"#, device: "pixel-8"), dir + "/p.json")
        let inspect = try CLI.run(["inspect", "p.json", "--scale", "0.37"], in: dir)
        let r = try CLI.run(["render", "p.json", "--scale", "0.37", "-o", "f.mp4", "--progress", "none"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let v = try XCTUnwrap((try CLI.probe(dir + "/f.mp4", countFrames: false)["streams"] as? [[String: Any]])?.first)
        let w = try XCTUnwrap(v["width"] as? Int), h = try XCTUnwrap(v["height"] as? Int)
        XCTAssertEqual(w % 2, 0); XCTAssertEqual(h % 2, 0)
        XCTAssertTrue(inspect.stdout.contains("\(w)×\(h) px"), inspect.stdout)
        XCTAssertGreaterThan(w, Int(411.4 * 0.37 * 2.625) + 20, "wider than the screen alone")
    }

    /// Allowed, warned, and the exact App Preview size still holds (the framed canvas shrinks to it).
    func testAppStoreWithAFrameWarnsAndKeepsItsSize() throws {
        let dir = try CLI.tempDir("frame-store")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try CLI.write(Self.preset(overlays: #"{ "frame": true, "title": "Hello" }"#, hold: 7.5, device: "iphone-13"), dir + "/p.json")
        let r = try CLI.run(["render", "p.json", "--for", "app-store", "-o", "preview.mp4", "--progress", "none"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("warning: app-store: App Review rejects previews that show device frames"), r.stderr)
        XCTAssertTrue(r.stderr.contains("Guideline 2.3.4"), r.stderr)
        let v = try XCTUnwrap((try CLI.probe(dir + "/preview.mp4", countFrames: false)["streams"] as? [[String: Any]])?.first)
        XCTAssertEqual(v["width"] as? Int, 886); XCTAssertEqual(v["height"] as? Int, 1920)
        // Without a frame, no warning.
        try CLI.write(Self.preset(overlays: "{}", hold: 7.5, device: "iphone-13"), dir + "/p.json")
        let plain = try CLI.run(["render", "p.json", "--for", "app-store", "-o", "/dev/null", "--progress", "none"], in: dir)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertFalse(plain.stderr.contains("device frames"), plain.stderr)
    }
}
