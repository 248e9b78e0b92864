import Foundation
import Media

/// `batch --baseline DIR`: each rendered (or cached) output is compared frame by frame with the
/// file of the same name under DIR (a previous run's outputs, e.g. main's artifact) — Compare,
/// i.e. libavfilter's psnr and ssim. Under the threshold, or a different frame count, size or
/// rate: status `changed`, with the worst frame's diff strip written beside the output as
/// `<name>.diff.png`. No such file under DIR: status `new`. The batch goes on either way (every
/// output is compared); `changed` makes its exit code 1, as a failed render does.
enum BaselineCheck {
    static func check(_ entry: BatchEntry, options: BatchOptions, jobs: Int, cancel: CancellationToken) -> BatchEntry {
        guard let dir = options.baseline, let out = entry.output, entry.status == .ok || entry.status == .cached else { return entry }
        var e = entry
        let base = (dir as NSString).appendingPathComponent((out as NSString).lastPathComponent)
        guard FileManager.default.fileExists(atPath: base) else { e.status = .new; return e }
        e.baseline = base
        let input: (String) -> CompareInput = { p in
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: p, isDirectory: &isDir) && isDir.boolValue ? .folder(p) : .clip(p)
        }
        do {
            let report = try Compare.run(input(base), input(out), threshold: options.threshold, jobs: jobs, cancel: cancel)
            e.psnrMin = report.psnrMin.flatMap { $0.isFinite ? $0 : nil }
            e.ssimMin = report.ssimMin
            e.worstFrame = report.worstFrame
            if let first = report.firstBelow, let worst = report.worstFrame {
                e.status = .changed
                let at = report.time(ofFrame: first).map { String(format: " (%.3f s)", $0) } ?? ""
                e.error = "changed: frame \(first)\(at) is \(String(format: "%.2f", report.scores[first].psnr)) dB, under \(String(format: "%g", options.threshold)) dB; "
                    + "worst frame \(worst): \(String(format: "%.2f", report.scores[worst].psnr)) dB"
                let diff = ((out as NSString).deletingPathExtension as NSString).appendingPathExtension("diff.png")!
                do { e.diff = try Compare.writeDiff(report, input(base), input(out), to: diff) } catch {
                    e.error! += "; diff not written: \(error)"
                }
            }
        } catch let c as CompareError where c.usage {
            e.status = .changed
            e.error = "changed: \(c.description)"
        } catch {
            if cancel.isCancelled || error is CancelledError { e.status = .cancelled; e.error = "interrupted" } else {
                e.status = .failed
                e.error = "comparing with the baseline \(base) failed: \(error)"
            }
        }
        return e
    }
}
