// A matrix combination applied to the parsed JSON tree: the tree the decoder then reads is the
// preset as if it had been written for that one clip. Substituted values keep the position of
// the matrix value they came from, so a problem they cause points at the matrix.

enum MatrixSubstitution {
    /// `transition: "$transition"` or `transition: { "type": "$transition", ... }`.
    static func isTransitionSlot(_ node: JSONNode?) -> Bool {
        guard let node else { return false }
        if case .string("$transition") = node.value { return true }
        if case .string("$transition")? = node["type"]?.value { return true }
        return false
    }

    /// The tree for combination `c`, named `name` (written at `position`), without its `matrix`.
    static func apply(_ c: MatrixCombination, to root: JSONNode, name: String, position: SourcePosition) -> JSONNode {
        guard case .object(var members) = root.value else { return root }
        members.removeAll { $0.key == "matrix" }
        var vars: [String: JSONNode] = [:]
        for (key, value) in c.values where key.hasPrefix("vars.") { vars["$" + key.dropFirst(5)] = value }
        if !vars.isEmpty { members = members.map { ($0.key, replacingVariables($0.value, vars)) } }
        for (key, value) in c.values {
            switch key {
            case "device", "fps", "scale", "background", "direction", "locale": set(&members, key, value)
            case "dark", "tint": update(&members, "screens") { screens in forEachMember(&screens) { screen in
                if screen["mock"] != nil, case .object(var fields) = screen.value { set(&fields, key, value); screen.value = .object(fields) }
            } }
            case "transition": update(&members, "timeline") { timeline in
                guard case .array(var steps) = timeline.value else { return }
                for i in steps.indices { steps[i] = fillTransition(steps[i], value) }
                timeline.value = .array(steps)
            }
            default: break
            }
        }
        set(&members, "name", JSONNode(value: .string(name), position: position))
        return JSONNode(value: .object(members), position: root.position)
    }

    static func fillTransition(_ step: JSONNode, _ value: JSONNode) -> JSONNode {
        guard case .object(var fields) = step.value, let t = step["transition"], isTransitionSlot(t) else { return step }
        if case .object(var params) = t.value {
            set(&params, "type", value)
            set(&fields, "transition", JSONNode(value: .object(params), position: t.position))
        } else {
            set(&fields, "transition", value)
        }
        return JSONNode(value: .object(fields), position: step.position)
    }

    /// Every string that is exactly `$NAME` for a variable becomes its value (keys stay as written).
    static func replacingVariables(_ node: JSONNode, _ vars: [String: JSONNode]) -> JSONNode {
        var out: JSONNode
        switch node.value {
        case .string(let s) where s.hasPrefix("$"): out = vars[s] ?? node
        case .array(let items): out = JSONNode(value: .array(items.map { replacingVariables($0, vars) }), position: node.position)
        case .object(let ms): out = JSONNode(value: .object(ms.map { ($0.key, replacingVariables($0.value, vars)) }), position: node.position)
        default: return node
        }
        // The value stands under the same key (a problem with the key points at it).
        out.keyPosition = node.keyPosition
        return out
    }

    /// Replaces `key`'s value, or appends it when the preset does not set it.
    static func set(_ members: inout [(key: String, value: JSONNode)], _ key: String, _ value: JSONNode) {
        if let i = members.firstIndex(where: { $0.key == key }) { members[i].value = value } else { members.append((key, value)) }
    }

    static func update(_ members: inout [(key: String, value: JSONNode)], _ key: String, _ body: (inout JSONNode) -> Void) {
        guard let i = members.firstIndex(where: { $0.key == key }) else { return }
        body(&members[i].value)
    }

    static func forEachMember(_ node: inout JSONNode, _ body: (inout JSONNode) -> Void) {
        guard case .object(var ms) = node.value else { return }
        for i in ms.indices { body(&ms[i].value) }
        node.value = .object(ms)
    }
}
