import BatchReview
import FramePipeline
import Media
import Presets
import Raster
import Studio

// The exit class of each library error that reaches the CLI (docs/CLI.md "Exit codes"). Exit
// codes are the CLI's contract, so the libraries' errors say nothing of them; each conformance
// here says why its error is bad input (2). Errors not listed are failures (1).

/// A destination that exists and is not Segue's to replace, or is an input (`-o` on the preset).
extension DestinationError: ExitClassified { var exitCode: ExitCode { .usage } }
/// `frames --at` past the last frame.
extension StillsJob.TimeError: ExitClassified { var exitCode: ExitCode { .usage } }
/// A bitmap of a size that is not positive: only sizes from input get here (a canvas too thin
/// for a contact sheet's thumbnails); programmer errors trap in Raster.
extension RasterError: ExitClassified { var exitCode: ExitCode { .usage } }
/// An output the options or the preset contradict (`--format mp4 -o x.gif`).
extension OutputChoiceError: ExitClassified { var exitCode: ExitCode { .usage } }
/// A render whose estimated peak memory is above `--max-memory`.
extension MemoryLimitError: ExitClassified { var exitCode: ExitCode { .usage } }

/// Bad input found while rendering: a screen's image that no longer decodes when the screen is
/// first shown (screens are built then, not at resolve time). It names its file and position.
extension PresetError: ExitClassified {
    var exitCode: ExitCode { .usage }
    var report: String { description }
}

/// Inputs that cannot be compared (different sizes, rates, frame counts) are usage; a decode
/// failure is a failure.
extension CompareError: ExitClassified {
    var exitCode: ExitCode { usage ? .usage : .failure }
    var report: String { "segue: compare: \(description)" }
}

/// A folder of screenshots that makes no preset.
extension ImportError: ExitClassified {
    var exitCode: ExitCode { .usage }
    var report: String { "segue: import: \(description)" }
}

/// A bad PRESET|DIR is usage; a server or watcher that could not start is a failure.
extension StudioError: ExitClassified {
    var exitCode: ExitCode { isUsage ? .usage : .failure }
    var report: String { "segue: studio: \(description)" }
}

/// A signal arrived before an output was renamed into place (normally seen first through the
/// cancellation token, which observes the same signal).
extension InterruptedError: ExitClassified { var exitCode: ExitCode { .interrupted(by: signal) } }
extension CancelledError: ExitClassified { var exitCode: ExitCode { .interrupted(by: reason) } }
