// The product of a matrix's lists walked without visiting what `exclude` drops (issue 27.8):
// the walk fixes one axis at a time (first key slowest) and offers at each depth only the values
// no exclude entry rules out for the values already fixed, so a slab that `{ "a": "a1" }` drops
// is skipped at once instead of position by position. 1000 × 1000 values with 999 excludes
// visited 10⁶ positions, twice (counting, then validating); now about 2 × 1000. An entry is
// looked at only when the walk reaches the depth of its last key with its first key's value
// fixed, so the work is the combinations left plus the entries that apply, not the product.

/// The exclude entries as axis and value indexes, arranged for the walk.
struct ExcludePlan: Sendable {
    struct Pair: Hashable, Sendable { var axis: Int; var value: Int }
    /// Per axis, the value indexes no single-key entry drops (in list order).
    var free: [[Int]]
    /// Per depth, entries of two keys or more whose last axis is that depth, by their first pair.
    var byFirst: [[Pair: [[Pair]]]]

    init(axes: [(key: String, values: [JSONNode])], exclude: [Matrix.Entry]) {
        var dropped = axes.map { _ in Set<Int>() }
        var byFirst: [[Pair: [[Pair]]]] = axes.map { _ in [:] }
        for e in exclude {
            let pairs = e.compactMap { pair -> Pair? in
                guard let a = axes.firstIndex(where: { $0.key == pair.key }),
                      let v = axes[a].values.firstIndex(where: { Matrix.same($0, pair.value) }) else { return nil }
                return Pair(axis: a, value: v)
            }.sorted { $0.axis < $1.axis }
            guard let first = pairs.first, let last = pairs.last, pairs.count == e.count else { continue }
            if pairs.count == 1 { dropped[first.axis].insert(first.value) } else { byFirst[last.axis][first, default: []].append(pairs) }
        }
        free = axes.indices.map { a in axes[a].values.indices.filter { !dropped[a].contains($0) } }
        self.byFirst = byFirst
    }

    /// The value indexes of axis `depth` left once `prefix` (one value index per earlier axis) is fixed.
    func candidates(_ depth: Int, _ prefix: [Int]) -> [Int] {
        var cut = Set<Int>()
        for a in 0..<depth {
            for pairs in byFirst[depth][Pair(axis: a, value: prefix[a])] ?? [] where pairs.dropLast().allSatisfy({ prefix[$0.axis] == $0.value }) {
                cut.insert(pairs.last!.value)
            }
        }
        return cut.isEmpty ? free[depth] : free[depth].filter { !cut.contains($0) }
    }
}

/// The walk's state: a candidate list and a position in it per fixed axis.
struct ProductWalk: IteratorProtocol {
    let plan: ExcludePlan
    let depthCount: Int
    var candidates: [[Int]] = []
    var position: [Int] = []
    var started = false
    /// How many candidate lists the walk computed (its cost, for tests).
    private(set) var steps = 0

    init(_ plan: ExcludePlan, axes: Int) { self.plan = plan; depthCount = axes }

    /// The next combination left after exclude, as one value index per axis.
    mutating func next() -> [Int]? {
        guard depthCount > 0 else { return nil }
        if started {
            guard !position.isEmpty else { return nil }
            position[depthCount - 1] += 1
        }
        started = true
        guard settle(candidates.isEmpty ? 0 : depthCount - 1) else { candidates = []; position = []; return nil }
        return (0..<depthCount).map { candidates[$0][position[$0]] }
    }

    /// From `depth` on, the first values left, backing up an axis when one has none; false when
    /// the product is exhausted.
    mutating func settle(_ depth: Int) -> Bool {
        var d = depth
        while d < depthCount {
            if d < 0 { return false }
            if candidates.count == d {
                steps += 1
                candidates.append(plan.candidates(d, (0..<d).map { candidates[$0][position[$0]] }))
                position.append(0)
            }
            if position[d] < candidates[d].count { d += 1; continue }
            candidates.removeLast(); position.removeLast()
            d -= 1
            if d >= 0 { position[d] += 1 }
        }
        return true
    }
}
