import Foundation
import SegueTestSupport
import XCTest

/// Issue 28, the fifth review: while a photo flight settles, the picture's outermost column of
/// device pixels came out light — a hairline down the display's right edge for 6–14 frames, gone
/// on the landing frame (stories/photos-zoom at 0.95 s: (239,218,223) beside the photo's
/// (170,64,89)). The shared picture was a snapshot of the grid cell at the hero's resolution whose
/// last column was partly covered (a 128.67 pt cell at 9×), stretched along the moving frame's
/// edge. Now the picture fills whole pixels edge to edge: in every settling frame the last column
/// is the photo, as the column beside it is.
final class FlightEdgeTests: XCTestCase {
    func testTheFlyingPictureHasNoLightEdgeWhileItSettles() throws {
        let dir = try temporaryFolder("flight-edge")
        // Frames of each flight's settled tail (the spring's last frames, the card at the display's edge;
        // before them the last column is the card's moving, anti-aliased edge), at full scale (1170 px wide);
        // row 700 crosses the hero.
        let flights: [(preset: String, frames: ClosedRange<Int>)] = [("stories/photos-zoom", 53...59), ("catalog/navigation-zoom", 41...47)]
        for (preset, frames) in flights {
            let out = dir + "/" + preset.replacingOccurrences(of: "/", with: "-")
            let times = frames.map { String(format: "%.4f", Double($0) / 60) }.joined(separator: ",")
            let r = try CLI.run(["frames", CLI.root.appendingPathComponent("presets/\(preset).json").path, "--at", times, "-o", out, "--quiet"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let pngs = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }.sorted()
            XCTAssertEqual(pngs.count, frames.count)
            for png in pngs {
                let row = try SheetDetentLayoutTests.rows(out + "/" + png, 700..<701, width: 1170)
                let last = row[(1169 * 3)..<(1170 * 3)], inner = row[(1168 * 3)..<(1169 * 3)]
                let step = zip(last, inner).map { abs(Int($0) - Int($1)) }.reduce(0, +)
                XCTAssertLessThanOrEqual(step, 12, "\(preset) \(png): the last column \(Array(last)) against \(Array(inner)) beside it")
            }
        }
    }
}
