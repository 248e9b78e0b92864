// How the CLI ends (docs/CLI.md "Exit codes"): 0 success, 1 a render/encode/I-O failure, 2 bad
// usage or an invalid preset (nothing rendered), 128 + signal when interrupted (130, 143).

struct ExitCode: Equatable, Sendable {
    let status: Int32
    static let ok = ExitCode(status: 0)
    static let failure = ExitCode(status: 1)
    static let usage = ExitCode(status: 2)
    static func interrupted(by signal: Int32) -> ExitCode { ExitCode(status: 128 + signal) }
}

/// An error that carries the exit code it ends the CLI with, and the line printed for it. An
/// error that does not conform is a failure (exit 1), printed as `segue: <error>`; a usage
/// error says so where its type is declared (here for the CLI's own, ExitClasses.swift for the
/// library's), never in a list of cases at the exit.
protocol ExitClassified: Error {
    var exitCode: ExitCode { get }
    /// What stderr gets (empty: nothing, e.g. a batch whose manifest already says it all).
    var report: String { get }
}

extension ExitClassified {
    var report: String { "segue: \(self)" }
}

/// A command's own refusal or outcome, with the code it exits with.
struct Failure: ExitClassified, CustomStringConvertible {
    var code: ExitCode
    var message: String
    var exitCode: ExitCode { code }
    var description: String { message }
    /// A usage message without a source (`frames needs -o DIR`) is prefixed `segue: `; a
    /// message naming its source (`x.json:3:4: …`, `segue: …`) is printed as it is.
    var report: String { code == .usage && !message.contains(": ") ? "segue: \(message)" : message }
}

extension Arguments.UsageError: ExitClassified {
    var exitCode: ExitCode { .usage }
}

/// The exit code for `error` and the line printed for it.
func classify(_ error: any Error) -> (code: ExitCode, report: String) {
    guard let e = error as? any ExitClassified else { return (.failure, "segue: \(error)") }
    return (e.exitCode, e.report)
}
