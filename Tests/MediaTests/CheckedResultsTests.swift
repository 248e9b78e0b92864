import CFFmpeg
import Foundation
import XCTest
import SegueTestSupport
import Raster
@testable import Media
import Vocabulary

/// Issue 19.6: FFmpeg and stdio results that used to be ignored are errors now, provoked for real:
/// an option FFmpeg does not apply (the input whitelists, a muxer's header options) and writes
/// that fail. Issue 20.8: GIF's second pass asks whether to stop before every frame.
final class CheckedResultsTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws { dir = try temporaryFolder("media") }

    func writePNG(_ name: String) throws -> String {
        let path = dir + "/" + name
        try PNGWriter.write(solidFrame(r: 10, g: 200, b: 30, width: 8, height: 6), to: path)
        return path
    }

    /// The whitelists DecoderSession passes are both consumed by this FFmpeg (else every image
    /// open would fail), and a misspelt one is an error naming it, not an unrestricted open.
    func testAnInputOptionFFmpegDoesNotApplyIsAnError() throws {
        let png = try writePNG("a.png")
        let ok = try DecoderSession.openInput(png, av_find_input_format("png_pipe"), options: [
            ("protocol_whitelist", "file"), ("format_whitelist", ImageDecoder.allowedFormats)])
        var oc: UnsafeMutablePointer<AVFormatContext>? = ok
        avformat_close_input(&oc)
        XCTAssertNoThrow(try ImageDecoder.decode(path: png))

        XCTAssertThrowsError(try DecoderSession.openInput(png, nil, options: [
            ("protocol_whitelist", "file"), ("format_whitelits", ImageDecoder.allowedFormats)])) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix(png + ": avformat_open_input did not apply the option format_whitelits"), text)
            XCTAssertFalse(text.contains("protocol_whitelist"), "the consumed option is not named: \(text)")
        }
    }

    /// The whitelist is enforced, not only set: a PNG forced through a demuxer outside the list fails.
    func testTheFormatWhitelistRefusesADemuxerOutsideIt() throws {
        let png = try writePNG("b.png")
        XCTAssertThrowsError(try DecoderSession(path: png, formatName: "png_pipe", allowedFormats: "jpeg_pipe", maxDimension: 100)) { error in
            XCTAssertTrue("\(error)".hasPrefix(png + ": avformat_open_input failed"), "\(error)")
        }
    }

    /// A header option the muxer does not take is an error, and nothing is left behind.
    func testAMuxerHeaderOptionItDoesNotTakeIsAnError() throws {
        let path = dir + "/o.mp4"
        XCTAssertThrowsError(try EncodedStream(
            destination: path, muxer: "mp4", encoder: "libx264", fps: 10, title: nil, comment: nil,
            header: [("movflags", "+faststart"), ("loop", "0")], bitexact: false,
            configure: { c in
                c.pointee.width = 16; c.pointee.height = 16; c.pointee.pix_fmt = AV_PIX_FMT_YUV420P
            })) { error in
            XCTAssertEqual("\(error)", path + ": avformat_write_header did not apply the option loop (unknown to this FFmpeg); refusing to go on without it")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [], "the temporary is removed")
    }

    /// The options every real output passes are all applied (mp4/mov faststart, gif loop).
    func testEveryFormatsOwnHeaderOptionsAreApplied() throws {
        for format in [OutputFormat.mp4, .mov, .webm, .gif] {
            let path = dir + "/all." + format.rawValue
            XCTAssertNoThrow(try encode(opaqueFrames(), to: path, settings: settings(format)), "\(format)")
        }
    }

    /// GIF's second pass asks `stopReason` before every frame and once before the rename; a
    /// non-zero answer stops it with InterruptedError, removes both temporaries and writes nothing.
    func testGIFSecondPassAsksBeforeEveryFrameAndStops() throws {
        let frames = opaqueFrames()
        for stopAt in [1, frames.count / 2, frames.count + 1] {
            let path = dir + "/stop.gif"
            let enc = try VideoEncoder(destination: path, settings: settings(.gif))
            let conv = enc.makeConverter()
            for f in frames { try enc.write(conv.convert(f)) }
            var asked = 0
            XCTAssertThrowsError(try enc.finish(stopReason: { asked += 1; return asked == stopAt ? SIGTERM : 0 })) { error in
                XCTAssertEqual((error as? InterruptedError)?.signal, SIGTERM, "\(error)")
            }
            XCTAssertEqual(asked, stopAt, "stops at the first question answered with a signal")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [], "stop at \(stopAt): nothing left")
        }
        var asked = 0
        let enc = try VideoEncoder(destination: dir + "/whole.gif", settings: settings(.gif))
        let conv = enc.makeConverter()
        for f in frames { try enc.write(conv.convert(f)) }
        try enc.finish(stopReason: { asked += 1; return 0 })
        XCTAssertEqual(asked, frames.count + 1, "once per frame of the second pass, once before the rename")
        XCTAssertEqual(try ffprobe(dir + "/whole.gif").stream["nb_read_frames"] as? String, String(frames.count))
    }
}
