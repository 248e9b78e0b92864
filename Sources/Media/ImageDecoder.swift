import CFFmpeg
import Raster
#if canImport(Glibc)
import Glibc
#endif
import Vocabulary

/// PNG/JPEG/WebP → premultiplied RGBA Bitmap, opened as a plain local file only.
///
/// Safety (docs/ARCHITECTURE.md): the file's magic bytes pick the demuxer (png_pipe, jpeg_pipe or
/// webp_pipe — FFmpeg 5.1's names for these files; never image2, which would read `%d` in a name
/// as a sequence pattern), with `protocol_whitelist=file` and the same three as the format
/// whitelist. The size the header claims is checked against `maxDimension` before FFmpeg sees
/// the file, so a decompression bomb fails in microseconds; the decoder's `max_pixels` and a
/// check of the codec parameters guard the same limit again.
///
/// A claim below the limit must also be plausible for the file's size (`ImageHeader.minimumFileSize`):
/// FFmpeg allocates the whole frame before it reads the pixel data, so a 60-byte PNG that claims
/// 16000×16000 would otherwise cost 768 MB before failing as truncated (found by fuzzing; kept in
/// Tests/Fixtures/regressions/image/claims-16000-truncated.png).
public enum ImageDecoder {
    public static let allowedFormats = "png_pipe,jpeg_pipe,webp_pipe"

    /// - fitting: scale down while decoding to at most this many pixels a side, aspect kept
    ///   (`scaledSize`); nil: the image's own size.
    public static func decode(path: String, maxDimension: Int = Limits.maxImageSide, fitting box: (width: Int, height: Int)? = nil) throws -> Bitmap {
        let header = try checkedHeader(path, maxDimension: maxDimension)
        let session = try DecoderSession(path: path, formatName: header.kind.demuxer,
                                         allowedFormats: allowedFormats, maxDimension: maxDimension)
        guard let bitmap = try session.nextBitmap(maxDimension: maxDimension, fitting: box) else {
            throw MediaError("\(path): no image could be decoded (truncated or corrupt \(header.kind.rawValue))")
        }
        return bitmap
    }

    /// What `decode` would check and open, without decoding a pixel (`segue validate`, issue
    /// 20.4): the header's claims against the limits and the file's size, then libavformat and
    /// libavcodec open the file with the same demuxer and decoder. The size is the header's.
    public static func probe(path: String, maxDimension: Int = Limits.maxImageSide) throws -> ImageInfo {
        let header = try checkedHeader(path, maxDimension: maxDimension)
        // Without a size in its header the file is cut short (or not what it says): no decode needed to know.
        guard let w = header.width, let h = header.height, w > 0, h > 0 else {
            throw MediaError("\(path): the \(header.kind.rawValue) header has no image size: truncated or corrupt")
        }
        _ = try DecoderSession(path: path, formatName: header.kind.demuxer, allowedFormats: allowedFormats, maxDimension: maxDimension)
        return ImageInfo(width: header.width, height: header.height, decodedBytesPerPixel: header.decodedBytesPerPixel)
    }

    /// The header's claims, checked (no FFmpeg call).
    public static func header(path: String, maxDimension: Int = Limits.maxImageSide) throws -> ImageInfo {
        let header = try checkedHeader(path, maxDimension: maxDimension)
        return ImageInfo(width: header.width, height: header.height, decodedBytesPerPixel: header.decodedBytesPerPixel)
    }

    /// `width`×`height` scaled down (never up) to fit `box`, aspect kept, each side at least 1.
    public static func scaledSize(width: Int, height: Int, fitting box: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let s = min(1, Double(box.width) / Double(width), Double(box.height) / Double(height))
        if s >= 1 { return (width, height) }
        return (max(1, Int(saturating: Double(width) * s)), max(1, Int(saturating: Double(height) * s)))
    }

    static func checkedHeader(_ path: String, maxDimension: Int) throws -> ImageHeader {
        try DecoderSession.requireRegularFile(path)
        let header = try ImageHeader.read(path)
        if let w = header.width, let h = header.height, w > maxDimension || h > maxDimension {
            throw MediaError("\(path): image is \(w)×\(h), larger than the limit of \(maxDimension) pixels per side")
        }
        // FFmpeg's own bound (libavutil/imgutils.c av_image_check_size2: (w + 128) × (h + 128) <
        // INT_MAX / 8, computed here so FFmpeg does not log it):
        // a 16384×16384 image passes the per-side limit but FFmpeg refuses it as "Invalid data"
        // (issue 20.11); say so plainly instead. The largest square it decodes is 16255×16255.
        if let w = header.width, let h = header.height, w > 0, h > 0, (w + 128) * (h + 128) >= Int(Int32.max) / 8 {
            throw MediaError("\(path): image is \(w)×\(h): FFmpeg decodes at most (width + 128) × (height + 128) < 268 435 456 pixels (16255×16255 square)")
        }
        if let need = header.minimumFileSize, header.fileSize < need {
            throw MediaError("\(path): \(header.kind.rawValue) header claims \(header.width ?? 0)×\(header.height ?? 0) pixels, but the file has only \(header.fileSize) bytes (at least \(need) are needed): truncated or corrupt")
        }
        return header
    }
}

/// An image's size as its header claims it (nil where the header does not say: some WebP), and
/// how many bytes a pixel of the decoder's full-size frame takes (for memory estimates).
public struct ImageInfo: Sendable, Hashable {
    public var width: Int?, height: Int?
    public var decodedBytesPerPixel: Int
}

