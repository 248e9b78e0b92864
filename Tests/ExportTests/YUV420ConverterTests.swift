import Foundation
import XCTest
import FramePipeline
@_spi(Testing) import Media
import Raster

/// The workers' RGBA → yuv420p converter (Raster.YUV420) against swscale (SWS_AREA, accurate
/// rounding, bit-exact), sample by sample: within ±1 everywhere.
final class YUV420ConverterTests: XCTestCase {
    /// Flat UI colours, sharp edges, gradients, noise and translucent (premultiplied) pixels.
    static func content(_ w: Int, _ h: Int) -> Bitmap {
        let b = Bitmap(uncheckedWidth: w, height: h)
        var s: UInt32 = 12345
        for y in 0..<h {
            for x in 0..<w {
                s = s &* 1103515245 &+ 12345
                let n = (s >> 8) & 0xFFFFFF
                let p: UInt32
                switch (y / 16 + x / 24) % 5 {
                case 0: p = 0xFFF2_F2F7                                   // flat grey
                case 1: p = n | 0xFF00_0000                               // noise
                case 2: p = UInt32(x * 255 / max(1, w - 1)) | UInt32(y * 255 / max(1, h - 1)) << 8 | 0x80 << 16 | 0xFF00_0000
                case 3: p = (x & 1) ^ (y & 1) == 0 ? 0xFF00_00FF : 0xFFFF_0000 // red/blue checker
                default:
                    let a = n >> 16 & 0xFF, c = a == 0 ? 0 : (n & 0xFF) * a / 255
                    p = c | c << 8 | (a / 2) << 16 | a << 24              // premultiplied, translucent
                }
                b[x, y] = p
            }
        }
        // Every 8-bit value of each channel appears on some row.
        for x in 0..<min(w, 256) { b[x, 0] = UInt32(x) | UInt32(255 - x) << 8 | UInt32((x * 7) & 255) << 16 | 0xFF00_0000 }
        return b
    }

    func testMatchesSwscaleWithinOne() throws {
        // Not 2-row frames: swscale's area filter for a single chroma row reads only the second
        // luma row (our 2×2 box is the right answer there).
        for (w, h) in [(1170, 2532), (391, 845), (64, 4), (3, 3), (1, 1)] {
            var settings = EncoderSettings(width: w, height: h, fps: 60)
            settings.format = .null
            let encoder = try VideoEncoder(destination: "/dev/null", settings: settings)
            let fast = encoder.makeConverter(), sws = encoder.makeConverter()
            sws.usesSwscale = true
            let bitmap = YUV420ConverterTests.content(w, h)
            let a = try fast.convert(bitmap), b = try sws.convert(bitmap)
            let pw = w + (w & 1), ph = h + (h & 1)
            var maxDiff = 0, diffs = 0
            for p in 0..<3 {
                let (pw2, ph2) = p == 0 ? (pw, ph) : (pw / 2, ph / 2)
                for y in 0..<ph2 {
                    for x in 0..<pw2 {
                        let d = abs(Int(a.sample(plane: p, x: x, y: y)) - Int(b.sample(plane: p, x: x, y: y)))
                        if d > 0 { diffs += 1 }
                        if d > maxDiff {
                            maxDiff = d
                            if d > 1 { XCTFail("\(w)×\(h) plane \(p) (\(x), \(y)): \(a.sample(plane: p, x: x, y: y)) vs swscale \(b.sample(plane: p, x: x, y: y))") }
                        }
                    }
                }
            }
            XCTAssertLessThanOrEqual(maxDiff, 1, "\(w)×\(h): \(diffs) samples differ")
            try encoder.finish()
        }
    }
}
