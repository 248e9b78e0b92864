import Geometry
import Vocabulary

/// Reads typed values out of a parsed JSON tree, recording a `Problem` (and returning nil) for
/// anything of the wrong type or out of range, so one pass finds every problem.
final class FieldReader {
    let file: String
    private(set) var problems: [Problem] = []

    init(file: String) { self.file = file }

    /// At most this many problems are kept; the rest are counted in a last line.
    static let maxProblems = 200
    private(set) var dropped = 0

    func problem(_ path: JSONPath, _ message: String, _ node: JSONNode? = nil, expected: String? = nil, found: String? = nil) {
        if problems.count >= FieldReader.maxProblems {
            dropped += 1
            problems[problems.count - 1] = Problem(file: file, path: "", message: "… and \(dropped + 1) more problems")
            return
        }
        problems.append(Problem(file: file, path: path.text, message: message, position: node?.position,
                                expected: expected, found: found ?? node?.summary))
    }

    /// `; did you mean "x"?` when `word` is a likely typo of one of `options`, else "".
    static func hint(_ word: String, _ options: [String]) -> String {
        closest(word, in: options).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// The options of a closed set as listed in messages (long lists are clipped).
    static func listing(_ options: [String]) -> String {
        options.count > 40 ? options.prefix(40).joined(separator: ", ") + ", … (\(options.count) in all)" : options.joined(separator: ", ")
    }

    /// `unknown mock "lst"; did you mean "list"? (expected one of: …)` — the one message shape
    /// for every closed set (mocks, devices, curves, transitions, parameters, screens, ids).
    /// The kinds of `unknown` problems that are about a key of the file (a transition's parameter,
    /// a keyframe track): reported at the key, as an unknown key is (PresetCheck.finish).
    static let keyKinds = ["parameter", "track"]
    static func isAboutAKey(_ message: String) -> Bool { keyKinds.contains { message.hasPrefix("unknown \($0) \"") } }

    static func unknown(_ what: String, _ word: String, _ options: [String], of owner: String = "") -> String {
        "unknown \(what) \(quoted(word))\(owner.isEmpty ? "" : " for " + owner)\(hint(word, options)) (expected one of: \(listing(options)))"
    }

    /// A key as quoted in messages: long ones are clipped.
    static func quoted(_ key: String) -> String {
        key.count > 60 ? "\"" + key.prefix(60) + "…\"" : "\"" + key + "\""
    }

    func expected(_ path: JSONPath, _ what: String, _ node: JSONNode) {
        problem(path, "expected \(what) (got \(node.summary))", node, expected: what)
    }

    /// The members of an object, reporting unknown keys (typos must not pass silently) and missing
    /// required ones.
    func object(_ node: JSONNode, _ path: JSONPath, allowed: [String], required: [String] = []) -> [String: JSONNode]? {
        guard case .object(let members) = node.value else { expected(path, "an object", node); return nil }
        var out: [String: JSONNode] = [:]
        for m in members {
            if allowed.contains(m.key) {
                out[m.key] = m.value
            } else {
                let shown = m.key.count > 60 ? String(m.key.prefix(60)) + "…" : m.key
                // The key is what is wrong: point at it rather than at its value.
                var at = m.value
                at.position = m.value.keyPosition ?? m.value.position
                problem(path.key(shown), FieldReader.unknown("key", m.key, allowed), at,
                        expected: "one of: " + allowed.joined(separator: ", "), found: FieldReader.quoted(m.key))
            }
        }
        for r in required where out[r] == nil {
            problem(path.key(r), "required key is missing", node, expected: "\"\(r)\"", found: "nothing")
        }
        return out
    }

    func number(_ node: JSONNode, _ path: JSONPath, _ range: ClosedRange<Double>? = nil, exclusiveLower: Bool = false) -> Double? {
        guard case .number(let n) = node.value else { expected(path, "a number", node); return nil }
        if let r = range {
            if exclusiveLower && n <= r.lowerBound {
                problem(path, "must be greater than \(JSONNode.format(r.lowerBound)) (got \(node.summary))", node,
                        expected: "greater than \(JSONNode.format(r.lowerBound))"); return nil
            }
            if n < r.lowerBound || n > r.upperBound {
                problem(path, "must be between \(JSONNode.format(r.lowerBound)) and \(JSONNode.format(r.upperBound)) (got \(node.summary))", node,
                        expected: "between \(JSONNode.format(r.lowerBound)) and \(JSONNode.format(r.upperBound))")
                return nil
            }
        }
        return n
    }

    func integer(_ node: JSONNode, _ path: JSONPath, _ range: ClosedRange<Int>) -> Int? {
        guard case .number(let n) = node.value, n == n.rounded(), abs(n) < 1e15, let i = Int(checked: n) else { expected(path, "a whole number", node); return nil }
        guard range.contains(i) else {
            problem(path, "must be between \(range.lowerBound) and \(range.upperBound) (got \(node.summary))", node,
                    expected: "a whole number between \(range.lowerBound) and \(range.upperBound)"); return nil
        }
        return i
    }

    func string(_ node: JSONNode, _ path: JSONPath, nonEmpty: Bool = true) -> String? {
        guard case .string(let s) = node.value else { expected(path, "a string", node); return nil }
        if nonEmpty && s.isEmpty { problem(path, "must not be empty", node, expected: "a non-empty string"); return nil }
        return s
    }

    func choice(_ node: JSONNode, _ path: JSONPath, _ options: [String]) -> String? {
        guard case .string(let s) = node.value else { expected(path, "one of \(options.joined(separator: ", "))", node); return nil }
        guard options.contains(s) else {
            problem(path, "expected one of \(options.joined(separator: ", ")) (got \(node.summary))\(FieldReader.hint(s, options))", node,
                    expected: "one of: " + options.joined(separator: ", ")); return nil
        }
        return s
    }

    func bool(_ node: JSONNode, _ path: JSONPath) -> Bool? {
        guard case .bool(let b) = node.value else { expected(path, "true or false", node); return nil }
        return b
    }

    func array(_ node: JSONNode, _ path: JSONPath, count: ClosedRange<Int>? = nil) -> [JSONNode]? {
        guard case .array(let items) = node.value else { expected(path, "an array", node); return nil }
        if let c = count, !c.contains(items.count) {
            let want = c.lowerBound == c.upperBound ? "\(c.lowerBound)" : "\(c.lowerBound) to \(c.upperBound)"
            problem(path, "expected an array of \(want) items (got \(items.count))", node); return nil
        }
        return items
    }

    /// `count` numbers, each within `range` (default: ±Limits.maxCoordinate, so no coordinate
    /// can overflow later arithmetic).
    func numbers(_ node: JSONNode, _ path: JSONPath, count: Int, range: ClosedRange<Double>? = -Limits.maxCoordinate...Limits.maxCoordinate) -> [Double]? {
        guard case .array(let items) = node.value, items.count == count else {
            expected(path, "an array of \(count) numbers", node); return nil
        }
        var out: [Double] = []
        for (i, item) in items.enumerated() {
            guard let n = number(item, path.index(i), range) else { return nil }
            out.append(n)
        }
        return out
    }

    func point(_ node: JSONNode, _ path: JSONPath, _ range: ClosedRange<Double> = -Limits.maxCoordinate...Limits.maxCoordinate) -> Point? {
        numbers(node, path, count: 2, range: range).map { Point($0[0], $0[1]) }
    }

    func rect(_ node: JSONNode, _ path: JSONPath) -> Rect? {
        guard let v = numbers(node, path, count: 4) else { return nil }
        if v[2] < 0 || v[3] < 0 {
            problem(path, "width and height must not be negative (got \(JSONNode.format(v[2])) × \(JSONNode.format(v[3])))", node); return nil
        }
        return Rect(v[0], v[1], v[2], v[3])
    }

    func color(_ node: JSONNode, _ path: JSONPath) -> Color? {
        guard case .string(let s) = node.value, let c = Color(hex: s) else {
            expected(path, "a colour \"#RRGGBB\" or \"#RRGGBBAA\"", node); return nil
        }
        return c
    }

    /// The closest option by edit distance, when it is close enough to be a likely typo. Cheap
    /// on hostile input: words far longer than every option are not compared at all, options
    /// whose length differs by more than the threshold are skipped, and two rows of the table
    /// are kept.
    static func closest(_ word: String, in options: [String]) -> String? {
        let w = Array(word.lowercased())
        let limit = max(1, w.count / 3)
        guard w.count <= 64 else { return nil }
        // Optimal string alignment distance: edits plus adjacent transpositions ("fsp" → "fps").
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
            var prev2 = [Int](repeating: 0, count: b.count + 1)
            var prev = Array(0...b.count)
            var cur = [Int](repeating: 0, count: b.count + 1)
            for i in 1...a.count {
                cur[0] = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { cur[j] = min(cur[j], prev2[j - 2] + 1) }
                }
                (prev2, prev, cur) = (prev, cur, prev2)
            }
            return prev[b.count]
        }
        var best: (String, Int)?
        for o in options {
            let b = Array(o.lowercased())
            if abs(b.count - w.count) > limit { continue }
            let d = distance(w, b)
            // Replacing the whole word is no typo ("z" is not a misspelt "a").
            if d <= limit && d < max(w.count, b.count) && d < (best?.1 ?? Int.max) { best = (o, d) }
        }
        return best?.0
    }
}
