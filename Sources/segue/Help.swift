import Presets

// `segue help CMD` and `segue CMD --help` print the same text; an unknown command or help topic
// gets a did-you-mean from the list of commands.

/// The commands `main` dispatches, in the order of the usage text.
let commandNames = ["render", "batch", "frames", "sheet", "plot", "validate", "compare", "gallery", "inspect", "import", "studio", "list", "help"]

/// A command's help text (nil for an unknown command).
func helpText(_ command: String) -> String? {
    switch command {
    case "batch": return batchHelp
    case "compare": return compareHelp
    case "gallery": return galleryHelp
    case "import": return importHelp
    case "help": return "segue help [COMMAND]\nPrints the usage of every command, or COMMAND's help (the same as segue COMMAND --help)."
    default: return helpTexts[command]
    }
}

/// `segue CMD … --help` (or -h anywhere before `--`): the command's help instead of running it.
func asksForHelp(_ command: String, _ args: [String]) -> String? {
    guard command != "help", args.prefix { $0 != "--" }.contains(where: { $0 == "--help" || $0 == "-h" }) else { return nil }
    return helpText(command)
}

/// `unknown command "rendr"; did you mean "render"? see segue --help`.
func unknownCommand(_ word: String, what: String = "command") -> Failure {
    let hint = DidYouMean.closest(word, in: commandNames).map { "; did you mean \"\($0)\"?" } ?? ""
    return Failure(code: Exit.usage, message: "unknown \(what) \"\(word)\"\(hint) (see segue --help)")
}
