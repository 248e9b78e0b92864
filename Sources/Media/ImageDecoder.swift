import CFFmpeg
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// PNG/JPEG/WebP → premultiplied RGBA Bitmap, opened as a plain local file only.
///
/// Safety (DESIGN §4): the file's magic bytes pick the demuxer (png_pipe, jpeg_pipe or
/// webp_pipe — FFmpeg 5.1's names for these files; never image2, which would read `%d` in a name
/// as a sequence pattern), with `protocol_whitelist=file` and the same three as the format
/// whitelist. The size the header claims is checked against `maxDimension` before FFmpeg sees
/// the file, so a decompression bomb fails in microseconds; the decoder's `max_pixels` and a
/// check of the codec parameters guard the same limit again.
public enum ImageDecoder {
    public static let allowedFormats = "png_pipe,jpeg_pipe,webp_pipe"

    public static func decode(path: String, maxDimension: Int = 16384) throws -> Bitmap {
        try DecoderSession.requireRegularFile(path)
        let header = try ImageHeader.read(path)
        if let w = header.width, let h = header.height, w > maxDimension || h > maxDimension {
            throw MediaError("\(path): image is \(w)×\(h), larger than the limit of \(maxDimension) pixels per side")
        }
        let session = try DecoderSession(path: path, formatName: header.kind.demuxer,
                                         allowedFormats: allowedFormats, maxDimension: maxDimension)
        guard let bitmap = try session.nextBitmap(maxDimension: maxDimension) else {
            throw MediaError("\(path): no image could be decoded (truncated or corrupt \(header.kind.rawValue))")
        }
        return bitmap
    }
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

    static func read(_ path: String) throws -> ImageHeader {
        guard let fp = fopen(path, "rb") else { throw MediaError("\(path): cannot open: \(String(cString: strerror(errno)))") }
        defer { fclose(fp) }
        func bytes(_ n: Int) -> [UInt8] {
            var b = [UInt8](repeating: 0, count: n)
            let got = fread(&b, 1, n, fp)
            return Array(b.prefix(got))
        }
        let head = bytes(32)
        func be(_ b: [UInt8], _ at: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 << 8 | Int(b[at + $1]) } }
        func le(_ b: [UInt8], _ at: Int, _ n: Int) -> Int { (0..<n).reversed().reduce(0) { $0 << 8 | Int(b[at + $1]) } }

        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            var h = ImageHeader(kind: .png)
            if head.count >= 24, Array(head[12..<16]) == Array("IHDR".utf8) {
                h.width = be(head, 16, 4); h.height = be(head, 20, 4)
            }
            return h
        }
        if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF {
            var h = ImageHeader(kind: .jpeg)
            // Walk the marker segments to the first SOFn (it may follow large EXIF/ICC segments).
            fseek(fp, 2, SEEK_SET)
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
                    break
                }
                fseek(fp, length - 2, SEEK_CUR)
            }
            return h
        }
        if head.count >= 12, Array(head[0..<4]) == Array("RIFF".utf8), Array(head[8..<12]) == Array("WEBP".utf8) {
            var h = ImageHeader(kind: .webp)
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
