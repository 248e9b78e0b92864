import Foundation
import XCTest
import Raster
@testable import Media

/// A fresh directory per test, removed afterwards.
func makeTempDir(_ name: String = #function) throws -> String {
    let dir = NSTemporaryDirectory() + "segue-media-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

struct ProcessResult { let status: Int32; let stdout: Data; let stderr: String }

@discardableResult
func runTool(_ tool: String, _ args: [String]) throws -> ProcessResult {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = [tool] + args
    // stderr goes to a file so a chatty tool cannot fill a pipe while we read stdout.
    let errPath = NSTemporaryDirectory() + "segue-stderr-\(UInt64.random(in: 0...UInt64.max))"
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: errPath) }
    let out = Pipe(), err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    p.standardOutput = out; p.standardError = err
    try p.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    try err.close()
    let errData = FileManager.default.contents(atPath: errPath) ?? Data()
    return ProcessResult(status: p.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
}

/// `ffprobe -show_streams -show_format -count_frames` as JSON: (first video stream, format).
func ffprobe(_ path: String) throws -> (stream: [String: Any], format: [String: Any]) {
    let r = try runTool("ffprobe", ["-v", "error", "-count_frames", "-show_streams", "-show_format", "-of", "json", path])
    XCTAssertEqual(r.status, 0, r.stderr)
    let json = try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any] ?? [:]
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
    let r = try runTool("ffmpeg", ["-v", "error", "-i", path,
                               "-vf", "scale=in_color_matrix=bt709:in_range=tv:out_range=pc:flags=accurate_rnd+bitexact,format=rgba",
                               "-f", "rawvideo", "-"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let size = width * height * 4
    let bytes = [UInt8](r.stdout)
    return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<$0 + size]) }
}
