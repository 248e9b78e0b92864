// `"matrix"` JSON → Matrix, every problem collected with its path and position like the rest of
// the preset (docs/PRESETS.md, "Matrix").

extension Matrix {
    /// Parses the matrix and checks it against the rest of the preset (`root`): each key must have
    /// something to substitute, and the expansion must give 1…1000 combinations with distinct
    /// clip names (`defaultName`: the file's name, used when the preset has no `name`).
    static func parse(_ node: JSONNode, _ path: JSONPath, _ r: FieldReader, root: JSONNode, defaultName: String) -> Matrix? {
        guard case .object(let members) = node.value else { r.expected(path, "an object of value lists by key", node); return nil }
        let refs = References(root)
        var axes: [(key: String, values: [JSONNode])] = []
        var include: [Entry] = [], exclude: [Entry] = []
        var ok = true
        for m in members {
            let p = path.key(m.key)
            switch m.key {
            case "include", "exclude":
                guard let list = r.array(m.value, p) else { ok = false; continue }
                var entries: [Entry] = []
                for (i, item) in list.enumerated() {
                    guard let e = entry(item, p.index(i), r, refs: refs) else { ok = false; continue }
                    if e.isEmpty { r.problem(p.index(i), "expected at least one key:value pair", item); ok = false }
                    entries.append(e)
                }
                if m.key == "include" { include = entries } else { exclude = entries }
            default:
                guard checkKey(m.key, p, r, refs: refs, node: m.value) else { ok = false; continue }
                guard let list = r.array(m.value, p, count: 1...Matrix.maxCombinations) else { ok = false; continue }
                var values: [JSONNode] = []
                for (i, v) in list.enumerated() {
                    guard scalar(v, p.index(i), r) else { ok = false; continue }
                    if values.contains(where: { same($0, v) }) {
                        r.problem(p.index(i), "duplicate value \(v.summary) (each value names clips; give it once)", v); ok = false
                    }
                    values.append(v)
                }
                axes.append((m.key, values))
            }
        }
        if axes.isEmpty && include.isEmpty { r.problem(path, "a matrix needs at least one key with a list of values (or an \"include\" list)", node); return nil }
        let axisKeys = axes.map(\.key)
        for (i, e) in exclude.enumerated() {
            for pair in e {
                let ep = path.key("exclude").index(i).key(pair.key)
                guard let axis = axes.first(where: { $0.key == pair.key }) else {
                    r.problem(ep, "exclude names the matrix's own keys (\(axisKeys.joined(separator: ", ")))", pair.value); ok = false; continue
                }
                if !axis.values.contains(where: { same($0, pair.value) }) {
                    let hint = FieldReader.closest(text(pair.value), in: axis.values.map(text)).map { "; did you mean \"\($0)\"?" } ?? ""
                    r.problem(ep, "\(pair.value.summary) is not one of \(pair.key)'s values (\(axis.values.map(\.summary).joined(separator: ", ")))\(hint)", pair.value)
                    ok = false
                }
            }
        }
        guard ok else { return nil }
        var order = axisKeys
        for e in include { for pair in e where !order.contains(pair.key) { order.append(pair.key) } }
        var product = 1
        for a in axes {
            product = product.multipliedReportingOverflow(by: a.values.count).partialValue
            if product > Matrix.maxProduct || product <= 0 {
                r.problem(path, "the matrix's lists multiply to more than \(Matrix.maxProduct) combinations; at most \(Matrix.maxCombinations) clips per preset", node)
                return nil
            }
        }
        if axes.isEmpty { product = 0 }
        var m = Matrix(axes: axes, include: include, exclude: exclude, keyOrder: order, standalone: [], product: product, count: 0,
                       naming: MatrixNaming(root: root, defaultName: defaultName, keys: order))
        m.indexEntries()
        return m.expandOnce(path, r, node: node) ? m : nil
    }

