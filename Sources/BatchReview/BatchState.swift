import Foundation
import FramePipeline
import Media
import Presets
import Vocabulary

/// The one owner of a batch's state: the entries, the presets still to render, the presets in
/// flight, the progress lines and the manifest. Every read and write of that state, every
/// progress line and every manifest write runs on one serial queue, so the runners, the signal
/// path and the final report never race and the manifest is written by one writer at a time,
/// always from a consistent snapshot (no locks to hold in the right order).
final class BatchState: @unchecked Sendable {   // mutable state touched only on `queue`
    private let queue = DispatchQueue(label: "segue.batch.state")
    private var entries: [BatchEntry]
    private let options: BatchOptions
    private let mode: ProgressMode
    /// This shard's entries, in the manifest's order.
    private var selected: [Int] = []
    private var pending: [Int] = []
    private var inFlight = Set<Int>()
    private var total = 0
    private var doneCount = 0
    /// A preset failed without --keep-going: no new preset starts.
    private var stopped = false
    /// The final manifest has been written: nothing overwrites it.
    private var over = false

    init(entries: [BatchEntry], options: BatchOptions) {
        self.entries = entries
        self.options = options
        mode = options.progress.resolved
    }

    func entry(_ i: Int) -> BatchEntry { queue.sync { entries[i] } }

    func select(_ indices: [Int]) { queue.sync { selected = indices } }

    /// Validation's findings for entry `i`.
    func validated(_ i: Int, frames: Int, duration: Double) {
        queue.sync { entries[i].frames = frames; entries[i].duration = duration }
    }

    func invalid(_ i: Int, _ problems: [Problem]) {
        queue.sync {
            entries[i].status = .invalid
            entries[i].error = problems.map(\.description).joined(separator: "\n")
            entries[i].problems = problems.map(\.description)
            for p in problems { log(mode == .json ? ProgressEvent.line(ProgressEvent.Problem(input: entries[i].input, message: p.description)) : p.description) }
        }
    }

    /// How many selected entries are invalid; with `!keepGoing` the others are marked as not
    /// rendered because of them.
    func invalidCount(markingOthers: Bool) -> Int {
        queue.sync {
            let invalid = selected.filter { entries[$0].status == .invalid }.count
            if invalid > 0 && markingOthers {
                for i in selected where entries[i].status != .invalid { entries[i].error = "not rendered: another preset is invalid" }
                if mode != .json { log("segue: \(invalid) of \(selected.count) preset\(selected.count == 1 ? "" : "s") invalid; nothing rendered (--keep-going renders the valid ones)") }
            }
            return invalid
        }
    }

    /// The presets to render, in the order runners take them; writes the first manifest.
    func start(_ todo: [Int]) {
        queue.sync {
            pending = todo
            total = todo.count
            writeManifest(exitCode: nil, interrupted: false)
        }
    }

    /// The next preset to render, or nil when none is left, a preset failed (without
    /// --keep-going) or the batch was interrupted.
    func next(cancel: CancellationToken) -> Int? {
        queue.sync {
            if stopped || cancel.isCancelled || pending.isEmpty { return nil }
            let i = pending.removeFirst()
            inFlight.insert(i)
            // Recorded as `running` now, so a batch killed with SIGKILL leaves a manifest that
            // says which presets were in flight (issue 27.11: they read `skipped`).
            writeManifest(exitCode: nil, interrupted: false)
            return i
        }
    }

