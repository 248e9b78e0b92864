// Validation in one pass: every problem whose own inputs can be checked is reported at once,
// each with the line and column of the offending value. Decoding (types, ranges, closed sets)
// and resolving (mocks, assets, screens, the stack, transitions and their parameters) both run
// even when the other found problems; what decoding could not build is marked (`Unchecked`) and a
// resolving problem at or around a path decoding already reported is left out, so one mistake
// gives one problem, not a cascade.
import Scene
import Vocabulary

/// A preset that passed: decoded, resolved, and the warnings worth printing (unknown fonts).
public struct CheckedPreset: Sendable {
    public var preset: Preset
    public var storyboard: Storyboard
    public var warnings: [Problem]
}

public enum PresetCheck {
    /// At most this many problems are printed in all; the rest are counted in a last line.
    public static let maxProblems = FieldReader.maxProblems

    /// JSON text → preset, with every decoding problem (duplicate keys included, positioned).
    static func decode(text: String, file: String, defaultName: String) throws(PresetError) -> (Preset?, [Problem]) {
        let (preset, problems, _) = try decodeCounting(text: text, file: file, defaultName: defaultName)
        return (preset, problems)
    }

    /// `decode`, and how many problems beyond the cap were only counted.
    /// `tree`: what is decoded instead of the parsed document (a matrix combination applied to it).
    /// `parsed`: `text`'s tree when the caller has it (PresetSource), else `text` is parsed.
    static func decodeCounting(text: String, file: String, defaultName: String, parsed: ParsedDocument? = nil,
                               tree: ((JSONNode) -> JSONNode)? = nil) throws(PresetError) -> (Preset?, [Problem], Int) {
        let document = try ParsedDocument.given(parsed, text, file: file)
        let root = document.root
        let r = FieldReader(file: file)
        let preset = PresetDecoder.decode(tree?(root) ?? root, r, defaultName: defaultName)
        var problems = r.problems
        if !document.duplicates.isEmpty {
            let index = PositionIndex(root)
            for d in document.duplicates {
                let path = JSONPath(index.path(ofValueAt: d.object) ?? "").key(d.key)
                problems.append(Problem(file: file, path: path.text,
                                        message: "duplicate key \"\(d.key)\" (first at line \(d.first.line), column \(d.first.column)); a key may appear once in an object",
                                        position: d.position, expected: "each key once", found: "\"\(d.key)\" again"))
            }
        }
        return (preset, problems, r.dropped)
    }

    /// Decodes and resolves, collecting every problem of both; throws them all, positioned and
    /// in the order they appear in the file.
    /// - images: where the preset's images come from (resolving checks them; rendering decodes them).
    /// - fonts: the installed fonts the warnings are about.
    public static func run(text: String, file: String, images: any ImageLoading, fonts: any FontLookup, defaultName: String,
                           overrides: Overrides = Overrides(), parsed: ParsedDocument? = nil,
                           tree: ((JSONNode) -> JSONNode)? = nil) throws(PresetError) -> CheckedPreset {
        let document = try ParsedDocument.given(parsed, text, file: file)
        let (decoded, decodeProblems, dropped) = try decodeCounting(text: text, file: file, defaultName: defaultName, parsed: document, tree: tree)
        guard let preset = decoded else { throw PresetError(decodeProblems.isEmpty ? [Problem(file: file, path: "", message: "invalid preset")] : decodeProblems) }
        var problems = decodeProblems
        var storyboard: Storyboard?
        var resolverUncounted = 0
        do {
            storyboard = try Resolver(file: file, images: images, measure: fonts).resolve(preset, overrides: overrides)
        } catch {
            problems += withoutConsequences(error.problems, of: decodeProblems)
            // The Resolver keeps at most the cap (ProblemList); its count line is replaced by finish's.
            // Counted only when decoding reported nothing: else they are mostly its consequences.
            if error.uncounted > 0 && decodeProblems.isEmpty { resolverUncounted = error.uncounted + 1 }
        }
        let warnings = finish(fontWarnings(preset, file: file, fonts: fonts) + glyphWarnings(preset, file: file, fonts: fonts)
                              + navigationBarWarnings(preset, file: file), root: document.root)
        if let storyboard, problems.isEmpty { return CheckedPreset(preset: preset, storyboard: storyboard, warnings: warnings) }
        var e = PresetError(finish(problems, root: document.root, uncounted: dropped + resolverUncounted))
        e.warnings = warnings
        throw e
    }

