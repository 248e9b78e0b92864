import XCTest
import Geometry

final class GeometryTests: XCTestCase {
    func testAffineComposeInvertApply() {
        let m = Affine.translation(-5, -5).scaledBy(2, 3).concatenating(.rotation(.pi / 2)).translatedBy(10, 20)
        let p = Point(7, 9)
        // By hand: (7−5, 9−5) = (2, 4) → scale (4, 12) → rotate 90° (x, y) → (−y, x) = (−12, 4) → (−2, 24).
        let q = m.apply(p)
        XCTAssertEqual(q.x, -2, accuracy: 1e-12)
        XCTAssertEqual(q.y, 24, accuracy: 1e-12)
        let back = m.inverted!.apply(q)
        XCTAssertEqual(back.x, 7, accuracy: 1e-12)
        XCTAssertEqual(back.y, 9, accuracy: 1e-12)
        XCTAssertNil(Affine.scale(0, 1).inverted)
        XCTAssertEqual(Affine.scale(2, 2).apply(Rect(1, 1, 2, 3)), Rect(2, 2, 4, 6))
    }

    func testRects() {
        let a = Rect(0, 0, 10, 10), b = Rect(5, 5, 10, 10)
        XCTAssertEqual(a.intersection(b), Rect(5, 5, 5, 5))
        XCTAssertEqual(a.union(b), Rect(0, 0, 15, 15))
        XCTAssertTrue(a.intersection(Rect(20, 20, 1, 1)).isEmpty)
        XCTAssertEqual(a.interpolated(to: b, 0.5), Rect(2.5, 2.5, 10, 10))
    }

    func testColoursParseAndPremultiplyExactly() {
        XCTAssertEqual(Color(hex: "#FF8000")!.rgba8.g, 128)
        XCTAssertEqual(Color(hex: "#fff")!.rgba8.r, 255)
        XCTAssertEqual(Color(hex: "#00000080")!.rgba8.a, 128)
        for bad in ["FF0000", "#GG0000", "#12345", "#", ""] { XCTAssertNil(Color(hex: bad), bad) }
        // 255 × 128 / 255 = 128; 200 × 128 / 255 = 100.39 → 100.
        let p = Color(hex: "#FFC80080")!.premultipliedPixel
        XCTAssertEqual(p & 0xFF, 128)
        XCTAssertEqual((p >> 8) & 0xFF, 100)
        XCTAssertEqual(p >> 24, 128)
        XCTAssertEqual(Color(hex: "#12AB34")!.hexString, "#12AB34")
    }
}
