import Foundation
import FramePipeline
import Media
import Presets

// `segue sheet PRESET -o FILE.png [--count N] [--columns C]`: a contact sheet (filmstrip).

extension Command {
    static let sheet = Command(
        name: "sheet", synopsis: "segue sheet PRESET -o FILE.png|FILE.jpg [--count N] [--columns C]", summary: "contact sheet (filmstrip)",
        about: "A contact sheet of evenly spaced frames, each labelled with its frame and time.",
        options: [.output.described("FILE", "the sheet: .png or .jpg (-o /dev/null: render, write nothing)"), .count, .columns]
            + Option.rendering + Option.story + Option.work + [.quiet, .verbose, .showElements],
        run: runSheet)
}

func runSheet(_ a: Arguments) throws {
    MediaLog.configure(verbose: a.has(.verbose))
    guard let out = a.value(.output) else { throw Failure(code: .usage, message: "sheet needs -o FILE.png") }
    let storyboard = markingElements(a, try loadStoryboard(a, overrides: overrides(a)))
    let count = a.int(.count) ?? 12
    try checkStillOutput(out, a)
    let columns = a.int(.columns) ?? min(count, 6), slowMotion = a.number(.slowMotion) ?? 1
    let jobs = a.int(.jobs) ?? ProcessInfo.processInfo.activeProcessorCount
    try checkStillsMemory(.sheet(storyboard, count: count, columns: columns, slowMotion: slowMotion, jobs: jobs), a, storyboard)
    outputsStarted.set()
    let shown = try ContactSheet.run(storyboard, to: out, count: count, columns: columns, slowMotion: slowMotion, jobs: jobs, cancel: cancelToken)
    if !a.has(.quiet) { printErr("\(out): \(shown) frame\(shown == 1 ? "" : "s")") }
}
