import Foundation
import FramePipeline
import Media
import Presets
import Vocabulary
import Raster

/// What a batch renders: one entry per clip, before sharding. A plain preset is one clip; a
/// matrix preset (issue 21) one per combination, named `<name>-<value>-…` and sharded by its file's
/// key plus `#` and the combination (`stories/m.json#device=iphone-se,dark=true`), so `--shard`
/// splits combinations and adding a value moves no other clip to another shard.
public enum BatchPlan {
    /// Every clip of every input (not only this shard's: two presets that write the same file are
    /// an error even when different machines would render them), with its file's text as read
    /// (or why it could not be read: validation reports that).
    struct Planned {
        var entries: [BatchEntry]
        var texts: [Result<Data, RegularFile.Failure>]
    }

    static func plan(_ inputs: [BatchJob.Input], options: BatchOptions) throws -> Planned {
        var planned = Planned(entries: [], texts: [])
        for input in inputs {
            // A matrix preset is one entry per combination, all sharing the file's text.
            let read = Result { () throws(RegularFile.Failure) in try RegularFile.read(input.path, limit: Limits.maxPresetBytes + 1) }
            let clips = entries(input, text: try? read.get(), options: options)
            planned.texts += Array(repeating: read, count: clips.count)
            planned.entries += clips
        }
        var byOutput: [String: [String]] = [:]
        for e in planned.entries { if let o = e.output { byOutput[o, default: []].append(e.input) } }
        let clashes = byOutput.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }
        if !clashes.isEmpty {
            throw BatchError(clashes.map { "\($0.key): written by \($0.value.count) presets: \($0.value.joined(separator: ", ")) (give each a different \"name\")" }
                .joined(separator: "\n"))
        }
        return planned
    }

    /// `<name>.<ext>` in `directory`; a png sequence is the folder `<name>`; null writes nothing.
    static func outputPath(name: String, format: String, in directory: String) -> String? {
        let f = OutputFormat(rawValue: format)
        if f == .null { return nil }
        let file = f.map { $0.fileExtension.map { "\(name).\($0)" } ?? name } ?? "\(name).\(format)"
        return (directory as NSString).appendingPathComponent(file)
    }

    /// The clips of one preset file. A file that cannot be read or parsed, or whose matrix is
    /// invalid, is one entry: validation reports its problems.
    static func entries(_ input: BatchJob.Input, text: Data?, options: BatchOptions) -> [BatchEntry] {
        let stem = URL(fileURLWithPath: input.path).deletingPathExtension().lastPathComponent
        var name = stem, format = options.format ?? "mp4"
        var source: PresetSource?
        if let text, text.count <= Limits.maxPresetBytes, let s = String(data: text, encoding: .utf8), let root = try? JSONReader.parse(s) {
            if case .string(let n)? = root["name"]?.value, !n.isEmpty, !n.contains("/"), !n.hasPrefix("."), !n.contains("\0") { name = n }
            if options.format == nil, case .string(let f)? = root["output"]?["format"]?.value { format = f }
            if root["matrix"] != nil { source = try? PresetSource.parse(text: s, file: input.path, defaultName: stem) }
        }
        func output(_ name: String, _ format: String) -> String? { outputPath(name: name, format: format, in: options.outputDirectory) }
        guard let source, let matrix = source.matrix else {
            return [BatchEntry(input: input.path, key: input.key, name: name, output: output(name, format))]
        }
        return matrix.combinations.map { c in
            let clip = source.name(of: c)
            // `output.format` may be a matrix variable ("$f"): the clip's own value names its file
            // (issue 27.12: it wrote `name.$f`); a value that is no format is refused at validation.
            let own = options.format == nil ? source.substitutedFormat(c) ?? format : format
            var e = BatchEntry(input: input.path, key: input.key + "#" + c.query, name: clip, output: output(clip, own))
            e.combination = c
            return e
        }
    }

    /// An entry's preset, decoded from the file's text (its combination applied) and resolved.
    static func resolve(_ e: BatchEntry, text: String, overrides: Overrides) throws(PresetError) -> (Preset, Storyboard) {
        let stem = URL(fileURLWithPath: e.input).deletingPathExtension().lastPathComponent
        let source = try PresetSource.parse(text: text, file: e.input, defaultName: stem)
        let checked = try PresetLoader.check(source, e.combination, overrides: overrides, images: PresetImages.folder, fonts: InstalledFonts())
        return (checked.preset, checked.storyboard)
    }

    /// The preset text the cache key hashes: a plain preset's file; a combination's own tree
    /// (PresetSource.canonicalText), so each combination is cached on its own and adding a value
    /// to the matrix leaves the other clips' keys as they were.
    static func cacheText(_ e: BatchEntry, _ text: Data) -> Data {
        guard let c = e.combination, let s = String(data: text, encoding: .utf8) else { return text }
        let stem = URL(fileURLWithPath: e.input).deletingPathExtension().lastPathComponent
        guard let source = try? PresetSource.parse(text: s, file: e.input, defaultName: stem) else { return text }
        return Data(("matrix clip\n" + source.canonicalText(c)).utf8)
    }
}
