import BatchReview
import FramePipeline
import Media
import Presets
import Vocabulary

// Every option of the CLI, each declared once: name, value and its range or choices, help line.
// A command lists the options it takes (Commands.swift), mostly through the groups at the end,
// which the commands that take them share. A new option is one line here and its name in a
// command's list (or a group); docs/CLI.md's tables follow `segue help COMMAND`.

extension Option {
    // Where the output goes: each command says what it writes there.
    static let output = Option("-o", alias: "--output", .text, "FILE", "the output")

    // The preset and what it is rendered at.
    static let fps = Option("--fps", .int(Limits.fps), "N", "frames per second")
    static let scale = Option("--scale", .number(0.05...10), "S", "multiplies the device's pixel scale")
    static let demo = Option("--demo", .text, "NAME", "a built-in demo instead of a preset file (segue list demos)")
    static let only = Option("--only", .text, "K=V[,K=V...]", "the combination of a matrix preset (segue inspect lists them)")

    // How a video is encoded.
    static let videoFormat = Option("--format", .choice(OutputFormat.allCases.map(\.rawValue)), "",
                                    "the container; png writes a folder of frames, null renders and converts every frame and writes nothing")
    static let codec = Option("--codec", .choice(VideoCodec.allCases.map(\.rawValue)), "",
                              "h264, hevc (mp4, mov); prores (mov: 4444 with alpha for a transparent background, else 422 HQ); vp9 (webm, with alpha)")
    static let crf = Option("--crf", .int(OutputFormats.anyCRF), "N", "quality, lower is better: \(crfRanges)", showsRange: false)
    static let x264Preset = Option("--x264-preset", .choice(OutputFormats.encoderPresets), "P",
                                   "\(OutputFormats.encoderPresets.first!) … \(OutputFormats.encoderPresets.last!) (default \(OutputFormats.defaultEncoderPreset)); h264 and hevc only")
    static let target = Option("--for", .choice(ShareTarget.allCases.map(\.rawValue)), "",
                               "the destination's rules (segue list targets); the format and size follow them")

    // Time and work.
    static let slowMotion = Option("--slow-motion", .number(0.01...100), "F", "story time runs F times slower")
    static let jobs = Option("--jobs", .int(1...256), "N", "workers (default: the core count; a render's encoder threads count toward it)")
    static let maxMemory = Option("--max-memory", .size, "SIZE", "refuse what would need more memory than SIZE (4G, 512M) at its estimated peak (default 2G)")

    // What is printed.
    static let progress = Option("--progress", .choice(ProgressMode.allCases.map(\.rawValue)), "",
                                 "auto: a bar on a terminal, plain lines otherwise; json: one NDJSON object per update on stderr")
    static let quiet = Option.flag("--quiet", "no progress, no summary")
    static let verbose = Option.flag("--verbose", "FFmpeg's own log on stderr")
    static let showElements = Option.flag("--show-elements", "outlines and names every screen's elements (screenshot regions, hierarchy dumps' elements, layer ids)")
}

/// `h264 0…51 (default 18), …; not for prores, gif, png`: each codec's range, from OutputFormats'
/// table (the range a codec takes is checked with the codec; the parser checks the widest).
private let crfRanges: String = {
    let ranged = VideoCodec.allCases.compactMap { c in
        OutputFormats.info(c).crf.map { "\(c.rawValue) \($0.lowerBound)…\($0.upperBound) (default \(OutputFormats.info(c).defaultCRF ?? $0.lowerBound))" }
    }
    let none = VideoCodec.allCases.filter { OutputFormats.info($0).crf == nil }.map(\.rawValue) + ["gif", "png"]
    return ranged.joined(separator: ", ") + "; not for " + none.joined(separator: ", ")
}()

// Options of one or two commands.
extension Option {
    static let at = Option("--at", .text, "T[,T...]", "the frames at these video times in seconds: frame round(T × fps)")
    static let every = Option("--every", .int(1...1_000_000), "K", "every K-th frame")
    static let all = Option.flag("--all", "every frame")
    static let count = Option("--count", .int(1...400), "N", "frames on the sheet (default 12; at most the clip's)")
    static let columns = Option("--columns", .int(1...40), "C", "frames per row (default: the count, at most 6)")
    static let shard = Option("--shard", .text, "I/N", "only the presets whose path hash falls in shard I of N (1-based, stable)")
    static let manifest = Option("--manifest", .text, "FILE", "JSON: per preset input, output, status, error, frames, duration, wallTime, sha256")
    static let cache = Option("--cache", .text, "DIR", "reuse outputs whose preset text, assets, options and Segue version are unchanged")
    static let parallel = Option("--parallel", .int(1...256), "N", "presets rendered at once (default: min(presets, --jobs)); --jobs is split among them")
    static let keepGoing = Option.flag("--keep-going", "render the valid presets when some are invalid, and go on past a failed render")
    static let gallery = Option.flag("--gallery", "also writes OUTDIR/index.html, a self-contained page of the outputs (segue help gallery)")
    static let baseline = Option("--baseline", .text, "DIR", "the folder of a previous run's outputs")
    static let threshold = Option("--threshold", .number(0...1000), "DB",
                                  "a frame under this PSNR differs (default \(Option.shown(Compare.defaultThreshold)))")
    static let sha256 = Option.flag("--sha256", "prints each file's SHA-256 as the manifest computes it (segue batch --sha256 FILE...)")
    static let diff = Option("--diff", .text, "DIR", "writes DIR/diff-NNNNN.png: the worst frame as A | B | difference (×\(Compare.diffGain))")
    static let compareFormat = Option("--format", .choice(["text", "json"]), "",
                                      "json: per frame psnr (null: identical) and ssim, worstFrame, firstBelow, passed")
    static let problemFormat = Option("--format", .choice(["text", "json", "github"]), "", "how problems are printed (above)")
    static let refuseStale = Option.flag("--refuse-stale", "a preset edited after its clip was rendered is an error (exit 2), not a stale card")
    static let device = Option("--device", .text, "NAME", "the device (default: guessed from the screenshots' pixel size; segue list devices)")
    static let force = Option.flag("--force", "replace an existing PRESET")
    static let port = Option("--port", .int(1...65535), "N", "the port (default: a free one)")
}

// Groups shared by the commands that take them.
extension Option {
    /// Loading a preset at another frame rate or scale: every command that renders a preset.
    static let rendering: [Option] = [.fps, .scale]
    /// A built-in demo or one combination of a matrix instead of the preset file as it is.
    static let story: [Option] = [.demo, .only]
    /// render and batch: the file's format and encoder.
    static let encoding: [Option] = [.videoFormat, .codec, .crf, .x264Preset]
    /// Commands that render many frames.
    static let work: [Option] = [.slowMotion, .jobs, .maxMemory]
    static let printing: [Option] = [.progress, .quiet, .verbose]
}
