// Mock screens in another language (`"locale"`): the English mock is built as always (same seed,
// same layout), then each of its texts is replaced by its counterpart in the locale — titles,
// buttons and labels from a table, sentences word by word from the mock's own vocabulary, people's
// names by local names (an avatar's initial follows its person's name). A text the tables do not
// know (a preset's own title) is kept. Frames do not change: a longer German label is truncated
// as UIKit truncates it, which is what a locale matrix is for (text expansion).
import Geometry

public enum MockLocale {
    /// The locales mock screens can be shown in, with their names.
    public static let supported: [(code: String, name: String)] = [
        ("en", "English (the mocks as written)"), ("ar", "Arabic"), ("de", "German"), ("he", "Hebrew"), ("ja", "Japanese"),
    ]

    /// The language a locale code names ("de-AT" → "de"), if supported.
    public static func language(of code: String) -> String? {
        let lang = String(code.lowercased().prefix { $0 != "-" && $0 != "_" })
        return supported.contains { $0.code == lang } ? lang : nil
    }

    /// The locale's right-to-left-ness: Arabic and Hebrew read right to left.
    public static func isRightToLeft(_ code: String) -> Bool { ["ar", "he"].contains(language(of: code)) }

    /// `root` with its texts in `code`'s language (unchanged for "en" or an unknown code); every
    /// text node's style carries the language (shaping and font choice use it).
    public static func localize(_ root: Node, _ code: String) -> Node {
        guard let lang = language(of: code), lang != "en", let table = MockLocaleTables.all[lang] else { return root }
        return localize(root, table, lang)
    }

    private static func localize(_ node: Node, _ t: MockLocaleTables.Table, _ lang: String) -> Node {
        var n = node
        if case .text(let s, var style) = n.kind {
            style.language = lang
            n.kind = .text(translate(s, t), style)
        }
        n.children = n.children.map { localize($0, t, lang) }
        // An avatar (an ellipse holding one initial) beside a person's name takes the name's initial.
        if let name = n.children.lazy.compactMap({ c -> String? in
            if case .text(let s, _) = c.kind, t.names.contains(s) { return s }
            return nil
        }).first {
            for i in n.children.indices where n.children[i].id?.hasPrefix("avatar") == true {
                if let k = n.children[i].children.firstIndex(where: { if case .text = $0.kind { return true }; return false }),
                   case .text(_, let style) = n.children[i].children[k].kind {
                    n.children[i].children[k].kind = .text(String(name.prefix(1)), style)
                }
            }
        }
        return n
    }

    /// One mock text as a screen in `code`'s language shows it (the text itself for English or
    /// an unknown code).
    static func shown(_ s: String, in code: String?) -> String {
        guard let code, let lang = language(of: code), let table = MockLocaleTables.all[lang] else { return s }
        return translate(s, table)
    }

    /// One mock text in the table's language, or the text itself when the table does not know it.
    static func translate(_ s: String, _ t: MockLocaleTables.Table) -> String {
        if let exact = t.phrases[s] { return exact }
        if let k = MockLocaleTables.names.firstIndex(of: s) { return t.names[k] }
        // "Name · 12 min read": each part on its own.
        if s.contains(" · ") {
            return s.split(separator: " · ", omittingEmptySubsequences: false).map { translate(String($0), t) }.joined(separator: " · ")
        }
        // "Like 120", "12 min read", "5m ago": a label with its number (before the rule below:
        // "Comment 296" is a count, not the label "Comment" with a time).
        for (english, format) in t.counted {
            if let n = number(in: s, matching: english) { return format.replacingFirst("#", with: n) }
        }
        // "Today 9:27": a label and a time.
        if let space = s.lastIndex(of: " "), case let time = s[s.index(after: space)...], !time.isEmpty,
           time.allSatisfy({ $0.isNumber || $0 == ":" }), let head = t.phrases[String(s[..<space])] {
            return head + " " + time
        }
        return sentence(s, t) ?? s
    }

    /// A sentence of the mocks' vocabulary, word by word (nil when a word is not in it).
    static func sentence(_ s: String, _ t: MockLocaleTables.Table) -> String? {
        let period = s.hasSuffix(".")
        let words = (period ? String(s.dropLast()) : s).lowercased().split(separator: " ")
        guard !words.isEmpty else { return nil }
        var out: [String] = []
        for w in words {
            guard let k = MockLocaleTables.words.firstIndex(of: String(w)) else { return nil }
            guard !t.words[k].isEmpty else { continue }
            // Arabic writes "and" (و) joined to the word after it.
            if let last = out.last, t.prefixes.contains(last) { out[out.count - 1] = last + t.words[k] } else { out.append(t.words[k]) }
        }
        var text = out.joined(separator: t.wordSeparator)
        if let first = text.first, t.capitalizes { text = first.uppercased() + text.dropFirst() }
        return period ? text + t.period : text
    }

    /// The number in `s` when `s` is `pattern` with "#" standing for digits.
    static func number(in s: String, matching pattern: String) -> String? {
        let parts = pattern.split(separator: "#", omittingEmptySubsequences: false)
        guard parts.count == 2, s.hasPrefix(parts[0]), s.hasSuffix(parts[1]), s.count > parts[0].count + parts[1].count else { return nil }
        let middle = s.dropFirst(parts[0].count).dropLast(parts[1].count)
        return middle.allSatisfy(\.isNumber) ? String(middle) : nil
    }
}

extension String {
    func replacingFirst(_ target: Character, with s: String) -> String {
        guard let i = firstIndex(of: target) else { return self }
        return String(self[..<i]) + s + String(self[index(after: i)...])
    }
}
