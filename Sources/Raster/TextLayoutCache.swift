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
    }
    /// Longer texts (documents, stress tests) are laid out each time: their layout is linear in
    /// their length and caching it would hold megabytes.
    static let maxScalars = 2048
    /// Entries kept; the cache starts over past this (a preset has a few dozen distinct texts).
    static let maxEntries = 512
    private var entries: [Key: CachedLayout] = [:]

    mutating func layout(_ e: TextEngine, _ text: String, width: Double, maxLines: Int, fonts: FontChain,
                         family: String, weight: FontWeight, size26: Int) throws -> CachedLayout {
        guard text.unicodeScalars.count <= LayoutCache.maxScalars else {
            return try TextRenderer.layout(e, text, width: width, maxLines: maxLines, fonts: fonts, size26: size26)
        }
        let key = Key(text: text, family: family, weight: weight, size26: size26, width: width, maxLines: maxLines)
        if let hit = entries[key] { return hit }
        let made = try TextRenderer.layout(e, text, width: width, maxLines: maxLines, fonts: fonts, size26: size26)
        if entries.count >= LayoutCache.maxEntries { entries.removeAll(keepingCapacity: true) }
        entries[key] = made
        return made
    }
}

extension TextRenderer {
    /// Breaks `text` into at most `maxLines` lines (0: unlimited) no wider than `width` pixels,
    /// the last tail-truncated with "…" when text is left over. Linear in the text's length.
    static func layout(_ e: TextEngine, _ text: String, width: Double, maxLines: Int,
                               fonts: FontChain, size26: Int) throws -> CachedLayout {
        let p = try ParagraphLayout(e, text, fonts: fonts, size26: size26)
        var ranges = p.breakLines(maxWidth: width, limit: maxLines)
        let truncated = maxLines > 0 && ranges.count > maxLines
        if truncated { ranges.removeLast(ranges.count - maxLines) }
        var out: [LaidLine] = []
        out.reserveCapacity(ranges.count)
        var first = 0
        for (k, r) in ranges.enumerated() {
            guard truncated && k == ranges.count - 1 else {
                out.append(LaidLine(range: r, glyphs: p.glyphs(in: r, from: &first), width: p.width(r.lowerBound, r.upperBound)))
                continue
            }
            // The last allowed line: the rest of its paragraph, as much as fits before "…", shaped
            // again with the "…" (so it kerns against the last letter kept).
            let dots = try ParagraphLayout(e, "…", fonts: fonts, size26: size26)
            let start = r.lowerBound
            var cut = p.prefix(from: start, to: p.paragraphEnd(from: start), maxWidth: width, reserve: dots.penAt[1])
            var line = try ParagraphLayout(e, p.string(start..<cut) + "…", fonts: fonts, size26: size26)
            while line.penAt[line.text.count] > width && cut > start {
                cut = p.boundary(before: cut, notBelow: start)
                line = try ParagraphLayout(e, p.string(start..<cut) + "…", fonts: fonts, size26: size26)
            }
            let glyphs = line.glyphs.map { var g = $0; g.cluster += start; return g }
            out.append(LaidLine(range: start..<cut, glyphs: glyphs, width: line.penAt[line.text.count]))
        }
        return CachedLayout(paragraph: p, lines: out, truncated: truncated)
    }

}
