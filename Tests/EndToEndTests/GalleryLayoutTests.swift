import Foundation
import SegueTestSupport
import XCTest

/// A gallery card on a wide window puts its clip beside its facts and images, so a page of
/// phone-shaped clips does not leave most of each card empty beside a narrow video (the fifth
/// review measured a 214 px video alone on a 1280 px row); on a phone-width window it stacks them
/// and nothing overflows. Measured in headless Chromium (Tests/Browser/gallery_layout.py).
final class GalleryLayoutTests: XCTestCase {
    func testTheClipSitsBesideItsFactsOnAWideWindowAndAboveThemOnANarrowOne() throws {
        let dir = try temporaryFolder("gallery-layout")
        let preset = BatchTests.preset(hold: 0.3, name: "clip").replacingOccurrences(of: "\"width\": 60, \"height\": 40", with: "\"width\": 180, \"height\": 320")
        try FileManager.default.createDirectory(atPath: dir + "/p", withIntermediateDirectories: true)
        try Data(preset.utf8).write(to: URL(fileURLWithPath: dir + "/p/clip.json"))
        let b = try CLI.run(["batch", "p", "-o", "out", "--manifest", "out/manifest.json", "--quiet"], in: dir)
        XCTAssertEqual(b.status, 0, b.stderr)
        let g = try CLI.run(["gallery", "out/manifest.json", "-o", "review", "--quiet"], in: dir)
        XCTAssertEqual(g.status, 0, g.stderr)
        let r = try CLI.run([CLI.root.path + "/Tests/Browser/gallery_layout.py", dir + "/review", "1280", "375"], executable: CLI.which("python3"))
        XCTAssertEqual(r.status, 0, r.stderr)
        let j = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: [String: Any]], r.stdout + r.stderr)
        func rect(_ w: String, _ part: String) throws -> (l: Double, r: Double, t: Double, b: Double) {
            let d = try XCTUnwrap(j[w]?[part] as? [String: Double], "\(w): no \(part) in \(r.stdout)")
            return (d["left"] ?? .nan, d["right"] ?? .nan, d["top"] ?? .nan, d["bottom"] ?? .nan)
        }
        // Wide: the facts start right of the clip, beside it (their tops within the clip's height).
        let video = try rect("1280", "video"), facts = try rect("1280", "facts")
        XCTAssertLessThanOrEqual(video.r, facts.l, "1280 px: the facts are not beside the clip")
        XCTAssertLessThan(facts.t, video.b, "1280 px: the facts start below the clip")
        // Narrow: stacked, the facts below the clip, and the page no wider than the window.
        let v2 = try rect("375", "video"), f2 = try rect("375", "facts")
        XCTAssertGreaterThanOrEqual(f2.t, v2.b, "375 px: the facts are not below the clip")
        let scroll = try XCTUnwrap(j["375"]?["scrollWidth"] as? Double), client = try XCTUnwrap(j["375"]?["clientWidth"] as? Double)
        XCTAssertLessThanOrEqual(scroll, client, "375 px: the page overflows sideways")
    }
}
