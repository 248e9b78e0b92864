import Foundation
import Media
import Presets
import Vocabulary

/// The paths a batch writes besides its clips obey the rules of `-o` (issue 27.2, 27.3, 27.12):
/// the manifest is not a preset, an asset, an output of the run or anything but a manifest Segue
/// wrote; a derived output replaces an existing file only when it is Segue's own; two outputs of
/// one run (clips, diff strips, the gallery's page and folder) never share a path.
extension BatchJob {
    /// The run's presets and outputs, as paths other outputs may not be.
    public static func taken(_ entries: [BatchEntry]) -> [OutputDestination.Taken] {
        var out: [OutputDestination.Taken] = []
        for e in entries {
            out.append(.init(e.input, "the preset"))
            if let o = e.output { out.append(.init(o, "the output of \(e.input)", isFolder: true)) }
        }
        return out
    }

    /// `--manifest FILE` before anything is written: by the rules of `-o`, not one of `taken`, and
    /// an existing file must be a manifest (a preset, a clip or a screenshot is never replaced).
    static func checkManifest(_ path: String, taken: [OutputDestination.Taken]) throws {
        do { try OutputDestination.checkWritten(path, role: "--manifest", taken: taken) } catch let e as DestinationError {
            throw BatchError(e.description, recordable: false)
        }
        try checkManifestIsOne(path)
    }

    static func checkManifestIsOne(_ path: String) throws {
        if FileManager.default.fileExists(atPath: path) && previousManifest(path) == nil {
            throw BatchError("--manifest \(path): exists and is not a manifest written by segue batch; give another path", recordable: false)
        }
    }

    /// A previous manifest's outputs and their SHA-256 (nil: the file is not a manifest).
    static func previousManifest(_ path: String) -> [String: String]? {
        guard let data = try? RegularFile.read(path, limit: 64 << 20),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              root["manifest"] is NSNumber, let presets = root["presets"] as? [[String: Any]] else { return nil }
        var out: [String: String] = [:]
        for p in presets {
            if let o = p["output"] as? String, let h = p["sha256"] as? String { out[ContainedFile.normalized(o)] = h }
        }
        return out
    }

    /// Why an existing regular file at a derived output may not be replaced (nil: it is Segue's
    /// own — tagged "Segue …" in its metadata as every mp4/mov/webm Segue writes is, or recorded
    /// with its SHA-256 in the previous manifest).
    static func foreignOutput(_ path: String, recorded: [String: String]?) -> String? {
        guard OutputDestination.isRegularFile(path) else { return nil }
        if let comment = try? VideoReader.comment(path: path), comment.hasPrefix("Segue ") { return nil }
        if let h = recorded?[ContainedFile.normalized(path)], (try? SHA256.hash(file: path)) == h { return nil }
        return "\(path): exists and was not written by Segue (no Segue tag in it, not in the previous manifest); "
            + "a batch replaces only its own files: move it, or give another -o"
    }

    /// Two outputs of one run on one path: a clip against another clip's diff strip
    /// (`x.diff.png`), two formats of one name sharing a diff strip, a clip named like the
    /// gallery's page or folder. Found before rendering.
    static func clashes(_ entries: [BatchEntry], options: BatchOptions, gallery: Bool) -> [String] {
        var owner: [String: String] = [:]
        var found: [String] = []
        func claim(_ path: String, _ who: String) {
            let key = ContainedFile.normalized(path)
            if let other = owner[key], other != who { found.append("\(path): written by \(other) and by \(who)") } else { owner[key] = who }
        }
        for e in entries { if let o = e.output { claim(o, e.input) } }
        if options.baseline != nil {
            for e in entries { if let o = e.output { claim(BaselineCheck.diffPath(o), "the diff strip of \(e.input)") } }
        }
        if gallery {
            for name in ["index.html", Gallery.assets] { claim((options.outputDirectory as NSString).appendingPathComponent(name), "the gallery") }
        }
        return found
    }
}
