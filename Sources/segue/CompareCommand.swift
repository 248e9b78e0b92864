import BatchReview
import Foundation
import Media
import Presets
import Vocabulary

// `segue compare A B`: frame-by-frame PSNR and SSIM through libavfilter (Export's Compare).
// Exit 0 when every frame is at or above the threshold, 1 when one is under, 2 on bad usage or
// inputs that cannot be compared (CompareError's class).

extension Command {
    static let compare = Command(
        name: "compare", synopsis: "segue compare A B [--threshold DB] [--diff DIR] [--format text|json]", summary: "PSNR/SSIM per frame (presets, clips, PNG folders)",
        about: """
        A and B: presets (*.json, rendered in memory), rendered clips, or folders of PNG frames.
        Frame i of A is compared with frame i of B: PSNR and SSIM (libavfilter's psnr and ssim filters,
        on planar RGB). Prints the worst frame, its time, and the first frame under the threshold.
        --max-memory refuses (exit 2) frames whose comparison would need more (about 40 bytes a pixel).
        Exit: 0 every frame at or above the threshold; 1 a frame under it (or a decode failure);
        2 bad usage, or different sizes, frame rates or frame counts.
        """,
        options: [.threshold, .diff, .compareFormat] + Option.rendering + [.jobs, .maxMemory, .quiet, .verbose],
        run: runCompare)
}

func runCompare(_ a: Arguments) throws {
    MediaLog.configure(verbose: a.has(.verbose))
    guard a.positionals.count == 2 else {
        throw Failure(code: .usage, message: "compare needs two inputs, A and B (got \(a.positionals.count))\n\(helpText(.compare))")
    }
    let threshold = a.number(.threshold) ?? Compare.defaultThreshold
    let json = a.value(.compareFormat) == "json"
    let jobs = a.int(.jobs) ?? ProcessInfo.processInfo.activeProcessorCount
    let o = overrides(a)
    if let dir = a.value(.diff) { try checkDiffFolder(dir, inputs: a.positionals) }
    let ia = try CompareInput.classify(a.positionals[0]), ib = try CompareInput.classify(a.positionals[1])
    outputsStarted.set()
    let report = try Compare.run(ia, ib, threshold: threshold, overrides: o, jobs: jobs, maxMemory: a.size(.maxMemory), cancel: cancelToken)
    var diffPath: String?
    if let dir = a.value(.diff), let worst = report.worstFrame {
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
        throw Failure(code: .failure, message: "segue: compare: \(below) of \(report.scores.count) frames under \(String(format: "%g", threshold)) dB")
    }
}

/// `--diff DIR` is a folder (new or existing) that is not an input nor inside one; a file, a
/// device or a FIFO there is exit 2 before anything is compared (issue 27.2: it was a raw
/// "NSCocoaErrorDomain Code=516").
func checkDiffFolder(_ dir: String, inputs: [String]) throws {
    var st = stat()
    if stat(dir, &st) == 0 && st.st_mode & S_IFMT != S_IFDIR {
        throw Failure(code: .usage, message: "segue: --diff \(dir): is \(RegularFile.kindName(st.st_mode) ?? "a file"); --diff takes a folder (the worst frame is written as DIR/diff-NNNNN.png)")
    }
    try OutputDestination.refuseTaken(dir, role: "--diff", inputs.map { .init($0, "an input", isFolder: true) })
}
