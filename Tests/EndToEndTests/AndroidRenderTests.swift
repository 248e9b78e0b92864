import Foundation
import XCTest
import SegueTestSupport

/// The Android catalog through the CLI: a predictive-back pop rendered to a video and to a still,
/// checked against the cross-activity geometry worked out here (docs/ANDROID.md).
final class AndroidRenderTests: XCTestCase {
    static let preset = """
    { "segue": 1, "name": "pb", "device": { "width": 200, "height": 400, "scale": 1 }, "fps": 10, "background": "#00FF00",
      "screens": { "a": { "background": "#0000FF", "layers": [] }, "b": { "background": "#FF0000", "layers": [] } },
      "start": "a",
      "timeline": [ { "push": "b", "transition": "android-activity" },
                    { "pop": true, "transition": "predictive-back",
                      "gesture": { "from": [2, 200], "to": [102, 200], "duration": 0.5, "curve": "linear" } } ] }
    """

    /// PathInterpolator(0.1, 0.1, 0, 1) by bisection.
    func backCurve(_ x: Double) -> Double {
        func at(_ s: Double) -> (Double, Double) { let u = 1 - s; return (0.3 * u * u * s + s * s * s, 0.3 * u * u * s + 3 * u * s * s + s * s * s) }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 { let m = (lo + hi) / 2; if at(m).0 < x { lo = m } else { hi = m } }
        return at((lo + hi) / 2).1
    }

    func testPredictiveBackMidGestureInAStillAndTheVideo() throws {
        let dir = try temporaryFolder("android")
        let file = dir + "/pb.json"
        try Self.preset.write(toFile: file, atomically: true, encoding: .utf8)
        // 0.45 s activity push, 0.5 s drag, 0.45 s commit: 1.4 s at 10 fps → 15 frames.
        let r = try CLI.run(["render", file, "-o", dir + "/pb.mp4", "--progress", "none"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let v = (try CLI.probe(dir + "/pb.mp4")["streams"] as! [[String: Any]])[0]
        XCTAssertEqual(v["nb_read_frames"] as? String, "15")
        // t 0.9: the finger 0.45 s into the drag, 90 of 200 across → p = BACK(0.45).
        let s = try CLI.run(["frames", file, "--at", "0.9", "-o", dir + "/stills"])
        XCTAssertEqual(s.status, 0, s.stderr)
        let rgb = try CLI.decodeFrame(dir + "/stills/frame-00009.png", index: 0, width: 200, height: 400)
        let p = backCurve(0.45)
        // Closing: [0, 0, 200, 400] → [12, 20, 180, 360]; entering: [−96, 0, 200, 400] → [−86, 20, 180, 360].
        let closingLeft = 12 * p, closingRight = 200 - 8 * p, enteringRight = 104 - 10 * p
        func px(_ x: Int, _ y: Int) -> [Int] { let i = (y * 200 + x) * 3; return [Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2])] }
        func near(_ a: [Int], _ b: [Int], _ what: String) {
            XCTAssertTrue(zip(a, b).allSatisfy { abs($0 - $1) <= 2 }, "\(what): \(a) expected \(b)")
        }
        near(px(100, 200), [255, 0, 0], "closing window")
        near(px(Int(closingLeft) - 2, 200), [0, 0, 204], "entering window under the 0.2 scrim")
        // Behind the windows: the entering screen's own background under the scrim (AOSP's
        // cross-activity animation fills it with the entering task's colour), never the preset's green.
        near(px(Int(closingRight) + 2, 200), [0, 0, 204], "the entering screen's background under the scrim")
        XCTAssertGreaterThan(enteringRight, closingLeft + 4)
        // The mp4's frame 9 shows the same, within the encoder's error.
        let video = try CLI.decodeFrame(dir + "/pb.mp4", index: 9, width: 200, height: 400)
        let i = (200 * 200 + 100) * 3
        XCTAssertGreaterThan(Int(video[i]), 230)
        XCTAssertLessThan(Int(video[i + 2]), 25)
    }

    func testListsShowTheAndroidCatalog() throws {
        for (what, names) in [("transitions", ["shared-axis", "fade-through", "material-fade", "container-transform", "android-activity",
                                               "android-fragment", "predictive-back", "predictive-back-home", "predictive-back-inapp"]),
                              ("curves", ["emphasized", "emphasizedDecelerate", "standard", "legacy", "m3-spatial-fast", "m3-effects-slow", "dampingRatio"]),
                              ("devices", ["pixel-8", "pixel-9", "pixel-9-pro", "pixel-9-pro-fold", "galaxy-s24"]),
                              ("mocks", ["home"])] {
            let r = try CLI.run(["list", what])
            XCTAssertEqual(r.status, 0, r.stderr)
            for n in names { XCTAssertTrue(r.stdout.contains(n), "segue list \(what) lacks \(n)") }
        }
    }
}
