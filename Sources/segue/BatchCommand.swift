import BatchReview
import Foundation
import FramePipeline
import Media
import Presets
import Vocabulary

// `segue batch PRESET...|DIR -o OUTDIR [options]` (docs/CLI.md). The work is Export's BatchJob;
// this file reads the options and maps the outcome to an exit code.

extension Command {
    static let batch = Command(
        name: "batch", synopsis: "segue batch PRESET...|DIR... -o OUTDIR [options]", summary: "every preset → OUTDIR, with a manifest, a cache, shards",
        about: """
        Renders every preset (a folder: every *.json below it, sorted by path) to OUTDIR/<name>.<ext>.
        All presets are validated first; any invalid preset means nothing is rendered, unless --keep-going
        (then the valid ones render; also continues past a failed render). A matrix preset is one clip
        per combination (OUTDIR/<name>-<value>-….<ext>), each sharded, cached and listed on its own.
        With --baseline DIR each output is compared with DIR/<same file name> frame by frame (segue help
        compare): status changed when a frame's PSNR is under --threshold, new when DIR has no such file;
        the manifest gets psnrMin, ssimMin, worstFrame, baseline, diff. --progress bar prints plain lines
        (one per finished preset).
        Exit: 0 all ok, cached or new; 1 a render failed (or was skipped after one) or an output changed; 2 bad usage or an invalid
        preset; 130/143 interrupted (the manifest records what finished). The manifest is written in every
        outcome (folders above it are created); if it cannot be written the batch fails with exit 1.
        segue batch --sha256 FILE...   prints each file's SHA-256 as the manifest computes it
        """,
        options: [.output.described("OUTDIR", "the folder of outputs"), .shard, .manifest, .keepGoing, .cache, .parallel, .gallery,
                  .baseline.described("DIR", "compare each output with DIR/<same file name>"), .threshold, .sha256, .target]
            + Option.encoding + Option.rendering + Option.work + Option.printing,
        run: runBatch)
}

func runBatch(_ a: Arguments) throws {
    if a.has(.sha256) { return try printSHA256(a.positionals) }
    MediaLog.configure(verbose: a.has(.verbose))
    guard !a.positionals.isEmpty else { throw Failure(code: .usage, message: "batch needs presets or a folder of presets\n\(helpText(.batch))") }
    guard let out = a.value(.output) else { throw Failure(code: .usage, message: "batch needs -o OUTDIR") }
    var isDir: ObjCBool = false
    if FileManager.default.fileExists(atPath: out, isDirectory: &isDir), !isDir.boolValue {
        throw Failure(code: .usage, message: "-o \(out) is a file; batch writes into a folder")
    }
    if a.has(.gallery) { try Gallery.checkPage(in: out) }
    let o = try batchOptions(a, out)
    let report: BatchReport
    do {
        outputsStarted.set()
        report = try BatchJob.run(inputs: a.positionals, options: o, cancel: cancelToken)
    } catch let e as BatchError {
        throw Failure(code: .usage, message: e.description.contains(": ") ? e.description : "segue: \(e.description)")
    }
    if report.interrupted { throw Failure(code: ExitCode(status: report.exitCode), message: "") }
    if let m = report.manifestError { throw Failure(code: .failure, message: "segue: the batch fails because its manifest could not be written: \(m)") }
    if a.has(.gallery) { try batchGallery(report, o, quiet: a.has(.quiet)) }
    let count = { (s: BatchStatus) in report.entries.filter { $0.status == s }.count }
    let summary = "batch: \(report.entries.count) preset\(report.entries.count == 1 ? "" : "s"): \(count(.ok) + count(.changed) + count(.new)) rendered, \(count(.cached)) cached, "
        + "\(count(.failed)) failed, \(count(.invalid)) invalid, \(count(.skipped)) skipped"
        + (o.baseline == nil ? "" : "; against the baseline: \(count(.changed)) changed, \(count(.new)) new")
    if report.exitCode != 0 { throw Failure(code: ExitCode(status: report.exitCode), message: "segue: \(summary)") }
    if !a.has(.quiet) && o.progress != .json { printErr("segue: \(summary)") }
}

