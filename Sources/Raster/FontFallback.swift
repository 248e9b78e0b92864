// Which face draws each character: the text's own face (Inter by default) when it has the
// character; else a face for the character's script, found through fontconfig among Debian's Noto
// families ("Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans CJK JP" at the text's weight, so a
// bold Chinese title is bold); else a face fontconfig says covers the script (asked with ICU's
// sample character of the script, so the answer does not depend on which text came first); else
// symbol faces; else colour emoji. A character no face has draws the text face's .notdef glyph
// (one box), and `unsupportedScalars` names it so `validate` can warn.
import CFreeType
import CICU
import Scene

/// The faces text draws with: the primary, per-script fallbacks, colour emoji.
struct FontChain {
    let primary: TextEngine.Face
    let emoji: TextEngine.Face?
    let weight: FontWeight
    let language: String

    static let emojiFamily = "Noto Color Emoji"
    /// For characters of no particular script (symbols, punctuation alone): tried in this order.
    static let symbolFamilies = ["Noto Sans", "Noto Sans Symbols", "Noto Sans Symbols2", "Noto Sans Math", "DejaVu Sans"]

    /// Throws when the primary face cannot be found or opened (text would silently not draw);
    /// the fallbacks are optional, but one that is installed and fails to open throws too.
    init(_ e: TextEngine, family: String, weight: FontWeight, language: String?) throws {
        guard let pk = try e.match(family: family, weight: weight) else {
            throw TextError(call: "FcFontMatch", subject: "family \"\(family)\" \(weight.rawValue)", detail: "the best match has no font file")
        }
        primary = try e.face(pk)
        let emoji = try e.match(family: FontChain.emojiFamily, weight: .regular).map { try e.face($0) }
        self.emoji = emoji?.isColor == true ? emoji : nil
        self.weight = weight
        self.language = (language ?? "").lowercased()
    }

    /// The face for one grapheme cluster (given as its scalars) of script `script` (ICU's code;
    /// the script of the run it sits in for common characters), or nil when no face has it.
    func face(_ e: TextEngine, for g: ArraySlice<UInt32>, script: Int32) throws -> TextEngine.Face? {
        let s = g.first!
        // ASCII alone is never emoji presentation (digits, # and * need VS16): skip the check.
        if let emoji, s >= 0x80 || g.count > 1, FontChain.isEmoji(g), e.hasGlyph(emoji, s) { return emoji }
        if e.hasGlyph(primary, s) { return primary }
        for f in try e.fallbacks(script: script, weight: weight, language: language) where e.hasGlyph(f, s) { return f }
        if let emoji, e.hasGlyph(emoji, s) { return emoji }
        return nil
    }

    /// Emoji presentation (UTS #51): emoji by default, or made so by VS16, a ZWJ or a skin tone.
    static func isEmoji(_ g: ArraySlice<UInt32>) -> Bool {
        guard let v = g.first, let u = Unicode.Scalar(v) else { return false }
        if u.properties.isEmojiPresentation { return true }
        return u.properties.isEmoji && g.dropFirst().contains { $0 == 0xFE0F || $0 == 0x200D || (0x1F3FB...0x1F3FF).contains($0) }
    }

    /// "U+0627", as Unicode writes code points.
    static func codePoint(_ v: UInt32) -> String {
        let hex = String(v, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Characters that draw nothing visible by design (controls, format characters such as ZWJ
    /// and bidi marks, variation selectors): never reported as missing.
    static func drawsNothing(_ v: UInt32) -> Bool {
        guard let u = Unicode.Scalar(v) else { return false }
        if u.properties.isDefaultIgnorableCodePoint || BreakableText.isHardBreak(v) || v == 0x09 { return true }
        switch u.properties.generalCategory {
        case .control, .format, .surrogate: return true
        default: return false
        }
    }
}

/// ICU's script codes Segue treats specially.
enum Script {
    static let common: Int32 = 0, inherited: Int32 = 1, unknown: Int32 = 103
    static let bopomofo: Int32 = 5, han: Int32 = 17, hangul: Int32 = 18, hiragana: Int32 = 20, katakana: Int32 = 22

    static func isReal(_ s: Int32) -> Bool { s != common && s != inherited && s != unknown }
    static func isCJK(_ s: Int32) -> Bool { [bopomofo, han, hangul, hiragana, katakana].contains(s) }

    /// The Noto CJK family for a script and language: Korean for Hangul, Japanese for kana or a
    /// Japanese text, traditional Chinese for zh-Hant/TW/HK, simplified Chinese otherwise.
    static func cjkFamily(_ s: Int32, language: String) -> String {
        let region: String
        if s == hangul || language.hasPrefix("ko") { region = "KR" }
        else if s == hiragana || s == katakana || language.hasPrefix("ja") { region = "JP" }
        else if language.hasPrefix("zh-hk") { region = "HK" }
        else if language.hasPrefix("zh-hant") || language.hasPrefix("zh-tw") || language.hasPrefix("zh-mo") { region = "TC" }
        else { region = "SC" }
        return "Noto Sans CJK " + region
    }
}

extension TextEngine {
    /// The fallback faces for a script at a weight, in the order they are tried (cached).
    func fallbacks(script: Int32, weight: FontWeight, language: String) throws -> [Face] {
        let key = "\(script)/\(weight.rawValue)/\(Script.isCJK(script) ? language : "")"
        if let hit = fallbackFaces[key] { return hit }
        var out: [Face] = []
        func add(_ k: FaceKey?) throws {
            guard let k else { return }
            let f = try face(k)
            if !out.contains(where: { $0 === f }) { out.append(f) }
        }
        if Script.isReal(script) {
            let sample = segue_icu_script_sample(script)
            let name = String(String(cString: segue_icu_script_name(script)).map { $0 == "_" ? " " : $0 })
            let family = Script.isCJK(script) ? Script.cjkFamily(script, language: language) : "Noto Sans " + name
            // fontconfig answers some face for any family: keep it only if it has the script.
            if let k = try match(family: family, weight: weight) {
                let f = try face(k)
                if sample == 0 || hasGlyph(f, sample) { try add(k) }
            }
            if sample != 0 { try add(try matchCovering(sample, weight: weight)) }
        }
        for family in FontChain.symbolFamilies { try add(try match(family: family, weight: weight)) }
        // CJK punctuation and symbols (。，「」 are of no script) draw best with CJK forms.
        try add(try match(family: Script.cjkFamily(Script.han, language: language), weight: weight))
        fallbackFaces[key] = out
        return out
    }

    /// fontconfig's best face that covers `scalar` (a script's sample character) at a weight.
    func matchCovering(_ scalar: UInt32, weight: FontWeight) throws -> FaceKey? {
        let what = "a face covering " + FontChain.codePoint(scalar)
        guard let pat = FcPatternCreate(), let set = FcCharSetCreate() else {
            throw TextError(call: "FcPatternCreate", subject: what, detail: "out of memory")
        }
        defer { FcPatternDestroy(pat); FcCharSetDestroy(set) }
        try TextError.checkFc(FcCharSetAddChar(set, scalar), "FcCharSetAddChar", what)
        try TextError.checkFc(FcPatternAddCharSet(pat, "charset", set), "FcPatternAddCharSet", what)
        return try bestMatch(pat, weight: weight, what: what)
    }
}
