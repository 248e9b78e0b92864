import Dispatch
import Export
import Foundation
import Media
import Motion
import Presets
import Raster
import Scene
import Transitions

// The CLI: parses arguments, runs one command, maps failures to the exit codes of docs/CLI.md:
// 0 success, 1 render/encode/I-O failure, 2 bad usage or invalid preset, 130 SIGINT, 143 SIGTERM.

enum Exit {
    static let ok: Int32 = 0, failure: Int32 = 1, usage: Int32 = 2
}

func printErr(_ s: String) { FileHandle.standardError.write((s + "\n").data(using: .utf8)!) }

/// SIGINT/SIGTERM cancel the running job: workers stop, the temporary file is removed and the
/// process exits 128 + signal. The signal is recorded the instant it arrives (Interruption), and
/// no output is renamed into place after that, so a signal during the trailer, the faststart
/// rewrite or the png folder swap also leaves an existing destination untouched. Before any
/// output exists (while a preset and its images are being read and decoded, which no token can
/// interrupt) there is nothing to clean up, so the process exits at once. If a running job does
/// not wind down within 0.9 s the handler removes every pending temporary file itself and exits.
let cancelToken = CancellationToken()
/// The command being run, for the interruption message.
nonisolated(unsafe) var currentCommand = "segue"
/// Set once a command starts writing outputs (read by the signal thread).
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    func set() { lock.lock(); value = true; lock.unlock() }
    /// Sets the flag; true if it was already set.
    func testAndSet() -> Bool { lock.lock(); defer { lock.unlock() }; let was = value; value = true; return was }
}
let outputsStarted = Flag()
func installSignalHandlers() {
    do {
        try Interruption.install([SIGINT, SIGTERM]) { sig in
            cancelToken.cancel(reason: sig)
            // Under the commit lock: no rename is half-done while temporaries go.
            @Sendable func stopNow() -> Never {
                Interruption.exclusive {
                    AtomicFile.discardAllPending()
                    reportInterrupted(sig, command: currentCommand)
                    fflush(nil)
                    _exit(128 + sig)   // no atexit handlers or destructors: prompt
                }
            }
            if !outputsStarted.isSet { stopNow() }
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.9) { stopNow() }
        }
    } catch {
        printErr("segue: \(error)")
    }
}

let usageText = """
segue \(SegueVersion.string) — headless exporter of transition previews

usage:
  segue render [PRESET] [-o OUT] [options]     one preset → one file; no PRESET: the built-in demo
  segue batch PRESET...|DIR -o OUTDIR [--shard I/N] [--manifest FILE] [--keep-going] [--cache DIR] [options]
  segue frames PRESET (--at T[,T...] | --every K | --all) -o DIR    PNG stills
  segue sheet PRESET -o FILE.png [--count N] [--columns C]          contact sheet (filmstrip)
  segue plot PRESET -o FILE.png                                     progress-over-time chart
  segue validate PRESET...|DIR [--format F]    check only, render nothing (F: text, json, github)
  segue compare A B [--threshold DB] [--diff DIR] [--format json]   PSNR/SSIM per frame (presets, clips, PNG folders)
  segue gallery MANIFEST -o DIR                 a self-contained HTML page of a batch's outputs
  segue inspect PRESET                         the resolved timeline as a table, and each screen's elements
  segue import DIR -o PRESET.json [--device D] [--force]   a preset from UI-test screenshots and hierarchy dumps
  segue studio [PRESET|DIR] [--port N]         a live preview page on 127.0.0.1, reloaded on save
  segue list transitions|curves|devices|mocks|demos|targets
  segue --version | --help | help COMMAND

render options:
  -o, --output FILE     output file (default: <preset name>.<ext> in the current folder)
  --for TARGET          app-store | play | github | readme-gif: the destination's rules (segue list targets)
  --format F            mp4 | mov | webm | gif | png (a folder of frames) | null (render and convert, write nothing)
  --codec C             h264 | hevc (mp4, mov) | prores (mov: 4444 with alpha for a transparent background, else 422 HQ) | vp9 (webm, with alpha)
  --fps N               frames per second (1…240)
  --scale S             multiply the device's pixel scale
  --crf N               quality, 0 (best) … 51 (63 for vp9); default 18 (32 for vp9); not for prores, gif, png
  --x264-preset P       ultrafast … placebo (default veryfast); h264 and hevc only
  --slow-motion F       story time runs F times slower
  --jobs N              render workers (default: the core count)
  --progress MODE       auto|bar|plain|json|none (auto: a bar on a terminal, plain lines otherwise)
  --quiet               no progress, no summary
  --verbose             FFmpeg's own log on stderr
  --demo NAME           render a built-in demo instead of a file
  --only K=V[,K=V...]   the combination of a matrix preset to render (segue inspect lists them)
  --max-memory SIZE     refuse a render whose estimated peak memory is above SIZE (default 2G)
"""