    /// One walk over the product: which includes fit nothing, how many clips, whether two share a name.
    mutating func expandOnce(_ path: JSONPath, _ r: FieldReader, node: JSONNode) -> Bool {
        var used = [Bool](repeating: false, count: include.count)
        var n = 0
        var names: [String: String] = [:], badNames = Set<String>()
        func admit(_ c: MatrixCombination) -> Bool {
            n += 1
            if n > Matrix.maxCombinations { return false }
            let name = naming.name(c)
            if let key = naming.variable, let value = c.value(key), let why = PresetName.problem(name), badNames.insert(Matrix.text(value)).inserted {
                r.problem(path.key(key), "\"name\" is \"$\(key.dropFirst(5))\": the clip name \(FieldReader.quoted(name)) \(why)", value)
            }
            if let other = names[name] {
                r.problem(path, "combinations \(other) and \(c.label) both name the clip \"\(name)\" (give values that differ in letters or digits)", node)
            } else { names[name] = c.label }
            return true
        }
        var walk = self.walk
        while let picked = walk.next() {
            let c = base(picked)
            for k in fitting(Entry(c.values)) { used[k] = true }
            guard admit(c) else { break }
        }
        expansionSteps = walk.steps
        standalone = include.indices.filter { !used[$0] }
        if n <= Matrix.maxCombinations { for k in standalone { guard admit(ordered(include[k])) else { break } } }
        if n > Matrix.maxCombinations {
            r.problem(path, "the matrix has more than \(Matrix.maxCombinations) combinations (at most \(Matrix.maxCombinations) clips per preset; split it, or exclude some)", node)
            return false
        }
        if n == 0 { r.problem(path, "the matrix has no combinations left after \"exclude\"", node); return false }
        count = n
        return names.count == n
    }

    static func entry(_ item: JSONNode, _ path: JSONPath, _ r: FieldReader, refs: References) -> Entry? {
        guard case .object(let members) = item.value else { r.expected(path, "an object of key:value pairs", item); return nil }
        var out = Entry()
        var ok = true
        for m in members {
            let p = path.key(m.key)
            guard checkKey(m.key, p, r, refs: refs, node: m.value), scalar(m.value, p, r) else { ok = false; continue }
            out.append((m.key, m.value))
        }
        return ok ? out : nil
    }

    /// A matrix key names what it substitutes, and that must exist in the preset.
    static func checkKey(_ key: String, _ path: JSONPath, _ r: FieldReader, refs: References, node: JSONNode) -> Bool {
        if key.hasPrefix("vars.") {
            let name = String(key.dropFirst(5))
            guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }) else {
                r.problem(path, "a variable name is letters, digits, \"_\" and \"-\" (got \(FieldReader.quoted(key)))", node); return false
            }
            if !refs.strings.contains("$" + name) {
                r.problem(path, "nothing to substitute: no string in the preset is \"$\(name)\"", node); return false
            }
            return true
        }
        guard substitutedKeys.contains(key) else {
            let hint = FieldReader.closest(key, in: substitutedKeys + ["include", "exclude"]).map { "; did you mean \"\($0)\"?" } ?? ""
            r.problem(path, "unknown matrix key \(FieldReader.quoted(key))\(hint) (expected one of: \(substitutedKeys.joined(separator: ", ")), vars.NAME, include, exclude)", node)
            return false
        }
        if key == "transition" && !refs.transitionSlot {
            r.problem(path, "nothing to substitute: no step's transition is \"$transition\"", node); return false
        }
        if (key == "dark" || key == "tint") && !refs.mockScreen {
            r.problem(path, "\"\(key)\" applies to mock screens, and this preset has none", node); return false
        }
        return true
    }

    /// Matrix values name clips: strings, numbers and booleans only.
    static func scalar(_ v: JSONNode, _ path: JSONPath, _ r: FieldReader) -> Bool {
        switch v.value {
        case .string, .number, .bool: return true
        default: r.expected(path, "a string, number or boolean", v); return false
        }
    }

    /// What the preset offers to substitute (the matrix itself excluded).
    struct References {
        var strings = Set<String>()
        var transitionSlot = false
        var mockScreen = false

        init(_ root: JSONNode) {
            guard case .object(let members) = root.value else { return }
            func walk(_ n: JSONNode) {
                switch n.value {
                case .string(let s) where s.hasPrefix("$"): strings.insert(s)
                case .array(let items): items.forEach(walk)
                case .object(let ms): ms.forEach { walk($0.value) }
                default: break
                }
            }
            for m in members where m.key != "matrix" { walk(m.value) }
            if case .object(let screens)? = root["screens"]?.value { mockScreen = screens.contains { $0.value["mock"] != nil } }
            if case .array(let steps)? = root["timeline"]?.value { transitionSlot = steps.contains { MatrixSubstitution.isTransitionSlot($0["transition"]) } }
        }
    }
}
