import BatchReview
import Foundation
import Media
import Presets

// `segue compare A B [--threshold DB] [--diff DIR] [--format text|json]`: frame-by-frame PSNR
// and SSIM through libavfilter (Export's Compare). Exit 0 when every frame is at or above the
// threshold, 1 when one is under, 2 on bad usage or inputs that cannot be compared.

let compareHelp = """
segue compare A B [--threshold DB] [--diff DIR] [--format text|json] [--fps N] [--scale S] [--jobs N] [--max-memory SIZE]
A and B: presets (*.json, rendered in memory), rendered clips, or folders of PNG frames.
Frame i of A is compared with frame i of B: PSNR and SSIM (libavfilter's psnr and ssim filters,
on planar RGB). Prints the worst frame, its time, and the first frame under the threshold.
  --threshold DB   default 40; exit 1 when a frame's PSNR is under it
  --diff DIR       writes DIR/diff-NNNNN.png: the worst frame as A | B | difference (×\(Compare.diffGain))
  --max-memory S   refuse (exit 2) frames whose comparison would need more (about 40 bytes a pixel; default 2G)
  --format json    per frame psnr (null: identical) and ssim, worstFrame, firstBelow, passed
Exit: 0 every frame at or above the threshold; 1 a frame under it (or a decode failure);
2 bad usage, or different sizes, frame rates or frame counts.
"""

func compare(_ args: [String]) throws {
    let a = try Arguments(args, valued: ["--threshold", "--diff", "--format", "--fps", "--scale", "--jobs", "--max-memory"], flagNames: ["--help", "--quiet", "--verbose"])
    if a.flags.contains("--help") { print(compareHelp); return }
    MediaLog.configure(verbose: a.flags.contains("--verbose"))
    guard a.positionals.count == 2 else {
        throw Failure(code: Exit.usage, message: "compare needs two inputs, A and B (got \(a.positionals.count))\n\(compareHelp)")
    }
    let threshold = try a.double("--threshold", 0...1000) ?? Compare.defaultThreshold
    let json = try a.choice("--format", ["text", "json"]) == "json"
    let jobs = try a.int("--jobs", 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
    let o = try overrides(a)
    if let dir = a.values["--diff"] { try checkDiffFolder(dir, inputs: a.positionals) }
    do {
        let ia = try CompareInput.classify(a.positionals[0]), ib = try CompareInput.classify(a.positionals[1])
        outputsStarted.set()
        let report = try Compare.run(ia, ib, threshold: threshold, overrides: o, jobs: jobs, maxMemory: try a.memory("--max-memory"), cancel: cancelToken)
        var diffPath: String?
        if let dir = a.values["--diff"], let worst = report.worstFrame {
            let path = (dir as NSString).appendingPathComponent(String(format: "diff-%05d.png", worst))
            try OutputDestination.checkWritten(path, role: "--diff", taken: a.positionals.map { .init($0, "an input", isFolder: true) })
            diffPath = try Compare.writeDiff(report, ia, ib, to: path, overrides: o, jobs: jobs)
        }
        if json { print(Compare.json(report), terminator: "") } else {
            print(Compare.text(report))
            if let diffPath { print("diff: \(diffPath)") }
        }
        if !report.passed {
            let below = report.scores.filter { $0.psnr < threshold }.count
            throw Failure(code: Exit.failure, message: "segue: compare: \(below) of \(report.scores.count) frames under \(String(format: "%g", threshold)) dB")
        }
    } catch let e as CompareError {
        throw Failure(code: e.usage ? Exit.usage : Exit.failure, message: "segue: compare: \(e.description)")
    }
}

/// `--diff DIR` is a folder (new or existing) that is not an input nor inside one; a file, a
/// device or a FIFO there is exit 2 before anything is compared (issue 27.2: it was a raw
/// "NSCocoaErrorDomain Code=516").
func checkDiffFolder(_ dir: String, inputs: [String]) throws {
    var st = stat()
    if stat(dir, &st) == 0 && st.st_mode & S_IFMT != S_IFDIR {
        throw Failure(code: Exit.usage, message: "segue: --diff \(dir): is \(RegularFile.kindName(st.st_mode) ?? "a file"); --diff takes a folder (the worst frame is written as DIR/diff-NNNNN.png)")
    }
    do { try OutputDestination.refuseTaken(dir, role: "--diff", inputs.map { .init($0, "an input", isFolder: true) }) } catch let e as DestinationError {
        throw Failure(code: Exit.usage, message: "segue: \(e.description)")
    }
}
