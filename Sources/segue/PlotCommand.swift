import FramePipeline
import Presets

// `segue plot PRESET -o FILE.png`: every step's progress over time on one chart.

extension Command {
    static let plot = Command(
        name: "plot", synopsis: "segue plot PRESET -o FILE.png|FILE.jpg", summary: "progress-over-time chart",
        about: "A chart of every step's progress over time: step names, the release point and decision of gestures, overshoot.",
        options: [.output.described("FILE", "the chart: .png or .jpg")] + Option.rendering + Option.story + [.quiet],
        run: runPlot)
}

func runPlot(_ a: Arguments) throws {
    guard let out = a.value(.output) else { throw Failure(code: .usage, message: "plot needs -o FILE.png") }
    let storyboard = try loadStoryboard(a, overrides: overrides(a))
    try checkStillOutput(out, a)
    outputsStarted.set()
    try ProgressPlot.run(storyboard, to: out)
    if !a.has(.quiet) { printErr("\(out): progress of \(storyboard.steps.filter { $0.operation != nil }.count) steps") }
}
