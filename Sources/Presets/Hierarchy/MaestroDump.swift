import Geometry

/// Maestro's `hierarchy` JSON (its TreeNode: `{"attributes": {"resource-id", "bounds": "[l,t][r,b]",
/// "class", …}, "children": […]}`), read with the preset's own position-keeping JSON reader.
/// Bounds are points on iOS and pixels on Android; a dump with Android class names is pixels, any
/// other is decided against the screenshot (`HierarchyUnits.unknown`).
enum MaestroDump {
    /// Two JSON levels per tree level (node, children array): 128 levels of views, more than any
    /// real screen, with the reader's recursion well inside a worker thread's stack.
    static let maxJSONDepth = 256

    static func read(_ text: String) throws(HierarchyError) -> HierarchyDump {
        let root: JSONNode
        do { root = try JSONReader.parseDocument(text, maxDepth: maxJSONDepth).0 } catch {
            throw HierarchyError("invalid JSON: \(error.message)", at: error.position)
        }
        guard case .object = root.value, root["attributes"] != nil || root["children"] != nil else {
            throw HierarchyError("not a Maestro hierarchy: expected an object with \"attributes\" and \"children\" (got \(root.summary))", at: root.position)
        }
        var dump = HierarchyDump(format: .maestro, units: .unknown, rootSize: nil, nodes: [])
        // Depth-first in document order, without recursion.
        var stack: [JSONNode] = [root]
        while let n = stack.popLast() {
            guard case .object = n.value else { throw HierarchyError("a hierarchy node must be an object (got \(n.summary))", at: n.position) }
            if let node = try node(n) {
                if dump.rootSize == nil { dump.rootSize = node.frame.size }
                if node.type.hasPrefix("android.") { dump.units = .pixels }
                dump.nodes.append(node)
            }
            if let c = n["children"] {
                guard case .array(let children) = c.value else { throw HierarchyError("\"children\" must be an array (got \(c.summary))", at: c.position) }
                stack.append(contentsOf: children.reversed())
            }
        }
        return dump
    }

    static func node(_ n: JSONNode) throws(HierarchyError) -> DumpNode? {
        guard let a = n["attributes"] else { return nil }
        guard case .object(let members) = a.value else { throw HierarchyError("\"attributes\" must be an object (got \(a.summary))", at: a.position) }
        func string(_ key: String) -> String? {
            if case .string(let s)? = members.first(where: { $0.key == key })?.value.value { return s }
            return nil
        }
        guard let b = members.first(where: { $0.key == "bounds" })?.value else { return nil }
        guard case .string(let text) = b.value, let frame = XMLDumps.bounds(text) else {
            throw HierarchyError("\"bounds\" must be \"[left,top][right,bottom]\" (got \(b.summary))", at: b.position)
        }
        let shown = !["visible", "displayed"].contains { string($0) == "false" }
        return DumpNode(identifier: XMLDumps.resourceName(string("resource-id")), type: string("class") ?? "", frame: frame,
                        visible: shown, line: n.position.line, column: n.position.column)
    }
}
