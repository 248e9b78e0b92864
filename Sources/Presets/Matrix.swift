// A preset's `"matrix"`: one description, many clips (issue 21), with GitHub Actions'
// `strategy.matrix` semantics:
//
// - the axes multiply, the first key varying slowest (`{a: [1, 2], b: [x, y]}` → 1x, 1y, 2x, 2y);
// - `exclude` is applied first: a combination matching every key:value of an entry is dropped;
// - then each `include` entry is merged into every remaining combination whose axis values it
//   does not contradict (values added by an earlier include may be overwritten, the axes' may
//   not); an entry that fits no combination becomes a combination of its own, which later
//   includes do not extend.
//
// Nothing is stored per combination: a combination is a step of the product walk (MatrixWalk,
// which never visits what `exclude` drops) or an include entry, computed when asked for, then
// applied to the parsed JSON tree when it renders (MatrixSubstitution). Parsing walks the product
// once to count, to find the includes that stand alone and to check that every clip name is unique.

/// One clip of a matrix: its key:value pairs in the matrix's key order.
public struct MatrixCombination: Sendable {
    public var values: [(key: String, value: JSONNode)]

    public func value(_ key: String) -> JSONNode? { values.first { $0.key == key }?.value }

    /// `device=iphone-15,dark=false`: the form `--only` takes and the shard key's suffix.
    public var query: String { values.map { "\($0.key)=\(Matrix.text($0.value))" }.joined(separator: ",") }

    /// `device=iphone-15 dark=false`, for messages.
    public var label: String { values.map { "\($0.key)=\(Matrix.text($0.value))" }.joined(separator: " ") }

    /// `iphone-15-light`: appended to the preset's name (with a `-`) to name the clip.
    public var nameSuffix: String { values.map { Matrix.namePart(key: $0.key, value: $0.value) }.joined(separator: "-") }

    /// Each value as text, and whether it is a JSON string (for the manifest's `matrix` object).
    public var texts: [(key: String, text: String, isString: Bool)] {
        values.map { pair in
            if case .string = pair.value.value { return (pair.key, Matrix.text(pair.value), true) }
            return (pair.key, Matrix.text(pair.value), false)
        }
    }
}

public struct Matrix: Sendable {
    /// At most this many clips per preset (docs/PRESETS.md "Matrix"; GitHub Actions stops at 256 jobs).
    public static let maxCombinations = 1000
    /// The axes' product walked to count combinations; beyond it even `exclude` cannot bring the
    /// matrix under `maxCombinations` in reasonable time, so it is refused outright.
    static let maxProduct = 1_000_000
    static let substitutedKeys = ["device", "fps", "scale", "background", "dark", "tint", "transition", "direction", "locale"]

    typealias Entry = [(key: String, value: JSONNode)]
    var axes: [(key: String, values: [JSONNode])]
    var include: [Entry]
    var exclude: [Entry]
    /// Axis keys, then keys only includes add, in order of first appearance.
    var keyOrder: [String]
    /// Include entries that fit no combination: clips of their own, after the product's.
    var standalone: [Int]
    var product: Int
    /// How many clips the matrix describes.
    public internal(set) var count: Int
    /// How a combination names its clip.
    var naming: MatrixNaming
    /// `exclude` arranged for the product walk (MatrixWalk: what it drops is never visited), and
    /// `include` entries by the first axis value they name (those naming none in
    /// `includeAnywhere`), so each combination looks only at the entries that can concern it
    /// (issue 27.8: 999 excludes over a 1000 × 1000 product were 10⁹ comparisons, 22 s). Built by
    /// `indexEntries`.
    var excludePlan = ExcludePlan(axes: [], exclude: [])
    var includeIndex: [String: [Int]] = [:]
    var includeAnywhere: [Int] = []
    /// How many steps the walk took while the matrix was parsed (its cost, for tests).
    var expansionSteps = 0

    /// The keys a combination can set, in order.
    public var keys: [String] { keyOrder }

    /// Every combination, computed one at a time.
    public var combinations: AnySequence<MatrixCombination> {
        let m = self
        return AnySequence(sequence(state: (walk: m.walk, k: 0)) { (state: inout (walk: ProductWalk, k: Int)) -> MatrixCombination? in
            if let picked = state.walk.next() { return m.base(picked) }
            guard state.k < m.standalone.count else { return nil }
            state.k += 1
            return m.ordered(m.include[m.standalone[state.k - 1]])
        })
    }

