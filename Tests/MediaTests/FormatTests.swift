import Foundation
import XCTest
import SegueTestSupport
import Raster
import Vocabulary
@_spi(Testing) @testable import Media

// Every output format, written and decoded back with the ffmpeg/ffprobe CLIs.

let W = 64, H = 48, N = 20
let orange = (r: 250, g: 140, b: 20), blue = (r: 40, g: 120, b: 250)
let translucentAlpha = 160

/// Premultiplies like the renderer: c′ = round(c · a / 255).
func premul(_ c: Int, _ a: Int) -> UInt8 { UInt8((c * a + 127) / 255) }

/// Transparent background, an opaque blue square (fixed, x/y 4..<20) and a translucent orange
/// rect (alpha 160) that moves 1 px a frame along y 28..<40, starting at x 24..<36.
func transparentFrame(_ i: Int) -> Bitmap {
    let b = Bitmap(uncheckedWidth: W, height: H)
    b.pixels.update(repeating: 0, count: W * H)
    let sq = Bitmap.pack(r: UInt8(blue.r), g: UInt8(blue.g), b: UInt8(blue.b), a: 255)
    let a = translucentAlpha
    let rc = Bitmap.pack(r: premul(orange.r, a), g: premul(orange.g, a), b: premul(orange.b, a), a: UInt8(a))
    for y in 0..<H { for x in 0..<W {
        if x >= 4 && x < 20 && y >= 4 && y < 20 { b[x, y] = sq }
        else if y >= 28 && y < 40 && x >= 24 + i && x < 36 + i { b[x, y] = rc }
    } }
    return b
}

/// movingRectFrame: dark background (20,24,40), orange 16×16 rect at x = 3i mod (W − 16), y 12..<28.
func opaqueFrames() -> [Bitmap] { (0..<N).map { movingRectFrame($0, width: W, height: H) } }
func transparentFrames() -> [Bitmap] { (0..<N).map(transparentFrame) }

func settings(_ format: OutputFormat, _ codec: VideoCodec? = nil, transparent: Bool = false) -> EncoderSettings {
    var s = EncoderSettings(width: W, height: H, fps: 20)
    s.format = format
    s.codec = codec ?? EncoderSettings.defaultCodec(for: format) ?? .h264
    s.transparent = transparent
    s.threads = 1
    s.crf = 10
    s.title = "Segue \(format.rawValue)"; s.comment = "test comment"
    return s
}

/// Decodes every frame to straight RGBA8 with the ffmpeg CLI (`yuv`: read BT.709 limited range).
func decodeRGBA(_ path: String, yuv: Bool, libvpx: Bool = false, width: Int = W, height: Int = H) throws -> [[UInt8]] {
    var args = ["-v", "error"]
    if libvpx { args += ["-c:v", "libvpx-vp9"] }
    args += ["-i", path, "-vf",
             yuv ? "scale=in_color_matrix=bt709:in_range=tv:out_range=pc:flags=accurate_rnd+bitexact,format=rgba" : "format=rgba",
             "-f", "rawvideo", "-"]
    let r = try CLI.tool("ffmpeg", args)
    XCTAssertEqual(r.status, 0, r.stderr)
    let size = width * height * 4
    let bytes = [UInt8](r.stdoutData)
    XCTAssertEqual(bytes.count % size, 0)
    return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<$0 + size]) }
}

func pixel(_ f: [UInt8], _ x: Int, _ y: Int, width: Int = W) -> [Int] { (0..<4).map { Int(f[(y * width + x) * 4 + $0]) } }

func assertNear(_ got: [Int], _ want: [Int], _ tol: Int, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(got.count, want.count, file: file, line: line)
    for (g, w) in zip(got, want) where abs(g - w) > tol {
        XCTFail("\(what): got \(got), want \(want) ±\(tol)", file: file, line: line); return
    }
}

