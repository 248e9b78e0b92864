import Foundation
import XCTest
import SegueTestSupport
import Raster
import Vocabulary
@_spi(Testing) @testable import Media

final class OddSizeFormatTests: XCTestCase {
    /// YUV formats pad to even; gif and png keep the exact canvas size.
    func testOddSizes() throws {
        let dir = try temporaryFolder("media")
        let frames = (0..<3).map { movingRectFrame($0, width: 51, height: 37) }
        for (f, c, size) in [(OutputFormat.gif, VideoCodec.h264, (51, 37)), (.mov, .prores, (52, 38)),
                             (.webm, .vp9, (52, 38)), (.mp4, .hevc, (52, 38))] {
            var s = EncoderSettings(width: 51, height: 37, fps: 10); s.format = f; s.codec = c; s.threads = 1
            try encode(frames, to: dir + "/odd.\(f)", settings: s)
            let (st, _) = try ffprobe(dir + "/odd.\(f)")
            XCTAssertEqual(st["width"] as? Int, size.0, "\(f)"); XCTAssertEqual(st["height"] as? Int, size.1, "\(f)")
            XCTAssertEqual(st["nb_read_frames"] as? String, "3", "\(f)")
        }
        var s = EncoderSettings(width: 51, height: 37, fps: 10); s.format = .png
        try encode(frames, to: dir + "/odd-png", settings: s)
        let (st, _) = try ffprobe(dir + "/odd-png/frame-00002.png")
        XCTAssertEqual(st["width"] as? Int, 51); XCTAssertEqual(st["height"] as? Int, 37)
    }
}
