import XCTest
import SegueTestSupport
@testable import Raster
import Geometry
import Scene

final class SamplingTests: XCTestCase {
    /// Draws with the classified path and with the reference path over the same background.
    private func check(_ m: Affine, expect: SamplePath, opaque: Bool, opacity: Double = 1, line: UInt = #line) {
        let src = randomBitmap(37, 29, seed: 7, opaque: opaque)
        let bg = randomBitmap(80, 70, seed: 9, opaque: true)
        let a = bg.copy(), b = bg.copy()
        let p = Renderer.drawBitmap(src, transform: m, into: a, opacity: opacity)
        Renderer.drawBitmap(src, transform: m, into: b, opacity: opacity, path: .reference)
        XCTAssertEqual(p, expect, line: line)
        ImageDiff.assertMatches(a, b, "\(expect) differs from reference", line: line)
        XCTAssertFalse(a.isIdentical(to: bg), line: line)
    }

    func testEveryFastPathMatchesReference() {
        for opaque in [true, false] {
            for op in [1.0, 0.6] {
                check(.translation(10, 12), expect: .integerTranslate, opaque: opaque, opacity: op)
                check(.translation(-5, -7), expect: .integerTranslate, opaque: opaque, opacity: op)
                check(.translation(10.5, 12.25), expect: .fractionalTranslate, opaque: opaque, opacity: op)
                check(.translation(-3.7, 50.1), expect: .fractionalTranslate, opaque: opaque, opacity: op)
                check(Affine.scale(1.37, 0.81).translatedBy(4.2, 3.3), expect: .scale, opaque: opaque, opacity: op)
                check(Affine.scale(0.76, 0.76).translatedBy(10.3, 9.9), expect: .scale, opaque: opaque, opacity: op)
                check(Affine.scale(-1, 1).translatedBy(50, 3), expect: .scale, opaque: opaque, opacity: op)
                check(Affine.rotation(0.3).scaledBy(1.2, 1.2).translatedBy(20, 5), expect: .affine, opaque: opaque, opacity: op)
                check(Affine(a: 1, b: 0.2, c: -0.4, d: 0.9, tx: 30, ty: 10), expect: .affine, opaque: opaque, opacity: op)
            }
        }
    }

    func testIntegerTranslateIsExactCopy() {
        let src = randomBitmap(30, 20, seed: 1, opaque: true)
        let dst = Bitmap(uncheckedWidth: 50, height: 50)
        XCTAssertEqual(Renderer.drawBitmap(src, transform: .translation(7, 9), into: dst), .integerTranslate)
        for y in 0..<20 { for x in 0..<30 { XCTAssertEqual(dst[x + 7, y + 9], src[x, y]) } }
        XCTAssertEqual(dst[6, 9], 0); XCTAssertEqual(dst[37, 9], 0)
    }

    func testHalfPixelTranslateAveragesTheEdge() {
        let src = Bitmap(uncheckedWidth: 4, height: 4, fill: .white)
        let dst = Bitmap(uncheckedWidth: 10, height: 10)
        XCTAssertEqual(Renderer.drawBitmap(src, transform: .translation(2.5, 2), into: dst), .fractionalTranslate)
        XCTAssertEqual(dst[2, 3], 0x8080_8080)     // half of the first column
        XCTAssertEqual(dst[3, 3], 0xFFFF_FFFF)
        XCTAssertEqual(dst[6, 3], 0x8080_8080)     // half of the last column
        XCTAssertEqual(dst[7, 3], 0)
        XCTAssertEqual(coveredArea(dst), 16, accuracy: 0.05)  // 8 edge pixels at 128/255
        // A two-colour source: the interior pixels at the seam are the average.
        let two = Bitmap(uncheckedWidth: 2, height: 1)
        two[0, 0] = 0xFF00_0000; two[1, 0] = 0xFFFF_FFFF
        let d2 = Bitmap(uncheckedWidth: 4, height: 1, fill: .black)
        Renderer.drawBitmap(two, transform: .translation(0.5, 0), into: d2)
        XCTAssertEqual(d2[1, 0], 0xFF80_8080)
    }

    func testMipmapsBelowHalfScale() {
        // A 1-px checkerboard scaled to 0.25 must come out a flat grey, not aliased stripes.
        let src = Bitmap(uncheckedWidth: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { src[x, y] = (x + y) % 2 == 0 ? 0xFFFF_FFFF : 0xFF00_0000 } }
        let dst = Bitmap(uncheckedWidth: 16, height: 16)
        Renderer.drawBitmap(src, transform: .scale(0.25, 0.25), into: dst)
        for y in 2..<14 { for x in 2..<14 { XCTAssertEqual(Double(Bitmap.unpack(dst[x, y]).r), 127.5, accuracy: 1.5) } }
    }
}