final class FormatTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws { dir = try temporaryFolder("media") }
    override func tearDownWithError() throws {
        XCTAssertTrue(AtomicFile.pendingPaths.isEmpty, "leftover temporaries: \(AtomicFile.pendingPaths)")
    }

    func tags(_ d: [String: Any]) -> [String: String] { (d["tags"] as? [String: Any] ?? [:]).mapValues { "\($0)" } }

    /// The opaque clip decodes to the dark background and the moving orange rect in each frame.
    func checkOpaquePixels(_ frames: [[UInt8]], tol: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(frames.count, N, file: file, line: line)
        for i in [0, 7, N - 1] where i < frames.count {
            let x0 = (3 * i) % (W - 16)
            assertNear(pixel(frames[i], x0 + 8, 20), [orange.r, orange.g, orange.b, 255], tol, "frame \(i) rect", file: file, line: line)
            assertNear(pixel(frames[i], (x0 + 40) % W, 20), [20, 24, 40, 255], tol, "frame \(i) background", file: file, line: line)
        }
    }

    /// The transparent clip: clear background, opaque blue square, translucent orange rect
    /// (straight colour), and nothing left behind where the rect was in frame 0.
    func checkAlphaPixels(_ frames: [[UInt8]], tol: Int, alphaTol: Int, rectAlpha: Int = translucentAlpha,
                          file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(frames.count, N, file: file, line: line)
        for i in [0, 9, N - 1] where i < frames.count {
            let f = frames[i]
            XCTAssertLessThanOrEqual(pixel(f, 50, 8)[3], alphaTol, "frame \(i): background alpha", file: file, line: line)
            assertNear(pixel(f, 12, 12), [blue.r, blue.g, blue.b, 255], tol, "frame \(i) square", file: file, line: line)
            let r = pixel(f, 30 + i, 34)
            assertNear(r, [orange.r, orange.g, orange.b, rectAlpha], tol, "frame \(i) translucent rect", file: file, line: line)
        }
        if let last = frames.last {
            XCTAssertLessThanOrEqual(pixel(last, 26, 34)[3], alphaTol, "last frame: the rect's first place must be clear again", file: file, line: line)
        }
    }

    // MARK: HEVC

    func testHEVCInMP4IsTaggedHvc1AndDecodes() throws {
        for format in [OutputFormat.mp4, .mov] {
            let path = dir + "/clip-hevc.\(format.rawValue)"
            try encode(opaqueFrames(), to: path, settings: settings(format, .hevc))
            let (st, fmt) = try ffprobe(path)
            XCTAssertEqual(st["codec_name"] as? String, "hevc")
            XCTAssertEqual(st["codec_tag_string"] as? String, "hvc1")
            XCTAssertEqual(st["pix_fmt"] as? String, "yuv420p")
            XCTAssertEqual(st["color_space"] as? String, "bt709")
            XCTAssertEqual(st["color_primaries"] as? String, "bt709")
            XCTAssertEqual(st["color_transfer"] as? String, "bt709")
            XCTAssertEqual(st["color_range"] as? String, "tv")
            XCTAssertEqual(st["nb_read_frames"] as? String, "\(N)")
            XCTAssertEqual(tags(fmt)["title"], "Segue \(format.rawValue)")
            XCTAssertEqual(tags(fmt)["comment"], "test comment")
            let atoms = try topLevelAtoms(path)
            XCTAssertLessThan(try XCTUnwrap(atoms.firstIndex(of: "moov")), try XCTUnwrap(atoms.firstIndex(of: "mdat")))
            checkOpaquePixels(try decodeRGBA(path, yuv: true), tol: 6)
        }
    }

    // MARK: ProRes

    func testProRes422HQOpaque() throws {
        let path = dir + "/clip.mov"
        try encode(opaqueFrames(), to: path, settings: settings(.mov))
        let (st, fmt) = try ffprobe(path)
        XCTAssertEqual(st["codec_name"] as? String, "prores")
        XCTAssertEqual(st["profile"] as? String, "HQ")
        XCTAssertEqual(st["pix_fmt"] as? String, "yuv422p10le")
        XCTAssertEqual(st["codec_tag_string"] as? String, "apch")
        XCTAssertEqual(st["color_space"] as? String, "bt709")
        XCTAssertEqual(st["nb_read_frames"] as? String, "\(N)")
        XCTAssertEqual(tags(fmt)["title"], "Segue mov")
        XCTAssertEqual(tags(fmt)["comment"], "test comment")
        checkOpaquePixels(try decodeRGBA(path, yuv: true), tol: 3)
    }

    func testProRes4444CarriesStraightAlpha() throws {
        let path = dir + "/alpha.mov"
        try encode(transparentFrames(), to: path, settings: settings(.mov, .prores, transparent: true))
        let (st, _) = try ffprobe(path)
        XCTAssertEqual(st["codec_name"] as? String, "prores")
        XCTAssertEqual(st["profile"] as? String, "4444")
        // FFmpeg's prores decoder outputs 4444 as 12-bit; the "a" is the alpha plane.
        XCTAssertEqual(st["pix_fmt"] as? String, "yuva444p12le")
        XCTAssertEqual(st["codec_tag_string"] as? String, "ap4h")
        XCTAssertEqual(st["nb_read_frames"] as? String, "\(N)")
        checkAlphaPixels(try decodeRGBA(path, yuv: true), tol: 3, alphaTol: 1)
    }

    /// The converter's 10-bit output itself: alpha 255 → 1023, 160 → 642 (swscale's 8 → 10 bit
    /// expansion), straight colour for the translucent pixel.
    func testProRes4444ConversionUnpremultiplies() throws {
        let enc = try VideoEncoder(destination: dir + "/c.mov", settings: settings(.mov, .prores, transparent: true))
        defer { enc.cancel() }
        XCTAssertEqual(enc.pixelFormatName, "yuva444p10le")
        let f = try enc.makeConverter().convert(transparentFrame(0))
        XCTAssertEqual(f.pixelFormatName, "yuva444p10le")
        XCTAssertEqual(f.sample16(plane: 3, x: 12, y: 12), 1023)
        XCTAssertEqual(f.sample16(plane: 3, x: 50, y: 8), 0)
        XCTAssertEqual(Int(f.sample16(plane: 3, x: 30, y: 34)), 642, accuracy: 2)
        // Straight orange (250,140,20) in BT.709 limited 10-bit: Y = 64 + 876·(0.2126·R + 0.7152·G + 0.0722·B)/255.
        let y = 64 + 876 * (0.2126 * 250 + 0.7152 * 140 + 0.0722 * 20) / 255
        XCTAssertEqual(Double(f.sample16(plane: 0, x: 30, y: 34)), y, accuracy: 3)
    }

    // MARK: VP9

    func testVP9WebMOpaque() throws {
        let path = dir + "/clip.webm"
        try encode(opaqueFrames(), to: path, settings: settings(.webm))
        let (st, fmt) = try ffprobe(path)
        XCTAssertEqual(st["codec_name"] as? String, "vp9")
        XCTAssertEqual(st["pix_fmt"] as? String, "yuv420p")
        XCTAssertEqual(st["color_space"] as? String, "bt709")
        XCTAssertEqual(st["nb_read_frames"] as? String, "\(N)")
        XCTAssertNil(tags(st)["alpha_mode"] ?? tags(st)["ALPHA_MODE"])
        XCTAssertEqual(tags(fmt)["title"], "Segue webm")
        XCTAssertEqual(tags(fmt)["comment"] ?? tags(fmt)["COMMENT"], "test comment")
        checkOpaquePixels(try decodeRGBA(path, yuv: true), tol: 8)
    }

    func testVP9WebMWithAlpha() throws {
        let path = dir + "/alpha.webm"
        try encode(transparentFrames(), to: path, settings: settings(.webm, .vp9, transparent: true))
        let (st, _) = try ffprobe(path)
        XCTAssertEqual(st["codec_name"] as? String, "vp9")
        XCTAssertEqual(st["pix_fmt"] as? String, "yuv420p")   // FFmpeg's native vp9 decoder ignores the alpha stream
        XCTAssertEqual(tags(st)["alpha_mode"] ?? tags(st)["ALPHA_MODE"], "1")
        XCTAssertEqual(st["nb_read_frames"] as? String, "\(N)")
        // The native decoder sees no alpha (it is a second stream in BlockAdditions) …
        let native = try decodeRGBA(path, yuv: true)
        XCTAssertEqual(pixel(try XCTUnwrap(native.first), 50, 8)[3], 255)
        // … libvpx-vp9 decodes it as yuva420p.
        checkAlphaPixels(try decodeRGBA(path, yuv: true, libvpx: true), tol: 10, alphaTol: 4)
    }

    // MARK: GIF

    func netscapeLoop(_ path: String) throws -> Int? {
        let d = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let r = d.range(of: Data("NETSCAPE2.0".utf8)) else { return nil }
        let b = [UInt8](d[r.upperBound..<r.upperBound + 4])   // sub-block size 3, id 1, loop count LE
        XCTAssertEqual(Array(b[0..<2]), [3, 1])
        return Int(b[2]) | Int(b[3]) << 8
    }

    func testGIFOpaqueLoopsForever() throws {
        let path = dir + "/clip.gif"
        try encode(opaqueFrames(), to: path, settings: settings(.gif))
        let (st, _) = try ffprobe(path)
        XCTAssertEqual(st["codec_name"] as? String, "gif")
        XCTAssertEqual(st["pix_fmt"] as? String, "bgra")
        XCTAssertEqual(st["nb_read_frames"] as? String, "\(N)")
        XCTAssertEqual(st["width"] as? Int, W)
        XCTAssertEqual(try netscapeLoop(path), 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(6), Data("GIF89a".utf8))
        checkOpaquePixels(try decodeRGBA(path, yuv: false), tol: 12)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["clip.gif"], "the spill file must be gone")
    }

    func testGIFTransparentHasTransparentIndexAndNoTrails() throws {
        let path = dir + "/alpha.gif"
        try encode(transparentFrames(), to: path, settings: settings(.gif, transparent: true))
        let (st, _) = try ffprobe(path)
        XCTAssertEqual(st["codec_name"] as? String, "gif")
        XCTAssertEqual(st["nb_read_frames"] as? String, "\(N)")
        XCTAssertEqual(try netscapeLoop(path), 0)
        // 1-bit alpha: the rect (alpha 160 ≥ the 128 threshold) is opaque, in its straight colour.
        checkAlphaPixels(try decodeRGBA(path, yuv: false), tol: 12, alphaTol: 0, rectAlpha: 255)
    }

    // MARK: PNG sequence

    func pngFiles(_ path: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }

    func pngColourType(_ path: String) throws -> UInt8 { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))[25] }

    func testPNGSequenceOpaqueIsRGB() throws {
        let path = dir + "/frames"
        try encode(opaqueFrames(), to: path, settings: settings(.png))
        let files = try pngFiles(path)
        XCTAssertEqual(files, (0..<N).map { String(format: "frame-%05d.png", $0) })
        XCTAssertEqual(try pngColourType(path + "/frame-00000.png"), 2)
        let (st, _) = try ffprobe(path + "/frame-00007.png")
        XCTAssertEqual(st["codec_name"] as? String, "png")
        XCTAssertEqual(st["pix_fmt"] as? String, "rgb24")
        XCTAssertEqual(st["width"] as? Int, W); XCTAssertEqual(st["height"] as? Int, H)
        // Every file, decoded by one ffmpeg (its image2 demuxer reads the numbered sequence).
        let frames = try decodeRGBA(path + "/frame-%05d.png", yuv: false)
        XCTAssertEqual(frames.count, N)
        checkOpaquePixels(frames, tol: 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["frames"])
    }

    func testPNGSequenceTransparentIsRGBAWithStraightColour() throws {
        let path = dir + "/alpha"
        try encode(transparentFrames(), to: path, settings: settings(.png, transparent: true))
        let files = try pngFiles(path)
        XCTAssertEqual(files.count, N)
        for f in files { XCTAssertEqual(try pngColourType(path + "/" + f), 6, f) }
        let (st, _) = try ffprobe(path + "/frame-00000.png")
        XCTAssertEqual(st["pix_fmt"] as? String, "rgba")
        let frames = try decodeRGBA(path + "/frame-%05d.png", yuv: false)
        XCTAssertEqual(frames.count, N)
        checkAlphaPixels(frames, tol: 1, alphaTol: 0)
    }

    func testPNGSequenceReplacesAnExistingDirectoryOnlyOnSuccess() throws {
        let path = dir + "/frames"
        try FileManager.default.createDirectory(atPath: path + "/sub", withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: URL(fileURLWithPath: path + "/frame-99999.png"))
        // A folder holding anything but Segue's frames is refused, untouched (DESIGN §7).
        XCTAssertThrowsError(try VideoEncoder(destination: path, settings: settings(.png))) { XCTAssertTrue("\($0)".contains("sub"), "\($0)") }
        XCTAssertEqual(try pngFiles(path), ["frame-99999.png", "sub"])
        try FileManager.default.removeItem(atPath: path + "/sub")
        // Cancelled: the old directory is untouched.
        let enc = try VideoEncoder(destination: path, settings: settings(.png))
        let conv = enc.makeConverter()
        for b in opaqueFrames().prefix(3) { try enc.write(conv.convert(b)) }
        enc.cancel()
        XCTAssertEqual(try pngFiles(path), ["frame-99999.png"])
        // Finished: replaced as a whole.
        try encode(opaqueFrames(), to: path + "/", settings: settings(.png))
        XCTAssertEqual(try pngFiles(path).count, N)
        XCTAssertFalse(try pngFiles(path).contains("frame-99999.png"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["frames"])
        // A regular file in the way is refused, not deleted.
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/file"))
        XCTAssertThrowsError(try VideoEncoder(destination: dir + "/file", settings: settings(.png)))
    }

    func testPNGSequenceNamesGrowPastFiveDigits() {
        XCTAssertEqual(PNGSequenceWriter.fileName(0), "frame-00000.png")
        XCTAssertEqual(PNGSequenceWriter.fileName(123456), "frame-123456.png")
    }

    // MARK: Every format

    static let all: [(OutputFormat, VideoCodec?, Bool)] = [
        (.mp4, .h264, false), (.mp4, .hevc, false), (.mov, .prores, false), (.mov, .prores, true),
        (.mov, .h264, false), (.mov, .hevc, false), (.webm, .vp9, false), (.webm, .vp9, true),
        (.gif, nil, false), (.gif, nil, true), (.png, nil, false), (.png, nil, true),
    ]

    func contents(_ path: String) throws -> Data {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { return Data() }
        if !isDir.boolValue { return try Data(contentsOf: URL(fileURLWithPath: path)) }
        var all = Data()
        for f in try pngFiles(path) { all.append(Data(f.utf8)); all.append(try Data(contentsOf: URL(fileURLWithPath: path + "/" + f))) }
        return all
    }

    func testSameFramesGiveByteIdenticalOutputForEveryFormat() throws {
        for (format, codec, alpha) in FormatTests.all {
            let frames = alpha ? transparentFrames() : opaqueFrames()
            let s = settings(format, codec, transparent: alpha)
            let name = "\(format.rawValue)-\(codec?.rawValue ?? "")-\(alpha)"
            try encode(frames, to: dir + "/a-" + name, settings: s)
            // The second run converts on two converters, alternating, as Export's workers do.
            let enc = try VideoEncoder(destination: dir + "/b-" + name, settings: s)
            let convs = [enc.makeConverter(), enc.makeConverter()]
            for (i, f) in frames.enumerated() { try enc.write(convs[i % 2].convert(f)) }
            try enc.finish()
            let a = try contents(dir + "/a-" + name), b = try contents(dir + "/b-" + name)
            XCTAssertGreaterThan(a.count, 500, name)
            XCTAssertEqual(a, b, "\(name) must be byte-identical")
        }
    }

    func testCancelLeavesNothingForEveryFormat() throws {
        for (format, codec, alpha) in FormatTests.all + [(.null, nil, false)] {
            let path = dir + "/out-\(format.rawValue)"
            let enc = try VideoEncoder(destination: path, settings: settings(format, codec, transparent: alpha))
            let conv = enc.makeConverter()
            for b in (alpha ? transparentFrames() : opaqueFrames()).prefix(5) { try enc.write(conv.convert(b)) }
            if format != .null { XCTAssertNotNil(enc.temporaryPath) }
            enc.cancel()
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [], "\(format) \(String(describing: codec)) alpha \(alpha)")
            XCTAssertTrue(AtomicFile.pendingPaths.isEmpty)
            XCTAssertThrowsError(try enc.finish())
        }
    }

    func testAbandonedEncoderRemovesItsTemporaries() throws {
        for (format, codec, alpha) in FormatTests.all {
            do {
                let enc = try VideoEncoder(destination: dir + "/x", settings: settings(format, codec, transparent: alpha))
                try enc.write(enc.makeConverter().convert(alpha ? transparentFrame(0) : movingRectFrame(0, width: W, height: H)))
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [], "\(format)")
        }
    }

    func testNullConvertsEveryFrameAndWritesNothing() throws {
        var s = settings(.null); s.transparent = true
        let enc = try VideoEncoder(destination: dir + "/n", settings: s)
        let conv = enc.makeConverter()
        for b in transparentFrames() { try enc.write(conv.convert(b)) }
        try enc.finish()
        XCTAssertEqual(enc.frameCount, N)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [])
    }

    // MARK: Combinations

    func testAllowedCombinationsAndDefaults() throws {
        XCTAssertEqual(EncoderSettings.defaultCodec(for: .mp4), .h264)
        XCTAssertEqual(EncoderSettings.defaultCodec(for: .mov), .prores)
        XCTAssertEqual(EncoderSettings.defaultCodec(for: .webm), .vp9)
        XCTAssertNil(EncoderSettings.defaultCodec(for: .gif))
        XCTAssertNil(EncoderSettings.defaultCodec(for: .png))
        XCTAssertEqual(OutputFormat.mp4.allowedCodecs, [.h264, .hevc])
        XCTAssertEqual(OutputFormat.mov.allowedCodecs, [.prores, .h264, .hevc])
        XCTAssertEqual(OutputFormat.webm.allowedCodecs, [.vp9])
        for f in OutputFormat.allCases {
            for c in VideoCodec.allCases {
                for t in [false, true] {
                    var s = EncoderSettings(width: 8, height: 8, fps: 30)
                    s.format = f; s.codec = c; s.transparent = t
                    let ok = (f.allowedCodecs.isEmpty || f.allowedCodecs.contains(c))
                        && !(t && (f == .mp4 || (f == .mov && c != .prores)))
                    if ok { XCTAssertNoThrow(try s.validate(), "\(f) \(c) \(t)") }
                    else { XCTAssertThrowsError(try s.validate(), "\(f) \(c) \(t)") }
                }
            }
        }
        var vp = settings(.webm); vp.crf = 63
        XCTAssertNoThrow(try vp.validate())
        vp.format = .mp4; vp.codec = .h264
        XCTAssertThrowsError(try vp.validate())
    }

    func testMP4WithTransparencyIsRefusedClearly() throws {
        for codec in [VideoCodec.h264, .hevc] {
            var s = settings(.mp4, codec); s.transparent = true
            XCTAssertThrowsError(try VideoEncoder(destination: dir + "/t.mp4", settings: s)) { e in
                XCTAssertTrue("\(e)".contains("mp4 cannot store transparency"), "\(e)")
            }
        }
        var s = settings(.mov, .h264); s.transparent = true
        XCTAssertThrowsError(try VideoEncoder(destination: dir + "/t.mov", settings: s)) { e in
            XCTAssertTrue("\(e)".contains("prores"), "\(e)")
        }
        XCTAssertThrowsError(try VideoEncoder(destination: dir + "/t.webm", settings: settings(.webm, .h264)))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [])
    }
}
