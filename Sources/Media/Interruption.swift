import CFFmpeg
import Foundation

/// SIGINT and SIGTERM for the whole process (docs/CLI.md: a signal that arrives before an
/// output is renamed into place gives 130/143 and leaves the destination untouched).
///
/// The handler (shim.h, async-signal context) records the first signal the instant it arrives
/// and wakes a thread of ours, which runs `onSignal`. Every rename into place (`commit`) checks
/// that record under a lock, so a signal that arrived before the check is never followed by a
/// rename: the check is the moment a commit happens. (A Dispatch signal source, the earlier
/// mechanism, delivers the signal later on a queue; a signal during the trailer, the faststart
/// rewrite or the png folder swap was seen only after the rename, and the render exited 0.)
public enum Interruption {
    /// The first SIGINT/SIGTERM received; 0 while none has.
    public static var received: Int32 { segue_signal_received() }

    /// Installs the handler for `signals`. `onSignal` runs on a thread of its own, once per
    /// signal delivered (the first one is what `received` reports).
    public static func install(_ signals: [Int32], onSignal: @escaping @Sendable (Int32) -> Void) throws {
        for sig in signals where segue_signal_install(sig) != 0 {
            throw MediaError("sigaction(\(sig)) failed: \(String(cString: strerror(errno)))")
        }
        let t = Thread {
            while case let sig = segue_signal_wait(), sig > 0 { onSignal(sig) }
        }
        t.name = "segue-signals"
        t.start()
    }

    /// Records `sig` as if it had arrived (0 clears), for tests.
    static func record(_ sig: Int32) { segue_signal_set(sig) }

    /// Serialises commits with the signal path: while `exclusive` runs, no output is renamed
    /// into place, and once a signal is recorded none ever is.
    static let gate = NSLock()

    /// Runs `body` with commits held off (the signal path's clean-up: removing temporaries and
    /// exiting while no rename is half-done).
    public static func exclusive<T>(_ body: () throws -> T) rethrows -> T {
        gate.lock(); defer { gate.unlock() }
        return try body()
    }

    /// Runs `rename` unless a signal has been received; then `InterruptedError` and nothing is renamed.
    static func commit(_ destination: String, evenAfterSignal: Bool = false, _ rename: () throws -> Void) throws {
        gate.lock(); defer { gate.unlock() }
        let sig = received
        if sig != 0 && !evenAfterSignal { throw InterruptedError(signal: sig, destination: destination) }
        try rename()
    }
}

/// A signal arrived before `destination` was renamed into place: it was not (exit 128 + signal).
public struct InterruptedError: Error, CustomStringConvertible, Sendable {
    public var signal: Int32
    public var destination: String
    public var description: String { "\(destination): interrupted by signal \(signal) before it was written; nothing written" }
}
