import Foundation

/// How progress is shown on stderr (docs/CLI.md `--progress`).
public enum ProgressMode: String, Sendable, CaseIterable {
    case auto, bar, plain, json, none

    /// `auto`: a bar on a terminal, plain lines otherwise.
    public var resolved: ProgressMode {
        guard self == .auto else { return self }
        return isatty(STDERR_FILENO) == 1 ? .bar : .plain
    }
}

/// Reports frames done, throughput and ETA. Called from the encoder thread only.
public final class ProgressReporter {
    let mode: ProgressMode
    let total: Int
    let label: String
    let startTime = Date()
    var lastReport = Date.distantPast
    var lastPlainPercent = -1

    public init(mode: ProgressMode, total: Int, label: String) {
        self.mode = mode.resolved
        self.total = total
        self.label = label
    }

    public func update(done: Int) {
        let now = Date()
        let elapsed = now.timeIntervalSince(startTime)
        let fps = elapsed > 0 ? Double(done) / elapsed : 0
        let eta = fps > 0 ? Double(total - done) / fps : 0
        switch mode {
        case .bar:
            guard done == total || now.timeIntervalSince(lastReport) >= 0.1 else { return }
            lastReport = now
            let width = 28
            let filled = total > 0 ? width * done / total : width
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            write("\r\(label) \(bar) \(done)/\(total) frames  \(String(format: "%.1f", fps)) fps  ETA \(String(format: "%.1f", eta)) s\u{1B}[K")
        case .plain:
            let percent = total > 0 ? 100 * done / total : 100
            guard percent / 10 != lastPlainPercent / 10 || done == total else { return }
            if done == total && lastPlainPercent == 100 { return }
            lastPlainPercent = percent
            write("\(label): \(done)/\(total) frames (\(percent)%), \(String(format: "%.1f", fps)) fps, ETA \(String(format: "%.1f", eta)) s\n")
        case .json:
            guard done == total || now.timeIntervalSince(lastReport) >= 0.1 else { return }
            lastReport = now
            write(ProgressEvent.line(ProgressEvent.Progress(name: label, frame: done, total: total, fps: fps, eta: eta)) + "\n")
        case .none, .auto:
            break
        }
    }

    public func finish(output: String?, frames: Int) {
        let elapsed = Date().timeIntervalSince(startTime)
        switch mode {
        case .bar:
            write("\n")
        case .json:
            write(ProgressEvent.line(ProgressEvent.Done(name: label, frames: frames, seconds: elapsed, output: output)) + "\n")
        default:
            break
        }
    }

    /// Ends a bar line before an error message is printed.
    public func abort() {
        if mode == .bar { write("\n") }
    }

    func write(_ s: String) {
        FileHandle.standardError.write(s.data(using: .utf8)!)
    }
}

/// A JSON string literal (Compare's report).
package func jsonString(_ s: String) -> String { OrderedJSON.quote(s) }