let helpTexts: [String: String] = [
    "render": """
    segue render [PRESET] [-o OUT] [--format mp4|mov|webm|gif|png|null] [--codec h264|hevc|prores|vp9] [--fps N] [--scale S] [--crf N] [--x264-preset P]
                 [--slow-motion F] [--jobs N] [--progress auto|bar|plain|json|none] [--quiet] [--verbose] [--demo NAME]
    Renders one preset (or the built-in demo) to a video. Without --format (or the preset's
    output.format) OUT's extension picks the format (.mp4 .m4v .mov .webm .gif). The file is
    written to a temporary file beside OUT (missing folders are created) and renamed into place
    when complete; on failure or a signal nothing is left behind and an existing OUT is untouched.
    OUT must be new or a regular file; -o /dev/null writes nothing.
    """,
    "frames": """
    segue frames PRESET (--at T[,T...] | --every K | --all) -o DIR [--fps N] [--scale S] [--slow-motion F] [--jobs N]
                 [--progress auto|bar|plain|json|none] [--quiet] [--max-memory SIZE] [--show-elements]
    Writes DIR/frame-NNNNN.png, all or nothing (DIR: new, empty or holding only Segue's frames,
    which are replaced). --at T picks frame round(T × fps), T in seconds of video time; a time past
    the last frame is an error. --max-memory as for render (default 2G). --show-elements outlines
    and names every screen's elements (screenshot regions, hierarchy dumps' elements, layer ids).
    """,
    "sheet": "segue sheet PRESET -o FILE.png|FILE.jpg [--count N] [--columns C] [--max-memory SIZE] [--show-elements]\nA contact sheet of N evenly spaced frames (default 12; at most the clip's), each labelled with its frame and time; --max-memory as for render (default 2G); --show-elements outlines and names every screen's elements.",
    "plot": "segue plot PRESET -o FILE.png|FILE.jpg\nA chart of every step's progress over time: step names, the release point and decision of gestures, overshoot.",
    "validate": validateHelp,
    "inspect": "segue inspect PRESET [--only K=V,...]\nPrints the resolved timeline: each step's start, end, frame range and curve; each screen's elements with frames in points and where each came from (a hierarchy dump's file and line, the preset's JSON path, or the mock); a matrix preset's combinations.",
    "studio": studioHelp,
    "list": "segue list transitions|curves|devices|mocks|demos|targets\nPrints a catalog (targets: the --for destinations, each rule with its source).",
]

let renderValued: Set<String> = ["-o", "--for", "--format", "--fps", "--scale", "--crf", "--x264-preset", "--slow-motion", "--jobs", "--progress", "--demo", "--codec", "--only", "--max-memory"]
let renderFlags: Set<String> = ["--quiet", "--verbose"]

struct Failure: Error { var code: Int32; var message: String }

func loadStoryboard(_ a: Arguments, overrides: Overrides) throws -> Storyboard {
    do {
        if let demo = a.values["--demo"] {
            if !a.positionals.isEmpty { throw Failure(code: Exit.usage, message: "give a preset or --demo, not both") }
            return try PresetLoader.demo(named: demo, overrides: overrides, images: PresetImages.folder)
        }
        if let path = a.positionals.first {
            if a.positionals.count > 1 { throw Failure(code: Exit.usage, message: "one preset at a time (got \(a.positionals.count)); use segue batch for several") }
            let storyboard = try PresetLoader.load(path: path, overrides: overrides, only: a.values["--only"], images: PresetImages.folder)
            if !a.flags.contains("--quiet") && a.values["--progress"] != "json" { storyboard.notes.forEach { printErr($0) } }
            return storyboard
        }
        return try PresetLoader.demo(named: Demos.defaultDemo.name, overrides: overrides, images: PresetImages.folder)
    } catch let e as PresetError {
        throw Failure(code: Exit.usage, message: e.description)
    }
}

func overrides(_ a: Arguments) throws -> Overrides {
    Overrides(fps: try a.int("--fps", 1...240), scale: try a.double("--scale", 0.05...10))
}

