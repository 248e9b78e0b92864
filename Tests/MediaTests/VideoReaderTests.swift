import Foundation
import XCTest
import SegueTestSupport
import Raster
@_spi(Testing) @testable import Media

final class VideoReaderTests: XCTestCase {
    func testReadsBackEncodedFrames() throws {
        let dir = try temporaryFolder("media")
        let path = dir + "/clip.mp4"
        var s = EncoderSettings(width: 96, height: 64, fps: 25); s.crf = 10
        let frames = (0..<30).map { movingRectFrame($0, width: 96, height: 64) }
        try encode(frames, to: path, settings: s)
        let reader = try VideoReader(path: path)
        XCTAssertEqual(reader.width, 96); XCTAssertEqual(reader.height, 64)
        XCTAssertEqual(reader.frameCount, 30)
        XCTAssertEqual(reader.fps, 25)
        let back = try reader.readAllFrames()
        XCTAssertEqual(back.count, 30)
        for i in [0, 10, 29] {
            let x0 = (i * 3) % 80
            for (x, y, want) in [(x0 + 8, 24, (250, 140, 20)), (90, 60, (20, 24, 40))] {
                let p = back[i].rgba(x: x, y: y)
                for (g, w) in zip([Int(p.r), Int(p.g), Int(p.b)], [want.0, want.1, want.2]) {
                    XCTAssertLessThanOrEqual(abs(g - w), 4, "frame \(i) (\(x),\(y)): \(p) vs \(want)")
                }
            }
        }
        XCTAssertNil(try reader.next())
    }

    func testSaturatedColoursThroughVideoReader() throws {
        let dir = try temporaryFolder("media")
        let path = dir + "/c.mp4"
        let colours: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (0, 0, 0)]
        var s = EncoderSettings(width: 32, height: 32, fps: 5); s.crf = 10
        try encode(colours.map { solidFrame(r: $0.0, g: $0.1, b: $0.2, width: 32, height: 32) }, to: path, settings: s)
        let back = try VideoReader(path: path).readAllFrames()
        XCTAssertEqual(back.count, colours.count)
        for (b, c) in zip(back, colours) {
            let p = b.rgba(x: 16, y: 16)
            for (g, w) in zip([p.r, p.g, p.b], [c.0, c.1, c.2]) { XCTAssertLessThanOrEqual(abs(Int(g) - Int(w)), 3, "\(p) vs \(c)") }
        }
    }

    func testRejectsNonFiles() throws {
        XCTAssertThrowsError(try VideoReader(path: "/nonexistent/x.mp4"))
        XCTAssertThrowsError(try VideoReader(path: "/tmp"))
    }
}
