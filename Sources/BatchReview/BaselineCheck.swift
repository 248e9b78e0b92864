import Foundation
import FramePipeline
import Media

/// `batch --baseline DIR`: each rendered (or cached) output is compared frame by frame with the
/// file of the same name under DIR (a previous run's outputs, e.g. main's artifact) — Compare,
/// i.e. libavfilter's psnr and ssim. Under the threshold, or a different frame count, size or
/// rate: status `changed`, with the worst frame's diff strip written beside the output as
/// `<name>.diff.png`. No such file under DIR: status `new`. The batch goes on either way (every
/// output is compared); `changed` makes its exit code 1, as a failed render does. Byte-identical
/// files are identical without decoding (psnrMin null, ssimMin 1).
enum BaselineCheck {
    static func check(_ entry: BatchEntry, options: BatchOptions, jobs: Int, cancel: CancellationToken) -> BatchEntry {
        guard let dir = options.baseline, let out = entry.output, entry.status == .ok || entry.status == .cached else { return entry }
        var e = entry
        let base = (dir as NSString).appendingPathComponent((out as NSString).lastPathComponent)
        // A clip is read through the descriptor that was checked (/proc/self/fd/N), so a file
        // swapped in between the check and FFmpeg's open is never what is compared.
        var opened = base, fd: Int32 = -1
        switch BaselineCheck.reach(base, in: dir) {
        case .absent: e.status = .new; return e
        case .refused(let why):
            e.status = .failed
            e.error = "the baseline is refused: \(why)"
            return e
        case .folder: break
        case .file(let d): opened = "/proc/self/fd/\(d)"; fd = d
        }
        defer { if fd >= 0 { close(fd) } }
        e.baseline = base
        let input: (String) -> CompareInput = { isDirectory($0) ? .folder($0) : .clip($0) }
        func named(_ error: Any) -> String { "\(error)".replacingOccurrences(of: opened, with: base) }
        // Byte-identical files decode to identical frames: no need to decode them (the common
        // case in CI — an unchanged preset, rendered or cached, gives the same bytes).
        if let mine = e.sha256, !isDirectory(out), (try? SHA256.hash(file: opened)) == mine {
            e.psnrMin = nil
            e.ssimMin = 1
            e.worstFrame = 0
            return e
        }
        do {
            let report = try Compare.run(input(opened), input(out), threshold: options.threshold, jobs: jobs, maxMemory: options.render.maxMemory, cancel: cancel)
            e.psnrMin = report.psnrMin.flatMap { $0.isFinite ? $0 : nil }
            e.ssimMin = report.ssimMin
            e.worstFrame = report.worstFrame
            if let first = report.firstBelow, let worst = report.worstFrame {
                e.status = .changed
                let at = report.time(ofFrame: first).map { String(format: " (%.3f s)", $0) } ?? ""
                e.error = "changed: frame \(first)\(at) is \(String(format: "%.2f", report.scores[first].psnr)) dB, under \(String(format: "%g", options.threshold)) dB; "
                    + "worst frame \(worst): \(String(format: "%.2f", report.scores[worst].psnr)) dB"
                let diff = diffPath(out)
                do { e.diff = try Compare.writeDiff(report, input(opened), input(out), to: diff) } catch {
                    e.error! += "; diff not written: \(named(error))"
                }
            }
        } catch let c as CompareError where c.usage {
            e.status = .changed
            e.error = "changed: \(named(c.description))"
        } catch {
            // The output is written either way: an interrupted or unreadable comparison says so
            // without taking back what was rendered (issue 27.11, 27.12).
            if cancel.isCancelled || error is CancelledError {
                e.error = "written; the comparison with the baseline was interrupted"
            } else {
                e.status = .changed
                e.error = "changed: comparing with the baseline \(base) failed: \(named(error))"
            }
        }
        return e
    }

    /// `<output without its extension>.diff.png`, beside the output.
    static func diffPath(_ out: String) -> String {
        ((out as NSString).deletingPathExtension as NSString).appendingPathExtension("diff.png")!
    }

    enum Reach { case absent, refused(String), folder, file(Int32) }

    /// The baseline file of an output: a regular file (or a png sequence's folder) directly in the
    /// baseline folder, reached without a symbolic link (ContainedFile; issue 27.1, 27.10); a
    /// file comes open, and the caller closes it.
    static func reach(_ base: String, in dir: String) -> Reach {
        var st = stat()
        if lstat(base, &st) != 0 { return .absent }
        if st.st_mode & S_IFMT == S_IFDIR { return .folder }
        do { return .file(try ContainedFile.open(base, inside: dir)) } catch { return .refused(error.description) }
    }

    static func isDirectory(_ p: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: p, isDirectory: &isDir) && isDir.boolValue
    }
}
