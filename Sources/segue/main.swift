import Foundation
import FramePipeline
import Presets
import Vocabulary

// The CLI: finds the command, parses its arguments against the options it declares, runs it,
// and exits as docs/CLI.md says: the error's own exit class (ExitCode.swift), or 128 + signal
// when the one interruption source, the cancellation token, has seen a signal.

func main() -> ExitCode {
    var args = Array(RawPaths.arguments().dropFirst())   // names that are not UTF-8 kept, shown escaped
    guard let name = args.first else { print(usageText); return .usage }
    args.removeFirst()
    currentCommand = name
    switch name {
    case "--version", "-V", "version": print("segue \(SegueVersion.string)"); return .ok
    case "--help", "-h": print(usageText); return .ok
    default: break
    }
    guard let command = findCommand(name) else { return ending(with: unknownCommand(name)) }
    if asksForHelp(command, args) { print(helpText(command)); return .ok }
    // studio handles its own signals: Ctrl-C ends it with 0.
    if command.name != "studio" { installSignalHandlers() }
    do {
        try command.run(try Arguments(args, options: command.options))
        return .ok
    } catch {
        return ending(with: error)
    }
}

/// Reports `error` and gives the code to exit with.
func ending(with error: any Error) -> ExitCode {
    let sig = cancelToken.reason
    if sig != 0 {
        reportInterrupted(sig, command: currentCommand)
        return .interrupted(by: sig)
    }
    let (code, report) = classify(error)
    // An outcome already reported (a batch's summary of failures) ends without another line.
    if code == .usage || !report.isEmpty { reportFailure(report, exitCode: code) }
    return code
}

exit(main().status)
