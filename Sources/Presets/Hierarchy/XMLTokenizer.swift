// A strict, linear-time reader for the XML that UI-test tools write (uiautomator dumps, Appium page
// sources): elements, attributes, the five predefined entities and numeric character references,
// comments, processing instructions (the XML declaration) and character data, which it skips.
// It never expands a declared entity: a DOCTYPE with an internal subset or an external identifier
// (where entities are declared: "billion laughs", external files) is refused, and so is any
// reference to an entity other than the five XML predefines. Each byte is looked at a bounded
// number of times and nothing recurses, so time is linear in the input and memory is the input,
// the open elements' names and one element's attributes.

/// One element start (`selfClosing`: `<a/>`, no end event follows) or end.
struct XMLEvent {
    enum Kind { case start(selfClosing: Bool), end }
    var kind: Kind
    var name: String
    var attributes: [(name: String, value: String)]
    var position: SourcePosition
    /// How many elements are open around it (the root: 0).
    var depth = 0
    func attribute(_ key: String) -> String? { attributes.first { $0.name == key }?.value }
}

/// A problem in a dump, at its line and column.
public struct HierarchyError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var position: SourcePosition?
    public init(_ message: String, at position: SourcePosition? = nil) { self.message = message; self.position = position }
    public var description: String { (position.map { "\($0.line):\($0.column): " } ?? "") + message }
}

struct XMLTokenizer {
    /// Deeper than any real view hierarchy (uiautomator stops at a few hundred); a bound on the
    /// stack of open names.
    static let maxDepth = 4096
    let bytes: [UInt8]
    private(set) var index = 0
    private var line = 1
    private var lineStart = 0
    private var open: [String] = []
    private var sawRoot = false
    /// The attributes whose values are kept (nil: all); the others are checked and dropped, so a
    /// dump's 50 MB `text` costs no copy.
    private let keep: Set<String>?

    init(_ bytes: [UInt8], keep: Set<String>? = nil) {
        self.bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        self.keep = keep
    }

    var position: SourcePosition { SourcePosition(line: line, column: index - lineStart + 1) }
    var depth: Int { open.count }
    func error(_ m: String) -> HierarchyError { HierarchyError(m, at: position) }

    /// The next element event, or nil at the end of a well-formed document.
    mutating func next() throws(HierarchyError) -> XMLEvent? {
        while true {
            skipText()
            guard index < bytes.count else {
                if let name = open.last { throw error("unexpected end of file: <\(name)> is not closed") }
                if !sawRoot { throw error("no root element") }
                return nil
            }
            // At '<'.
            if starts("<!--") { try skip(past: "-->", what: "comment"); continue }
            if starts("<?") { try skip(past: "?>", what: "processing instruction"); continue }
            if starts("<![CDATA[") {
                guard !open.isEmpty else { throw error("CDATA outside the root element") }
                try skip(past: "]]>", what: "CDATA section"); continue
            }
            if starts("<!DOCTYPE") { try doctype(); continue }
            if starts("</") { return try endTag() }
            return try startTag()
        }
    }

    private func starts(_ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard index + n <= bytes.count else { return false }
        return s.withUTF8Buffer { buf in (0..<n).allSatisfy { bytes[index + $0] == buf[$0] } }
    }

    private mutating func advance() {
        if bytes[index] == 0x0A { line += 1; lineStart = index + 1 }
        index += 1
    }

    /// Character data up to the next '<' (outside the root: whitespace only).
    private mutating func skipText() {
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") { advance() }
    }

    private mutating func skip(past end: StaticString, what: String) throws(HierarchyError) {
        let start = position
        while index < bytes.count {
            if starts(end) { for _ in 0..<end.utf8CodeUnitCount { advance() }; return }
            advance()
        }
        throw HierarchyError("unterminated \(what)", at: start)
    }

