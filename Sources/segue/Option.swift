import Foundation
import Presets

/// One command-line option, declared once (Options.swift): its name, the value it takes with
/// that value's range or choices, and its help line. The parser (Arguments), the check of a
/// value, the help texts (Help.swift) and the did-you-mean of a mistyped option all read it, so
/// a range or a choice is written in one place.
struct Option: Sendable {
    enum Value: Sendable {
        case flag
        /// Any text: a path, a name, a list the command parses itself.
        case text
        case int(ClosedRange<Int>)
        case number(ClosedRange<Double>)
        case choice([String])
        /// A memory size (`2G`, `512M`), at least 1 MiB.
        case size
    }

    let name: String
    var alias: String?
    let value: Value
    /// The value's placeholder in help (`N`, `DIR`); a choice without one lists its choices.
    let metavar: String
    let help: String
    /// Whether help appends the range of a number (false where `help` states it better).
    var showsRange = true

    init(_ name: String, alias: String? = nil, _ value: Value, _ metavar: String, _ help: String, showsRange: Bool = true) {
        self.name = name; self.alias = alias; self.value = value; self.metavar = metavar; self.help = help; self.showsRange = showsRange
    }

    static func flag(_ name: String, _ help: String) -> Option { Option(name, .flag, "", help) }

    var takesValue: Bool { if case .flag = value { false } else { true } }

    /// The same option described for one command (`-o DIR` for frames, `-o OUTDIR` for batch).
    func described(_ metavar: String, _ help: String) -> Option {
        Option(name, alias: alias, value, metavar, help, showsRange: showsRange)
    }

    /// Why `text` is not a value of this option, or nil when it is.
    func problem(with text: String) -> String? {
        switch value {
        case .flag, .text:
            return nil
        case .int(let r):
            guard let v = Int(text), r.contains(v) else {
                return "\(name) must be a whole number from \(r.lowerBound) to \(r.upperBound) (got \"\(text)\")"
            }
        case .number(let r):
            guard let v = Double(text), v.isFinite, r.contains(v) else {
                return "\(name) must be a number from \(Self.shown(r.lowerBound)) to \(Self.shown(r.upperBound)) (got \"\(text)\")"
            }
        case .choice(let options):
            guard options.contains(text) else { return "\(name) must be one of \(options.joined(separator: ", ")) (got \"\(text)\")" }
        case .size:
            guard let v = MemorySize.parse(text), v >= 1 << 20 else {
                return "\(name) must be a size such as 4G or 512M, at least 1M (got \"\(text)\")"
            }
        }
        return nil
    }

    /// `-o, --output FILE`, `--format mp4|mov`: the left column of a help line.
    var usage: String {
        let names = alias.map { "\(name), \($0)" } ?? name
        if case .choice(let options) = value, metavar.isEmpty { return "\(names) \(options.joined(separator: "|"))" }
        return metavar.isEmpty ? names : "\(names) \(metavar)"
    }

    /// The help line's text: `help`, then the range of a number (`1…240`).
    var description: String {
        guard showsRange else { return help }
        switch value {
        case .int(let r): return "\(help); \(r.lowerBound)…\(r.upperBound)"
        case .number(let r): return "\(help); \(Self.shown(r.lowerBound))…\(Self.shown(r.upperBound))"
        default: return help
        }
    }

    static func shown(_ x: Double) -> String { String(format: "%g", x) }
}
