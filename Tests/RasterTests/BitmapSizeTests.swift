import XCTest
import Geometry
import Raster

/// A bitmap size that is not positive (from a preset, an image, a layout) is a RasterError with
/// the size, not a trap; a positive one gives a cleared bitmap of that size.
final class BitmapSizeTests: XCTestCase {
    func testSizesThatAreNotPositiveThrowWithTheSize() {
        for (w, h) in [(0, 5), (5, 0), (0, 0), (-3, 4), (4, -1), (Int.min, 1)] {
            XCTAssertThrowsError(try Bitmap(width: w, height: h)) { error in
                XCTAssertEqual(error as? RasterError, .size(width: w, height: h))
                XCTAssertTrue("\(error)".contains("got \(w)×\(h)"), "\(error)")
            }
            XCTAssertThrowsError(try Bitmap(width: w, height: h, fill: .white)) { error in
                XCTAssertEqual(error as? RasterError, .size(width: w, height: h))
            }
        }
    }

    func testPositiveSizesMakeClearedBitmaps() throws {
        let b = try Bitmap(width: 3, height: 2)
        XCTAssertEqual(b.width, 3); XCTAssertEqual(b.height, 2)
        XCTAssertEqual((0..<b.count).map { b.pixels[$0] }, Array(repeating: 0, count: 6))
        let w = try Bitmap(width: 1, height: 1, fill: .white)
        XCTAssertEqual(w[0, 0], 0xFFFF_FFFF)
    }
}
