// Paragraph layout in linear time: the text is shaped once (HarfBuzz, one run per face, bidi level
// and script, each with its direction, script and language), each scalar gets the advance of the
// glyphs of its cluster, and lines are broken greedily on those advances at the opportunities
// UAX #14 gives (LineBreaks.swift), on the logical text. A word wider than the frame breaks at
// grapheme boundaries. Each line is then put in visual order (UAX #9 rules L1, L2): its pieces of
// runs are ordered by level, a right-to-left piece's glyphs as HarfBuzz already reversed them.
// Nothing is re-shaped per candidate line, so a 1 MB word, a 1 MB paragraph or 500 000 short lines
// all cost about the same per character.
import CFreeType
import CICU
import Scene

/// One laid-out line: scalar range (trailing spaces excluded), its glyphs in visual order with x
/// from the line's left edge, and its width in pixels.
struct LaidLine {
    var range: Range<Int>
    var glyphs: [TextEngine.Placed]
    var width: Double
}

/// Scalars [range) shaped together; their glyphs are `glyphs` in HarfBuzz's output order (visual:
/// clusters ascending in a left-to-right run, descending in a right-to-left one).
struct ShapedRun {
    var range: Range<Int>
    var rtl: Bool
    var glyphs: Range<Int>
}

/// The positions and glyphs line breaking and visual ordering visit: layout's own work besides
/// shaping, counted so tests can check it stays linear in the text without timing it.
final class LayoutWork { var steps = 0 }

struct ParagraphLayout {
    let text: BreakableText
    let work = LayoutWork()
    /// Pen position in pixels before scalar i, in logical order (count + 1 entries).
    var penAt: [Double]
    /// Glyphs with x, y their offsets from their own pen position.
    var glyphs: [TextEngine.Placed] = []
    /// Pen position before glyph k in output order (count + 1 entries): a run's glyphs are at
    /// `glyphPen[k] - glyphPen[run.glyphs.lowerBound]` from the run's left edge.
    var glyphPen: [Double] = [0]
    var runs: [ShapedRun] = []
    /// `trimmedEnd[p]`: p with the spaces just before it dropped (a line's visible end).
    private var trimmedEnd: [Int32]
    /// Characters no installed face has (drawn as the text face's .notdef).
    var missing: [UInt32] = []

    /// `base`: the direction of a paragraph without a strong character, or of every paragraph
    /// when `forced`.
    init(_ e: TextEngine, _ s: String, fonts: FontChain, size26: Int, base: LayoutDirection, forced: Bool = false) throws {
        text = try BreakableText(s, base: base, forced: forced)
        let n = text.count
        penAt = [Double](repeating: 0, count: n + 1)
        trimmedEnd = [Int32](repeating: 0, count: n + 1)
        for p in 0...n { trimmedEnd[p] = p > 0 && BreakableText.isSpace(text.scalars[p - 1]) ? trimmedEnd[p - 1] : Int32(p) }
        try shape(e, fonts: fonts, size26: size26)
    }

    func width(_ a: Int, _ b: Int) -> Double { penAt[Int(trimmedEnd[b])] - penAt[a] }

    /// The line ranges, greedily filled to `maxWidth`; stops once it has more than `limit` lines
    /// (0: no limit), so the caller knows the text overflowed.
    func breakLines(maxWidth: Double, limit: Int) -> [Range<Int>] {
        var out: [Range<Int>] = []
        func emit(_ a: Int, _ b: Int) { out.append(a..<max(a, Int(trimmedEnd[b]))) }
        for para in text.paragraphs {
            if limit > 0 && out.count > limit { return out }
            var start = para.lowerBound
            if para.isEmpty { out.append(start..<start); continue }
            var fit: Int? = nil   // the furthest break that fits on the current line
            var q = start         // the candidate break being tried
            while start < para.upperBound {
                work.steps += 1
                if limit > 0 && out.count > limit { return out }
                if q <= start { q = next(after: start, in: para) }
                if width(start, q) <= maxWidth {
                    fit = q
                    if q == para.upperBound { emit(start, q); break }
                    q = next(after: q, in: para)
                } else if let f = fit {
                    emit(start, f); start = f; fit = nil   // q stays: it is tried on the next line
                } else {
                    // A word wider than the frame: as many graphemes as fit, at least one.
                    var cut = prefix(from: start, to: q, maxWidth: maxWidth, reserve: 0)
                    if cut <= start { cut = nextGrapheme(after: start, limit: q) }
                    emit(start, cut); start = cut
                }
            }
        }
        return out
    }

    /// The next allowed break after p (a break before the returned index), or the paragraph end.
    private func next(after p: Int, in para: Range<Int>) -> Int {
        var k = p + 1
        while k < para.upperBound && text.breakAfter[k - 1] != .allowed { k += 1 }
        work.steps += k - p
        return min(k, para.upperBound)
    }

