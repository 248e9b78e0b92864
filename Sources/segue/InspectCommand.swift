import Foundation
import Presets
import Vocabulary

// `segue inspect PRESET`: the resolved timeline as a table, then each screen's elements
// (InspectElements.swift); a matrix preset's combinations (MatrixCommand.swift).

extension Command {
    static let inspect = Command(
        name: "inspect", synopsis: "segue inspect PRESET [--only K=V,...]", summary: "the resolved timeline, each screen's elements",
        about: """
        Prints the resolved timeline: each step's start, end, frame range and curve; each screen's
        elements with frames in points and where each came from (a hierarchy dump's file and line, the
        preset's JSON path, or the mock); a matrix preset's combinations.
        """,
        options: Option.rendering + Option.story,
        run: runInspect)
}

func runInspect(_ a: Arguments) throws {
    if try listMatrix(a) { return }
    let s = try loadStoryboard(a, overrides: overrides(a))
    print("\(s.name): \(s.pixelWidth)×\(s.pixelHeight) px (\(s.device.name), scale \(s.scale)), \(s.fps) fps, \(String(format: "%.3f", s.duration)) s, \(s.frameCount()) frames")
    print(pad("step", 6) + pad("what", 34) + pad("start", 9) + pad("end", 9) + pad("frames", 14) + "curve")
    for step in s.steps {
        let f0 = Int((step.start * Double(s.fps)).rounded()), f1 = Int((step.end * Double(s.fps)).rounded())
        // What the step does first (tools read the table's second column), then its caption.
        let what = step.kindTitle + (step.caption.map { " — " + $0 } ?? "")
        print(pad("\(step.index)", 6) + pad(PrintableText.escaped(what), 34) + pad(String(format: "%.3f", step.start), 9) + pad(String(format: "%.3f", step.end), 9)
              + pad("\(f0)–\(f1)", 14) + step.curveName)
    }
    printElements(s)
}

func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }
