import BatchReview
import Foundation
import FramePipeline
import Media
import Presets
import Vocabulary
import Raster

// Where a command's output goes and in which format (docs/CLI.md "Outputs"): the destination rules are
// Media's OutputDestination, the formats Vocabulary's OutputFormats; this file applies them to the
// command line's -o / --format and the preset's output.format, before anything is rendered.

/// render: the format (the flag, else the preset's `output.format`, else the extension of -o,
/// else mp4) and the destination (nil: nothing is written). A contradiction between the flag or
/// the preset and the extension is exit 2 naming both, as is an extension that names no format.
func chooseVideoOutput(_ a: Arguments, _ storyboard: Storyboard, preset: String?, options: inout RenderOptions) throws -> String? {
    let given = a.value(.output)
    if let given, OutputDestination.isNullSink(given) {
        options.format = .null   // the null sink: rendered and converted, nothing written
        return nil
    }
    let stated: (format: OutputFormat, source: String)? = options.format.map { ($0, "--format \($0.rawValue)") }
        ?? storyboard.output.format.flatMap(OutputFormat.init).map { ($0, "\(preset ?? storyboard.name): output.format \($0.rawValue)") }
    if let given {
        try OutputDestination.refuseInputs(given, preset.map { [$0] } ?? [])
        let ext = URL(fileURLWithPath: given).pathExtension
        let named = OutputFormats.videoFormat(forExtension: ext)
        if let stated {
            if stated.format == .null {
                throw Failure(code: .usage, message: "segue: \(stated.source) writes nothing: drop -o \(given) (or give -o /dev/null)")
            }
            if let named, named != stated.format {
                throw Failure(code: .usage, message: "segue: \(stated.source) contradicts -o \(given) (.\(ext) is \(named.rawValue)): give one")
            }
        } else if let named {
            options.format = named
        } else if !ext.isEmpty {
            let stills = ["png", "jpg", "jpeg"].contains(ext.lowercased()) ? " (stills: segue frames, sheet or plot)" : ""
            throw Failure(code: .usage, message: "segue: -o \(given): .\(ext) names no video format\(stills); use \(OutputFormats.videoExtensions.joined(separator: " ")) or give --format")
        }
    }
    let format = try options.resolvedFormat(for: storyboard)
    guard format != .null else { return nil }
    let out = given ?? RenderJob.defaultOutput(for: storyboard, format: format)!
    try OutputDestination.check(out, folder: format.writesDirectory, inputs: preset.map { [$0] } ?? [])
    return out
}

/// sheet and plot: a .png or .jpg file (or /dev/null), checked before rendering; never the
/// preset nor one of its images (issue 27.2: `sheet -o shot.png` replaced the preset's screenshot).
func checkStillOutput(_ out: String, _ a: Arguments) throws {
    if OutputDestination.isNullSink(out) { return }
    _ = try StillWriter.kind(for: out)
    try OutputDestination.checkWritten(out, role: "-o", taken: presetFiles(a))
}

/// The preset on the command line and the image files it uses (resolved against its folder).
func presetFiles(_ a: Arguments) -> [OutputDestination.Taken] {
    guard let path = a.positionals.first else { return [] }
    var out = [OutputDestination.Taken(path, "the preset")]
    guard let checked = try? PresetLoader.check(path: path, only: a.value(.only), images: PresetImages.folder, fonts: InstalledFonts()) else { return out }
    let base = URL(fileURLWithPath: path).deletingLastPathComponent().path
    for relative in PresetAssets.paths(checked.preset) {
        if case .success(let full) = AssetPath.resolve(relative, in: base) { out.append(.init(full, "an image of the preset")) }
    }
    return out
}

/// frames: a folder (new, empty or of Segue's own frames) or /dev/null.
func checkFramesOutput(_ out: String, preset: String?) throws {
    if OutputDestination.isNullSink(out) { return }
    try OutputDestination.check(out, folder: true, inputs: preset.map { [$0] } ?? [])
}

/// validate: the output a plain `segue render FILE` would write, checked as render checks it
/// (a transparent background without a format that stores alpha is caught here, not at render).
func outputProblems(_ s: Storyboard, file: String) -> [Problem] {
    let hint = s.output.format == nil ? " (no output.format: render writes mp4 unless given --format or -o with another extension)" : ""
    // The output table's rules name the preset's own field, so validate positions them as the
    // decoder's: a transparent background reads the same whether the preset or render's default says mp4.
    let transparent = { if case .transparent = s.background { true } else { false } }()
    let table = OutputFormats.problems(format: s.output.format.flatMap(OutputFormat.init) ?? .mp4, codec: s.output.codec.flatMap(VideoCodec.init),
                                       crf: s.output.crf, preset: s.output.preset, transparent: transparent)
    if !table.isEmpty { return table.map { Problem(file: file, path: $0.field.presetPath, message: $0.message + hint) } }
    var options = RenderOptions()
    options.presetFile = file
    do { _ = try options.encoderSettings(for: s) } catch {
        return "\(error)".split(separator: "\n").map { line in
            var text = String(line)
            if text.hasPrefix(file + ": ") { text.removeFirst(file.count + 2) }
            return Problem(file: file, path: "", message: text + hint)
        }
    }
    return []
}
