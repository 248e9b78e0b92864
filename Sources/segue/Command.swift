/// One command of the CLI: what `segue --help` lists, what `segue help NAME` prints (built
/// from the options it declares, Help.swift), and what it runs on its parsed arguments.
struct Command: Sendable {
    let name: String
    /// `segue frames PRESET (--at T[,T...] | --every K | --all) -o DIR`: the first line of its help.
    let synopsis: String
    /// One line for `segue --help`.
    let summary: String
    /// The help's prose, between the synopsis and the options.
    let about: String
    let options: [Option]
    let run: @Sendable (Arguments) throws -> Void
}

/// The commands in the order `segue --help` lists them.
let commands: [Command] = [.render, .batch, .frames, .sheet, .plot, .validate, .compare, .gallery, .inspect, .importStory, .studio, .list, .help]

func findCommand(_ name: String) -> Command? { commands.first { $0.name == name } }