    /// A preset ended: its entry, its progress line, the manifest.
    func finished(_ i: Int, _ e: BatchEntry, cancel: CancellationToken) {
        queue.sync {
            entries[i] = e
            inFlight.remove(i)
            doneCount += 1
            if e.status == .failed && !options.keepGoing { stopped = true }
            switch mode {
            case .json:
                log(ProgressEvent.line(ProgressEvent.Preset(index: doneCount, total: total, entry: e)))
            case .none:
                if e.status == .failed { log(PrintableText.escaped("\(e.input): \(e.error ?? "failed")")) }
            default:
                let what = e.status == .failed || e.status == .cancelled ? ": \(e.error ?? "")"
                    : " → \(e.output ?? "(null)") (\(e.frames ?? 0) frames, \(String(format: "%.2f", e.wallTime ?? 0)) s)"
                log(PrintableText.escaped("[\(doneCount)/\(total)] \(e.status.rawValue) \(e.input)\(what)"))
            }
            writeManifest(exitCode: nil, interrupted: cancel.isCancelled)
        }
    }

    /// SIGINT/SIGTERM: the CLI exits within two seconds even if a render does not wind down, so
    /// the interruption is recorded at once (from the token's handler, no thread waiting for it).
    func interrupted(reason: Int32) {
        queue.async { [self] in
            if !over { writeManifest(exitCode: 128 + reason, interrupted: true) }
        }
    }

    /// Marks what never ran, writes the final manifest, returns the report.
    func finish(cancel: CancellationToken) -> BatchReport {
        queue.sync {
            let interrupted = cancel.isCancelled
            for i in selected where entries[i].status == .skipped && entries[i].error == nil {
                entries[i].error = interrupted ? "not rendered: the batch was interrupted" : "not rendered: an earlier preset failed"
            }
            let mine = selected.map { entries[$0] }
            var code = BatchJob.exitCode(mine, interruptedBy: interrupted ? cancel.reason : nil)
            // A manifest that cannot be written fails the batch (exit 1): CI must not go on without it.
            var manifestError = writeManifest(exitCode: code, interrupted: interrupted)
            if manifestError != nil && !interrupted {
                code = 1
                manifestError = writeManifest(exitCode: code, interrupted: interrupted) ?? manifestError
            }
            over = true
            if mode == .json {
                var counts: [BatchStatus: Int] = [:]
                for e in mine { counts[e.status, default: 0] += 1 }
                log(ProgressEvent.line(ProgressEvent.Batch(total: mine.count, counts: counts, exitCode: code)))
            }
            return BatchReport(entries: mine, exitCode: code, interrupted: interrupted, manifestError: manifestError)
        }
    }

    /// On `queue`. Presets being rendered are `running` (`cancelled` once interrupted), so a
    /// manifest left by a killed batch says which presets were in flight. Returns why the write
    /// failed (nil: it succeeded).
    @discardableResult
    private func writeManifest(exitCode: Int32?, interrupted: Bool) -> String? {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let path = options.manifest else { return nil }
        var snapshot = selected.map { entries[$0] }
        for (k, i) in selected.enumerated() where inFlight.contains(i) {
            snapshot[k].status = interrupted ? .cancelled : .running
            snapshot[k].error = interrupted ? "interrupted" : nil
        }
        let text = BatchManifest.json(snapshot, outputDirectory: options.outputDirectory, shard: options.shard,
                                      interrupted: interrupted, exitCode: exitCode, target: options.target)
        do { try BatchManifest.write(text, to: path); return nil } catch {
            log("segue: \(error)")
            return "\(error)"
        }
    }

    /// On `queue` (so lines never interleave).
    private func log(_ s: String) {
        FileHandle.standardError.write(Data((s + "\n").utf8))
    }
}

extension BatchJob {
    /// 128 + signal when interrupted; 1 when a render failed or an output changed; 2 when a
    /// preset was invalid (and nothing failed); 1 when presets were skipped; else 0.
    static func exitCode(_ entries: [BatchEntry], interruptedBy signal: Int32?) -> Int32 {
        if let signal { return 128 + signal }
        if entries.contains(where: { $0.status == .failed || $0.status == .changed }) { return 1 }
        if entries.contains(where: { $0.status == .invalid }) { return 2 }
        if entries.contains(where: { $0.status == .skipped }) { return 1 }
        return 0
    }
}
