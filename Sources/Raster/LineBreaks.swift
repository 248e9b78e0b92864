// Where a line of text may break: Unicode's line-breaking algorithm (UAX #14) through
// libunibreak, not hand-written rules. Words break after spaces and hyphens, CJK between
// ideographs but never before closing punctuation (。，、」) or after opening punctuation (「),
// `\n` (and the other mandatory breaks: U+2028, U+2029, CR LF, FF, VT) ends a paragraph.
// Opportunities are kept only at grapheme-cluster boundaries (Swift's own segmentation), so an
// emoji ZWJ sequence or a letter with its combining marks never splits across lines.
import CUnibreak

/// A text as Unicode scalars with, per scalar, whether a line may (or must) break after it and
/// whether a grapheme cluster starts there.
struct BreakableText {
    enum Break: UInt8 { case none, allowed, mandatory }

    private(set) var scalars: [UInt32] = []
    /// `breakAfter[i]`: the break between scalar i and i + 1 (the last one: the end of the text).
    private(set) var breakAfter: [Break] = []
    /// `graphemeStart[i]`: scalar i begins a grapheme cluster; `graphemeStart[count]` is true.
    private(set) var graphemeStart: [Bool] = []

    private static let ready: Bool = { init_linebreak(); return true }()

    init(_ text: String) {
        scalars.reserveCapacity(text.utf8.count)
        graphemeStart.reserveCapacity(text.utf8.count + 1)
        for ch in text {
            var first = true
            for s in ch.unicodeScalars {
                scalars.append(s.value)
                graphemeStart.append(first)
                first = false
            }
        }
        graphemeStart.append(true)
        breakAfter = [Break](repeating: .none, count: scalars.count)
        guard !scalars.isEmpty, BreakableText.ready else { return }
        var raw = [CChar](repeating: 0, count: scalars.count)
        let must = segue_linebreak_must(), allow = segue_linebreak_allow()
        scalars.withUnsafeBufferPointer { s in
            raw.withUnsafeMutableBufferPointer { b in
                set_linebreaks_utf32(s.baseAddress, s.count, nil, b.baseAddress)
            }
        }
        for i in 0..<raw.count {
            if raw[i] == must && BreakableText.isHardBreak(scalars[i]) { breakAfter[i] = .mandatory }
            else if (raw[i] == allow || raw[i] == must) && graphemeStart[i + 1] { breakAfter[i] = .allowed }
        }
    }

    var count: Int { scalars.count }

    /// Mandatory-break characters: they end a paragraph and draw nothing.
    static func isHardBreak(_ v: UInt32) -> Bool {
        v == 0x0A || v == 0x0B || v == 0x0C || v == 0x0D || v == 0x85 || v == 0x2028 || v == 0x2029
    }

    /// Spaces that hang at the end of a line (not counted in its width, not drawn there).
    static func isSpace(_ v: UInt32) -> Bool {
        v == 0x20 || v == 0x09 || v == 0x3000 || v == 0xA0 || (0x2000...0x200A).contains(v)
    }

    /// The paragraphs as scalar ranges, without their terminating hard-break characters. A text
    /// ending in "\n" has an empty last paragraph (as a UILabel shows it: one more line).
    var paragraphs: [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0
        var i = 0
        while i < scalars.count {
            if BreakableText.isHardBreak(scalars[i]) {
                out.append(start..<i)
                // CR LF is one break.
                if scalars[i] == 0x0D, i + 1 < scalars.count, scalars[i + 1] == 0x0A { i += 1 }
                start = i + 1
            }
            i += 1
        }
        out.append(start..<scalars.count)
        return out
    }
}
