import Foundation
import Media
import Presets
import Vocabulary

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
    /// Being rendered when the manifest was written (a batch killed by SIGKILL leaves these).
    case running
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
    /// SHA-256 of the preset file the clip was rendered from (`segue gallery` spots later edits).
    public var presetSha256: String?
    public var cacheKey: String?
    /// A matrix preset's clip: the combination it renders (nil for a plain preset).
    public var combination: MatrixCombination?
    /// Every problem of an `invalid` preset, one line each (FILE: JSON.path: message).
    public var problems: [String] = []
    /// `--baseline`: the file compared with, the lowest PSNR (dB; infinity: identical) and SSIM
    /// over all frames, the frame with the lowest PSNR, and its diff strip (`changed` only).
    public var baseline: String?
    public var psnrMin: Double?
    public var ssimMin: Double?
    public var worstFrame: Int?
    public var diff: String?
}

/// The `--manifest` file: JSON (Codable: `ManifestFile`), written atomically (a temporary file
/// beside it, renamed), every key always present (null when it has no value) and in a fixed
/// order (the batch, then one line per preset), so manifests diff well.
public enum BatchManifest {
    /// `error`: why the batch stopped before rendering (no presets, clashing outputs, …).
    public static func json(_ entries: [BatchEntry], outputDirectory: String, shard: Shard?, interrupted: Bool, exitCode: Int32?,
                            error: String? = nil, target: ShareTarget? = nil) -> String {
        let file = ManifestFile(entries: entries, outputDirectory: outputDirectory, shard: shard?.description, target: target?.rawValue,
                                interrupted: interrupted, exitCode: exitCode, error: error)
        return file.text
    }

    /// Written also after a signal (it records the interruption): the one output that is.
    public static func write(_ text: String, to path: String) throws {
        let file: AtomicFile
        do { file = try AtomicFile(destination: path) } catch {
            throw BatchError("--manifest \(path): cannot be written: \(error)")
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: file.temporaryPath))
        } catch {
            file.discard()
            throw BatchError("--manifest \(path): \(systemReason(error))")
        }
        do { try file.commit(evenAfterSignal: true) } catch {
            throw BatchError("--manifest \(path): cannot be written: \(error)")
        }
    }
}
