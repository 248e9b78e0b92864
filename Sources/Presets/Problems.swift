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

/// Thrown when a preset cannot be used: one or more problems, nothing rendered.
public struct PresetError: Error, Sendable, CustomStringConvertible {
    public var problems: [Problem]
    public init(_ problems: [Problem]) { self.problems = problems }
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
