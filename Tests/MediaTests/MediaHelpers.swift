import Foundation
import XCTest
import SegueTestSupport
import Raster
@testable import Media

/// `ffprobe -show_streams -show_format -count_frames` as JSON: (first video stream, format).
func ffprobe(_ path: String) throws -> (stream: [String: Any], format: [String: Any]) {
    let r = try CLI.tool("ffprobe", ["-v", "error", "-count_frames", "-show_streams", "-show_format", "-of", "json", path])
    XCTAssertEqual(r.status, 0, r.stderr)
    let json = try JSONSerialization.jsonObject(with: r.stdoutData) as? [String: Any] ?? [:]
    let streams = json["streams"] as? [[String: Any]] ?? []
    return (streams.first ?? [:], json["format"] as? [String: Any] ?? [:])
}

/// The top-level ISO-BMFF atoms of a file, in order.
func topLevelAtoms(_ path: String) throws -> [String] {
    let d = try Data(contentsOf: URL(fileURLWithPath: path))
    var atoms: [String] = []
    var at = 0
    while at + 8 <= d.count {
        var size = d[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        let type = String(decoding: d[at + 4..<at + 8], as: UTF8.self)
        if size == 1, at + 16 <= d.count { size = d[at + 8..<at + 16].reduce(0) { $0 << 8 | Int($1) } }
        if size == 0 { size = d.count - at }
        atoms.append(type)
        guard size >= 8 else { break }
        at += size
    }
    return atoms
}

/// A dark frame with a solid orange rect that moves with the frame index (deterministic).
func movingRectFrame(_ i: Int, width: Int, height: Int) -> Bitmap {
    let b = Bitmap(uncheckedWidth: width, height: height)
    let bg = Bitmap.pack(r: 20, g: 24, b: 40, a: 255), fg = Bitmap.pack(r: 250, g: 140, b: 20, a: 255)
    let x0 = (i * 3) % max(1, width - 16)
    for y in 0..<height {
        for x in 0..<width {
            b[x, y] = (x >= x0 && x < x0 + 16 && y >= height / 4 && y < height / 4 + 16) ? fg : bg
        }
    }
    return b
}

func solidFrame(r: UInt8, g: UInt8, b: UInt8, width: Int, height: Int) -> Bitmap {
    let bm = Bitmap(uncheckedWidth: width, height: height)
    bm.pixels.update(repeating: Bitmap.pack(r: r, g: g, b: b, a: 255), count: width * height)
    return bm
}

/// Encodes `frames` with a converter from the encoder itself, as Export does.
func encode(_ frames: [Bitmap], to path: String, settings: EncoderSettings) throws {
    let enc = try VideoEncoder(destination: path, settings: settings)
    let conv = enc.makeConverter()
    for f in frames { try enc.write(conv.convert(f)) }
    try enc.finish()
}

/// Decodes a video to RGBA with the ffmpeg CLI, reading the YUV as BT.709 limited range.
func decodeWithCLI(_ path: String, width: Int, height: Int) throws -> [[UInt8]] {
    let r = try CLI.tool("ffmpeg", ["-v", "error", "-i", path,
                               "-vf", "scale=in_color_matrix=bt709:in_range=tv:out_range=pc:flags=accurate_rnd+bitexact,format=rgba",
                               "-f", "rawvideo", "-"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let size = width * height * 4
    let bytes = [UInt8](r.stdoutData)
    return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<$0 + size]) }
}
