// Every problem a preset has, collected at once, each as one line: file, JSON path, what was
// expected and what was found (DESIGN §5).

public struct Problem: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var path: String
    public var message: String
    public var position: SourcePosition?

    public init(file: String, path: String, message: String, position: SourcePosition? = nil) {
        self.file = file; self.path = path; self.message = message; self.position = position
    }

    public var description: String {
        let at = path.isEmpty ? "" : "\(path): "
        let line = position.map { " (line \($0.line), column \($0.column))" } ?? ""
        return "\(file): \(at)\(message)\(line)"
    }
}

/// Problems as they are found, at most `ProblemList.max` of them: the last line then counts the
/// rest ("… and N more problems"). Every kind of problem goes through one (issue 20.11: 300 000
/// bad `match` pairs printed 600 001 lines, 269 MB), so the cost of reporting is bounded however
/// many an input has.
public struct ProblemList: Sendable {
    public static let max = 200
    public private(set) var problems: [Problem] = []
    private var dropped = 0
    public init() {}
    public var isEmpty: Bool { problems.isEmpty }

    public mutating func append(_ p: Problem) {
        if problems.count >= ProblemList.max {
            dropped += 1
            problems[problems.count - 1] = Problem(file: p.file, path: "", message: "… and \(dropped + 1) more problems")
            return
        }
        problems.append(p)
    }

    /// A list of names for a message, clipped: at most `limit`, then how many there are in all.
    public static func names<S: Collection>(_ names: S, limit: Int = 20) -> String where S.Element == String {
        names.count <= limit ? names.joined(separator: ", ") : names.prefix(limit).joined(separator: ", ") + ", … (\(names.count) in all)"
    }
}

/// Thrown when a preset cannot be used: one or more problems, nothing rendered.
public struct PresetError: Error, Sendable, CustomStringConvertible {
    public var problems: [Problem]
    public init(_ problems: [Problem]) {
        var list = ProblemList()
        for p in problems { list.append(p) }
        self.problems = list.problems
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
