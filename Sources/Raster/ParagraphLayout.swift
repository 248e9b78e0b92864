// Paragraph layout in linear time: the text is shaped once (HarfBuzz, one run per face), each
// scalar gets the advance of the glyphs of its cluster, and lines are broken greedily on those
// advances at the opportunities UAX #14 gives (LineBreaks.swift). A word wider than the frame
// breaks at grapheme boundaries. Nothing is re-shaped per candidate line, so a 1 MB word, a 1 MB
// paragraph or 500 000 short lines all cost about the same per character.
import CFreeType

/// One laid-out line: scalar range (trailing spaces excluded), its glyphs with x from the line's
/// start, and its width in pixels.
struct LaidLine {
    var range: Range<Int>
    var glyphs: [TextEngine.Placed]
    var width: Double
}

struct ParagraphLayout {
    let text: BreakableText
    /// Pen position in pixels before scalar i (count + 1 entries).
    private(set) var penAt: [Double]
    private(set) var glyphs: [TextEngine.Placed] = []
    /// `trimmedEnd[p]`: p with the spaces just before it dropped (a line's visible end).
    private var trimmedEnd: [Int32]

    init(_ e: TextEngine, _ s: String, fonts: FontChain, size26: Int) throws {
        text = BreakableText(s)
        let n = text.count
        penAt = [Double](repeating: 0, count: n + 1)
        trimmedEnd = [Int32](repeating: 0, count: n + 1)
        for p in 0...n { trimmedEnd[p] = p > 0 && BreakableText.isSpace(text.scalars[p - 1]) ? trimmedEnd[p - 1] : Int32(p) }
        try shape(e, fonts: fonts, size26: size26)
    }

    /// Runs of graphemes that use the same face (hard breaks end a run and are not shaped).
    private mutating func shape(_ e: TextEngine, fonts: FontChain, size26: Int) throws {
        let n = text.count
        var advance = [Double](repeating: 0, count: n)
        glyphs.reserveCapacity(n)
        // hb_buffer_create returns HarfBuzz's inert empty buffer when it cannot allocate.
        guard let buf = hb_buffer_create(), hb_buffer_allocation_successful(buf) != 0 else {
            throw TextError(call: "hb_buffer_create", subject: "shaping \(n) characters", detail: "out of memory")
        }
        defer { hb_buffer_destroy(buf) }
        var runStart = 0
        var runFace: TextEngine.Face?
        var pen = 0.0
        func flush(_ end: Int, _ glyphs: inout [TextEngine.Placed]) throws {
            guard let f = runFace, end > runStart else { return }
            try e.setSize(f, size26)
            e.shapedScalars += end - runStart
            hb_buffer_reset(buf)
            text.scalars.withUnsafeBufferPointer { p in
                p.baseAddress!.withMemoryRebound(to: UInt32.self, capacity: n) {
                    hb_buffer_add_utf32(buf, $0, Int32(n), UInt32(runStart), Int32(end - runStart))
                }
            }
            hb_buffer_guess_segment_properties(buf)
            hb_shape(f.hb, buf, nil, 0)
            var count: UInt32 = 0
            // Shaping failed to allocate: the buffer is left in its error state, with no glyphs.
            guard hb_buffer_allocation_successful(buf) != 0 else {
                throw TextError(call: "hb_shape", subject: "\(end - runStart) characters in \(f.name)", detail: "out of memory")
            }
            guard let infos = hb_buffer_get_glyph_infos(buf, &count), let pos = hb_buffer_get_glyph_positions(buf, &count) else { return }
            for i in 0..<Int(count) {
                let c = Int(infos[i].cluster)
                glyphs.append(TextEngine.Placed(face: f, gid: infos[i].codepoint, x: pen + Double(pos[i].x_offset) / 64,
                                                y: -Double(pos[i].y_offset) / 64, cluster: c))
                let a = Double(pos[i].x_advance) / 64
                advance[c] += a
                pen += a
            }
        }
        var i = 0
        while i < n {
            // One grapheme: [i, j).
            var j = i + 1
            while j < n && !text.graphemeStart[j] { j += 1 }
            if BreakableText.isHardBreak(text.scalars[i]) {
                try flush(i, &glyphs); runFace = nil; runStart = j
            } else {
                let f = fonts.face(e, for: text.scalars[i..<j])
                if f !== runFace { try flush(i, &glyphs); runFace = f; runStart = i }
            }
            i = j
        }
        try flush(n, &glyphs)
        var x = 0.0
        for k in 0..<n { penAt[k] = x; x += advance[k] }
        penAt[n] = x
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
        return min(k, para.upperBound)
    }

    private func nextGrapheme(after p: Int, limit: Int) -> Int {
        var k = p + 1
        while k < limit && !text.graphemeStart[k] { k += 1 }
        return k
    }

    /// The glyphs of a scalar range, x from the range's start.
    func glyphs(in r: Range<Int>, from first: inout Int) -> [TextEngine.Placed] {
        // Glyphs are in logical order within each run; skip those before the range.
        while first < glyphs.count && glyphs[first].cluster < r.lowerBound { first += 1 }
        var out: [TextEngine.Placed] = []
        var k = first
        let x0 = penAt[r.lowerBound]
        while k < glyphs.count && glyphs[k].cluster < r.upperBound {
            var g = glyphs[k]
            g.x -= x0
            out.append(g)
            k += 1
        }
        return out
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
    func paragraphEnd(from p: Int) -> Int {
        var k = p
        while k < text.count && !BreakableText.isHardBreak(text.scalars[k]) { k += 1 }
        return k
    }

    func string(_ r: Range<Int>) -> String {
        var s = String.UnicodeScalarView()
        for v in text.scalars[r] { if let u = Unicode.Scalar(v) { s.append(u) } }
        return String(s)
    }
}
