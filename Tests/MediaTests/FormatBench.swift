import Foundation
import XCTest
import SegueTestSupport
import Raster
@testable import Media
import Vocabulary

/// Measurements, not checks: run with SEGUE_MEDIA_BENCH=1 (skipped otherwise).
final class FormatBench: XCTestCase {
    func peakRSSMB() -> Double {
        let s = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = s.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }
    func resetPeak() { try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8) }

    /// A UI-like frame: vertical gradient, a card, a moving translucent rect.
    func frame(_ i: Int, _ w: Int, _ h: Int, transparent: Bool) -> Bitmap {
        let b = Bitmap(uncheckedWidth: w, height: h)
        for y in 0..<h {
            let g = UInt8(40 + 160 * y / h)
            let bg = transparent ? 0 : Bitmap.pack(r: 240, g: g, b: 250 - g / 2, a: 255)
            let row = b.row(y)
            for x in 0..<w {
                let inCard = x > w / 10 && x < w * 9 / 10 && y > h / 5 && y < h / 2
                let inRect = y > h * 6 / 10 && y < h * 7 / 10 && x >= (i * w / 120) % w && x < (i * w / 120) % w + w / 4
                row[x] = inRect ? Bitmap.pack(r: 60, g: 30, b: 5, a: 128) : inCard ? Bitmap.pack(r: 255, g: 255, b: 255, a: 255) : bg
            }
        }
        return b
    }

    func testMeasure() throws {
        guard ProcessInfo.processInfo.environment["SEGUE_MEDIA_BENCH"] != nil else { throw XCTSkip("set SEGUE_MEDIA_BENCH=1") }
        let dir = try temporaryFolder("media")
        // GIF peak memory, 120 frames at 390×844 (one bitmap reused, as Export's workers do).
        for alpha in [false, true] {
            let frames = (0..<4).map { frame($0 * 30, 390, 844, transparent: alpha) }
            resetPeak()
            let before = peakRSSMB()
            var s = EncoderSettings(width: 390, height: 844, fps: 60); s.format = .gif; s.transparent = alpha
            let t0 = Date()
            let enc = try VideoEncoder(destination: dir + "/m.gif", settings: s)
            let conv = enc.makeConverter()
            for i in 0..<120 { try enc.write(conv.convert(frames[i % 4])) }
            try enc.finish()
            let size = try FileManager.default.attributesOfItem(atPath: dir + "/m.gif")[.size] as? Int ?? 0
            print("BENCH gif 390x844 x120 alpha=\(alpha): peak RSS \(String(format: "%.0f", before)) → \(String(format: "%.0f", peakRSSMB())) MB, \(String(format: "%.2f", Date().timeIntervalSince(t0))) s, \(size / 1024) KiB")
        }
        // Speed per format at 1170×2532, 20 frames, threads 2 (conversion + encode, one thread feeding).
        let combos: [(OutputFormat, VideoCodec, Bool)] = [(.mp4, .h264, false), (.mp4, .hevc, false), (.mov, .prores, false),
            (.mov, .prores, true), (.webm, .vp9, false), (.webm, .vp9, true), (.gif, .h264, false), (.png, .h264, false), (.png, .h264, true), (.null, .h264, false)]
        for (f, c, alpha) in combos {
            let frames = (0..<4).map { frame($0 * 30, 1170, 2532, transparent: alpha) }
            var s = EncoderSettings(width: 1170, height: 2532, fps: 60); s.format = f; s.codec = c; s.transparent = alpha; s.threads = 2
            let enc = try VideoEncoder(destination: dir + "/big-\(f)", settings: s)
            let conv = enc.makeConverter()
            var convert = 0.0
            let t0 = Date()
            for i in 0..<20 {
                let c0 = Date(); let v = try conv.convert(frames[i % 4]); convert += Date().timeIntervalSince(c0)
                try enc.write(v)
            }
            try enc.finish()
            let total = Date().timeIntervalSince(t0)
            print("BENCH \(f)/\(f.allowedCodecs.isEmpty ? "-" : c.rawValue) alpha=\(alpha) 1170x2532: \(String(format: "%.0f", total / 20 * 1000)) ms/frame (convert \(String(format: "%.0f", convert / 20 * 1000)) ms)")
        }
    }

    /// Does the thread count change the bytes? (VP9 with row-mt off; x265 with info=0.)
    func testThreadCountsAndBytes() throws {
        guard ProcessInfo.processInfo.environment["SEGUE_MEDIA_BENCH"] != nil else { throw XCTSkip("set SEGUE_MEDIA_BENCH=1") }
        let dir = try temporaryFolder("media")
        let frames = (0..<30).map { frame($0 * 4, 640, 360, transparent: false) }
        for (f, c) in [(OutputFormat.webm, VideoCodec.vp9), (.mp4, .hevc), (.mov, .prores)] {
            var out: [Int: Data] = [:]
            for t in [1, 2, 4] {
                var s = EncoderSettings(width: 640, height: 360, fps: 30); s.format = f; s.codec = c; s.threads = t
                try encode(frames, to: dir + "/t\(t)", settings: s)
                out[t] = try Data(contentsOf: URL(fileURLWithPath: dir + "/t\(t)"))
            }
            print("BENCH threads \(c): 1==2 \(out[1] == out[2]), 1==4 \(out[1] == out[4]) sizes \(out.keys.sorted().map { out[$0]!.count })")
        }
    }
}
