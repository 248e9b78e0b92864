import Foundation
import Media
import XCTest
import SegueTestSupport

/// The studio's frame PNGs (stored zlib blocks, one IDAT per block of whole rows, written on all
/// cores) checked against references that share no code with them: Python's zlib inflates the
/// stream (checking its Adler-32) and recomputes every chunk's CRC-32, and the decoded pixels
/// equal `segue frames --at`'s at a size of many blocks with a short last one. A frame that is
/// not opaque (a transparent background) takes the CLI's own writer and still matches.
final class StudioFrameBytesTests: XCTestCase {
    /// 600×1300 px: rows of 2,401 bytes, 27 rows a block, 49 blocks (the last of 4 rows).
    static let preset = StudioServerTests.preset
        .replacingOccurrences(of: "\"width\": 90, \"height\": 160, \"scale\": 1", with: "\"width\": 300, \"height\": 650, \"scale\": 2")

    /// Python's zlib and struct: the chunks in order, every CRC, the inflated length.
    static let pngCheck = """
    import struct, sys, zlib
    d = open(sys.argv[1], 'rb').read()
    assert d[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
    i, chunks, idat = 8, [], b''
    while i < len(d):
        n, = struct.unpack('>I', d[i:i + 4]); t = d[i + 4:i + 8]; body = d[i + 8:i + 8 + n]
        crc, = struct.unpack('>I', d[i + 8 + n:i + 12 + n])
        assert zlib.crc32(t + body) == crc, (t, i)
        chunks.append(t.decode()); idat += body if t == b'IDAT' else b''
        i += 12 + n
    w, h, depth, kind = struct.unpack('>IIBB', d[16:26])
    raw = zlib.decompress(idat)
    print(w, h, depth, kind, chunks.count('IDAT'), len(raw), chunks[0], chunks[-1])
    """

    func testLargeFrameIsAValidPNGWithTheCLIsPixels() throws {
        let root = try CLI.tempDir("studio-bytes")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let transparent = Self.preset.replacingOccurrences(of: "\"background\": \"#C83232\"", with: "\"background\": \"#C8323280\"")
            .replacingOccurrences(of: "\"fps\": 10,", with: "\"fps\": 10, \"background\": \"transparent\", \"output\": { \"format\": \"webm\" },")
        try FileManager.default.createDirectory(atPath: root + "/p", withIntermediateDirectories: true)
        try Data(Self.preset.utf8).write(to: URL(fileURLWithPath: root + "/p/big.json"))
        try Data(transparent.utf8).write(to: URL(fileURLWithPath: root + "/p/clear.json"))
        let server = try StudioServer([root + "/p"])
        for (name, t, frame) in [("big", "0.4", 4), ("big", "0", 0), ("clear", "0", 0)] {
            XCTAssertEqual(try CLI.run(["frames", root + "/p/\(name).json", "--at", t, "-o", root + "/ref-\(name)-\(t)", "--quiet"]).status, 0)
            let r = try RawHTTP.get(port: server.port, "/frame.png?p=\(name).json&t=\(t)")
            XCTAssertEqual(r.status, 200, String(decoding: r.body, as: UTF8.self))
            let file = root + "/\(name)-\(t).png"
            try r.body.write(to: URL(fileURLWithPath: file))
            let shown = try ImageDecoder.decode(path: file)
            let reference = try ImageDecoder.decode(path: root + "/ref-\(name)-\(t)/frame-\(String(format: "%05d", frame)).png")
            XCTAssertEqual(shown.width, 600); XCTAssertEqual(shown.height, 1300)
            XCTAssertEqual(Data(bytes: shown.pixels, count: shown.byteCount), Data(bytes: reference.pixels, count: reference.byteCount), "\(name) at \(t)")
            if name == "big" {
                let check = try CLI.run(["-c", Self.pngCheck, file], executable: "/usr/bin/python3")
                XCTAssertEqual(check.status, 0, check.stderr)
                // 8-bit RGBA; 49 stored blocks + the zlib header + the checksum; 1,300 rows of 1 + 2,400 bytes.
                XCTAssertEqual(check.stdout, "600 1300 8 6 51 \(1300 * 2401) IHDR IEND\n")
            }
        }
        XCTAssertEqual(server.interrupt().status, 0)
    }
}
