import Presets

/// A command line parsed against the options its command declares: `--name value`,
/// `--name=value`, `-o value`, flags, positionals, `--` ending the options. Every value is
/// checked against its declaration here, so the typed getters below cannot fail.
struct Arguments {
    private(set) var positionals: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    private let declared: [String: Option]

    struct UsageError: Error, CustomStringConvertible { var description: String }

    init(_ args: [String], options: [Option]) throws {
        var byName: [String: Option] = [:]
        for o in options {
            precondition(byName[o.name] == nil, "\(o.name) is declared twice for one command")
            byName[o.name] = o
            if let alias = o.alias { byName[alias] = o }
        }
        declared = byName
        var rest = args[...]
        while let a = rest.popFirst() {
            if a == "--" { positionals += rest; break }
            guard a.hasPrefix("-") && a.count > 1 && Double(a) == nil else { positionals.append(a); continue }
            try take(a, from: &rest)
        }
    }

    /// One option (and its value, from `--name=value` or the next argument).
    private mutating func take(_ a: String, from rest: inout ArraySlice<String>) throws {
        var name = a, inline: String?
        if let eq = a.firstIndex(of: "="), a.hasPrefix("--") {
            name = String(a[..<eq]); inline = String(a[a.index(after: eq)...])
        }
        guard let option = declared[name] else { throw unknown(a, name) }
        guard option.takesValue else {
            if inline != nil { throw UsageError(description: "\(option.name) takes no value") }
            flags.insert(option.name)
            return
        }
        guard let value = inline ?? rest.popFirst() else { throw UsageError(description: "\(option.name) needs a value") }
        if let problem = option.problem(with: value) { throw UsageError(description: problem) }
        values[option.name] = value
    }

    /// `unknown option --jbos; did you mean --jobs?` (the nearest option this command takes).
    private func unknown(_ given: String, _ name: String) -> UsageError {
        let hint = DidYouMean.closest(name, in: Array(declared.keys.filter { $0.hasPrefix("--") })).map { "; did you mean \($0)?" } ?? ""
        return UsageError(description: "unknown option \(given)\(hint)")
    }

    /// The text given to `o` (nil when absent, or when the command does not take `o`: shared
    /// helpers ask for `--quiet` whichever command runs them).
    func value(_ o: Option) -> String? { values[o.name] }
    func has(_ o: Option) -> Bool { flags.contains(o.name) }

    /// A typed value, checked against the command's own declaration when parsed; reading an
    /// option the command does not declare is a programmer error.
    private func checked(_ o: Option) -> String? {
        precondition(declared[o.name] != nil, "\(o.name) is read by a command that does not declare it")
        return values[o.name]
    }
    func int(_ o: Option) -> Int? { checked(o).flatMap { Int($0) } }
    func number(_ o: Option) -> Double? { checked(o).flatMap { Double($0) } }
    /// A memory size in bytes.
    func size(_ o: Option) -> Int? { checked(o).flatMap(MemorySize.parse) }
}
