import Foundation
import XCTest
import SegueTestSupport

/// Issue 27.13: a screenshot whose shape is not the device's validated and rendered a useless,
/// mostly cropped clip. Without a `fit` it is now an error (exit 2) at the screen's `image`,
/// naming both pixel sizes; a `fit` (any of the three) accepts it; up to 3 % passes.
final class ScreenshotAspectTests: XCTestCase {
    /// The device: 390×844 px (aspect 0.462, an iPhone 13's shape at 1x).
    static func preset(_ image: String, fit: String?) -> String {
        let fitField = fit.map { ", \"fit\": \"\($0)\"" } ?? ""
        return """
        { "segue": 1, "name": "shape", "device": { "width": 390, "height": 844, "scale": 1 }, "fps": 10,
          "screens": { "a": { "image": "\(image)"\(fitField) }, "b": { "mock": "list" } },
          "start": "a", "timeline": [ { "push": "b", "transition": "uikit", "duration": 0.2 } ] }
        """
    }

    func testAScreenshotOfAnotherShapeNeedsAFit() throws {
        let dir = try CLI.tempDir("aspect")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let shots = ["square": (390, 390), "landscape": (844, 390), "short": (390, 800), "cropped": (390, 820), "exact": (780, 1688)]
        for (name, (w, h)) in shots {
            let r = try CLI.run(["-v", "error", "-f", "lavfi", "-i", "testsrc=s=\(w)x\(h)", "-frames:v", "1", dir + "/\(name).png"], executable: CLI.which("ffmpeg"))
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let refused = ["square": "390×390 px (aspect 1.000)", "landscape": "844×390 px (aspect 2.164)", "short": "390×800 px (aspect 0.487)"]
        for (name, size) in refused {
            try Data(Self.preset(name + ".png", fit: nil).utf8).write(to: URL(fileURLWithPath: dir + "/\(name).json"))
            let r = try CLI.run(["validate", dir + "/\(name).json"])
            XCTAssertEqual(r.status, 2, name)
            // FILE:LINE:COLUMN: path: message, at the image's string (line 2 of the preset).
            let second = String(Self.preset(name + ".png", fit: nil).split(separator: "\n")[1])
            let column = second.distance(from: second.startIndex, to: try XCTUnwrap(second.range(of: "\"\(name).png\"")).lowerBound) + 1
            let expected = "\(dir)/\(name).json:2:\(column): screens.a.image: \"\(name).png\" is \(size) but the device's screen is 390×844 px (aspect 0.462)"
            XCTAssertTrue(r.stderr.contains(expected), "\(name): \(r.stderr)\nexpected: \(expected)")
            XCTAssertTrue(r.stderr.contains("say how to fit it with \"fit\""), r.stderr)
            let render = try CLI.run(["render", dir + "/\(name).json", "-o", dir + "/\(name).mp4", "--quiet"])
            XCTAssertEqual(render.status, 2, name)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/\(name).mp4"), name)
            // Saying how to fit it accepts the shape, whichever fit.
            for fit in ["fill", "fit", "stretch"] {
                try Data(Self.preset(name + ".png", fit: fit).utf8).write(to: URL(fileURLWithPath: dir + "/\(name)-\(fit).json"))
                let ok = try CLI.run(["validate", dir + "/\(name)-\(fit).json"])
                XCTAssertEqual(ok.status, 0, "\(name) with fit \(fit): \(ok.stderr)")
            }
        }
        // Within 3 % (a cropped status bar, 2.9 %) and the same shape at 2x pass without a fit.
        for name in ["cropped", "exact"] {
            try Data(Self.preset(name + ".png", fit: nil).utf8).write(to: URL(fileURLWithPath: dir + "/\(name).json"))
            let r = try CLI.run(["validate", dir + "/\(name).json"])
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
        }
        // The JSON form carries the path and position too.
        let json = try CLI.run(["validate", dir + "/square.json", "--format", "json"])
        XCTAssertEqual(json.status, 2)
        let line = try XCTUnwrap(json.stdout.split(separator: "\n").first)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(object["path"] as? String, "screens.a.image")
        XCTAssertEqual(object["line"] as? Int, 2)
        XCTAssertEqual(object["severity"] as? String, "error")
    }

    /// A matrix of devices: the combination whose device has another shape is the one refused.
    func testAMatrixNamesTheCombinationWhoseDeviceHasAnotherShape() throws {
        let dir = try CLI.tempDir("aspect-matrix")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r0 = try CLI.run(["-v", "error", "-f", "lavfi", "-i", "testsrc=s=1170x2532", "-frames:v", "1", dir + "/shot.png"], executable: CLI.which("ffmpeg"))
        XCTAssertEqual(r0.status, 0, r0.stderr)
        let preset = """
        { "segue": 1, "name": "m", "matrix": { "device": ["iphone-13", "ipad-mini"] }, "fps": 10,
          "screens": { "a": { "image": "shot.png" }, "b": { "mock": "list" } },
          "start": "a", "timeline": [ { "push": "b", "transition": "uikit", "duration": 0.2 } ] }
        """
        try Data(preset.utf8).write(to: URL(fileURLWithPath: dir + "/m.json"))
        let r = try CLI.run(["validate", dir + "/m.json"])
        XCTAssertEqual(r.status, 2, r.stderr)
        let lines = r.stderr.split(separator: "\n").filter { $0.contains("screens.a.image") }
        XCTAssertEqual(lines.count, 1, r.stderr)
        XCTAssertTrue(lines.first?.contains("[in combination device=ipad-mini]") ?? false, r.stderr)
        XCTAssertTrue(lines.first?.contains("\"shot.png\" is 1170×2532 px") ?? false, r.stderr)
    }
}
