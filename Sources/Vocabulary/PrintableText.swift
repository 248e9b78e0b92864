/// Strings from a preset, a file name or a manifest printed in a text format (a terminal, a CI
/// log that a runner parses): every control character is shown as an escape, so one problem is
/// one line and nothing reaches the terminal as a command (issue 27.5: a key holding
/// "x\n::add-mask::…" started a line with a GitHub workflow command; ESC/OSC/BEL bytes reached the
/// terminal). Control characters (C0, DEL, C1), the line and paragraph separators and the bidi
/// controls become `\n`, `\r`, `\t` or `\u{1B}`; everything else is kept as it is.
public enum PrintableText {
    public static func escaped(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: needsEscape) else { return s }
        var out = ""
        out.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
        for u in s.unicodeScalars {
            guard needsEscape(u) else { out.unicodeScalars.append(u); continue }
            switch u {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    static func needsEscape(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