func render(_ args: [String]) throws {
    let a = try Arguments(args, valued: renderValued, flagNames: renderFlags, aliases: ["--output": "-o"])
    MediaLog.configure(verbose: a.flags.contains("--verbose"))
    var options = RenderOptions()
    options.format = try a.choice("--format", OutputFormat.allCases.map(\.rawValue)).flatMap(OutputFormat.init)
    options.codec = try a.choice("--codec", VideoCodec.allCases.map(\.rawValue)).flatMap(VideoCodec.init)
    options.crf = try a.int("--crf", OutputFormats.anyCRF)
    options.x264Preset = try a.choice("--x264-preset", OutputFormats.encoderPresets)
    options.slowMotion = try a.double("--slow-motion", 0.01...100) ?? 1
    options.jobs = try a.int("--jobs", 1...256) ?? options.jobs
    options.progress = ProgressMode(rawValue: try a.choice("--progress", ProgressMode.allCases.map(\.rawValue)) ?? "auto")!
    if a.flags.contains("--quiet") { options.progress = .none }
    options.maxMemory = try a.memory("--max-memory")
    let given = try overrides(a)
    options.requestedFPS = given.fps
    if let target = try a.choice("--for", ShareTarget.allCases.map(\.rawValue)).flatMap(ShareTarget.init) {
        return try renderFor(target, a, options, given)
    }
    let storyboard = try loadStoryboard(a, overrides: given)
    options.presetFile = a.positionals.first
    let out: String?
    let settings: EncoderSettings
    do {
        out = try chooseVideoOutput(a, storyboard, preset: a.positionals.first, options: &options)
        settings = try options.encoderSettings(for: storyboard)
        if settings.isPadded && !a.flags.contains("--quiet") && options.progress != .json {
            printErr("note: \(settings.width)×\(settings.height) is padded to \(settings.paddedWidth)×\(settings.paddedHeight) (4:2:0 video needs even sizes; the last row/column is repeated)")
        }
        try options.checkMemory(storyboard)
    } catch let e as OutputChoiceError {
        throw Failure(code: Exit.usage, message: "segue: \(e.description)")
    } catch let e as MemoryLimitError {
        throw Failure(code: Exit.usage, message: "segue: \(e.description)")
    }
    if storyboard.frameCount(slowMotion: options.slowMotion) > Int(Limits.maxStoryDuration) * 240 {
        throw Failure(code: Exit.usage, message: "segue: --slow-motion makes \(storyboard.frameCount(slowMotion: options.slowMotion)) frames; at most \(Int(Limits.maxStoryDuration) * 240)")
    }
    outputsStarted.set()
    let result = try RenderJob.run(storyboard, to: out, options: options, cancel: cancelToken)
    if !a.flags.contains("--quiet") && options.progress != .json {
        let rate = settings.format == .gif ? "\(settings.gifTiming.rateName) fps (GIF delays of \(settings.gifTiming.delay) cs)" : "\(storyboard.fps) fps"
        printErr("\(result.output ?? "(null)"): \(result.frames) frames, \(storyboard.pixelWidth)×\(storyboard.pixelHeight) @ \(rate) in \(String(format: "%.2f", result.seconds)) s")
    }
}

