import Foundation
import Studio

// `segue studio [PRESET|DIR] [--port N]`: runs its own signal handling (Ctrl-C ends a studio
// normally: exit 0), so main installs the render commands' handlers for every command but this.

extension Command {
    static let studio = Command(
        name: "studio", synopsis: "segue studio [PRESET|DIR] [--port N]", summary: "a live preview page on 127.0.0.1, reloaded on save",
        about: """
        Serves a page at http://127.0.0.1:PORT/ (a free port unless --port) that shows the presets of
        DIR (default: the current folder), or the one PRESET, frame by frame: the exact frame at the
        scrubber's time, the steps on a timeline, the progress plot, problems as `segue validate` prints
        them, overlays, and a region picker. It reloads by itself when a file of the folder is saved.
        Loopback only (127.0.0.1 and ::1); runs until Ctrl-C, then exits 0.
        """,
        options: [.port],
        run: runStudio)
}

func runStudio(_ a: Arguments) throws {
    guard a.positionals.count <= 1 else { throw Failure(code: .usage, message: "studio takes one preset or folder (got \(a.positionals.count))") }
    let port = a.int(.port) ?? 0
    try Studio.run(target: a.positionals.first ?? ".", port: UInt16(port), extraProblems: { outputProblems($0, file: $1) }) { url in
        print(url)
        fflush(nil)
    }
}
