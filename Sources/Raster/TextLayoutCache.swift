// Text layout: breaking and truncation (ParagraphLayout, LineBreaks), and a cache of short
// texts' layouts. A caption is drawn in every band of every frame (and measured once per frame
// to place it): without the cache it was shaped ≈ 40 times a frame under the text lock.
import CFreeType
import Geometry
import Scene

/// A layout as `TextRenderer.layout` makes it.
struct CachedLayout {
    let paragraph: ParagraphLayout
    let lines: [LaidLine]
    let truncated: Bool
}

/// Layouts of short texts, keyed by everything layout reads. Lives in the TextEngine, under its lock.
struct LayoutCache {
    struct Key: Hashable {
        var text: String
        var family: String
        var weight: FontWeight
        var size26: Int
        var width: Double
        var maxLines: Int
        var direction: LayoutDirection
        var language: String?
    }
    /// Longer texts (documents, stress tests) are laid out each time: their layout is linear in
    /// their length and caching it would hold megabytes.
    static let maxScalars = 2048
    /// Entries kept; the cache starts over past this (a preset has a few dozen distinct texts).
    static let maxEntries = 512
    private var entries: [Key: CachedLayout] = [:]

    mutating func layout(_ e: TextEngine, _ text: String, width: Double, maxLines: Int, fonts: FontChain,
                         style: TextStyle, size26: Int) throws -> CachedLayout {
        guard text.unicodeScalars.count <= LayoutCache.maxScalars else {
            return try TextRenderer.layout(e, text, width: width, maxLines: maxLines, fonts: fonts, size26: size26, base: style.direction)
        }
        let key = Key(text: text, family: style.font.family ?? "Inter", weight: style.font.weight, size26: size26, width: width,
                      maxLines: maxLines, direction: style.direction, language: style.language)
        if let hit = entries[key] { return hit }
        let made = try TextRenderer.layout(e, text, width: width, maxLines: maxLines, fonts: fonts, size26: size26, base: style.direction)
        if entries.count >= LayoutCache.maxEntries { entries.removeAll(keepingCapacity: true) }
        entries[key] = made
        return made
    }
}

extension TextRenderer {
    /// Breaks `text` into at most `maxLines` lines (0: unlimited) no wider than `width` pixels,
    /// the last tail-truncated with "…" when text is left over. Linear in the text's length.
    static func layout(_ e: TextEngine, _ text: String, width: Double, maxLines: Int,
                       fonts: FontChain, size26: Int, base: LayoutDirection) throws -> CachedLayout {
        let p = try ParagraphLayout(e, text, fonts: fonts, size26: size26, base: base)
        var ranges = p.breakLines(maxWidth: width, limit: maxLines)
        let truncated = maxLines > 0 && ranges.count > maxLines
        if truncated { ranges.removeLast(ranges.count - maxLines) }
        var out: [LaidLine] = []
        out.reserveCapacity(ranges.count)
        for (k, r) in ranges.enumerated() {
            guard truncated && k == ranges.count - 1 else {
                out.append(LaidLine(range: r, glyphs: try p.lineGlyphs(r), width: p.width(r.lowerBound, r.upperBound)))
                continue
            }
            out.append(try truncatedLine(e, p, from: r.lowerBound, width: width, fonts: fonts, size26: size26))
        }
        e.layoutSteps += p.work.steps
        return CachedLayout(paragraph: p, lines: out, truncated: truncated)
    }

    /// The last allowed line: the rest of its paragraph, as many whole grapheme clusters as fit
    /// before "…", shaped again with the "…" (so it kerns against the last letter kept) in the
    /// paragraph's own direction (a right-to-left paragraph's "…" is at its left end).
    private static func truncatedLine(_ e: TextEngine, _ p: ParagraphLayout, from start: Int, width: Double,
                                      fonts: FontChain, size26: Int) throws -> LaidLine {
        let dir = p.paragraphDirection(at: start)
        let dots = try ParagraphLayout(e, "…", fonts: fonts, size26: size26, base: dir, forced: true)
        var cut = p.prefix(from: start, to: p.paragraphEnd(from: start), maxWidth: width, reserve: dots.penAt[1])
        func shaped(_ cut: Int) throws -> ParagraphLayout {
            // The paragraph's direction, not the one the cut text's first strong character gives.
            try ParagraphLayout(e, p.string(start..<cut) + "…", fonts: fonts, size26: size26, base: dir, forced: true)
        }
        var line = try shaped(cut)
        while line.penAt[line.text.count] > width && cut > start {
            cut = p.boundary(before: cut, notBelow: start)
            line = try shaped(cut)
        }
        let glyphs = try line.lineGlyphs(0..<line.text.count).map { var g = $0; g.cluster += start; return g }
        return LaidLine(range: start..<cut, glyphs: glyphs, width: line.penAt[line.text.count])
    }

}