    /// Resolver problems minus those at, inside or around a path decoding already reported.
    static func withoutConsequences(_ later: [Problem], of earlier: [Problem]) -> [Problem] {
        var reported = Set<String>(), around = Set<String>()
        for p in earlier where !p.path.isEmpty {
            reported.insert(p.path)
            var q = p.path
            while let parent = PositionIndex.parent(of: q), !parent.isEmpty { around.insert(parent); q = parent }
        }
        return later.filter { p in
            if p.path.isEmpty { return true }
            if reported.contains(p.path) || around.contains(p.path) { return false }
            var q = p.path
            while let parent = PositionIndex.parent(of: q), !parent.isEmpty {
                if reported.contains(parent) { return false }
                q = parent
            }
            return true
        }
    }

    /// Positions for the problems that lack one (the value at their path, or its nearest
    /// enclosing value), the value found there, file order, and the cap.
    static func finish(_ problems: [Problem], root: JSONNode, uncounted: Int = 0) -> [Problem] {
        var out = problems.filter { !$0.message.hasPrefix("… and ") }
        if out.contains(where: { $0.position == nil && !$0.path.isEmpty }) {
            let index = PositionIndex(root)
            for i in out.indices where out[i].position == nil && !out[i].path.isEmpty {
                let key = FieldReader.isAboutAKey(out[i].message) ? index.keyPosition(at: out[i].path) : nil
                out[i].position = key ?? index.position(near: out[i].path)
                if out[i].found == nil { out[i].found = index.summary(at: out[i].path) }
            }
        }
        // File order: problems without a position (the file itself) first.
        out = out.enumerated().sorted { a, b in
            let pa = a.element.position.map { ($0.line, $0.column) } ?? (0, 0)
            let pb = b.element.position.map { ($0.line, $0.column) } ?? (0, 0)
            return pa != pb ? pa < pb : a.offset < b.offset
        }.map(\.element)
        if out.count > maxProblems || uncounted > 0 {
            let more = max(0, out.count - (maxProblems - 1)) + uncounted
            let file = out[0].file
            out = Array(out.prefix(maxProblems - 1))
            out.append(Problem(file: file, path: "", message: "… and \(more) more problems"))
        }
        return out
    }

    /// An unknown font family: drawn with fontconfig's substitute, which the author should know.
    static func fontWarnings(_ preset: Preset, file: String, fonts: any FontLookup) -> [Problem] {
        var asked: [String: (String, FontWeight)] = [:]   // family → (first path, weight)
        func walk(_ l: LayerSpec) {
            if l.kind == .text, let f = l.style.font.family, asked[f] == nil { asked[f] = (l.path + ".font.family", l.style.font.weight) }
            l.children.forEach(walk)
        }
        for (_, spec) in preset.screens { if case .layers(_, let layers) = spec { layers.forEach(walk) } }
        var out: [Problem] = []
        for (family, (path, weight)) in asked.sorted(by: { $0.key < $1.key }) {
            let used = fonts.familyUsed(for: family, weight: weight)
            if used?.lowercased() != family.lowercased() {
                out.append(Problem(file: file, path: path,
                                   message: "font family \"\(family)\" is not installed; text uses \"\(used ?? "no font")\" instead",
                                   expected: "an installed font family (fc-list : family)", found: "\"\(family)\"", severity: .warning))
            }
        }
        return out
    }

    /// Characters no installed font has: each draws one .notdef box, which the author should know
    /// (named by code point, so a control or invisible character is visible in the message).
    static func glyphWarnings(_ preset: Preset, file: String, fonts: any FontLookup) -> [Problem] {
        var out: [Problem] = []
        func walk(_ l: LayerSpec) {
            if l.kind == .text, let text = l.text, !text.isEmpty,
               let missing = fonts.unsupportedCharacters(in: text, style: l.style), !missing.isEmpty {
                let names = missing.prefix(8).map { u in "U+" + String(repeating: "0", count: max(0, 4 - String(u.value, radix: 16).count))
                    + String(u.value, radix: 16, uppercase: true) }.joined(separator: ", ") + (missing.count > 8 ? ", …" : "")
                let layer = l.id.map { "layer " + FieldReader.quoted($0) } ?? "a text layer"
                out.append(Problem(file: file, path: l.path + ".text",
                                   message: "\(layer) has \(missing.count == 1 ? "a character" : "\(missing.count) characters") no installed font draws (\(names)): each shows as a box",
                                   expected: "characters an installed font has (fc-list ':charset=XXXX')", found: names, severity: .warning))
            }
            l.children.forEach(walk)
        }
        for (_, spec) in preset.screens { if case .layers(_, let layers) = spec { layers.forEach(walk) } }
        return out
    }
}
