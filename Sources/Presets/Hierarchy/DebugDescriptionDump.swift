import Geometry

/// XCUITest's `debugDescription` (what `print(app.debugDescription)` and Appium's
/// `mobile: source` with format `description` give): indented element lines such as
/// `Image, 0x105d22b40, {{18.0, 69.0}, {44.0, 44.0}}, identifier: 'photo', label: 'Tom's photo', Selected`
/// in points. Labels are written unescaped (they may hold quotes), so only the identifier, which
/// comes before them, is read. The "Path to element" and "Query chain" sections repeat elements
/// of the subtree and are skipped.
enum DebugDescriptionDump {
    static func read(_ text: String) throws(HierarchyError) -> HierarchyDump {
        var dump = HierarchyDump(format: .debugDescription, units: .points, rootSize: nil, nodes: [])
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let hasSubtree = lines.contains { $0.trimmingPrefix(while: \.isWhitespace).hasPrefix("Element subtree:") }
        var reading = !hasSubtree
        for (i, raw) in lines.enumerated() {
            let trimmed = raw.trimmingPrefix(while: { $0.isWhitespace || $0 == "→" || $0 == "*" })
            if trimmed.hasPrefix("Element subtree:") { reading = true; continue }
            if trimmed.hasPrefix("Path to element:") || trimmed.hasPrefix("Query chain:") { reading = false; continue }
            guard reading, !trimmed.hasPrefix("Attributes:") else { continue }
            let column = raw.count - trimmed.count + 1
            guard let node = try node(String(trimmed), line: i + 1, column: column) else { continue }
            if dump.rootSize == nil { dump.rootSize = node.frame.size }
            dump.nodes.append(node)
        }
        guard !dump.nodes.isEmpty else {
            throw HierarchyError("no element lines (expected lines such as \"Image, 0x…, {{x, y}, {w, h}}, identifier: 'photo'\")")
        }
        return dump
    }

    /// One element line, or nil for a line that is not one (headers, `Output: {`, braces).
    static func node(_ line: String, line number: Int, column: Int) throws(HierarchyError) -> DumpNode? {
        guard let address = line.firstRange(of: ", 0x") else { return nil }
        let type = String(line[..<address.lowerBound])
        let rest = line[address.upperBound...]
        guard let open = rest.firstRange(of: "{{") else { return nil }   // the Application line has no frame
        guard let close = rest[open.upperBound...].firstRange(of: "}}") else {
            throw HierarchyError("unterminated frame {{x, y}, {w, h}}", at: SourcePosition(line: number, column: column))
        }
        let inner = rest[open.upperBound..<close.lowerBound]
        let numbers = inner.split(whereSeparator: { $0 == "," || $0 == "{" || $0 == "}" || $0 == " " }).map { Double($0) }
        guard numbers.count == 4, numbers.allSatisfy({ $0 != nil && $0!.isFinite }) else {
            throw HierarchyError("frame {{\(XMLDumps.clipped(String(inner)))}} is not {{x, y}, {width, height}}", at: SourcePosition(line: number, column: column))
        }
        var identifier: String?
        let tail = rest[close.upperBound...]
        if let key = tail.firstRange(of: "identifier: '") {
            let value = tail[key.upperBound...]
            // The identifier ends at the quote before the next field (or the line's end).
            let end = value.firstRange(of: "', ")?.lowerBound ?? (value.hasSuffix("'") ? value.index(before: value.endIndex) : value.endIndex)
            identifier = String(value[..<end])
        }
        let base = type.split(separator: " ").first.map(String.init) ?? type
        return DumpNode(identifier: identifier?.isEmpty == true ? nil : identifier, type: base,
                        frame: Rect(numbers[0]!, numbers[1]!, numbers[2]!, numbers[3]!), visible: true, line: number, column: column)
    }
}
