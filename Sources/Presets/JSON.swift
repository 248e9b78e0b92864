// A small JSON reader that keeps what Foundation's parser throws away: the line and column of
// every value (so a problem can point at it), the order of keys, and duplicate keys (an error in a
// preset, where the second value would silently win). Depth and size are bounded: no input,
// however malformed, makes it crash or recurse without limit.

public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public var description: String { "line \(line), column \(column)" }
}

public indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([(key: String, value: JSONNode)])
}

public struct JSONNode: Sendable {
    public var value: JSONValue
    public var position: SourcePosition
    /// Where the key naming this value in its object starts (nil for an array item or the root):
    /// a problem with the key itself — an unknown one — points there, not at the value.
    public var keyPosition: SourcePosition?

    /// A short description of what was found, for error messages: `"abc"`, `-1`, `an object`.
    public var summary: String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSONNode.format(n)
        case .string(let s):
            let clipped = s.count > 40 ? String(s.prefix(40)) + "…" : s
            return "\"\(clipped)\""
        case .array(let a): return "an array of \(a.count)"
        case .object: return "an object"
        }
    }

    public var typeName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    public static func format(_ n: Double) -> String {
        if n == n.rounded() && abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)
    }

    public subscript(key: String) -> JSONNode? {
        if case .object(let members) = value { return members.first { $0.key == key }?.value }
        return nil
    }
}

public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var position: SourcePosition
    public var description: String { "\(position): \(message)" }
}

/// A key given twice in one object: the first value is kept, the second is a problem of its own
/// (positioned) rather than a syntax error that hides every other problem.
public struct DuplicateKey: Sendable {
    public var key: String
    /// The object holding it, the first and the repeated key.
    public var object: SourcePosition
    public var first: SourcePosition
    public var position: SourcePosition
}

public enum JSONReader {
    /// Deep enough for every preset the decoder accepts — 32 levels of layers are at JSON depth
    /// 4 + 2 × 31 (root → screens → screen → layers → layer, then children → layer per level),
    /// so the decoder's own, clearer limit is the one a preset meets (issue 20.11: with 64 here,
    /// only 29 levels got through) — and shallow enough that no recursion over a tree is a risk.
    public static let maxDepth = 100

