import Presets

/// A small command-line parser: `--name value`, `--name=value`, `-o value`, flags, positionals.
struct Arguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    struct UsageError: Error, CustomStringConvertible { var description: String }

    /// `valued` are options that take a value, `flagNames` those that do not.
    init(_ args: [String], valued: Set<String>, flagNames: Set<String>, aliases: [String: String] = [:]) throws {
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--" { positionals += args[(i + 1)...]; break }
            if a.hasPrefix("-") && a.count > 1 && Double(a) == nil {
                var name = a, inline: String?
                if let eq = a.firstIndex(of: "="), a.hasPrefix("--") {
                    name = String(a[..<eq]); inline = String(a[a.index(after: eq)...])
                }
                name = aliases[name] ?? name
                if valued.contains(name) {
                    if let v = inline { values[name] = v }
                    else {
                        guard i + 1 < args.count else { throw UsageError(description: "\(name) needs a value") }
                        values[name] = args[i + 1]; i += 1
                    }
                } else if flagNames.contains(name) {
                    if inline != nil { throw UsageError(description: "\(name) takes no value") }
                    flags.insert(name)
                } else {
                    throw UsageError(description: "unknown option \(a)")
                }
            } else {
                positionals.append(a)
            }
            i += 1
        }
    }

    func int(_ name: String, _ range: ClosedRange<Int>) throws -> Int? {
        guard let s = values[name] else { return nil }
        guard let v = Int(s), range.contains(v) else {
            throw UsageError(description: "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound) (got \"\(s)\")")
        }
        return v
    }

    func double(_ name: String, _ range: ClosedRange<Double>) throws -> Double? {
        guard let s = values[name] else { return nil }
        guard let v = Double(s), v.isFinite, range.contains(v) else {
            throw UsageError(description: "\(name) must be a number from \(range.lowerBound) to \(range.upperBound) (got \"\(s)\")")
        }
        return v
    }

    /// A memory size (`2G`, `512M`, bytes), for `--max-memory`.
    func memory(_ name: String) throws -> Int? {
        guard let s = values[name] else { return nil }
        guard let v = MemorySize.parse(s), v >= 1 << 20 else {
            throw UsageError(description: "\(name) must be a size such as 4G or 512M, at least 1M (got \"\(s)\")")
        }
        return v
    }

    func choice(_ name: String, _ options: [String]) throws -> String? {
        guard let s = values[name] else { return nil }
        guard options.contains(s) else {
            throw UsageError(description: "\(name) must be one of \(options.joined(separator: ", ")) (got \"\(s)\")")
        }
        return s
    }
}
