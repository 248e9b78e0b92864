import Foundation
import XCTest
import FramePipeline

final class FrameSchedulerTests: XCTestCase {
    final class Counter: @unchecked Sendable {
        let lock = NSLock()
        var inFlight = 0, maxInFlight = 0
        var workersSeen: [Int: [Int]] = [:]
        func enter(_ worker: Int, _ frame: Int) {
            lock.lock(); inFlight += 1; maxInFlight = max(maxInFlight, inFlight); workersSeen[worker, default: []].append(frame); lock.unlock()
        }
        func leave() { lock.lock(); inFlight -= 1; lock.unlock() }
    }

    func testFramesArriveInOrderWithinTheWindowEachRenderedOnce() throws {
        for jobs in [1, 2, 3, 5] {
            let counter = Counter()
            let s = FrameScheduler<Int>(frameCount: 97, jobs: jobs, window: jobs * 2)
            var got: [Int] = []
            try s.run(cancel: CancellationToken(), produce: { worker, i in
                counter.enter(worker, i)
                // Uneven work so frames finish out of order.
                usleep(UInt32((i * 7919) % 5) * 300)
                return i * 10
            }, consume: { i, item in
                XCTAssertEqual(item, i * 10)
                got.append(i)
                counter.leave()
            })
            XCTAssertEqual(got, Array(0..<97), "jobs \(jobs)")
            // A frame may only start within `window` of the next frame to encode.
            XCTAssertLessThanOrEqual(counter.maxInFlight, s.window + 1, "jobs \(jobs)")
            // Every frame rendered exactly once, by a worker that exists.
            XCTAssertEqual(counter.workersSeen.values.flatMap { $0 }.sorted(), Array(0..<97), "jobs \(jobs)")
            XCTAssertTrue(counter.workersSeen.keys.allSatisfy { (0..<jobs).contains($0) })
        }
    }

    /// Frames go to whichever worker is free: with every even frame slow, a fixed deal would give
    /// worker 0 all of them while worker 1 idles at the window's edge.
    func testAFreeWorkerTakesTheNextFrame() throws {
        let counter = Counter()
        let s = FrameScheduler<Int>(frameCount: 40, jobs: 2, window: 4)
        try s.run(cancel: CancellationToken(), produce: { worker, i in
            counter.enter(worker, i)
            usleep(i % 2 == 0 ? 4000 : 200)
            return i
        }, consume: { _, _ in counter.leave() })
        let slow = counter.workersSeen.mapValues { $0.filter { $0 % 2 == 0 }.count }
        XCTAssertEqual(slow.values.reduce(0, +), 20)
        XCTAssertGreaterThan(slow[0] ?? 0, 0, "worker 0: \(counter.workersSeen[0] ?? [])")
        XCTAssertGreaterThan(slow[1] ?? 0, 0, "worker 1: \(counter.workersSeen[1] ?? [])")
    }

    func testAFailingFrameStopsTheRunAndIsReported() {
        struct Boom: Error {}
        let s = FrameScheduler<Int>(frameCount: 50, jobs: 2, window: 4)
        var consumed = 0
        XCTAssertThrowsError(try s.run(cancel: CancellationToken(), produce: { _, i in
            if i == 17 { throw Boom() }
            return i
        }, consume: { _, _ in consumed += 1 })) { XCTAssertTrue($0 is Boom) }
        XCTAssertLessThanOrEqual(consumed, 17)
    }

    func testCancellationStopsPromptly() {
        let token = CancellationToken()
        let s = FrameScheduler<Int>(frameCount: 10_000, jobs: 2, window: 4)
        let start = Date()
        XCTAssertThrowsError(try s.run(cancel: token, produce: { _, i in usleep(1000); return i }, consume: { i, _ in
            if i == 20 { token.cancel(reason: 2) }
        })) { error in
            XCTAssertEqual((error as? CancelledError)?.reason, 2)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }
}

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
