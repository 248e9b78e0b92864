// Where each value of a preset is: JSON path → line and column (and a short summary of the
// value), so problems found after decoding (by the resolver, on paths) point at the file too.
struct PositionIndex {
    private var entries: [String: (position: SourcePosition, summary: String)] = [:]
    private var paths: [SourcePosition: String] = [:]
    private var keys: [String: SourcePosition] = [:]

    init(_ root: JSONNode) {
        // Iterative: the document may nest up to JSONReader.maxDepth levels.
        var work: [(JSONNode, JSONPath)] = [(root, JSONPath())]
        while let (node, path) = work.popLast() {
            entries[path.text] = (node.position, node.summary)
            if let k = node.keyPosition { keys[path.text] = k }
            paths[node.position] = path.text
            switch node.value {
            case .array(let items): for (i, item) in items.enumerated() { work.append((item, path.index(i))) }
            case .object(let members): for m in members { work.append((m.value, path.key(m.key))) }
            default: break
            }
        }
    }

    /// The position of the value at `path`, or of the nearest value enclosing it (a missing key
    /// points at its object).
    func position(near path: String) -> SourcePosition? {
        var p = path
        while true {
            if let e = entries[p] { return e.position }
            guard let parent = PositionIndex.parent(of: p) else { return nil }
            p = parent
        }
    }

    func summary(at path: String) -> String? { entries[path]?.summary }

    /// Where the key naming the value at `path` starts (nil: an array item, the root, or no such value).
    func keyPosition(at path: String) -> SourcePosition? { keys[path] }

    func path(ofValueAt position: SourcePosition) -> String? { paths[position] }

    /// `a.b[2]` → `a.b`, `a.b` → `a`, `a["x.y"]` → `a`, `a` → "", "" → nil.
    static func parent(of path: String) -> String? {
        if path.isEmpty { return nil }
        if path.hasSuffix("]"), let open = path.lastIndex(of: "[") {
            // A quoted key may hold "[": find the bracket that opens `["…"]`.
            if path.hasSuffix("\"]"), let quoted = path.range(of: "[\"", options: .backwards) { return String(path[..<quoted.lowerBound]) }
            return String(path[..<open])
        }
        if let dot = path.lastIndex(of: ".") { return String(path[..<dot]) }
        return ""
    }
}
