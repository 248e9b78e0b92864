import Foundation
import FramePipeline
import Media
import Presets
import Vocabulary
import Raster

// `segue render [PRESET] [-o OUT] [options]`: one preset (or a built-in demo) → one file.

extension Command {
    static let render = Command(
        name: "render", synopsis: "segue render [PRESET] [-o OUT] [options]",
        summary: "one preset → one file; no PRESET: the built-in demo",
        about: """
        Renders one preset (or the built-in demo) to a video. Without --format (or the preset's
        output.format) OUT's extension picks the format (.mp4 .m4v .mov .webm .gif). The file is
        written to a temporary file beside OUT (missing folders are created) and renamed into place
        when complete; on failure or a signal nothing is left behind and an existing OUT is untouched.
        OUT must be new or a regular file; -o /dev/null writes nothing.
        """,
        options: [.output.described("OUT", "the output (default: <preset name>.<ext> in the current folder; the demo writes segue-demo.mp4)"), .target]
            + Option.encoding + Option.rendering + Option.story + Option.work + Option.printing,
        run: runRender)
}

func runRender(_ a: Arguments) throws {
    MediaLog.configure(verbose: a.has(.verbose))
    var options = renderOptions(a)
    let given = overrides(a)
    options.requestedFPS = given.fps
    if let target = a.value(.target).flatMap(ShareTarget.init) {
        return try renderFor(target, a, options, given)
    }
    let storyboard = try loadStoryboard(a, overrides: given)
    options.presetFile = a.positionals.first
    let out = try chooseVideoOutput(a, storyboard, preset: a.positionals.first, options: &options)
    let settings = try options.encoderSettings(for: storyboard)
    if settings.isPadded && !a.has(.quiet) && options.progress != .json {
        printErr("note: \(settings.width)×\(settings.height) is padded to \(settings.paddedWidth)×\(settings.paddedHeight) (4:2:0 video needs even sizes; the last row/column is repeated)")
    }
    try options.checkMemory(storyboard)
    try checkFrameCount(storyboard, slowMotion: options.slowMotion)
    outputsStarted.set()
    let result = try RenderJob.run(storyboard, to: out, options: options, cancel: cancelToken)
    if !a.has(.quiet) && options.progress != .json {
        let rate = settings.format == .gif ? "\(settings.gifTiming.rateName) fps (GIF delays of \(settings.gifTiming.delay) cs)" : "\(storyboard.fps) fps"
        printErr("\(result.output ?? "(null)"): \(result.frames) frames, \(storyboard.pixelWidth)×\(storyboard.pixelHeight) @ \(rate) in \(String(format: "%.2f", result.seconds)) s")
    }
}

/// The encoder and work options of render (batch reads the same options into its own).
func renderOptions(_ a: Arguments) -> RenderOptions {
    var options = RenderOptions()
    options.format = a.value(.videoFormat).flatMap(OutputFormat.init)
    options.codec = a.value(.codec).flatMap(VideoCodec.init)
    options.crf = a.int(.crf)   // the codec's own range is checked with the codec (encoderSettings)
    options.x264Preset = a.value(.x264Preset)
    options.slowMotion = a.number(.slowMotion) ?? 1
    options.jobs = a.int(.jobs) ?? options.jobs
    options.progress = a.has(.quiet) ? .none : ProgressMode(rawValue: a.value(.progress) ?? "auto")!
    options.maxMemory = a.size(.maxMemory)
    return options
}

/// No video is longer than the story limit at 240 fps (a slow motion that would make more
/// frames is refused before anything is rendered).
func checkFrameCount(_ storyboard: Storyboard, slowMotion: Double) throws {
    let frames = storyboard.frameCount(slowMotion: slowMotion), most = Int(Limits.maxStoryDuration) * Limits.fps.upperBound
    if frames > most { throw Failure(code: .usage, message: "segue: --slow-motion makes \(frames) frames; at most \(most)") }
}

func loadStoryboard(_ a: Arguments, overrides: Overrides) throws -> Storyboard {
    do {
        if let demo = a.value(.demo) {
            if !a.positionals.isEmpty { throw Failure(code: .usage, message: "give a preset or --demo, not both") }
            return try PresetLoader.demo(named: demo, overrides: overrides, images: PresetImages.folder, fonts: InstalledFonts())
        }
        if let path = a.positionals.first {
            if a.positionals.count > 1 { throw Failure(code: .usage, message: "one preset at a time (got \(a.positionals.count)); use segue batch for several") }
            let storyboard = try PresetLoader.load(path: path, overrides: overrides, only: a.value(.only), images: PresetImages.folder, fonts: InstalledFonts())
            if !a.has(.quiet) && a.value(.progress) != "json" { storyboard.notes.forEach { printErr($0) } }
            return storyboard
        }
        return try PresetLoader.demo(named: Demos.defaultDemo.name, overrides: overrides, images: PresetImages.folder, fonts: InstalledFonts())
    } catch let e as PresetError {
        throw Failure(code: .usage, message: e.description)
    }
}

func overrides(_ a: Arguments) -> Overrides {
    Overrides(fps: a.int(.fps), scale: a.number(.scale))
}
