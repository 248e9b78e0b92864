import Foundation
import XCTest
import SegueTestSupport

/// Issue 28, review 3 finding 7: `catalog/fade-through` switches top-level destinations, so both
/// screens carry Material's navigation bar. On a Pixel the bar sits below the fragment container
/// the fade through animates: it never moves or fades, only its selected destination changes.
/// Checked in the PNGs Segue writes, decoded by ffmpeg.
final class HeldTabBarTests: XCTestCase {
    /// Every frame of the push (0.3 s to 0.6 s at 60 fps, a frame either side), at half scale.
    func pushFrames(_ dir: String) throws -> (frames: [[UInt8]], width: Int, height: Int) {
        let preset = CLI.root.appendingPathComponent("presets/catalog/fade-through.json").path
        let indices = Array(17...37)
        let times = indices.map { String(format: "%.4f", Double($0) / 60) }.joined(separator: ",")
        let r = try CLI.run(["frames", preset, "--at", times, "--scale", "0.5", "-o", dir + "/f", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // Pixel 8: 1080 × 2400 px at 2.625 px/dp, half of that.
        let (w, h) = (540, 1200)
        let frames = try indices.map { try CLI.decodeFrame(dir + String(format: "/f/frame-%05d.png", $0), index: 0, width: w, height: h) }
        return (frames, w, h)
    }

    /// Pixels of rows `rows` and columns `columns` that differ between two RGB frames.
    func differing(_ a: [UInt8], _ b: [UInt8], width: Int, rows: Range<Int>, columns: Range<Int>) -> Int {
        var n = 0
        for y in rows { for x in columns { let i = (y * width + x) * 3; if a[i..<i + 3] != b[i..<i + 3] { n += 1 } } }
        return n
    }

    func testTheBarStaysAndOnlyTheSwitchedDestinationsChange() throws {
        let dir = try temporaryFolder("heldtabs")
        let (frames, w, h) = try pushFrames(dir)
        // The bar: 80 dp over the 24 dp gesture area at the bottom (m3 navigation bar, AOSP's
        // gestural navigation bar), at 1.3125 px/dp; one row of margin for its anti-aliased top.
        let k = Double(w) / (1080 / 2.625)
        let top = Int((Double(h) - (80 + 24) * k).rounded()) + 1
        let bar = top..<h, slot = w / 3
        let first = frames[0], last = frames[frames.count - 1]
        for (i, f) in frames.enumerated() {
            XCTAssertEqual(differing(first, f, width: w, rows: bar, columns: 2 * slot + 1..<w), 0,
                           "frame \(17 + i): the destination that does not change (Albums) must stay pixel-identical")
            XCTAssertEqual(differing(first, f, width: w, rows: top + Int(72 * k)..<h, columns: 0..<w), 0,
                           "frame \(17 + i): the bar's bottom and the gesture area must stay pixel-identical")
        }
        // The switch happened: the content above moved, and the indicator left Photos for For you.
        XCTAssertGreaterThan(differing(first, last, width: w, rows: 200..<top - 20, columns: 0..<w), w * 100, "the content fades through")
        XCTAssertGreaterThan(differing(first, last, width: w, rows: bar, columns: 0..<slot), 500, "Photos' indicator fades out")
        XCTAssertGreaterThan(differing(first, last, width: w, rows: bar, columns: slot..<2 * slot), 500, "For you's indicator fades in")
        // Mid-transition the content is faded and scaled, but the bar is still drawn opaque: no
        // frame shows the bar's band lighter or darker than both ends (it never fades).
        let mid = frames[frames.count / 2]
        let y = top + Int(8 * k), x = 2 * slot + slot / 2, i = (y * w + x) * 3
        XCTAssertEqual(Array(mid[i..<i + 3]), Array(first[i..<i + 3]), "the bar's container is opaque mid-transition")
    }
}