func frames(_ args: [String]) throws {
    let a = try Arguments(args, valued: ["-o", "--at", "--every", "--fps", "--scale", "--slow-motion", "--jobs", "--demo", "--progress", "--only", "--max-memory"],
                          flagNames: ["--all", "--quiet", "--verbose", "--show-elements"], aliases: ["--output": "-o"])
    MediaLog.configure(verbose: a.flags.contains("--verbose"))
    guard let dir = a.values["-o"] else { throw Failure(code: Exit.usage, message: "frames needs -o DIR") }
    let chosen = [a.values["--at"] != nil, a.values["--every"] != nil, a.flags.contains("--all")].filter { $0 }.count
    guard chosen == 1 else { throw Failure(code: Exit.usage, message: "frames needs exactly one of --at T[,T...], --every K, --all") }
    let selection: StillsJob.Selection
    if let at = a.values["--at"] {
        let parts = at.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.allSatisfy({ $0 != nil && $0!.isFinite && $0! >= 0 }) else {
            throw Failure(code: Exit.usage, message: "--at takes seconds separated by commas, e.g. --at 0.5,1.2 (got \"\(at)\")")
        }
        // No video is longer than the story limit at the slowest --slow-motion (issue 20.1).
        let longest = Limits.maxStoryDuration * 100
        if let t = parts.first(where: { $0! > longest }) {
            throw Failure(code: Exit.usage, message: "--at \(t!): no video is longer than \(Int(longest)) s (\(Int(Limits.maxStoryDuration)) s of story at --slow-motion 100)")
        }
        selection = .times(parts.map { $0! })
    } else if let k = try a.int("--every", 1...1_000_000) {
        selection = .every(k)
    } else {
        selection = .all
    }
    var progress = ProgressMode(rawValue: try a.choice("--progress", ProgressMode.allCases.map(\.rawValue)) ?? "auto")!
    if a.flags.contains("--quiet") { progress = .none }
    let storyboard = markingElements(a, try loadStoryboard(a, overrides: try overrides(a)))
    try checkFramesOutput(dir, preset: a.positionals.first)
    let slowMotion = try a.double("--slow-motion", 0.01...100) ?? 1
    let jobs = try a.int("--jobs", 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
    let stills = try StillsJob.frames(selection, storyboard: storyboard, slowMotion: slowMotion).count
    try checkStillsMemory(.frames(storyboard, stills: stills, jobs: jobs), a, storyboard)
    outputsStarted.set()
    let paths = try StillsJob.run(storyboard, selection: selection, directory: dir, slowMotion: slowMotion,
                                  jobs: jobs, progress: progress, cancel: cancelToken)
    if progress != .none && progress != .json { printErr("\(dir): \(paths.count) frame\(paths.count == 1 ? "" : "s")") }
}

func sheet(_ args: [String]) throws {
    let a = try Arguments(args, valued: ["-o", "--count", "--columns", "--fps", "--scale", "--slow-motion", "--jobs", "--demo", "--only", "--max-memory"], flagNames: ["--quiet", "--verbose", "--show-elements"], aliases: ["--output": "-o"])
    MediaLog.configure(verbose: a.flags.contains("--verbose"))
    guard let out = a.values["-o"] else { throw Failure(code: Exit.usage, message: "sheet needs -o FILE.png") }
    let storyboard = markingElements(a, try loadStoryboard(a, overrides: try overrides(a)))
    let count = try a.int("--count", 1...400) ?? 12
    try checkStillOutput(out, a)
    let columns = try a.int("--columns", 1...40) ?? min(count, 6), slowMotion = try a.double("--slow-motion", 0.01...100) ?? 1
    let jobs = try a.int("--jobs", 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
    try checkStillsMemory(.sheet(storyboard, count: count, columns: columns, slowMotion: slowMotion, jobs: jobs), a, storyboard)
    outputsStarted.set()
    let shown = try ContactSheet.run(storyboard, to: out, count: count, columns: columns, slowMotion: slowMotion, jobs: jobs, cancel: cancelToken)
    if !a.flags.contains("--quiet") { printErr("\(out): \(shown) frame\(shown == 1 ? "" : "s")") }
}

func plot(_ args: [String]) throws {
    let a = try Arguments(args, valued: ["-o", "--fps", "--scale", "--demo", "--only"], flagNames: ["--quiet"], aliases: ["--output": "-o"])
    guard let out = a.values["-o"] else { throw Failure(code: Exit.usage, message: "plot needs -o FILE.png") }
    let storyboard = try loadStoryboard(a, overrides: try overrides(a))
    try checkStillOutput(out, a)
    outputsStarted.set()
    try ProgressPlot.run(storyboard, to: out)
    if !a.flags.contains("--quiet") { printErr("\(out): progress of \(storyboard.steps.filter { $0.operation != nil }.count) steps") }
}

func inspect(_ args: [String]) throws {
    let a = try Arguments(args, valued: ["--fps", "--scale", "--demo", "--only"], flagNames: [])
    if try listMatrix(a) { return }
    let s = try loadStoryboard(a, overrides: try overrides(a))
    print("\(s.name): \(s.pixelWidth)×\(s.pixelHeight) px (\(s.device.name), scale \(s.scale)), \(s.fps) fps, \(String(format: "%.3f", s.duration)) s, \(s.frameCount()) frames")
    print(pad("step", 6) + pad("what", 34) + pad("start", 9) + pad("end", 9) + pad("frames", 14) + "curve")
    for step in s.steps {
        let f0 = Int((step.start * Double(s.fps)).rounded()), f1 = Int((step.end * Double(s.fps)).rounded())
        print(pad("\(step.index)", 6) + pad(step.title, 34) + pad(String(format: "%.3f", step.start), 9) + pad(String(format: "%.3f", step.end), 9)
              + pad("\(f0)–\(f1)", 14) + step.curveName)
    }
    printElements(s)
}

/// `--show-elements`: each screen's elements outlined and named (ElementOverlay).
func markingElements(_ a: Arguments, _ s: Storyboard) -> Storyboard {
    a.flags.contains("--show-elements") ? ElementOverlay.marking(s) : s
}

func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }

func list(_ args: [String]) throws {
    guard args.count == 1 else { throw Failure(code: Exit.usage, message: "usage: segue list transitions|curves|devices|mocks|demos|targets") }
    switch args[0] {
    case "transitions":
        for e in Catalog.entries {
            print("\(e.name)\n    \(e.summary)")
            for p in e.parameters { print("    \(pad(p.name, 16))default \(pad(p.defaultValue.description, 8)) \(p.summary)") }
        }
    case "curves":
        for c in CurveMapping.catalog { print("\(pad(c.name, 12)) \(c.summary)") }
    case "devices":
        for d in Device.all {
            let (w, h) = d.pixelSize()
            print("\(pad(d.name, 20)) \(pad("\(Int(d.points.width))×\(Int(d.points.height)) pt", 14)) @\(d.scale == d.scale.rounded() ? String(Int(d.scale)) : String(d.scale))x  \(pad("\(w)×\(h) px", 14)) corner \((d.cornerRadius * 100).rounded() / 100)\(d.platform == .android ? "  android" : "")")
        }
    case "mocks":
        for m in Mocks.kinds { print("\(pad(m.name, 10)) \(m.description)") }
    case "demos":
        for d in Demos.all { print("\(pad(d.name, 16)) \(d.summary)") }
    case "targets": listTargets()
    default:
        throw Failure(code: Exit.usage, message: "unknown list \"\(args[0])\" (transitions, curves, devices, mocks, demos, targets)")
    }
}

func main() -> Int32 {
    var args = Array(RawPaths.arguments().dropFirst())   // names that are not UTF-8 kept, shown escaped
    guard let command = args.first else { print(usageText); return Exit.usage }
    args.removeFirst()
    currentCommand = command
    if let text = asksForHelp(command, args) { print(text); return Exit.ok }
    if command == "studio" { return studio(args) }   // its own signals: Ctrl-C ends it with 0
    installSignalHandlers()
    do {
        switch command {
        case "--version", "-V", "version": print("segue \(SegueVersion.string)")
        case "--help", "-h": print(usageText)
        case "help":
            if let c = args.first {
                guard let t = helpText(c) else { throw unknownCommand(c) }
                print(t)
            } else { print(usageText) }
        case "render": try render(args)
        case "batch": try batch(args)
        case "frames": try frames(args)
        case "sheet": try sheet(args)
        case "plot": try plot(args)
        case "validate": try validate(args)
        case "inspect": try inspect(args)
        case "import": try importStory(args)
        case "list": try list(args)
        case "compare": try compare(args)
        case "gallery": try gallery(args)
        default:
            throw unknownCommand(command)
        }
        return Exit.ok
    } catch {
        let sig = Interruption.received != 0 ? Interruption.received : cancelToken.reason
        if sig != 0 {
            reportInterrupted(sig, command: command)
            return 128 + sig
        }
        switch error {
        case let f as Failure:
            if f.code == Exit.usage || !f.message.isEmpty {
                reportFailure(f.code == Exit.usage && !f.message.contains(": ") ? "segue: \(f.message)" : f.message, exitCode: f.code)
            }
            return f.code
        case let e as Arguments.UsageError:
            reportFailure("segue: \(e.description)", exitCode: Exit.usage)
            return Exit.usage
        case let e as DestinationError:
            reportFailure("segue: \(e.description)", exitCode: Exit.usage)
            return Exit.usage
        case let e as StillsJob.TimeError:
            reportFailure("segue: \(e.description)", exitCode: Exit.usage)
            return Exit.usage
        case let e as RasterError:
            // A bitmap of a size that is not positive: only sizes from input get here (a canvas
            // too thin for a contact sheet's thumbnails); programmer errors trap in Raster.
            reportFailure("segue: \(e.description)", exitCode: Exit.usage)
            return Exit.usage
        case let e as PresetError:
            // Bad input found while rendering: a screen's image that no longer decodes when the
            // screen is first shown (screens are built then, not at resolve time).
            reportFailure(e.description, exitCode: Exit.usage)
            return Exit.usage
        default:
            reportFailure("segue: \(error)", exitCode: Exit.failure)
            return Exit.failure
        }
    }
}

exit(main())
