import BatchReview
import Foundation
import Media

let importHelp = """
segue import DIR -o PRESET.json [--device NAME] [--force]
Writes a preset from a folder of screenshots, each optionally with a hierarchy dump of the same
base name (uiautomator or Appium XML, Maestro JSON, XCUITest debugDescription text): screens in
lexical order, a push from each to the next — magic-move where both dumps name the same image
element, else uikit (iOS) or android-activity (Android) — and holds. The device is guessed from
the screenshots' pixel size (--device to choose). PRESET must be in DIR or a folder above it; an
existing PRESET is replaced only with --force.
"""

func importStory(_ args: [String]) throws {
    let a = try Arguments(args, valued: ["-o", "--device"], flagNames: ["--force", "--quiet"], aliases: ["--output": "-o"])
    guard a.positionals.count == 1, let dir = a.positionals.first else { throw Failure(code: Exit.usage, message: "import needs one folder: segue import DIR -o PRESET.json") }
    guard let out = a.values["-o"] else { throw Failure(code: Exit.usage, message: "import needs -o PRESET.json") }
    do {
        let result = try StoryImport.plan(directory: dir, output: out, device: a.values["--device"])
        outputsStarted.set()
        try StoryImport.write(result.text, to: out, force: a.flags.contains("--force"))
        if !a.flags.contains("--quiet") {
            printErr("\(out): \(result.screens) screens on \(result.device), \(result.magicMoves) magic-move\(result.magicMoves == 1 ? "" : "s")")
        }
    } catch let e as ImportError {
        throw Failure(code: Exit.usage, message: "segue: import: \(e.description)")
    }
}
