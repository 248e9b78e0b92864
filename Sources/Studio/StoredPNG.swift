import CZlib
import Foundation
import Raster

/// An opaque frame as a PNG (RGBA, 8 bits, filter None) whose zlib stream is *stored*: no
/// compression, so encoding is a copy plus two checksums, and the pixels are exactly the bitmap's.
/// The premultiplied RGBA of an opaque bitmap equals straight RGBA and is already in PNG's byte
/// order (R, G, B, A), so each row is copied as it is.
///
/// Each IDAT chunk holds one stored deflate block of whole rows (RFC 1951 §3.2.4: at most 65,535
/// bytes), so every block's place in the file is known before any is written: the blocks are
/// filled, and their CRC-32s (PNG §5.3) and Adler-32 parts (RFC 1950 §2.2) computed, on all
/// cores; the parts are joined with zlib's adler32_combine. PNG lets the zlib stream be split
/// across IDAT chunks anywhere (PNG §10.1).
enum StoredPNG {
    /// nil when the bitmap is not opaque, or a row does not fit one stored block (wider than
    /// 16,383 px): the caller encodes those another way.
    static func encode(_ bitmap: Bitmap) -> FrameBytes? {
        let rowBytes = 1 + bitmap.bytesPerRow   // the filter byte, then the row
        let rowsPerBlock = 65535 / rowBytes
        guard rowsPerBlock > 0, bitmap.height > 0, bitmap.isOpaque else { return nil }
        let layout = Layout(width: bitmap.width, height: bitmap.height, rowsPerBlock: rowsPerBlock)
        let out = FrameBytes(count: layout.size)
        layout.writeHead(out.base)
        let parts = min(layout.blocks, max(1, ProcessInfo.processInfo.activeProcessorCount))
        var adlers = [(sum: UInt, length: Int)](repeating: (1, 0), count: parts)
        adlers.withUnsafeMutableBufferPointer { sums in
            nonisolated(unsafe) let sums = sums.baseAddress!   // each part writes its own slot
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let blocks = (part * layout.blocks / parts)..<((part + 1) * layout.blocks / parts)
                sums[part] = layout.writeBlocks(blocks, of: bitmap, into: out.base)
            }
        }
        let adler = adlers.dropFirst().reduce(adlers[0].sum) { UInt(adler32_combine($0, $1.sum, $1.length)) }
        layout.writeTail(out.base, adler: UInt32(adler))
        return out
    }

    /// Where everything goes: signature, IHDR, sRGB, an IDAT with the zlib header, one IDAT per
    /// stored block, an IDAT with the Adler-32, IEND.
    struct Layout {
        let width: Int, height: Int, rowsPerBlock: Int
        var rowBytes: Int { 1 + 4 * width }
        var blocks: Int { (height + rowsPerBlock - 1) / rowsPerBlock }
        static let head = 8 + (12 + 13) + (12 + 1) + (12 + 2)
        static let tail = (12 + 4) + 12

        func rows(ofBlock b: Int) -> Range<Int> { (b * rowsPerBlock)..<min(height, (b + 1) * rowsPerBlock) }
        /// The start of block b's IDAT chunk (all blocks before it are full but possibly the last).
        func offset(ofBlock b: Int) -> Int { Self.head + b * (12 + 5 + rowsPerBlock * rowBytes) }
        var size: Int { offset(ofBlock: blocks - 1) + 12 + 5 + rows(ofBlock: blocks - 1).count * rowBytes + Self.tail }

        func writeHead(_ p: UnsafeMutablePointer<UInt8>) {
            var at = 0
            for b: UInt8 in [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { p[at] = b; at += 1 }
            var ihdr = [UInt8]()
            ihdr.append(bigEndian: UInt32(width)); ihdr.append(bigEndian: UInt32(height))
            ihdr += [8, 6, 0, 0, 0]   // 8 bits, RGBA, deflate, adaptive filtering, no interlace
            at = chunk("IHDR", ihdr, p, at)
            at = chunk("sRGB", [0], p, at)   // sRGB, perceptual intent: what the CLI's PNGs say
            _ = chunk("IDAT", [0x78, 0x01], p, at)   // zlib: deflate, 32K window, no dictionary
        }

        func writeTail(_ p: UnsafeMutablePointer<UInt8>, adler: UInt32) {
            var sum = [UInt8]()
            sum.append(bigEndian: adler)
            let at = chunk("IDAT", sum, p, size - Self.tail)
            _ = chunk("IEND", [], p, at)
        }

        /// Writes `blocks` (their IDAT chunks and rows) and returns the Adler-32 of their
        /// uncompressed bytes and how many there are.
        func writeBlocks(_ blocks: Range<Int>, of bitmap: Bitmap, into p: UnsafeMutablePointer<UInt8>) -> (sum: UInt, length: Int) {
            var adler = adler32(0, nil, 0), length = 0
            for b in blocks {
                let rows = rows(ofBlock: b), n = rows.count * rowBytes
                let start = p + offset(ofBlock: b)
                putBigEndian(UInt32(5 + n), start)
                let body = start + 4
                body[0] = 0x49; body[1] = 0x44; body[2] = 0x41; body[3] = 0x54   // "IDAT"
                body[4] = b == self.blocks - 1 ? 1 : 0   // BFINAL on the last, BTYPE 00 (stored)
                body[5] = UInt8(n & 0xFF); body[6] = UInt8(n >> 8)
                body[7] = ~body[5]; body[8] = ~body[6]
                var row = body + 9
                for y in rows {
                    row[0] = 0   // filter None
                    UnsafeMutableRawPointer(row + 1).copyMemory(from: bitmap.row(y), byteCount: 4 * width)
                    row += rowBytes
                }
                adler = adler32(adler, body + 9, UInt32(n))
                length += n
                putBigEndian(UInt32(crc32(0, body, UInt32(4 + 5 + n))), body + 9 + n)
            }
            return (adler, length)
        }

        /// A whole chunk at `at`; returns where the next begins.
        private func chunk(_ type: String, _ data: [UInt8], _ p: UnsafeMutablePointer<UInt8>, _ at: Int) -> Int {
            let bytes = Array(type.utf8) + data
            putBigEndian(UInt32(data.count), p + at)
            for (i, b) in bytes.enumerated() { p[at + 4 + i] = b }
            putBigEndian(UInt32(crc32(0, bytes, UInt32(bytes.count))), p + at + 4 + bytes.count)
            return at + 4 + bytes.count + 4   // length, type + data, CRC
        }
    }
}

private func putBigEndian(_ v: UInt32, _ p: UnsafeMutablePointer<UInt8>) {
    p[0] = UInt8(v >> 24); p[1] = UInt8((v >> 16) & 0xFF); p[2] = UInt8((v >> 8) & 0xFF); p[3] = UInt8(v & 0xFF)
}

private extension Array where Element == UInt8 {
    mutating func append(bigEndian v: UInt32) { append(contentsOf: [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]) }
}
