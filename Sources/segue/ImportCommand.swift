import BatchReview
import Foundation
import Media

// `segue import DIR -o PRESET.json`: a preset from UI-test screenshots and hierarchy dumps
// (Export's StoryImport).

extension Command {
    static let importStory = Command(
        name: "import", synopsis: "segue import DIR -o PRESET.json [--device NAME] [--force]", summary: "a preset from UI-test screenshots and dumps",
        about: """
        Writes a preset from a folder of screenshots, each optionally with a hierarchy dump of the same
        base name (uiautomator or Appium XML, Maestro JSON, XCUITest debugDescription text): screens in
        lexical order, a push from each to the next — magic-move where both dumps name the same image
        element, else uikit (iOS) or android-activity (Android) — and holds. The device is guessed from
        the screenshots' pixel size (--device to choose). PRESET must be in DIR or a folder above it; an
        existing PRESET is replaced only with --force.
        """,
        options: [.output.described("PRESET", "the preset written"), .device, .force, .quiet],
        run: runImport)
}

func runImport(_ a: Arguments) throws {
    guard a.positionals.count == 1, let dir = a.positionals.first else { throw Failure(code: .usage, message: "import needs one folder: segue import DIR -o PRESET.json") }
    guard let out = a.value(.output) else { throw Failure(code: .usage, message: "import needs -o PRESET.json") }
    let result = try StoryImport.plan(directory: dir, output: out, device: a.value(.device))
    outputsStarted.set()
    try StoryImport.write(result.text, to: out, force: a.has(.force))
    if !a.has(.quiet) {
        printErr("\(out): \(result.screens) screens on \(result.device), \(result.magicMoves) magic-move\(result.magicMoves == 1 ? "" : "s")")
    }
}
