import Foundation
import XCTest
import Raster
@testable import Media

/// FrameComparator against PSNR computed here from its definition: libavfilter's psnr filter on
/// planar RGB averages the three planes' mean squared errors, PSNR = 10·log10(255² / MSE).
final class FrameCompareTests: XCTestCase {
    /// An opaque pattern whose channels stay within 0…200, so an offset of up to 55 never clips.
    func pattern(_ w: Int, _ h: Int) -> Bitmap {
        let b = Bitmap(uncheckedWidth: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let r = UInt32((x * 7 + y * 3) % 200), g = UInt32((x * 2 + y * 5) % 200), bl = UInt32((x + y) % 200)
                b.row(y)[x] = r | g << 8 | bl << 16 | 0xFF00_0000
            }
        }
        return b
    }

    /// `a` with `d` added to red in the rectangle x0..<x1 (every row).
    func offsetRed(_ a: Bitmap, by d: UInt32, columns: Range<Int>) -> Bitmap {
        let b = Bitmap(uncheckedWidth: a.width, height: a.height)
        for y in 0..<a.height {
            for x in 0..<a.width { b.row(y)[x] = columns.contains(x) ? a.row(y)[x] &+ d : a.row(y)[x] }
        }
        return b
    }

    func expectedPSNR(d: Double, fraction: Double) -> Double {
        let mse = d * d * fraction / 3          // red only; green and blue are equal
        return 10 * log10(255 * 255 / mse)
    }

    func testScoresMatchTheDefinitionFrameByFrame() throws {
        let w = 64, h = 48
        let a = pattern(w, h)
        let c = try FrameComparator(width: w, height: h)
        try c.add(a, a)
        try c.add(a, offsetRed(a, by: 10, columns: 0..<w))
        try c.add(a, offsetRed(a, by: 20, columns: 0..<16))
        try c.finish()
        XCTAssertEqual(c.scores.count, 3)
        XCTAssertEqual(c.scores[0].psnr, .infinity, "identical frames")
        XCTAssertEqual(c.scores[0].ssim, 1, accuracy: 1e-9)
        // The filter prints its values with six decimals.
        XCTAssertEqual(c.scores[1].psnr, expectedPSNR(d: 10, fraction: 1), accuracy: 1e-4)
        XCTAssertEqual(c.scores[2].psnr, expectedPSNR(d: 20, fraction: 16.0 / 64.0), accuracy: 1e-4)
        XCTAssertLessThan(c.scores[1].ssim, 1)
        XCTAssertGreaterThan(c.scores[1].ssim, 0.5)
    }

    func testManyFramesComeOutInOrderAndNoneIsLost() throws {
        let w = 32, h = 32
        let a = pattern(w, h)
        let c = try FrameComparator(width: w, height: h, threads: 2)
        let offsets: [UInt32] = (0..<40).map { UInt32($0 % 5) * 3 }
        for d in offsets { try c.add(a, offsetRed(a, by: d, columns: 0..<w)) }
        try c.finish()
        XCTAssertEqual(c.scores.count, offsets.count)
        for (i, d) in offsets.enumerated() {
            if d == 0 { XCTAssertEqual(c.scores[i].psnr, .infinity, "frame \(i)") }
            else { XCTAssertEqual(c.scores[i].psnr, expectedPSNR(d: Double(d), fraction: 1), accuracy: 1e-4, "frame \(i)") }
        }
    }

    func testAFrameOfAnotherSizeIsRefused() throws {
        let c = try FrameComparator(width: 16, height: 16)
        XCTAssertThrowsError(try c.add(pattern(16, 16), pattern(16, 8))) { XCTAssertTrue("\($0)".contains("16×8")) }
    }
}
