import Foundation
import Studio

let studioHelp = """
segue studio [PRESET|DIR] [--port N]
Serves a page at http://127.0.0.1:PORT/ (a free port unless --port) that shows the presets of
DIR (default: the current folder), or the one PRESET, frame by frame: the exact frame at the
scrubber's time, the steps on a timeline, the progress plot, problems as `segue validate` prints
them, overlays, and a region picker. It reloads by itself when a file of the folder is saved.
Loopback only (127.0.0.1 and ::1); runs until Ctrl-C, then exits 0.
"""

/// `segue studio`: runs its own signal handling (Ctrl-C ends a studio normally: exit 0), so it
/// is dispatched before the render commands' handlers are installed.
func studio(_ args: [String]) -> Int32 {
    do {
        let a = try Arguments(args, valued: ["--port"], flagNames: [])
        guard a.positionals.count <= 1 else { throw Failure(code: Exit.usage, message: "studio takes one preset or folder (got \(a.positionals.count))") }
        let port = try a.int("--port", 1...65535) ?? 0
        try Studio.run(target: a.positionals.first ?? ".", port: UInt16(port), extraProblems: { outputProblems($0, file: $1) }) { url in
            print(url)
            fflush(nil)
        }
        return Exit.ok
    } catch let f as Failure {
        reportFailure(f.message.contains(": ") ? f.message : "segue: \(f.message)", exitCode: f.code)
        return f.code
    } catch let e as Arguments.UsageError {
        reportFailure("segue: \(e.description)", exitCode: Exit.usage)
        return Exit.usage
    } catch let e as StudioError {
        reportFailure("segue: studio: \(e.description)", exitCode: e.isUsage ? Exit.usage : Exit.failure)
        return e.isUsage ? Exit.usage : Exit.failure
    } catch {
        reportFailure("segue: studio: \(error)", exitCode: Exit.failure)
        return Exit.failure
    }
}
