import Foundation
import SegueTestSupport
import XCTest

/// Issue 28: a sheet at the medium detent is laid out at that height, as UIKit lays out the
/// presented view at its detent (and resizes it while the sheet moves between detents): the
/// compose sheet's message field stays above the display's bottom edge at the large detent, at
/// the medium one and on the way between them, dragged or animated. Before, the sheet kept its
/// full-height layout and slid down, so at medium the field was below the display.
final class SheetDetentLayoutTests: XCTestCase {
    /// catalog/sheet-detent-drag: the sheet rests at medium (0.8–1.1 s), is dragged to large,
    /// rests, is dragged back (cancelled), rests, is moved to medium and rests (3.834–4.134 s).
    /// Every frame from the first rest to the last is drawn at 1 px a point.
    func testTheMessageFieldStaysAboveTheDisplayBottomAtEveryDetent() throws {
        let dir = try temporaryFolder("sheet-detent")
        let fps = 60.0
        let times = stride(from: 48, through: 248, by: 4).map { Double($0) / fps }
        let out = dir + "/frames"
        let r = try CLI.run(["frames", CLI.root.appendingPathComponent("presets/catalog/sheet-detent-drag.json").path, "--at",
                             times.map { String(format: "%.4f", $0) }.joined(separator: ","), "--scale", String(1.0 / 3), "-o", out, "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let pngs = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(pngs.count, times.count)
        // iPhone 13: 390×844 pt, home indicator area 34 pt; the field row is 8 + 36 pt above it.
        let band = 844 - 34 - 8 - 36 - 8 ..< 844 - 34
        var first: [UInt8]?
        for png in pngs {
            let rgb = try Self.rows(out + "/" + png, band, width: 390)
            // The field is there: its capsule's border and placeholder are darker than the sheet.
            let dark = stride(from: 0, to: rgb.count, by: 3).filter { Int(rgb[$0]) + Int(rgb[$0 + 1]) + Int(rgb[$0 + 2]) < 3 * 200 }.count
            XCTAssertGreaterThan(dark, 300, "\(png): no message field in the rows above the home indicator")
            // And it is the same field in the same place in every frame.
            if let first {
                let diff = zip(first, rgb).map { abs(Int($0) - Int($1)) }.max() ?? 0
                XCTAssertLessThanOrEqual(diff, 2, "\(png): the message field row moved or changed")
            } else {
                first = rgb
            }
        }
    }

    /// The large detent's rest in the other compose sheets (sheet: topOffset 10; sheet-interactive;
    /// sheet-from, grown out of a bar button) shows the same field in the same rows as
    /// sheet-detent-drag (topOffset 15) at either detent: the bar keeps to the display's bottom,
    /// not to where the mock assumed the sheet's top would be.
    func testEveryRestingComposeSheetHasItsFieldInTheSameRows() throws {
        let dir = try temporaryFolder("sheet-rest")
        let band = 844 - 34 - 8 - 36 - 8 ..< 844 - 34
        var bands: [String: [UInt8]] = [:]
        for (name, t) in [("sheet-detent-drag", 1.0), ("sheet-detent-drag", 2.1), ("sheet", 1.0), ("sheet-interactive", 1.0), ("sheet-from", 1.0)] {
            let out = dir + "/\(name)-\(t)"
            let r = try CLI.run(["frames", CLI.root.appendingPathComponent("presets/catalog/\(name).json").path, "--at", "\(t)",
                                 "--scale", String(1.0 / 3), "-o", out, "--quiet"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let png = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: out).first { $0.hasSuffix(".png") })
            bands["\(name) at \(t) s"] = try Self.rows(out + "/" + png, band, width: 390)
        }
        let reference = try XCTUnwrap(bands["sheet-detent-drag at 1.0 s"])
        for (name, rgb) in bands {
            let diff = zip(reference, rgb).map { abs(Int($0) - Int($1)) }.max() ?? 0
            XCTAssertLessThanOrEqual(diff, 2, "\(name): the message field row differs from the medium detent's")
        }
    }

    /// Rows `band` of a PNG decoded by ffmpeg (rgb24), `width` pixels wide.
    static func rows(_ png: String, _ band: Range<Int>, width: Int) throws -> [UInt8] {
        let d = try CLI.tool("ffmpeg", ["-v", "error", "-i", png, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        let all = [UInt8](d.stdoutData)
        XCTAssertEqual(all.count % (width * 3), 0)
        return Array(all[band.lowerBound * width * 3 ..< band.upperBound * width * 3])
    }
}
