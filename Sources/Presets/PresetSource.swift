import Vocabulary

// A preset file parsed once and decoded per clip: a plain preset is one clip, a matrix preset
// (issue 21) one per combination. Only the parsed tree is kept; each combination's Preset is
// decoded from it when asked for, so a matrix of 1000 clips costs one tree until its clips render.

public struct PresetSource: Sendable {
    public let file: String
    public let defaultName: String
    /// The file's text: PresetCheck reads positions and duplicate keys from it.
    public let text: String
    /// The text's tree (and duplicate keys, which PresetCheck reports), decoded for every clip.
    let document: ParsedDocument
    var root: JSONNode { document.root }
    public let matrix: Matrix?

    public static func parse(text: String, file: String, defaultName: String) throws(PresetError) -> PresetSource {
        let document = try ParsedDocument.parse(text, file: file)
        let root = document.root
        guard let node = root["matrix"] else { return PresetSource(file: file, defaultName: defaultName, text: text, document: document, matrix: nil) }
        let r = FieldReader(file: file)
        guard let m = Matrix.parse(node, JSONPath().key("matrix"), r, root: root, defaultName: defaultName), r.problems.isEmpty else {
            throw PresetError(r.problems.isEmpty ? [Problem(file: file, path: "matrix", message: "invalid matrix", position: node.position)] : r.problems)
        }
        return PresetSource(file: file, defaultName: defaultName, text: text, document: document, matrix: m)
    }

    /// The preset's `name` (the decoder checks it), else the file's.
    static func baseName(_ root: JSONNode, defaultName: String) -> String {
        if case .string(let s)? = root["name"]?.value, !s.isEmpty { return s }
        return defaultName
    }

    /// Every clip: one nil for a plain preset, each combination for a matrix.
    public var clips: AnySequence<MatrixCombination?> {
        guard let matrix else { return AnySequence([nil]) }
        return AnySequence(matrix.combinations.lazy.map { Optional($0) })
    }

    /// The clip's `output.format` after substitution (nil: none given).
    public func substitutedFormat(_ c: MatrixCombination) -> String? {
        guard case .string(let f)? = (tree(c).map { $0(root) } ?? root)["output"]?["format"]?.value else { return nil }
        return f
    }

    /// `<name>-<value>-<value>…` (MatrixNaming).
    public func name(of c: MatrixCombination) -> String {
        matrix?.naming.name(c) ?? PresetSource.baseName(root, defaultName: defaultName) + "-" + c.nameSuffix
    }

    /// The decoded (not resolved) preset of one clip (nil: a plain preset).
    public func preset(_ c: MatrixCombination?) throws(PresetError) -> Preset {
        let (p, problems, _) = try PresetCheck.decodeCounting(text: text, file: file, defaultName: defaultName, parsed: document, tree: tree(c))
        if let p, problems.isEmpty { return p }
        let e = PresetError(problems.isEmpty ? [Problem(file: file, path: "", message: "invalid preset")] : problems)
        throw c.map { e.in($0) } ?? e
    }

    /// What PresetCheck decodes for one clip: the parsed tree with the combination applied (nil:
    /// the tree as parsed).
    public func tree(_ c: MatrixCombination?) -> (@Sendable (JSONNode) -> JSONNode)? {
        guard let c else { return nil }
        let name = name(of: c), position = matrix?.naming.position(c, root: root) ?? root.position
        return { MatrixSubstitution.apply(c, to: $0, name: name, position: position) }
    }

