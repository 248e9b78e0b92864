import FramePipeline
import Presets

// The help texts, built from each command's declaration: `segue help CMD` and `segue CMD --help`
// print the same text; an unknown command or help topic gets a did-you-mean.

/// `segue help CMD`: the synopsis, the prose, then one line per option it takes.
func helpText(_ c: Command) -> String {
    let options = c.options.isEmpty ? "" : "\noptions:\n" + optionLines(c.options)
    return "\(c.synopsis)\n\(c.about)\(options)"
}

/// `  --fps N               frames per second; 1…240`; a long left column gets a line of its own.
func optionLines(_ options: [Option]) -> String {
    let column = 24
    return options.map { o in
        let left = "  " + o.usage
        let gap = left.count < column ? String(repeating: " ", count: column - left.count) : "\n" + String(repeating: " ", count: column)
        return left + gap + o.description
    }.joined(separator: "\n")
}

/// `segue --help`: every command's synopsis and summary, then the options of render.
var usageText: String {
    let lines = commands.map { c in
        c.synopsis.count < 56 ? "  " + pad(c.synopsis, 56) + c.summary : "  \(c.synopsis)\n" + String(repeating: " ", count: 58) + c.summary
    }
    return """
    segue \(SegueVersion.string) — headless exporter of transition previews

    usage:
    \(lines.joined(separator: "\n"))
      segue --version | --help | help COMMAND | COMMAND --help

    options of render (segue help COMMAND lists each command's):
    \(optionLines(Command.render.options))
    """
}

/// `segue CMD … --help` (or -h anywhere before `--`): the command's help instead of running it.
func asksForHelp(_ command: Command, _ args: [String]) -> Bool {
    command.name != "help" && args.prefix { $0 != "--" }.contains { $0 == "--help" || $0 == "-h" }
}

/// `unknown command "rendr"; did you mean "render"? see segue --help`.
func unknownCommand(_ word: String, what: String = "command") -> Failure {
    let hint = DidYouMean.closest(word, in: commands.map(\.name)).map { "; did you mean \"\($0)\"?" } ?? ""
    return Failure(code: .usage, message: "unknown \(what) \"\(word)\"\(hint) (see segue --help)")
}

extension Command {
    static let help = Command(
        name: "help", synopsis: "segue help [COMMAND]", summary: "every command's usage, or COMMAND's help",
        about: "Prints the usage of every command, or COMMAND's help (the same as segue COMMAND --help).", options: []
    ) { a in
        guard let name = a.positionals.first else { print(usageText); return }
        guard let c = findCommand(name) else { throw unknownCommand(name) }
        print(helpText(c))
    }
}
