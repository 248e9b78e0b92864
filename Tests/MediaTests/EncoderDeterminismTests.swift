import Foundation
import XCTest
import SegueTestSupport
import Raster
@_spi(Testing) @testable import Media

final class EncoderDeterminismTests: XCTestCase {
    /// Each fixed thread count repeats byte for byte (x264 is deterministic unless told
    /// --non-deterministic); different counts give different bytes (the count is in x264's SEI,
    /// and frame threads change rate control), which is why `threads` matters for cross-machine hashes.
    func testFixedThreadCountsRepeatExactly() throws {
        let dir = try temporaryFolder("media")
        let frames = (0..<48).map { movingRectFrame($0, width: 192, height: 108) }
        var sizes: [Int: Data] = [:]
        for threads in [1, 2, 3] {
            var s = EncoderSettings(width: 192, height: 108, fps: 30); s.threads = threads
            try encode(frames, to: dir + "/t\(threads)a.mp4", settings: s)
            try encode(frames, to: dir + "/t\(threads)b.mp4", settings: s)
            let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/t\(threads)a.mp4"))
            let b = try Data(contentsOf: URL(fileURLWithPath: dir + "/t\(threads)b.mp4"))
            XCTAssertEqual(a, b, "threads=\(threads) must repeat exactly")
            sizes[threads] = a
        }
        XCTAssertNotEqual(sizes[1], sizes[2], "x264 records the thread count in its SEI")
    }
}
