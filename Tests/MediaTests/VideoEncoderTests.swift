import Foundation
import XCTest
import SegueTestSupport
import Raster
@_spi(Testing) @testable import Media

final class VideoEncoderTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws { dir = try temporaryFolder("media") }

    func testMP4StreamIsH264BT709FaststartWithEveryFrame() throws {
        let path = dir + "/clip.mp4"
        var s = EncoderSettings(width: 96, height: 64, fps: 30)
        s.title = "Segue test"; s.comment = "moving rect"
        try encode((0..<30).map { movingRectFrame($0, width: 96, height: 64) }, to: path, settings: s)

        let (st, fmt) = try ffprobe(path)
        XCTAssertEqual(st["codec_name"] as? String, "h264")
        XCTAssertEqual(st["pix_fmt"] as? String, "yuv420p")
        XCTAssertEqual(st["width"] as? Int, 96)
        XCTAssertEqual(st["height"] as? Int, 64)
        XCTAssertEqual(st["color_space"] as? String, "bt709")
        XCTAssertEqual(st["color_transfer"] as? String, "bt709")
        XCTAssertEqual(st["color_primaries"] as? String, "bt709")
        XCTAssertEqual(st["color_range"] as? String, "tv")
        XCTAssertEqual(st["r_frame_rate"] as? String, "30/1")
        XCTAssertEqual(st["avg_frame_rate"] as? String, "30/1")
        XCTAssertEqual(st["time_base"] as? String, "1/15360")   // mp4 muxer's choice, a multiple of fps
        XCTAssertEqual(st["nb_read_frames"] as? String, "30")
        XCTAssertEqual(st["nb_frames"] as? String, "30")
        XCTAssertEqual(fmt["duration"] as? String, "1.000000")
        let tags = fmt["tags"] as? [String: Any] ?? [:]
        XCTAssertEqual(tags["title"] as? String, "Segue test")
        XCTAssertEqual(tags["comment"] as? String, "moving rect")

        let atoms = try topLevelAtoms(path)
        let moov = try XCTUnwrap(atoms.firstIndex(of: "moov")), mdat = try XCTUnwrap(atoms.firstIndex(of: "mdat"))
        XCTAssertLessThan(moov, mdat, "faststart: moov must precede mdat, got \(atoms)")
        XCTAssertEqual(atoms.first, "ftyp")
        XCTAssertTrue(AtomicFile.pendingPaths.isEmpty)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["clip.mp4"])
    }

    func testFlatColoursDecodeBackThroughBT709() throws {
        let path = dir + "/colours.mp4"
        let colours: [(UInt8, UInt8, UInt8)] = [(255, 255, 255), (0, 0, 0), (255, 0, 0), (0, 255, 0),
                                                 (0, 0, 255), (128, 128, 128), (250, 140, 20)]
        var s = EncoderSettings(width: 64, height: 64, fps: 10)
        s.crf = 12
        try encode(colours.map { solidFrame(r: $0.0, g: $0.1, b: $0.2, width: 64, height: 64) }, to: path, settings: s)
        let decoded = try decodeWithCLI(path, width: 64, height: 64)
        XCTAssertEqual(decoded.count, colours.count)
        for (i, c) in colours.enumerated() where i < decoded.count {
            let px = Array(decoded[i][(32 * 64 + 32) * 4..<(32 * 64 + 32) * 4 + 3])
            for (got, want) in zip(px, [c.0, c.1, c.2]) {
                XCTAssertLessThanOrEqual(abs(Int(got) - Int(want)), 3, "frame \(i): got \(px), want \(c)")
            }
        }
    }

    func testOddSizeIsPaddedToEven() throws {
        let path = dir + "/odd.mp4"
        let s = EncoderSettings(width: 101, height: 75, fps: 24)
        XCTAssertEqual(s.paddedWidth, 102); XCTAssertEqual(s.paddedHeight, 76)
        try encode((0..<5).map { movingRectFrame($0, width: 101, height: 75) }, to: path, settings: s)
        let (st, _) = try ffprobe(path)
        XCTAssertEqual(st["width"] as? Int, 102)
        XCTAssertEqual(st["height"] as? Int, 76)
        XCTAssertEqual(st["nb_read_frames"] as? String, "5")
        // The padding repeats the edge: the last column/row look like their neighbours.
        let frames = try decodeWithCLI(path, width: 102, height: 76)
        let f = try XCTUnwrap(frames.first)
        func px(_ x: Int, _ y: Int) -> [Int] { (0..<3).map { Int(f[(y * 102 + x) * 4 + $0]) } }
        for (a, b) in zip(px(101, 70), px(100, 70)) { XCTAssertLessThanOrEqual(abs(a - b), 3) }
        for (a, b) in zip(px(50, 75), px(50, 74)) { XCTAssertLessThanOrEqual(abs(a - b), 3) }
    }

    func testSameFramesGiveByteIdenticalFiles() throws {
        let frames = (0..<20).map { movingRectFrame($0, width: 80, height: 60) }
        let s = EncoderSettings(width: 80, height: 60, fps: 30)
        try encode(frames, to: dir + "/a.mp4", settings: s)
        try encode(frames, to: dir + "/b.mp4", settings: s)
        let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.mp4"))
        let b = try Data(contentsOf: URL(fileURLWithPath: dir + "/b.mp4"))
        XCTAssertGreaterThan(a.count, 1000)
        XCTAssertEqual(a, b)
    }

    func testCancelRemovesTemporaryAndKeepsExistingDestination() throws {
        let path = dir + "/keep.mp4"
        try Data("old contents".utf8).write(to: URL(fileURLWithPath: path))
        let enc = try VideoEncoder(destination: path, settings: EncoderSettings(width: 32, height: 32, fps: 30))
        let tmp = try XCTUnwrap(enc.temporaryPath)
        XCTAssertTrue(FileManager.default.fileExists(atPath: tmp))
        XCTAssertTrue(URL(fileURLWithPath: tmp).lastPathComponent.hasPrefix("."))
        let conv = enc.makeConverter()
        for i in 0..<5 { try enc.write(conv.convert(movingRectFrame(i, width: 32, height: 32))) }
        enc.cancel()
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old contents")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["keep.mp4"])
        XCTAssertThrowsError(try enc.write(conv.convert(movingRectFrame(0, width: 32, height: 32))))
    }

    func testUnwritableDestinationThrows() throws {
        XCTAssertThrowsError(try VideoEncoder(destination: "/proc/no/such/dir/x.mp4",
                                              settings: EncoderSettings(width: 32, height: 32, fps: 30))) { e in
            XCTAssertTrue("\(e)".contains("/proc/no"), "\(e)")
        }
        XCTAssertThrowsError(try VideoEncoder(destination: dir, settings: EncoderSettings(width: 32, height: 32, fps: 30)))
        XCTAssertThrowsError(try VideoEncoder(destination: dir + "/x.mp4", settings: EncoderSettings(width: 0, height: 32, fps: 30)))
    }

    func testNullFormatWritesNothing() throws {
        var s = EncoderSettings(width: 33, height: 20, fps: 30); s.format = .null
        let enc = try VideoEncoder(destination: dir + "/null.mp4", settings: s)
        XCTAssertNil(enc.temporaryPath)
        let conv = enc.makeConverter()
        for i in 0..<3 { try enc.write(conv.convert(movingRectFrame(i, width: 33, height: 20))) }
        try enc.finish()
        XCTAssertEqual(enc.frameCount, 3)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [])
    }

    /// Each writer takes its own kind of frame: a PNG frame given to an mp4 or the null output, or
    /// a picture given to a png sequence, is an error that cancels the output (nothing left).
    func testAFrameOfTheOtherKindIsAnErrorThatCancels() throws {
        var png = EncoderSettings(width: 32, height: 32, fps: 30); png.format = .png
        var null = EncoderSettings(width: 32, height: 32, fps: 30); null.format = .null
        let image = movingRectFrame(0, width: 32, height: 32)
        let pngFrame = try FrameConversion(settings: png).makeConverter().convert(image)
        let picture = try FrameConversion(settings: null).makeConverter().convert(image)
        XCTAssertEqual(pngFrame.pixelFormatName, "png")
        XCTAssertEqual(picture.pixelFormatName, "yuv420p")
        let cases: [(String, EncoderSettings, VideoFrame, String)] = [
            ("a.mp4", EncoderSettings(width: 32, height: 32, fps: 30), pngFrame, "frame 0 is png, but this mp4 output takes yuv420p frames"),
            ("null", null, pngFrame, "frame 0 is png, but this null output takes yuv420p frames"),
            ("frames", png, picture, "frame 0 is yuv420p, but this png output takes png frames"),
        ]
        for (name, settings, frame, message) in cases {
            let enc = try VideoEncoder(destination: dir + "/" + name, settings: settings)
            XCTAssertThrowsError(try enc.write(frame)) { XCTAssertTrue("\($0)".contains(message), "\($0)") }
            XCTAssertNil(enc.temporaryPath, "\(name): cancelled")
            XCTAssertThrowsError(try enc.write(frame), "\(name): no write after the cancel")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [])
    }

    /// Premultiplied alpha is dropped by the conversion: a translucent pixel becomes the pixel
    /// composited onto black.
    func testTranslucentPixelsConvertAsCompositedOnBlack() throws {
        let enc = try VideoEncoder(destination: dir + "/n", settings: { var s = EncoderSettings(width: 4, height: 4, fps: 1); s.format = .null; return s }())
        let conv = enc.makeConverter()
        let translucent = Bitmap(uncheckedWidth: 4, height: 4), opaque = Bitmap(uncheckedWidth: 4, height: 4)
        translucent.pixels.update(repeating: Bitmap.pack(r: 100, g: 30, b: 60, a: 128), count: 16)
        opaque.pixels.update(repeating: Bitmap.pack(r: 100, g: 30, b: 60, a: 255), count: 16)
        let a = try conv.convert(translucent), b = try conv.convert(opaque)
        for p in 0..<3 { XCTAssertEqual(a.sample(plane: p, x: 1, y: 1), b.sample(plane: p, x: 1, y: 1)) }
        // BT.709 limited range: white is Y 235, black Y 16, chroma 128.
        let w = try conv.convert(solidFrame(r: 255, g: 255, b: 255, width: 4, height: 4))
        XCTAssertEqual(w.sample(plane: 0, x: 0, y: 0), 235)
        XCTAssertEqual(w.sample(plane: 1, x: 0, y: 0), 128)
        let k = try conv.convert(solidFrame(r: 0, g: 0, b: 0, width: 4, height: 4))
        XCTAssertEqual(k.sample(plane: 0, x: 0, y: 0), 16)
        // Red: BT.709 Y = 16 + 219 × 0.2126 ≈ 63 (BT.601 would give 81).
        let r = try conv.convert(solidFrame(r: 255, g: 0, b: 0, width: 4, height: 4))
        XCTAssertEqual(Int(r.sample(plane: 0, x: 0, y: 0)), 63, accuracy: 1)
    }
}
