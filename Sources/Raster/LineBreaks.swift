// Where a line of text may break, where its grapheme clusters start and how its characters are
// ordered on screen: ICU's implementations of Unicode's line breaking (UAX #14), text
// segmentation (UAX #29) and bidirectional algorithm (UAX #9), as CoreText and Android's minikin
// use ICU too; no rule is written by hand. Words break after spaces and hyphens, CJK between
// ideographs but never before closing punctuation (。，、」) or after opening punctuation (「),
// `\n` (and the other mandatory breaks: U+2028, U+2029, CR LF, FF, VT) ends a paragraph.
// Opportunities are kept only at grapheme-cluster boundaries, so a flag, an emoji ZWJ sequence or
// a letter with its combining marks never splits across lines.
import CICU
import Scene

/// A text as Unicode scalars with, per scalar, whether a line may (or must) break after it,
/// whether a grapheme cluster starts there, and its bidi embedding level.
struct BreakableText {
    enum Break: UInt8 { case none, allowed, mandatory }

    private(set) var scalars: [UInt32] = []
    /// `breakAfter[i]`: the break between scalar i and i + 1 (the last one: the end of the text).
    private(set) var breakAfter: [Break] = []
    /// `graphemeStart[i]`: scalar i begins a grapheme cluster; `graphemeStart[count]` is true.
    private(set) var graphemeStart: [Bool] = []
    /// Bidi embedding levels (even: left-to-right), per scalar; hard breaks take their paragraph's.
    private(set) var levels: [UInt8] = []
    /// The paragraphs (as `paragraphs` lists them) and each one's resolved level (0 or 1).
    private(set) var paragraphs: [Range<Int>] = []
    private(set) var paragraphLevels: [UInt8] = []
    /// True when some level is odd: lines need reordering (a left-to-right text skips it).
    private(set) var hasRightToLeft = false

    /// `base`: the direction of a paragraph without a strong character, or of all when `forced`.
    init(_ text: String, base: LayoutDirection, forced: Bool = false) throws {
        scalars.reserveCapacity(text.utf8.count)
        for s in text.unicodeScalars { scalars.append(s.value) }
        let n = scalars.count
        var starts = [UInt8](repeating: 0, count: n + 1)
        var raw = [UInt8](repeating: 0, count: n)
        try ICU.call("the grapheme clusters of \(n) characters") { e, size in
            segue_icu_grapheme_starts(scalars, Int32(n), &starts, e, size)
        }
        try ICU.call("the line breaks of \(n) characters") { e, size in
            segue_icu_line_breaks(scalars, Int32(n), &raw, e, size)
        }
        graphemeStart = starts.map { $0 != 0 }
        breakAfter = [Break](repeating: .none, count: n)
        for i in 0..<n where raw[i] != 0 {
            if raw[i] == 2 && BreakableText.isHardBreak(scalars[i]) { breakAfter[i] = .mandatory }
            else if graphemeStart[i + 1] { breakAfter[i] = .allowed }
        }
        paragraphs = BreakableText.paragraphs(of: scalars)
        try resolveLevels(base: base, forced: forced)
    }

    /// Levels paragraph by paragraph; a paragraph of scalars below U+0590 (no right-to-left
    /// letter, no bidi control) in a left-to-right context is level 0 throughout without asking ICU.
    private mutating func resolveLevels(base: LayoutDirection, forced: Bool) throws {
        levels = [UInt8](repeating: 0, count: scalars.count)
        paragraphLevels = []
        paragraphLevels.reserveCapacity(paragraphs.count)
        let baseLevel: Int32 = forced ? (base.isRTL ? 1 : 0) : (base.isRTL ? -2 : -1)
        for p in paragraphs {
            if base == .ltr && !scalars[p].contains(where: { $0 >= 0x0590 }) { paragraphLevels.append(0); continue }
            let level = try scalars.withUnsafeBufferPointer { s in
                try levels.withUnsafeMutableBufferPointer { l in
                    try ICU.level("the bidi levels of \(p.count) characters") { e, size in
                        segue_icu_bidi_levels(s.baseAddress! + p.lowerBound, Int32(p.count), baseLevel,
                                              l.baseAddress! + p.lowerBound, e, size)
                    }
                }
            }
            paragraphLevels.append(UInt8(level))
            if level == 1 || levels[p].contains(where: { $0 & 1 == 1 }) { hasRightToLeft = true }
            // The hard break after the paragraph (if any) takes the paragraph's level.
            if p.upperBound < scalars.count { levels[p.upperBound] = UInt8(level) }
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
    static func paragraphs(of scalars: [UInt32]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0
        var i = 0
        while i < scalars.count {
            if isHardBreak(scalars[i]) {
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

    /// The paragraph holding scalar p (binary search).
    func paragraphIndex(of p: Int) -> Int {
        var lo = 0, hi = paragraphs.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if paragraphs[mid].lowerBound <= p { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The visual order of line `r` (logical indices, left to right on screen): rule L1 on a copy
    /// of the line's levels, then L2 (ICU's reordering). Identity for left-to-right text.
    func visualOrder(_ r: Range<Int>) throws -> [Int] {
        guard hasRightToLeft, !r.isEmpty else { return Array(r) }
        var lv = Array(levels[r])
        let para = paragraphLevels[paragraphIndex(of: r.lowerBound)]
        var map = [Int32](repeating: 0, count: r.count)
        let ok = scalars.withUnsafeBufferPointer { s in
            segue_icu_bidi_line_levels(s.baseAddress! + r.lowerBound, Int32(r.count), para, &lv)
            return segue_icu_reorder_visual(lv, Int32(r.count), &map)
        }
        guard ok == 0 else { throw TextError(call: "ubidi_reorderVisual", subject: "a line of \(r.count) characters", detail: "an embedding level beyond 126") }
        return map.map { r.lowerBound + Int($0) }
    }
}

/// Calls into CICU with an error buffer; a negative result throws ICU's error name.
enum ICU {
    static func call(_ subject: @autoclosure () -> String, _ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws {
        _ = try level(subject(), body)
    }

    static func level(_ subject: @autoclosure () -> String, _ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws -> Int32 {
        var error = [CChar](repeating: 0, count: 128)
        let r = error.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        if r < 0 {
            let message = error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw TextError(call: "ICU", subject: subject(), detail: message.isEmpty ? "failed" : message)
        }
        return r
    }
}
