import Dispatch
import Foundation
import FramePipeline
import Media

/// SIGINT/SIGTERM cancel the running job: workers stop, the temporary file is removed and the
/// process exits 128 + signal. The signal is recorded the instant it arrives (Interruption), and
/// no output is renamed into place after that, so a signal during the trailer, the faststart
/// rewrite or the png folder swap also leaves an existing destination untouched. Before any
/// output exists (while a preset and its images are being read and decoded, which no token can
/// interrupt) there is nothing to clean up, so the process exits at once. If a running job does
/// not wind down within 0.9 s the handler removes every pending temporary file itself and exits.
///
/// The token is the one interruption source: it observes the recorded signal, so jobs and the
/// exit path ask only it.
let cancelToken = CancellationToken(observingSignals: true)
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
