import Vocabulary

// Every problem a preset has, collected at once, each as one line: file, JSON path, what was
// expected and what was found (docs/CLI.md).

public struct Problem: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable { case error, warning }
    public var file: String
    public var path: String
    public var message: String
    public var position: SourcePosition?
    /// What the preset should have had there and what it had, when the check knows them (for
    /// `validate --format json`); the message says both in words either way.
    public var expected: String?
    public var found: String?
    public var severity = Severity.error
    /// Lines Segue shows under the problem (a matrix's combinations), each its own line.
    public var detail: [String] = []

    public init(file: String, path: String, message: String, position: SourcePosition? = nil,
                expected: String? = nil, found: String? = nil, severity: Severity = .error, detail: [String] = []) {
        self.file = file; self.path = path; self.message = message; self.position = position
        self.expected = expected; self.found = found; self.severity = severity; self.detail = detail
    }

    /// `FILE:LINE:COLUMN: JSON.path: message`, the form editors, `grep -n` users and CI
    /// annotators parse; without a position `FILE: JSON.path: message`. Always one line: the
    /// preset's strings in it have their control characters escaped (PrintableText).
    public var description: String {
        let at = path.isEmpty ? "" : "\(path): "
        let place = position.map { ":\($0.line):\($0.column)" } ?? ""
        let level = severity == .warning ? "warning: " : ""
        return ([PrintableText.escaped("\(file)\(place): \(level)\(at)\(message)")] + detail.map(PrintableText.escaped)).joined(separator: "\n")
    }
}

/// Problems as they are found, at most `PresetCheck.maxProblems` kept and the rest only counted
/// (issue 20.11: 300 000 bad `match` pairs made 600 000 problems, 269 MB of output): the
/// Resolver collects through one, so its cost is bounded however many problems an input has.
public struct ProblemList: Sendable {
    public private(set) var problems: [Problem] = []
    /// Problems found beyond the cap.
    public private(set) var uncounted = 0
    public init() {}
    public var isEmpty: Bool { problems.isEmpty && uncounted == 0 }

    public mutating func append(_ p: Problem) {
        if problems.count >= FieldReader.maxProblems { uncounted += 1 } else { problems.append(p) }
    }
}

/// Thrown when a preset cannot be used: one or more problems, nothing rendered.
public struct PresetError: Error, Sendable, CustomStringConvertible {
    public var problems: [Problem]
    /// Not problems (the preset is usable as far as they go) but worth printing with them.
    public var warnings: [Problem] = []
    /// Problems found beyond those listed (PresetCheck.finish adds the "… and N more" line).
    public var uncounted = 0
    public init(_ problems: [Problem]) { self.problems = problems }
    /// The kept problems of `list`, the line counting the rest last.
    public init(list: ProblemList) {
        problems = list.problems
        uncounted = list.uncounted
        if uncounted > 0, let file = problems.last?.file {
            problems[problems.count - 1] = Problem(file: file, path: "", message: "… and \(uncounted + 1) more problems")
        }
    }
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// A JSON path as written in messages: `timeline[2].gesture.duration`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    public var text: String
    public init(_ text: String = "") { self.text = text }
    public func key(_ k: String) -> JSONPath {
        let simple = !k.isEmpty && k.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
        let part = simple ? k : "[\"\(k)\"]"
        if text.isEmpty { return JSONPath(simple ? k : part) }
        return JSONPath(simple ? text + "." + k : text + part)
    }
    public func index(_ i: Int) -> JSONPath { JSONPath(text + "[\(i)]") }
    public var description: String { text }
}