    /// `<!DOCTYPE name>` is harmless; anything that can declare or pull in entities is refused.
    private mutating func doctype() throws(HierarchyError) {
        let start = position
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
            if bytes[index] == UInt8(ascii: "[") || starts("SYSTEM") || starts("PUBLIC") {
                throw HierarchyError("a DOCTYPE that declares entities or names an external file is refused (UI-test dumps have none; entity expansion is never done)", at: start)
            }
            advance()
        }
        guard index < bytes.count else { throw HierarchyError("unterminated DOCTYPE", at: start) }
        advance()
    }

    private static func isNameByte(_ c: UInt8) -> Bool {
        c >= 0x80 || (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39)
            || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") || c == UInt8(ascii: ":")
    }

    private mutating func name(_ what: String) throws(HierarchyError) -> String {
        let s = index
        while index < bytes.count, XMLTokenizer.isNameByte(bytes[index]) { index += 1 }
        guard index > s else { throw error("expected \(what), found \(describeCurrent())") }
        return String(decoding: bytes[s..<index], as: UTF8.self)
    }

    func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let c = bytes[index]
        return c >= 0x20 && c < 0x7F ? "'\(Character(Unicode.Scalar(c)))'" : "byte 0x\(String(c, radix: 16))"
    }

    private mutating func spaces() -> Bool {
        let s = index
        loop: while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D, 0x0A: advance()
            default: break loop
            }
        }
        return index > s
    }

    private mutating func startTag() throws(HierarchyError) -> XMLEvent {
        let at = position
        if open.isEmpty && sawRoot { throw error("a second root element (a document has one)") }
        index += 1
        let tag = try name("an element name after '<'")
        var attributes: [(name: String, value: String)] = []
        // Every key, kept or not, for the duplicate check: a list while short (most nodes have
        // fewer than 20), a set beyond, so a node of 100 000 attributes stays linear.
        var keys: [String] = []
        var seen = Set<String>()
        while true {
            let spaced = spaces()
            guard index < bytes.count else { throw error("unexpected end of file in <\(tag)>") }
            if starts("/>") {
                index += 2
                sawRoot = true
                return XMLEvent(kind: .start(selfClosing: true), name: tag, attributes: attributes, position: at, depth: open.count)
            }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                guard open.count < XMLTokenizer.maxDepth else { throw HierarchyError("elements nested deeper than \(XMLTokenizer.maxDepth) levels", at: at) }
                open.append(tag)
                sawRoot = true
                return XMLEvent(kind: .start(selfClosing: false), name: tag, attributes: attributes, position: at, depth: open.count - 1)
            }
            guard spaced else { throw error("expected a space, '>' or '/>' in <\(tag)>, found \(describeCurrent())") }
            let key = try name("an attribute name")
            _ = spaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw error("expected '=' after attribute \(key)") }
            index += 1
            _ = spaces()
            let repeated: Bool
            if keys.count < 24 { repeated = keys.contains(key); keys.append(key) } else {
                if seen.isEmpty { seen = Set(keys) }
                repeated = !seen.insert(key).inserted
            }
            guard !repeated else { throw error("attribute \(key) given twice") }
            let kept = keep?.contains(key) ?? true
            let value = try quoted(storing: kept)
            if kept { attributes.append((key, value)) }
        }
    }

    private mutating func endTag() throws(HierarchyError) -> XMLEvent {
        let at = position
        index += 2
        let tag = try name("an element name after '</'")
        _ = spaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw error("expected '>' to end </\(tag)") }
        index += 1
        guard let top = open.popLast() else { throw HierarchyError("</\(tag)> closes no open element", at: at) }
        guard top == tag else { throw HierarchyError("</\(tag)> does not match <\(top)>", at: at) }
        return XMLEvent(kind: .end, name: tag, attributes: [], position: at, depth: open.count)
    }

    /// A quoted attribute value, references replaced ("" when not `storing`: checked only).
    private mutating func quoted(storing: Bool) throws(HierarchyError) -> String {
        guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else {
            throw error("expected a quoted attribute value, found \(describeCurrent())")
        }
        let quote = bytes[index], start = position
        index += 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw HierarchyError("unterminated attribute value", at: start) }
            let c = bytes[index]
            if c == quote { index += 1; break }
            if c == UInt8(ascii: "<") { throw error("'<' in an attribute value (write &lt;)") }
            if c == UInt8(ascii: "&") {
                let r = try reference()
                if storing { out.append(contentsOf: r) }
                continue
            }
            if storing { out.append(c) }
            advance()
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw HierarchyError("attribute value is not valid UTF-8", at: start) }
        return s
    }

    /// `&name;` (the five predefined) or `&#N;` / `&#xH;`, as UTF-8.
    private mutating func reference() throws(HierarchyError) -> [UInt8] {
        let at = position
        index += 1
        let s = index
        // Bounded: no reference is longer than `&#x10FFFF;`.
        while index < bytes.count, bytes[index] != UInt8(ascii: ";"), index - s < 12 { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else { throw HierarchyError("'&' that starts no reference (write &amp;)", at: at) }
        let body = String(decoding: bytes[s..<index], as: UTF8.self)
        index += 1
        switch body {
        case "lt": return [0x3C]
        case "gt": return [0x3E]
        case "amp": return [0x26]
        case "quot": return [0x22]
        case "apos": return [0x27]
        default: break
        }
        var scalar: UInt32?
        if body.hasPrefix("#x") { scalar = UInt32(body.dropFirst(2), radix: 16) } else if body.hasPrefix("#") { scalar = UInt32(body.dropFirst(), radix: 10) }
        guard body.hasPrefix("#") else {
            throw HierarchyError("undefined entity &\(body); (only &lt; &gt; &amp; &quot; &apos; and character references; declared entities are never expanded)", at: at)
        }
        guard let v = scalar, v != 0, let u = Unicode.Scalar(v) else { throw HierarchyError("invalid character reference &\(body);", at: at) }
        return Array(String(Character(u)).utf8)
    }
}
