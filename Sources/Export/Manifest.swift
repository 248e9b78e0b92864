import Foundation
import Media

/// What happened to one preset of a batch.
public enum BatchStatus: String, Sendable, CaseIterable {
    /// Rendered and written.
    case ok
    /// Copied from the cache (`--cache`): nothing rendered.
    case cached
    /// The render, the encoder or I/O failed.
    case failed
    /// The preset did not validate; nothing rendered.
    case invalid
    /// Not started: an earlier preset failed (no `--keep-going`), a preset was invalid, or the
    /// batch was interrupted.
    case skipped
    /// Interrupted while rendering (SIGINT/SIGTERM); its partial output was removed.
    case cancelled
    /// `--baseline`: rendered, and a frame differs from the baseline's by more than the threshold
    /// (or the frame count, size or rate differs).
    case changed
    /// `--baseline`: rendered; the baseline folder has no file of this name.
    case new
}

/// One line of the manifest.
public struct BatchEntry: Sendable {
    /// The preset file as given or found.
    public var input: String
    /// The path the shard is chosen by (relative to the folder given, or as given).
    public var key: String
    public var name: String
    /// The output file (nil for `--format null` or when the preset has no name yet).
    public var output: String?
    public var status: BatchStatus = .skipped
    public var error: String?
    public var frames: Int?
    /// Story seconds (× slow motion: the video's length).
    public var duration: Double?
    /// Wall-clock seconds spent on this preset (render, or cache copy).
    public var wallTime: Double?
    public var sha256: String?
    public var cacheKey: String?
    /// `--baseline`: the file compared with, the lowest PSNR (dB; infinity: identical) and SSIM
    /// over all frames, the frame with the lowest PSNR, and its diff strip (`changed` only).
    public var baseline: String?
    public var psnrMin: Double?
    public var ssimMin: Double?
    public var worstFrame: Int?
    public var diff: String?
}

/// The `--manifest` file: JSON, written atomically (a temporary file beside it, renamed), keys in
/// a fixed order so manifests diff well.
public enum BatchManifest {
    public static func json(_ entries: [BatchEntry], outputDirectory: String, shard: Shard?, interrupted: Bool, exitCode: Int32?) -> String {
        func str(_ s: String?) -> String { s.map(jsonString) ?? "null" }
        func num(_ d: Double?, _ digits: Int) -> String {
            guard let d, d.isFinite else { return "null" }
            return String(format: "%.\(digits)f", d)
        }
        var counts: [String] = []
        for s in BatchStatus.allCases { counts.append("\"\(s.rawValue)\": \(entries.filter { $0.status == s }.count)") }
        var out = "{\n"
        out += "  \"segue\": \(jsonString(SegueVersion.string)),\n"
        out += "  \"manifest\": 1,\n"
        out += "  \"outputDirectory\": \(jsonString(outputDirectory)),\n"
        out += "  \"shard\": \(str(shard?.description)),\n"
        out += "  \"interrupted\": \(interrupted),\n"
        out += "  \"exitCode\": \(exitCode.map(String.init) ?? "null"),\n"
        out += "  \"total\": \(entries.count),\n"
        out += "  \"counts\": { \(counts.joined(separator: ", ")) },\n"
        out += "  \"presets\": ["
        for (i, e) in entries.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += "    { \"input\": \(jsonString(e.input)), \"key\": \(jsonString(e.key)), \"name\": \(jsonString(e.name)),"
            out += " \"output\": \(str(e.output)), \"status\": \"\(e.status.rawValue)\", \"error\": \(str(e.error)),"
            out += " \"frames\": \(e.frames.map(String.init) ?? "null"), \"duration\": \(num(e.duration, 6)), \"wallTime\": \(num(e.wallTime, 3)),"
            out += " \"sha256\": \(str(e.sha256)), \"cacheKey\": \(str(e.cacheKey))"
            if e.baseline != nil || e.status == .new {
                // Identical frames have an infinite PSNR, which JSON cannot hold: null with ssimMin 1.
                out += ", \"baseline\": \(str(e.baseline)), \"psnrMin\": \(num(e.psnrMin, 4)), \"ssimMin\": \(num(e.ssimMin, 6)),"
                out += " \"worstFrame\": \(e.worstFrame.map(String.init) ?? "null"), \"diff\": \(str(e.diff))"
            }
            out += " }"
        }
        out += entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    public static func write(_ text: String, to path: String) throws {
        let file = try AtomicFile(destination: path)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: file.temporaryPath))
        } catch {
            file.discard()
            throw BatchError("--manifest \(path): \(error.localizedDescription)")
        }
        try file.commit()
    }
}