/// `segue batch --sha256 FILE...`: each file's SHA-256 as the manifest computes it.
func printSHA256(_ files: [String]) throws {
    guard !files.isEmpty else { throw Failure(code: .usage, message: "--sha256 needs files") }
    for f in files {
        do { print("\(try SHA256.hash(file: f))  \(f)") } catch { throw Failure(code: .failure, message: "\(error)") }
    }
}

/// The batch's options from the command line; the folders it is given are checked here.
func batchOptions(_ a: Arguments, _ out: String) throws -> BatchOptions {
    var o = BatchOptions(outputDirectory: out)
    if let s = a.value(.shard) {
        guard let shard = Shard(parsing: s) else { throw Failure(code: .usage, message: "--shard takes I/N with 1 ≤ I ≤ N, e.g. --shard 2/4 (got \"\(s)\")") }
        o.shard = shard
    }
    o.manifest = a.value(.manifest)
    o.cache = a.value(.cache)
    o.keepGoing = a.has(.keepGoing)
    o.parallel = a.int(.parallel)
    o.gallery = a.has(.gallery)
    o.baseline = try baselineFolder(a.value(.baseline), out)
    o.threshold = a.number(.threshold) ?? Compare.defaultThreshold
    o.format = a.value(.videoFormat)
    o.render = renderOptions(a)   // its format and progress are chosen per preset
    if let t = a.value(.target).flatMap(ShareTarget.init) {
        // Every clip for one destination (TargetRender per clip): its format, checked against --format/--codec.
        try checkTargetOutput(t, format: o.format.flatMap(OutputFormat.init), codec: o.render.codec)
        o.target = t
        o.format = t.profile.format.rawValue
    }
    o.overrides = overrides(a)
    o.render.requestedFPS = o.overrides.fps
    // One line per finished preset: a bar per preset would fight over the terminal.
    o.progress = o.render.progress == .bar ? .plain : o.render.progress
    // What changes output bytes besides the preset and its assets (not --jobs: bytes do not
    // depend on it).
    o.cacheOptions = ["fps=\(o.overrides.fps.map(String.init) ?? "-")", "scale=\(o.overrides.scale.map { "\($0)" } ?? "-")",
                      "crf=\(o.render.crf.map(String.init) ?? "-")", "codec=\(o.render.codec?.rawValue ?? "-")", "x264-preset=\(o.render.x264Preset ?? "-")",
                      "slow-motion=\(o.render.slowMotion)", "encoder-threads=\(RenderJob.defaultEncoderThreads)"].joined(separator: " ")
        + (o.target.map { " for=\($0.rawValue)" } ?? "")
    return o
}

/// `--baseline DIR`: an existing folder that is not the output folder.
func baselineFolder(_ b: String?, _ out: String) throws -> String? {
    guard let b else { return nil }
    if sameFolder(b, out) {
        throw Failure(code: .usage, message: "--baseline \(b) is the output folder -o \(out): every clip would be compared with itself; give the folder of a previous run's outputs")
    }
    var isDir: ObjCBool = false
    if !FileManager.default.fileExists(atPath: b, isDirectory: &isDir) || !isDir.boolValue {
        throw Failure(code: .usage, message: "--baseline \(b): not a folder (give the folder of a previous batch's outputs)")
    }
    return b
}

/// The same folder by path or by device and inode (a link to it, `out/.`).
func sameFolder(_ a: String, _ b: String) -> Bool {
    var sa = stat(), sb = stat()
    if stat(a, &sa) == 0 && stat(b, &sb) == 0 { return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino }
    return URL(fileURLWithPath: a).standardizedFileURL.path == URL(fileURLWithPath: b).standardizedFileURL.path
}
