import Foundation
import XCTest
import SegueTestSupport
import Raster
@testable import Media

final class ParallelConversionTests: XCTestCase {
    /// Export's pattern: one converter per worker, frames converted on several threads, written
    /// in order by one encoder thread — the file equals a serial encode byte for byte.
    func testParallelConvertersGiveTheSameFile() throws {
        let dir = try temporaryFolder("media")
        var s = EncoderSettings(width: 63, height: 47, fps: 30); s.threads = 1
        let bitmaps = (0..<24).map { movingRectFrame($0, width: 63, height: 47) }
        try encode(bitmaps, to: dir + "/serial.mp4", settings: s)

        let enc = try VideoEncoder(destination: dir + "/parallel.mp4", settings: s)
        let workers = 4
        let converters = (0..<workers).map { _ in enc.makeConverter() }
        final class Slots: @unchecked Sendable {   // each index written by exactly one worker
            let frames: UnsafeMutableBufferPointer<VideoFrame?>
            init(_ n: Int) { frames = .allocate(capacity: n); frames.initialize(repeating: nil) }
            deinit { frames.deinitialize(); frames.deallocate() }
        }
        let slots = Slots(bitmaps.count)
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            for i in stride(from: w, to: bitmaps.count, by: workers) {
                slots.frames[i] = try? converters[w].convert(bitmaps[i])
            }
        }
        for f in slots.frames { try enc.write(XCTUnwrap(f)) }
        try enc.finish()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/serial.mp4")),
                       try Data(contentsOf: URL(fileURLWithPath: dir + "/parallel.mp4")))
    }
}