    /// Strict: a duplicate key is a syntax error.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        let (node, duplicates) = try parseDocument(text)
        if let d = duplicates.first { throw JSONSyntaxError(message: "duplicate key \"\(d.key)\"", position: d.position) }
        return node
    }

    /// The document, and every duplicate key (each object keeps its first value).
    /// `maxDepth`: a deeper limit for documents that are not presets (Maestro's hierarchy dumps).
    public static func parseDocument(_ text: String, maxDepth: Int = JSONReader.maxDepth) throws(JSONSyntaxError) -> (JSONNode, [DuplicateKey]) {
        var p = Parser(bytes: Array(text.utf8))
        p.maxDepth = maxDepth
        p.skipWhitespace()
        let node = try p.parseValue(depth: 0)
        p.skipWhitespace()
        if p.index < p.bytes.count { throw p.error("unexpected \(p.describeCurrent()) after the end of the document") }
        return (node, p.duplicates)
    }

    struct Parser {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0
        var duplicates: [DuplicateKey] = []
        var maxDepth = JSONReader.maxDepth

        init(bytes: [UInt8]) {
            // A UTF-8 byte-order mark is allowed and ignored.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { self.bytes = Array(bytes.dropFirst(3)) } else { self.bytes = bytes }
        }

        var position: SourcePosition { SourcePosition(line: line, column: index - lineStart + 1) }

        func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(message: message, position: position) }

        func describeCurrent() -> String {
            guard index < bytes.count else { return "end of file" }
            let c = bytes[index]
            if c >= 0x20 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
            return "byte 0x\(String(c, radix: 16))"
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                let c = bytes[index]
                if c == 0x0A { index += 1; line += 1; lineStart = index }
                else if c == 0x20 || c == 0x09 || c == 0x0D { index += 1 }
                else { break }
            }
        }

        mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
            guard depth < maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
            guard index < bytes.count else { throw error("expected a value, found end of file") }
            let start = position
            switch bytes[index] {
            case UInt8(ascii: "{"): return JSONNode(value: try parseObject(depth: depth), position: start)
            case UInt8(ascii: "["): return JSONNode(value: try parseArray(depth: depth), position: start)
            case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), position: start)
            case UInt8(ascii: "t"): try literal("true"); return JSONNode(value: .bool(true), position: start)
            case UInt8(ascii: "f"): try literal("false"); return JSONNode(value: .bool(false), position: start)
            case UInt8(ascii: "n"): try literal("null"); return JSONNode(value: .null, position: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return JSONNode(value: .number(try parseNumber()), position: start)
            default:
                throw error("expected a value, found \(describeCurrent())")
            }
        }

        mutating func literal(_ word: String) throws(JSONSyntaxError) {
            let w = Array(word.utf8)
            guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
                throw error("expected a value, found \(describeCurrent())")
            }
            index += w.count
        }

        mutating func parseNumber() throws(JSONSyntaxError) -> Double {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            func digits(_ p: inout Parser) -> Int {
                let s = p.index
                while p.index < p.bytes.count, p.bytes[p.index] >= 48, p.bytes[p.index] <= 57 { p.index += 1 }
                return p.index - s
            }
            guard index < bytes.count else { throw error("unfinished number") }
            if bytes[index] == UInt8(ascii: "0") { index += 1 }
            else if digits(&self) == 0 { throw error("expected a digit, found \(describeCurrent())") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                if digits(&self) == 0 { throw error("expected a digit after '.', found \(describeCurrent())") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                if digits(&self) == 0 { throw error("expected a digit in the exponent, found \(describeCurrent())") }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let v = Double(text), v.isFinite else { throw error("number \(text) is out of range") }
            return v
        }

        mutating func parseString() throws(JSONSyntaxError) -> String {
            index += 1  // opening quote
            var out: [UInt8] = []
            while true {
                guard index < bytes.count else { throw error("unterminated string") }
                let c = bytes[index]
                if c == UInt8(ascii: "\"") { index += 1; break }
                if c < 0x20 { throw error("control character in a string (escape it)") }
                if c == UInt8(ascii: "\\") {
                    index += 1
                    guard index < bytes.count else { throw error("unterminated string") }
                    let e = bytes[index]
                    index += 1
                    switch e {
                    case UInt8(ascii: "\""): out.append(0x22)
                    case UInt8(ascii: "\\"): out.append(0x5C)
                    case UInt8(ascii: "/"): out.append(0x2F)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800...0xDBFF).contains(scalar) {
                            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                                throw error("unpaired surrogate in \\u escape")
                            }
                            index += 2
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else if (0xDC00...0xDFFF).contains(scalar) {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
                    default:
                        index -= 1
                        throw error("invalid escape \\\(describeCurrent())")
                    }
                } else {
                    out.append(c)
                    index += 1
                }
            }
            guard let s = String(validating: out, as: UTF8.self) else { throw error("string is not valid UTF-8") }
            return s
        }

        mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw error("unfinished \\u escape") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[index]
                let d: UInt32
                switch c {
                case 48...57: d = UInt32(c - 48)
                case 65...70: d = UInt32(c - 55)
                case 97...102: d = UInt32(c - 87)
                default: throw error("invalid hex digit in \\u escape")
                }
                v = v * 16 + d
                index += 1
            }
            return v
        }

        mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
            index += 1
            var items: [JSONNode] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                skipWhitespace()
                items.append(try parseValue(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw error("unterminated array (missing ']')") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                throw error("expected ',' or ']' in an array, found \(describeCurrent())")
            }
        }

        mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
            let objectPosition = position
            index += 1
            var members: [(key: String, value: JSONNode)] = []
            var seen: [String: SourcePosition] = [:]
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("expected a key in double quotes, found \(describeCurrent())")
                }
                let keyPosition = position
                let key = try parseString()
                let first = seen[key]
                if first == nil { seen[key] = keyPosition }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw error("expected ':' after key \"\(key)\", found \(describeCurrent())")
                }
                index += 1
                skipWhitespace()
                var value = try parseValue(depth: depth + 1)
                value.keyPosition = keyPosition
                if let first {
                    duplicates.append(DuplicateKey(key: key, object: objectPosition, first: first, position: keyPosition))
                } else {
                    members.append((key, value))
                }
                skipWhitespace()
                guard index < bytes.count else { throw error("unterminated object (missing '}')") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                throw error("expected ',' or '}' in an object, found \(describeCurrent())")
            }
        }
    }
}
