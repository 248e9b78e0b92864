import Scene

extension Resolver {
    /// The matched element pairs of a step: `match` as given (each id must exist on its screen), or
    /// by default every id on both screens (the screens' own ids aside).
    func matchPairs(_ spec: StepSpec, _ a: Node, _ b: Node, path: String, name: String, problem: (String, String) -> Void) -> [(from: String, to: String)] {
        if let given = spec.match {
            var out: [(String, String)] = []
            // Each screen's ids once, not a tree walk per pair (300 000 pairs, issue 20.11).
            let idsA = Array(a.allIDs.dropFirst()), idsB = Array(b.allIDs.dropFirst())
            let setA = Set(idsA), setB = Set(idsB)
            for (k, pair) in given.enumerated() {
                let ok0 = setA.contains(pair[0]) && pair[0] != a.id
                let ok1 = setB.contains(pair[1]) && pair[1] != b.id
                for (side, ok, n, ids) in [(0, ok0, a, idsA), (1, ok1, b, idsB)] where !ok {
                    problem(path + ".match[\(k)][\(side)]", "no element \"\(pair[side])\" on the screen \"\(n.id ?? "?")\"\(FieldReader.hint(pair[side], ids)) (ids: \(FieldReader.listing(ids)))")
                }
                if ok0 && ok1 { out.append((pair[0], pair[1])) }
            }
            if given.isEmpty { problem(path + ".match", "\(name) needs at least one [fromId, toId] pair") }
            return out.count == given.count ? out : []
        }
        let ids = Set(b.allIDs.dropFirst())
        let both = Set(a.allIDs.dropFirst().filter { ids.contains($0) })
        // An element inside another matched element travels with it: match only the outermost.
        func outermost(_ n: Node, under matched: Bool, into out: inout Set<String>) {
            let isMatched = n.id.map(both.contains) ?? false
            if isMatched && !matched { out.insert(n.id!) }
            for c in n.children { outermost(c, under: matched || isMatched, into: &out) }
        }
        var outerA = Set<String>(), outerB = Set<String>()
        for c in a.children { outermost(c, under: false, into: &outerA) }
        for c in b.children { outermost(c, under: false, into: &outerB) }
        let shared = a.allIDs.dropFirst().filter { outerA.contains($0) && outerB.contains($0) }
        if shared.isEmpty {
            problem(path + ".transition", "\(name) needs matched elements: no id is on both \"\(a.id ?? "?")\" and \"\(b.id ?? "?")\"; give \"match\": [[fromId, toId]]")
        }
        return shared.map { ($0, $0) }
    }
}
