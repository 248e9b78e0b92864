import XCTest
@testable import Raster
import Geometry

final class PixelMathTests: XCTestCase {
    func testDiv255IsExactRounding() {
        for x in 0...(255 * 255) {
            XCTAssertEqual(div255(UInt32(x)), UInt32((Double(x) / 255).rounded()), "x = \(x)")
        }
    }

    func testMulPixelPerChannel() {
        var r = LCG(1)
        for _ in 0..<20000 {
            let p = r.next(), a = r.next() % 256
            let q = mulPixel(p, a)
            for k in 0..<4 {
                let c = (p >> (8 * k)) & 255
                XCTAssertEqual((q >> (8 * k)) & 255, UInt32((Double(c * a) / 255).rounded()))
            }
        }
    }

    func testOverOpaqueOnOpaqueStaysOpaque() {
        let s = Color(r: 0.2, g: 0.4, b: 0.6, a: 0.5).premultipliedPixel
        XCTAssertEqual(over(s, 0xFFFF_FFFF) >> 24, 255)
        XCTAssertEqual(over(0xFF00_00FF, 0xFF00_FF00), 0xFF00_00FF)
    }
}
