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

    /// The 4-wide OVER row against the scalar definition, on valid premultiplied pixels, at
    /// every length through the vector tail and at unaligned starts.
    func testOverRowMatchesScalarOver() {
        let src = randomBitmap(1200, 4, seed: 21), dst = randomBitmap(1200, 4, seed: 22)
        for alpha: UInt32 in [0, 1, 77, 128, 254, 255] {
            for (n, start) in (0..<41).map({ ($0, $0 % 3) }) + [(1170, 1), (1199, 0)] {
                for y in 0..<4 {
                    let s = UnsafePointer(src.row(y) + start), d0 = dst.row(y) + start
                    var expected = [UInt32](repeating: 0, count: n)
                    for i in 0..<n { expected[i] = over(mulPixel(s[i], alpha), d0[i]) }
                    let d = UnsafeMutablePointer<UInt32>.allocate(capacity: n + 1)
                    defer { d.deallocate() }
                    d.update(from: d0, count: n)
                    Blend.overRow(d, s, n, alpha: alpha)
                    for i in 0..<n where d[i] != expected[i] {
                        XCTFail("alpha \(alpha) n \(n) row \(y) pixel \(i): \(String(d[i], radix: 16)) ≠ \(String(expected[i], radix: 16))")
                        return
                    }
                }
            }
        }
    }
}