    /// The product's combinations left after `exclude`, as value indexes.
    var walk: ProductWalk { ProductWalk(excludePlan, axes: product > 0 ? axes.count : 0) }

    /// The product combination of these value indexes (one per axis), with its includes merged.
    func base(_ picked: [Int]) -> MatrixCombination {
        var values = Entry()
        for (a, v) in picked.enumerated() { values.append((axes[a].key, axes[a].values[v])) }
        let axisCount = axes.count
        for entry in fitting(values).map({ include[$0] }) {
            for (k, v) in entry {
                if let j = values.firstIndex(where: { $0.key == k }) { if j >= axisCount { values[j].value = v } }
                else { values.append((k, v)) }
            }
        }
        return ordered(values)
    }

    /// `key` and `value` as one index key (the type is part of it: `1` is not `"1"`).
    static func slot(_ key: String, _ v: JSONNode) -> String {
        switch v.value {
        case .string(let s): return key + "\u{0}s" + s
        case .number(let n): return key + "\u{0}n" + JSONNode.format(n)
        case .bool(let b): return key + "\u{0}b" + (b ? "1" : "0")
        default: return key + "\u{0}?" + v.summary
        }
    }

    mutating func indexEntries() {
        let axisKeys = Set(axes.map(\.key))
        excludePlan = ExcludePlan(axes: axes, exclude: exclude)
        for (i, e) in include.enumerated() {
            if let first = e.first(where: { axisKeys.contains($0.key) }) {
                includeIndex[Matrix.slot(first.key, first.value), default: []].append(i)
            } else { includeAnywhere.append(i) }
        }
    }

    /// The `include` entries that fit the product combination `values`, in their order.
    func fitting(_ values: Entry) -> [Int] {
        var out = includeAnywhere
        for pair in values.prefix(axes.count) {
            out += (includeIndex[Matrix.slot(pair.key, pair.value)] ?? []).filter { fits(include[$0], values, axisCount: axes.count) }
        }
        return out.sorted()
    }

    /// An include entry fits a combination when it agrees with every axis value it names.
    func fits(_ entry: Entry, _ values: Entry, axisCount: Int) -> Bool {
        entry.allSatisfy { pair in
            guard let j = values.firstIndex(where: { $0.key == pair.key }), j < axisCount else { return true }
            return Matrix.same(values[j].value, pair.value)
        }
    }

    func ordered(_ values: Entry) -> MatrixCombination {
        MatrixCombination(values: keyOrder.compactMap { k in values.first { $0.key == k } })
    }

    static func same(_ a: JSONNode, _ b: JSONNode) -> Bool {
        switch (a.value, b.value) {
        case (.string(let x), .string(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        default: return false
        }
    }

    /// A value as `--only` and messages write it: strings bare, numbers as JSON, booleans as words.
    static func text(_ v: JSONNode) -> String {
        switch v.value {
        case .string(let s): return s
        case .number(let n): return JSONNode.format(n)
        case .bool(let b): return b ? "true" : "false"
        default: return v.summary
        }
    }

    /// A value's part of a clip name, safe in a file name on every system: letters and digits (any
    /// script), `.`, `_` and `+` are kept, runs of anything else become one `-`. `dark` reads
    /// `light`/`dark`; another boolean reads as its name or `no-` and its name.
    static func namePart(key: String, value: JSONNode) -> String {
        if case .bool(let b) = value.value {
            let word = key.hasPrefix("vars.") ? String(key.dropFirst(5)) : key
            if key == "dark" { return b ? "dark" : "light" }
            return sanitize(b ? word : "no-" + word)
        }
        return sanitize(text(value))
    }

    static func sanitize(_ s: String) -> String {
        var out = ""
        for ch in s {
            if ch.isLetter || ch.isNumber || ch == "." || ch == "_" || ch == "+" { out.append(ch) }
            else if !out.isEmpty && out.last != "-" { out.append("-") }
        }
        while out.last == "-" { out.removeLast() }
        while out.first == "." { out.removeFirst() }
        return out.isEmpty ? "_" : out
    }
}
