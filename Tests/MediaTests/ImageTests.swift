import Foundation
import XCTest
import SegueTestSupport
import Raster
@_spi(Testing) @testable import Media

/// CRC-32 (PNG/zlib polynomial) for crafting chunks.
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes {
        c ^= UInt32(b)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    return ~c
}

func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

/// PNG signature + a valid IHDR chunk claiming width×height RGBA, then a truncated IDAT.
func craftedPNGHeader(width: UInt32, height: UInt32) -> Data {
    let sig: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let body: [UInt8] = Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0]
    let ihdr = be32(13) + body + be32(crc32(body))
    let idat = be32(1000) + Array("IDAT".utf8) + [0x78, 0x9C, 0x01, 0x02]
    return Data(sig + ihdr + idat)
}

func pngIHDR(_ path: String) throws -> (width: Int, height: Int, bitDepth: Int, colorType: Int) {
    let d = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    XCTAssertEqual(Array(d[12..<16]), Array("IHDR".utf8))
    func be(_ at: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(d[at + $1]) } }
    return (be(16), be(20), Int(d[24]), Int(d[25]))
}

func premultiplied(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt32 {
    func pm(_ c: UInt8) -> UInt8 { let x = UInt32(c) * UInt32(a) + 128; return UInt8((x + (x >> 8)) >> 8) }
    return Bitmap.pack(r: pm(r), g: pm(g), b: pm(b), a: a)
}

/// A deterministic test card; `alpha` adds translucent and transparent pixels.
func testCard(width: Int, height: Int, alpha: Bool) -> Bitmap {
    let b = Bitmap(uncheckedWidth: width, height: height)
    var seed: UInt32 = 12345
    for y in 0..<height {
        for x in 0..<width {
            seed = seed &* 1_103_515_245 &+ 12345
            let r = UInt8(truncatingIfNeeded: seed >> 24), g = UInt8(truncatingIfNeeded: seed >> 16)
            let bl = UInt8(truncatingIfNeeded: seed >> 8)
            let a: UInt8 = alpha ? [255, 0, 1, 128, 200, 254, UInt8(truncatingIfNeeded: seed)][(x + y) % 7] : 255
            b[x, y] = premultiplied(r, g, bl, a)
        }
    }
    return b
}

final class ImageTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws { dir = try temporaryFolder("media") }

    func testPNGWithAlphaRoundTripsExactly() throws {
        let card = testCard(width: 37, height: 23, alpha: true)
        let path = dir + "/alpha.png"
        try PNGWriter.write(card, to: path)
        let ihdr = try pngIHDR(path)
        XCTAssertEqual(ihdr.width, 37); XCTAssertEqual(ihdr.height, 23)
        XCTAssertEqual(ihdr.bitDepth, 8); XCTAssertEqual(ihdr.colorType, 6)
        let back = try ImageDecoder.decode(path: path)
        XCTAssertEqual(back.width, 37); XCTAssertEqual(back.height, 23)
        // Un-premultiply by rounding, premultiply by rounding: every premultiplied pixel survives.
        for y in 0..<23 { for x in 0..<37 { XCTAssertEqual(back[x, y], card[x, y], "pixel \(x),\(y)") } }
        // An independent decoder (the ffmpeg CLI) sees the same straight-alpha pixels.
        let r = try CLI.tool("ffmpeg", ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        XCTAssertEqual(r.stdoutData.count, 37 * 23 * 4)
        let raw = [UInt8](r.stdoutData)
        for i in stride(from: 0, to: raw.count, by: 4) where raw.count == 37 * 23 * 4 {
            XCTAssertEqual(premultiplied(raw[i], raw[i + 1], raw[i + 2], raw[i + 3]), card.pixels[i / 4])
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["alpha.png"])
    }

    /// RGB24 and RGBA PNGs skip swscale: the fast path must give exactly swscale's pixels.
    func testPackedRGBFastPathMatchesSwscale() throws {
        for (alpha, w, h) in [(false, 1170, 37), (true, 1170, 37), (false, 33, 7), (true, 2, 1), (true, 257, 3)] {
            let path = dir + "/card-\(alpha)-\(w).png"
            try PNGWriter.write(testCard(width: w, height: h, alpha: alpha), to: path)
            XCTAssertEqual(try pngIHDR(path).colorType, alpha ? 6 : 2)
            let fast = try ImageDecoder.decode(path: path)
            ImageDecoder.alwaysSwscale = true
            defer { ImageDecoder.alwaysSwscale = false }
            let slow = try ImageDecoder.decode(path: path)
            XCTAssertTrue(fast.isIdentical(to: slow), "alpha \(alpha) \(w)×\(h)")
        }
    }

    func testOpaquePNGIsRGB() throws {
        let card = testCard(width: 16, height: 9, alpha: false)
        let path = dir + "/opaque.png"
        try PNGWriter.write(card, to: path)
        let ihdr = try pngIHDR(path)
        XCTAssertEqual(ihdr.colorType, 2); XCTAssertEqual(ihdr.bitDepth, 8)
        XCTAssertEqual(ihdr.width, 16); XCTAssertEqual(ihdr.height, 9)
        XCTAssertTrue(try ImageDecoder.decode(path: path).isIdentical(to: card))
        // Same bitmap → same bytes.
        XCTAssertEqual(try PNGWriter.encode(card), try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testPNGWriterReplacesAtomicallyAndCreatesMissingFolders() throws {
        let path = dir + "/x.png"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try PNGWriter.write(testCard(width: 3, height: 3, alpha: false), to: path)
        XCTAssertEqual(try pngIHDR(path).width, 3)
        // Missing parent folders are created (DESIGN §7), as for every output.
        try PNGWriter.write(testCard(width: 3, height: 3, alpha: false), to: dir + "/missing/x.png")
        XCTAssertEqual(try pngIHDR(dir + "/missing/x.png").width, 3)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["missing", "x.png"])
    }

    func testCLIWrittenFormatsDecode() throws {
        // Lossless variants (gray, palette with transparency, 16-bit, gray+alpha) must equal what
        // the ffmpeg CLI decodes, premultiplied; lossy JPEG (yuvj420p, BT.601 full range) and WebP
        // (yuv420p) must land near the colour.
        let source = "testsrc2=s=48x32,format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='X*5'"
        for (name, fmt) in [("gray.png", "gray"), ("pal.png", "pal8"), ("deep.png", "rgba64be"), ("ya.png", "ya8"), ("rgb.png", "rgb24")] {
            let path = dir + "/" + name
            let r = try CLI.tool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", source, "-frames:v", "1", "-pix_fmt", fmt, "-y", path])
            XCTAssertEqual(r.status, 0, r.stderr)
            let b = try ImageDecoder.decode(path: path)
            XCTAssertEqual(b.width, 48, name); XCTAssertEqual(b.height, 32, name)
            let raw = [UInt8](try CLI.tool("ffmpeg", ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"]).stdoutData)
            XCTAssertEqual(raw.count, 48 * 32 * 4, name)
            var mismatches = 0
            for i in stride(from: 0, to: raw.count, by: 4) where raw.count == 48 * 32 * 4 {
                if premultiplied(raw[i], raw[i + 1], raw[i + 2], raw[i + 3]) != b.pixels[i / 4] { mismatches += 1 }
            }
            XCTAssertEqual(mismatches, 0, name)
        }
        for (name, args, tol) in [("photo.jpg", ["-q:v", "2"], 6), ("pic.webp", ["-quality", "95"], 8)] {
            let path = dir + "/" + name
            let r = try CLI.tool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=0xC8285A:s=48x32", "-frames:v", "1"] + args + ["-y", path])
            XCTAssertEqual(r.status, 0, r.stderr)
            let b = try ImageDecoder.decode(path: path)
            XCTAssertEqual(b.width, 48, name); XCTAssertEqual(b.height, 32, name)
            let p = b.rgba(x: 24, y: 16)
            XCTAssertEqual(p.a, 255, name)
            for (got, w) in zip([Int(p.r), Int(p.g), Int(p.b)], [200, 40, 90]) {
                XCTAssertLessThanOrEqual(abs(got - w), tol, "\(name): got \(p)")
            }
        }
    }

    func testHeaderSizesAreRead() throws {
        for (name, args) in [("a.jpg", [String]()), ("b.webp", []), ("c.webp", ["-lossless", "1"]), ("d.png", [])] {
            let path = dir + "/" + name
            let r = try CLI.tool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=red:s=70x30", "-frames:v", "1"] + args + ["-y", path])
            XCTAssertEqual(r.status, 0, r.stderr)
            let h = try ImageHeader.read(path)
            XCTAssertEqual(h.width, 70, name); XCTAssertEqual(h.height, 30, name)
            XCTAssertThrowsError(try ImageDecoder.decode(path: path, maxDimension: 50)) {
                XCTAssertTrue("\($0)".contains("limit of 50"), "\($0)")
            }
        }
    }

    func testDecompressionBombFailsFast() throws {
        let path = dir + "/bomb.png"
        try craftedPNGHeader(width: 60000, height: 60000).write(to: URL(fileURLWithPath: path))
        var decodeError = "", headerError = ""
        XCTAssertThrowsError(try ImageDecoder.decode(path: path)) { e in
            decodeError = "\(e)"
            XCTAssertTrue("\(e)".contains("60000×60000"), "\(e)")
            XCTAssertTrue("\(e)".contains("16384"), "\(e)")
            XCTAssertTrue("\(e)".contains(path), "\(e)")
        }
        // Fast because nothing is decoded: the failure is the header check's own, from the bytes
        // read before FFmpeg opens the file (no clock: the same error from the check alone).
        XCTAssertThrowsError(try ImageDecoder.checkedHeader(path, maxDimension: 16384)) { headerError = "\($0)" }
        XCTAssertEqual(decodeError, headerError)
        // Behind the header check, FFmpeg's decoder enforces the same limit on its own.
        let ok = dir + "/ok.png"
        try PNGWriter.write(testCard(width: 40, height: 40, alpha: false), to: ok)
        let session = try DecoderSession(path: ok, formatName: "png_pipe", allowedFormats: ImageDecoder.allowedFormats, maxDimension: 20)
        XCTAssertThrowsError(try session.nextBitmap(maxDimension: 20))
    }

    func testBrokenInputsFailCleanly() throws {
        let good = dir + "/good.png"
        try PNGWriter.write(testCard(width: 64, height: 64, alpha: true), to: good)
        let data = try Data(contentsOf: URL(fileURLWithPath: good))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: dir + "/truncated.png"))
        try data.prefix(40).write(to: URL(fileURLWithPath: dir + "/header-only.png"))
        try Data("hello, I am text\n".utf8).write(to: URL(fileURLWithPath: dir + "/text.png"))
        try Data().write(to: URL(fileURLWithPath: dir + "/empty.png"))
        try craftedPNGHeader(width: 100, height: 100).write(to: URL(fileURLWithPath: dir + "/garbage-idat.png"))
        try FileManager.default.createDirectory(atPath: dir + "/folder.png", withIntermediateDirectories: false)
        for name in ["truncated.png", "header-only.png", "text.png", "empty.png", "garbage-idat.png", "folder.png", "missing.png"] {
            let path = dir + "/" + name
            XCTAssertThrowsError(try ImageDecoder.decode(path: path), name) { e in
                XCTAssertTrue(e is MediaError, "\(name): \(e)")
                XCTAssertTrue("\(e)".contains(path), "\(name): \(e)")
            }
        }
        // A JPEG cut short.
        let jpg = dir + "/cut.jpg"
        XCTAssertEqual(try CLI.tool("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=s=64x64", "-frames:v", "1", "-y", jpg]).status, 0)
        let j = try Data(contentsOf: URL(fileURLWithPath: jpg))
        try j.prefix(200).write(to: URL(fileURLWithPath: jpg))
        XCTAssertThrowsError(try ImageDecoder.decode(path: jpg))
    }
}