    /// The clip `--only KEY=VALUE,...` picks (nil for a plain preset without `--only`). Without
    /// `--only`, a matrix of one combination is that combination; of more, an error listing them.
    public func select(_ only: String?) throws(PresetError) -> MatrixCombination? {
        func fail(_ m: String, _ detail: [String] = []) -> PresetError { PresetError([Problem(file: file, path: "", message: m, detail: detail)]) }
        guard let matrix else {
            if only != nil { throw fail("--only picks a combination of a matrix preset; this preset has no \"matrix\"") }
            return nil
        }
        guard let only else {
            if matrix.count == 1, let c = matrix.combinations.first(where: { _ in true }) { return c }
            throw fail("a matrix preset of \(matrix.count) clips: pick one with --only KEY=VALUE[,KEY=VALUE...] (or render all with segue batch):",
                       listingLines(matrix.combinations))
        }
        var wanted: [(key: String, value: String)] = []
        for part in only.split(separator: ",", omittingEmptySubsequences: false) {
            let kv = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            // A value may hold commas (`vars.v=b,c`, as segue lists it): a part that is not
            // KEY=VALUE of a matrix key continues the value before it (issue 27.12).
            if let last = wanted.last, kv.count < 2 || !matrix.keys.contains(String(kv[0])) {
                wanted[wanted.count - 1].value = last.value + "," + part
                continue
            }
            guard kv.count == 2, !kv[0].isEmpty else { throw fail("--only takes KEY=VALUE pairs separated by commas, e.g. --only device=iphone-se,dark=true (got \"\(only)\")") }
            let key = String(kv[0])
            guard matrix.keys.contains(key) else {
                let hint = FieldReader.closest(key, in: matrix.keys).map { "; did you mean \"\($0)\"?" } ?? ""
                throw fail("--only: \"\(key)\" is not a key of the matrix\(hint) (its keys: \(matrix.keys.joined(separator: ", ")))")
            }
            wanted.append((key, String(kv[1])))
        }
        let picked = matrix.combinations.filter { c in
            wanted.allSatisfy { w in c.value(w.key).map { Matrix.text($0) == w.value || Matrix.namePart(key: w.key, value: $0) == w.value } ?? false }
        }
        if picked.count == 1 { return picked[0] }
        if picked.isEmpty { throw fail("--only \(only): no combination matches; the matrix's \(matrix.count):", listingLines(matrix.combinations)) }
        throw fail("--only \(only): \(picked.count) combinations match; name more keys to pick one:", listingLines(AnySequence(picked)))
    }

    /// One line per combination: its `--only` form and its clip name.
    public func listing(_ combinations: AnySequence<MatrixCombination>) -> String {
        listingLines(combinations).map(PrintableText.escaped).joined(separator: "\n")
    }

    func listingLines(_ combinations: AnySequence<MatrixCombination>) -> [String] {
        combinations.map { "  --only \($0.query)  → \(name(of: $0))" }
    }
}

extension PresetError {
    /// The same problems, each saying which combination of a matrix it was found in.
    public func `in`(_ c: MatrixCombination) -> PresetError {
        var e = self
        e.problems = problems.map { p in
            var p = p
            p.message += " [in combination \(c.label)]"
            return p
        }
        return e
    }
}

extension Matrix {
    /// A tree that still has its matrix was not expanded: a code path that decodes one preset
    /// was handed a matrix preset.
    static func refuseUnexpanded(_ node: JSONNode, _ path: JSONPath, _ r: FieldReader) {
        r.problem(path, "a matrix preset describes several clips: pick one with --only KEY=VALUE,... or render them all with segue batch", node)
    }
}

extension PresetSource {
    /// The clip's tree as canonical text (keys in written order, no positions): what decides the
    /// clip's bytes besides its assets and options. The cache keys a combination by it, so adding
    /// a value to a matrix re-renders only the new combinations.
    public func canonicalText(_ c: MatrixCombination?) -> String {
        var out = ""
        PresetSource.write(c.map { tree($0)!(root) } ?? root, to: &out)
        return out
    }

    static func write(_ n: JSONNode, to out: inout String) {
        switch n.value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += JSONNode.format(d)
        case .string(let s): out += String(reflecting: s)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() { if i > 0 { out += "," }; write(item, to: &out) }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, m) in members.enumerated() {
                if i > 0 { out += "," }
                out += String(reflecting: m.key) + ":"
                write(m.value, to: &out)
            }
            out += "}"
        }
    }
}
