import XCTest
import Foundation
@testable import Raster
import Geometry
import Scene

/// Deterministic pseudo-random numbers for test images.
struct LCG {
    var s: UInt64
    init(_ seed: UInt64) { s = seed &* 6364136223846793005 &+ 1442695040888963407 }
    mutating func next() -> UInt32 { s = s &* 6364136223846793005 &+ 1442695040888963407; return UInt32(truncatingIfNeeded: s >> 33) }
}

/// A bitmap of random premultiplied pixels (alpha random unless opaque).
func randomBitmap(_ w: Int, _ h: Int, seed: UInt64, opaque: Bool = false) -> Bitmap {
    var r = LCG(seed)
    let b = Bitmap(uncheckedWidth: w, height: h)
    for i in 0..<(w * h) {
        let a = opaque ? 255 : r.next() % 256
        let c = { (v: UInt32) -> UInt32 in (v % 256) * a / 255 }
        b.pixels[i] = c(r.next()) | c(r.next()) << 8 | c(r.next()) << 16 | a << 24
    }
    return b
}

/// Sum of alpha over the bitmap, in pixels (255 = one pixel).
func coveredArea(_ b: Bitmap) -> Double {
    var s = 0
    for i in 0..<b.count { s += Int(b.pixels[i] >> 24) }
    return Double(s) / 255
}

/// Writes a PNG through ffmpeg (for looking at output while developing); no-op without ffmpeg.
func writePNG(_ b: Bitmap, _ path: String) {
    let raw = path + ".raw"
    let data = Data(bytes: b.pixels, count: b.byteCount)
    try? data.write(to: URL(fileURLWithPath: raw))
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["ffmpeg", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(b.width)x\(b.height)", "-i", raw, path]
    try? p.run(); p.waitUntilExit()
    try? FileManager.default.removeItem(atPath: raw)
}
