import Foundation
import FramePipeline

// What a failed or interrupted command prints on stderr, and with `--progress json` its event.

func printErr(_ s: String) { FileHandle.standardError.write((s + "\n").data(using: .utf8)!) }

/// `--progress json` anywhere on the command line: fatal errors and interruptions are also
/// reported as one JSON event on stderr (docs: README "Progress and errors").
let jsonEvents: Bool = {
    let args = Array(CommandLine.arguments.dropFirst())
    return args.contains("--progress=json") || zip(args, args.dropFirst()).contains { $0 == "--progress" && $1 == "json" }
}()

/// Prints a fatal error (and with --progress json its event).
func reportFailure(_ message: String, exitCode: ExitCode) {
    if !message.isEmpty { printErr(message) }
    if jsonEvents {
        printErr(ProgressEvent.line(ProgressEvent.Failure(exitCode: exitCode.status, message: message.isEmpty ? "failed" : message)))
    }
}

/// The one line an interrupted command prints (once), and its JSON event.
let interruptionReported = Flag()
func reportInterrupted(_ sig: Int32, command: String) {
    guard !interruptionReported.testAndSet() else { return }
    let name = sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "signal \(sig)"
    let message = "segue: \(command) interrupted by \(name): " + interruptedOutcome(command)
    printErr(message)
    if jsonEvents {
        printErr(ProgressEvent.line(ProgressEvent.Interrupted(signal: sig, message: message)))
    }
}

/// What an interrupted command leaves (issue 27.11: batch said "nothing written" after earlier
/// presets had replaced their outputs).
func interruptedOutcome(_ command: String) -> String {
    switch command {
    case "batch": return "the presets that finished before it are written (the manifest lists each preset's status); the presets in flight wrote nothing and their existing outputs are untouched"
    case "gallery": return "nothing written; an existing gallery is untouched (the page and index_files are renamed into place only at the end)"
    default: return "nothing written; an existing output is untouched"
    }
}
