import XCTest
import Raster

/// The pixel's (r, g, b), each expected within 1 of 255 × the value (premultiplied over an
/// opaque background, so straight values).
func assertRGB(_ b: Bitmap, _ x: Int, _ y: Int, _ r: Double, _ g: Double, _ bl: Double, file: StaticString = #filePath, line: UInt = #line) {
    let p = b.rgba(x: x, y: y)
    for (got, want, name) in [(p.r, r, "r"), (p.g, g, "g"), (p.b, bl, "b")] {
        XCTAssertEqual(Double(got), 255 * want, accuracy: 1.01, "\(name) at (\(x), \(y))", file: file, line: line)
    }
}