    private func nextGrapheme(after p: Int, limit: Int) -> Int {
        var k = p + 1
        while k < limit && !text.graphemeStart[k] { k += 1 }
        work.steps += k - p
        return k
    }

    /// The longest grapheme prefix of [start, end) whose width plus `reserve` fits `maxWidth`.
    func prefix(from start: Int, to end: Int, maxWidth: Double, reserve: Double) -> Int {
        var cut = start
        while cut < end {
            let h = nextGrapheme(after: cut, limit: end)
            if width(start, h) + reserve > maxWidth { break }
            cut = h
        }
        return max(start, Int(trimmedEnd[cut]))
    }

    /// The grapheme boundary before `p` (trailing spaces dropped), not below `floor`.
    func boundary(before p: Int, notBelow floor: Int) -> Int {
        var k = p - 1
        while k > floor && !text.graphemeStart[k] { k -= 1 }
        return max(floor, Int(trimmedEnd[max(floor, k)]))
    }

    /// Where the paragraph holding scalar p ends.
    func paragraphEnd(from p: Int) -> Int { text.paragraphs[text.paragraphIndex(of: p)].upperBound }

    /// The resolved direction of the paragraph holding scalar p.
    func paragraphDirection(at p: Int) -> LayoutDirection {
        text.paragraphLevels[text.paragraphIndex(of: p)] == 1 ? .rtl : .ltr
    }

    func string(_ r: Range<Int>) -> String {
        var s = String.UnicodeScalarView()
        for v in text.scalars[r] { if let u = Unicode.Scalar(v) { s.append(u) } }
        return String(s)
    }

    /// The glyphs of line `r` in visual order, x from the line's left edge.
    func lineGlyphs(_ r: Range<Int>) throws -> [TextEngine.Placed] {
        var out: [TextEngine.Placed] = []
        var x = 0.0
        for (run, piece) in try pieces(r) {
            let g = glyphRange(runs[run], piece)
            work.steps += 1 + g.count
            guard !g.isEmpty else { continue }
            let left = glyphPen[g.lowerBound]
            for k in g {
                var p = glyphs[k]
                p.x += x + (glyphPen[k] - left)
                out.append(p)
            }
            x += glyphPen[g.upperBound] - left
        }
        return out
    }

    /// Line `r` as (run index, logical range) pieces, left to right on screen.
    func pieces(_ r: Range<Int>) throws -> [(Int, Range<Int>)] {
        guard !r.isEmpty, !runs.isEmpty else { return [] }
        var out: [(Int, Range<Int>)] = []
        if !text.hasRightToLeft {
            var k = runIndex(of: r.lowerBound)
            while k < runs.count && runs[k].range.lowerBound < r.upperBound {
                work.steps += 1
                let piece = runs[k].range.clamped(to: r)
                if !piece.isEmpty { out.append((k, piece)) }
                k += 1
            }
            return out
        }
        // Consecutive visual positions stay in one piece while they step by one logical index,
        // in one direction, within one run.
        let order = try text.visualOrder(r)
        work.steps += order.count
        var run = runIndex(of: order[0]), lo = order[0], hi = order[0], prev = order[0], step = 0
        for v in order.dropFirst() {
            let d = v - prev
            if abs(d) == 1 && (step == 0 || d == step) && runs[run].range.contains(v) {
                lo = min(lo, v); hi = max(hi, v); prev = v; step = d
                continue
            }
            out.append((run, lo..<(hi + 1)))
            run = runIndex(of: v); lo = v; hi = v; prev = v; step = 0
        }
        out.append((run, lo..<(hi + 1)))
        return out
    }

    /// The run holding scalar p (or the first after it: hard breaks are in no run).
    private func runIndex(of p: Int) -> Int {
        var lo = 0, hi = runs.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if runs[mid].range.lowerBound <= p { lo = mid } else { hi = mid - 1 }
        }
        return runs[lo].range.upperBound <= p ? min(lo + 1, runs.count - 1) : lo
    }

    /// The glyphs of `run` whose clusters fall in `piece` (contiguous in output order).
    private func glyphRange(_ run: ShapedRun, _ piece: Range<Int>) -> Range<Int> {
        // First glyph index in the run at or past the boundary `c` in output order.
        func boundary(_ c: Int) -> Int {
            var lo = run.glyphs.lowerBound, hi = run.glyphs.upperBound
            while lo < hi {
                let mid = (lo + hi) / 2
                let before = run.rtl ? glyphs[mid].cluster >= c : glyphs[mid].cluster < c
                if before { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        return run.rtl ? boundary(piece.upperBound)..<boundary(piece.lowerBound)
                       : boundary(piece.lowerBound)..<boundary(piece.upperBound)
    }
}