/// What the first bytes of an image file say: its kind and, where the header has it, its size.
struct ImageHeader {
    enum Kind: String {
        case png = "PNG", jpeg = "JPEG", webp = "WebP"
        var demuxer: String {
            switch self { case .png: "png_pipe"; case .jpeg: "jpeg_pipe"; case .webp: "webp_pipe" }
        }
    }
    var kind: Kind
    var width: Int?, height: Int?
    var fileSize = 0
    /// PNG: bits per pixel from IHDR's bit depth and colour type. JPEG: whether the entropy coding
    /// is Huffman (arithmetic coding compresses below the bound used below).
    var bitsPerPixel: Int?
    var huffmanJPEG = false

    /// Bytes per pixel of the frame FFmpeg's decoder allocates: PNG from its bit depth and
    /// channels (rgba64 for 16-bit RGBA), JPEG at most 3 (4:4:4), WebP 4 (yuva420p and the
    /// lossless decoder's argb are at most that).
    var decodedBytesPerPixel: Int {
        switch kind {
        case .png: return max(1, ((bitsPerPixel ?? 32) + 7) / 8)
        case .jpeg: return 3
        case .webp: return 4
        }
    }

    /// The smallest file that can hold the image the header claims, or nil where no safe bound is
    /// known (WebP). PNG: the filtered scanlines through deflate, whose best ratio is 1032:1, plus
    /// generous slack for the chunks. Huffman JPEG: at least one bit per 8×8 luma block (each
    /// block's DC difference is a Huffman code of one bit or more), halved for slack.
    var minimumFileSize: Int? {
        guard let w = width, let h = height, w > 0, h > 0 else { return nil }
        switch kind {
        case .png:
            guard let bpp = bitsPerPixel else { return nil }
            let raw = h * ((w * bpp + 7) / 8 + 1)
            return raw / 1032 + 8
        case .jpeg:
            guard huffmanJPEG else { return nil }
            let blocks = ((w + 7) / 8) * ((h + 7) / 8)
            return blocks / 16
        case .webp:
            return nil
        }
    }

    static func read(_ path: String) throws -> ImageHeader {
        guard let fp = fopen(path, "rb") else { throw MediaError("\(path): cannot open: \(String(cString: strerror(errno)))") }
        defer { _ = fclose(fp) }   // read only: closing cannot lose data
        func bytes(_ n: Int) -> [UInt8] {
            var b = [UInt8](repeating: 0, count: n)
            let got = fread(&b, 1, n, fp)
            return Array(b.prefix(got))
        }
        /// fseek that throws: a file whose size cannot be learnt cannot be checked against its claims.
        func seek(_ offset: Int, _ whence: Int32) throws {
            if fseek(fp, offset, whence) != 0 { throw MediaError("\(path): cannot seek: \(String(cString: strerror(errno)))") }
        }
        let head = bytes(32)
        try seek(0, SEEK_END)
        let size = ftell(fp)
        if size < 0 { throw MediaError("\(path): cannot tell the file's size: \(String(cString: strerror(errno)))") }
        try seek(Int(head.count), SEEK_SET)
        func be(_ b: [UInt8], _ at: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 << 8 | Int(b[at + $1]) } }
        func le(_ b: [UInt8], _ at: Int, _ n: Int) -> Int { (0..<n).reversed().reduce(0) { $0 << 8 | Int(b[at + $1]) } }

        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            var h = ImageHeader(kind: .png, fileSize: size)
            if head.count >= 24, Array(head[12..<16]) == Array("IHDR".utf8) {
                h.width = be(head, 16, 4); h.height = be(head, 20, 4)
                if head.count >= 26 {
                    let channels: Int? = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(head[25])]
                    if let c = channels, [1, 2, 4, 8, 16].contains(Int(head[24])) { h.bitsPerPixel = c * Int(head[24]) }
                }
            }
            return h
        }
        if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF {
            var h = ImageHeader(kind: .jpeg, fileSize: size)
            // Walk the marker segments to the first SOFn (it may follow large EXIF/ICC segments).
            try seek(2, SEEK_SET)
            for _ in 0..<1024 {
                var m = bytes(2)
                guard m.count == 2, m[0] == 0xFF else { break }
                while m[1] == 0xFF { let n = bytes(1); guard n.count == 1 else { return h }; m[1] = n[0] }
                let marker = m[1]
                if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
                if marker == 0xD9 || marker == 0xDA { break }
                let len = bytes(2); guard len.count == 2 else { break }
                let length = be(len, 0, 2)
                guard length >= 2 else { break }
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    let sof = bytes(5); guard sof.count == 5 else { break }
                    h.height = be(sof, 1, 2); h.width = be(sof, 3, 2)
                    h.huffmanJPEG = marker <= 0xC7
                    break
                }
                try seek(length - 2, SEEK_CUR)
            }
            return h
        }
        if head.count >= 12, Array(head[0..<4]) == Array("RIFF".utf8), Array(head[8..<12]) == Array("WEBP".utf8) {
            var h = ImageHeader(kind: .webp, fileSize: size)
            if head.count >= 30 {
                let chunk = String(decoding: head[12..<16], as: UTF8.self)
                switch chunk {
                case "VP8 " where head[23] == 0x9D && head[24] == 0x01 && head[25] == 0x2A:
                    h.width = le(head, 26, 2) & 0x3FFF; h.height = le(head, 28, 2) & 0x3FFF
                case "VP8L" where head[20] == 0x2F:
                    let bits = le(head, 21, 4)
                    h.width = (bits & 0x3FFF) + 1; h.height = ((bits >> 14) & 0x3FFF) + 1
                case "VP8X":
                    h.width = le(head, 24, 3) + 1; h.height = le(head, 27, 3) + 1
                default: break
                }
            }
            return h
        }
        throw MediaError("\(path): not a PNG, JPEG or WebP image")
    }
}
