import Vocabulary

/// A preset's name becomes the output's file name (`<name>.<ext>`) and its title tag, so it must
/// be a plain, honest file name (issue 20.11): no '/', no leading '.', and no character that
/// hides or reorders what a person reads — control characters (a newline or an escape in a file
/// name breaks scripts and terminals) and bidirectional overrides (`evil\u{202E}gnp.exe` is
/// displayed as "evilexe.png").
enum PresetName {
    /// Why `name` cannot name an output file, or nil when it can.
    static func problem(_ name: String) -> String? {
        if name.contains("/") || name.hasPrefix(".") { return "must be a plain file name without '/' or a leading '.'" }
        if name.utf8.count > Limits.maxNameBytes {
            return "must be at most \(Limits.maxNameBytes) bytes long (it names the output file; got \(name.utf8.count))"
        }
        return hiddenCharacterProblem(name)
    }

    /// The part of `problem` that also applies to a file name used as the preset's name.
    static func hiddenCharacterProblem(_ name: String) -> String? {
        guard let bad = name.unicodeScalars.first(where: isRefused) else { return nil }
        let hex = String(bad.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return "must not contain control or bidirectional-override characters (it names the output file; found \(code))"
    }

    /// C0/C1 controls and DEL, line and paragraph separators, and every Unicode bidi control
    /// (ALM, LRM, RLM, the embeddings and overrides U+202A–202E, the isolates U+2066–2069).
    static func isRefused(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
