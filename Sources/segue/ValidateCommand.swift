import BatchReview
import Foundation
import FramePipeline
import Media
import Presets
import Vocabulary
import Raster

extension Command {
    static let validate = Command(
        name: "validate", synopsis: "segue validate PRESET...|DIR... [--format text|json|github]", summary: "check only, render nothing",
        about: """
        Checks presets in one pass and prints every problem; exit 2 if any is invalid. A folder means
        every *.json below it (hidden files and folders skipped), as segue batch takes it.
          text    (default) FILE:LINE:COLUMN: JSON.path: message, one per line on stderr
          json    one JSON object per problem on stdout: file, line, column, path, message, expected,
                  found, severity
          github  ::error file=…,line=…,col=…::message lines on stdout (GitHub Actions annotations)
        Warnings (an unknown font family) are printed the same way and do not make a preset invalid.
        """,
        options: [.problemFormat, .quiet.described("", "no line for a valid preset")],
        run: runValidate)
}

func runValidate(_ a: Arguments) throws {
    guard !a.positionals.isEmpty else { throw Failure(code: .usage, message: "validate needs at least one preset") }
    let format = a.value(.problemFormat) ?? "text"
    let paths: [String]
    do { paths = try BatchJob.discover(a.positionals).map(\.path) } catch let e as BatchError {
        throw Failure(code: .usage, message: "segue: \(e.description)")
    }
    if paths.isEmpty { throw Failure(code: .usage, message: "segue: no presets (*.json) in \(a.positionals.joined(separator: ", "))") }
    var bad = 0
    for path in paths {
        let (problems, warnings) = PresetLoader.validate(path: path, images: PresetImages.folder, fonts: InstalledFonts()) { outputProblems($0, file: path) }   // the output render would write, too
        for p in problems + warnings {
            switch format {
            case "json": print(ProblemFormat.json(p))
            case "github": print(ProblemFormat.github(p))
            default: printErr(p.description)
            }
        }
        if !problems.isEmpty { bad += 1 } else if !a.has(.quiet) && format == "text" { print(PrintableText.escaped("\(path): ok")) }
    }
    if bad > 0 { throw Failure(code: .usage, message: "\(bad) of \(paths.count) preset\(paths.count == 1 ? "" : "s") invalid") }
}

/// The machine-readable forms of a problem.
enum ProblemFormat {
    static func json(_ p: Problem) -> String {
        var o: [String: Any] = ["file": p.file, "path": p.path, "message": p.message, "severity": p.severity.rawValue,
                                "line": p.position?.line ?? NSNull(), "column": p.position?.column ?? NSNull(),
                                "expected": p.expected ?? NSNull(), "found": p.found ?? NSNull()]
        if p.path.isEmpty { o["path"] = NSNull() }
        let data = (try? JSONSerialization.data(withJSONObject: o, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// GitHub's workflow command: properties escape % CR LF : ,; the message escapes % CR LF.
    static func github(_ p: Problem) -> String {
        func raw(_ s: String) -> String {
            s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
        }
        func data(_ s: String) -> String { raw(PrintableText.escaped(s)) }
        func property(_ s: String) -> String { data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C") }
        var props = ["file=\(property(p.file))"]
        if let pos = p.position { props += ["line=\(pos.line)", "col=\(pos.column)"] }
        let message = p.path.isEmpty ? p.message : "\(p.path): \(p.message)"
        return "::\(p.severity == .warning ? "warning" : "error") \(props.joined(separator: ","))::\(data(message))"
    }
}
