import Export
import Foundation
import Media
import Presets

// `segue batch PRESET...|DIR -o OUTDIR [--shard I/N] [--manifest FILE] [--keep-going] [--cache DIR]
// [--parallel N] [render options]` (docs/CLI.md). The work is Export's BatchJob; this file parses
// the options and maps the outcome to an exit code.

let batchValued: Set<String> = ["-o", "--for", "--shard", "--manifest", "--cache", "--parallel", "--format", "--codec", "--fps", "--scale", "--crf",
                                "--x264-preset", "--slow-motion", "--jobs", "--progress", "--baseline", "--threshold", "--max-memory"]
let batchFlags: Set<String> = ["--help", "--keep-going", "--quiet", "--verbose", "--sha256", "--gallery"]

let batchHelp = """
segue batch PRESET...|DIR -o OUTDIR [--shard I/N] [--manifest FILE] [--keep-going] [--cache DIR] [--parallel N]
            [--for TARGET] [--format F] [--fps N] [--scale S] [--crf N] [--x264-preset P] [--slow-motion F] [--jobs N]
            [--progress auto|plain|json|none] [--quiet] [--verbose]
Renders every preset (a folder: every *.json below it, sorted by path) to OUTDIR/<name>.<ext>.
All presets are validated first; any invalid preset means nothing is rendered, unless --keep-going
(then the valid ones render; also continues past a failed render). A matrix preset is one clip
per combination (OUTDIR/<name>-<value>-….<ext>), each sharded, cached and listed on its own.
  --shard I/N      only the presets whose path hash falls in shard I of N (1-based, stable)
  --manifest FILE  JSON: per preset input, output, status, error, frames, duration, wallTime, sha256
  --cache DIR      reuse outputs whose preset text, assets, options and Segue version are unchanged
  --parallel N     presets rendered at once (default: min(presets, --jobs)); --jobs is split among them
  --for TARGET     every clip rendered for one destination, as render --for does (segue list targets):
                   its rules checked at validation, its size fitted; the manifest's "for" says which
  --gallery        also writes OUTDIR/index.html, a self-contained page of the outputs (see segue help gallery)
  --baseline DIR   compares each output with DIR/<same file name> frame by frame (segue help compare):
                   status changed when a frame's PSNR is under --threshold DB (default 40), new when
                   DIR has no such file; the manifest gets psnrMin, ssimMin, worstFrame, baseline, diff
Exit: 0 all ok, cached or new; 1 a render failed (or was skipped after one) or an output changed; 2 bad usage or an invalid
preset; 130/143 interrupted (the manifest records what finished). The manifest is written in every
outcome (folders above it are created); if it cannot be written the batch fails with exit 1.
segue batch --sha256 FILE...   prints each file's SHA-256 as the manifest computes it
"""

func batch(_ args: [String]) throws {
    let a = try Arguments(args, valued: batchValued, flagNames: batchFlags, aliases: ["--output": "-o"])
    if a.flags.contains("--help") { print(batchHelp); return }
    if a.flags.contains("--sha256") {
        guard !a.positionals.isEmpty else { throw Failure(code: Exit.usage, message: "--sha256 needs files") }
        for f in a.positionals {
            do { print("\(try SHA256.hash(file: f))  \(f)") } catch { throw Failure(code: Exit.failure, message: "\(error)") }
        }
        return
    }
    MediaLog.configure(verbose: a.flags.contains("--verbose"))
    guard !a.positionals.isEmpty else { throw Failure(code: Exit.usage, message: "batch needs presets or a folder of presets\n\(batchHelp)") }
    guard let out = a.values["-o"] else { throw Failure(code: Exit.usage, message: "batch needs -o OUTDIR") }
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: out, isDirectory: &isDir), !isDir.boolValue {
        throw Failure(code: Exit.usage, message: "-o \(out) is a file; batch writes into a folder")
    }
    var o = BatchOptions(outputDirectory: out)
    if let s = a.values["--shard"] {
        guard let shard = Shard(parsing: s) else { throw Failure(code: Exit.usage, message: "--shard takes I/N with 1 ≤ I ≤ N, e.g. --shard 2/4 (got \"\(s)\")") }
        o.shard = shard
    }
    o.manifest = a.values["--manifest"]
    o.cache = a.values["--cache"]
    o.keepGoing = a.flags.contains("--keep-going")
    o.parallel = try a.int("--parallel", 1...256)
    o.baseline = a.values["--baseline"]
    o.gallery = a.flags.contains("--gallery")
    if let b = o.baseline, sameFolder(b, out) {
        throw Failure(code: Exit.usage, message: "--baseline \(b) is the output folder -o \(out): every clip would be compared with itself; give the folder of a previous run's outputs")
    }
    o.threshold = try a.double("--threshold", 0...1000) ?? Compare.defaultThreshold
    if let b = o.baseline, !FileManager.default.fileExists(atPath: b, isDirectory: &isDir) || !isDir.boolValue {
        throw Failure(code: Exit.usage, message: "--baseline \(b): not a folder (give the folder of a previous batch's outputs)")
    }
    o.format = try a.choice("--format", OutputFormat.allCases.map(\.rawValue))
    o.render.codec = try a.choice("--codec", VideoCodec.allCases.map(\.rawValue)).flatMap(VideoCodec.init)
    if let t = try a.choice("--for", ShareTarget.allCases.map(\.rawValue)).flatMap(ShareTarget.init) {
        try checkTargetOutput(t, format: o.format.flatMap(OutputFormat.init), codec: o.render.codec)
        o.target = t
        o.format = t.profile.format.rawValue
    }
    o.render.crf = try a.int("--crf", OutputFormats.anyCRF)   // the codec's own range is checked per preset
    o.render.x264Preset = try a.choice("--x264-preset", OutputFormats.encoderPresets)
    o.render.slowMotion = try a.double("--slow-motion", 0.01...100) ?? 1
    o.render.maxMemory = try a.memory("--max-memory")
    o.render.jobs = try a.int("--jobs", 1...256) ?? o.render.jobs
    o.overrides = try overrides(a)
    o.render.requestedFPS = o.overrides.fps
    let mode = try a.choice("--progress", ProgressMode.allCases.map(\.rawValue)) ?? "auto"
    // One line per finished preset: a bar per preset would fight over the terminal.
    o.progress = a.flags.contains("--quiet") ? .none : (mode == "bar" ? .plain : ProgressMode(rawValue: mode)!)
    // What changes output bytes besides the preset and its assets (not --jobs: bytes do not
    // depend on it).
    o.cacheOptions = ["fps=\(o.overrides.fps.map(String.init) ?? "-")", "scale=\(o.overrides.scale.map { "\($0)" } ?? "-")",
                      "crf=\(o.render.crf.map(String.init) ?? "-")", "codec=\(o.render.codec?.rawValue ?? "-")", "x264-preset=\(o.render.x264Preset ?? "-")",
                      "slow-motion=\(o.render.slowMotion)", "encoder-threads=\(RenderJob.defaultEncoderThreads)"].joined(separator: " ")
        + (o.target.map { " for=\($0.rawValue)" } ?? "")
    let report: BatchReport
    do {
        outputsStarted.set()
        report = try BatchJob.run(inputs: a.positionals, options: o, cancel: cancelToken)
    } catch let e as BatchError {
        throw Failure(code: Exit.usage, message: e.description.contains(": ") ? e.description : "segue: \(e.description)")
    }
    if report.interrupted { throw Failure(code: report.exitCode, message: "") }
    if let m = report.manifestError { throw Failure(code: Exit.failure, message: "segue: the batch fails because its manifest could not be written: \(m)") }
    if a.flags.contains("--gallery") { try batchGallery(report, o, quiet: a.flags.contains("--quiet")) }
    let count = { (s: BatchStatus) in report.entries.filter { $0.status == s }.count }
    let summary = "batch: \(report.entries.count) preset\(report.entries.count == 1 ? "" : "s"): \(count(.ok) + count(.changed) + count(.new)) rendered, \(count(.cached)) cached, "
        + "\(count(.failed)) failed, \(count(.invalid)) invalid, \(count(.skipped)) skipped"
        + (o.baseline == nil ? "" : "; against the baseline: \(count(.changed)) changed, \(count(.new)) new")
    if report.exitCode != 0 { throw Failure(code: report.exitCode, message: "segue: \(summary)") }
    if !a.flags.contains("--quiet") && o.progress != .json { printErr("segue: \(summary)") }
}

/// The same folder by path or by device and inode (a link to it, `out/.`).
func sameFolder(_ a: String, _ b: String) -> Bool {
    var sa = stat(), sb = stat()
    if stat(a, &sa) == 0 && stat(b, &sb) == 0 { return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino }
    return URL(fileURLWithPath: a).standardizedFileURL.path == URL(fileURLWithPath: b).standardizedFileURL.path
}
