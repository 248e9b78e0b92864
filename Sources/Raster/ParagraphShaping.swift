// Shaping a paragraph: the text is cut into runs of one face, one bidi level and one script (a
// character of no script — spaces, digits, punctuation — joins the run it sits in, as UAX #24's
// script runs do), and HarfBuzz shapes each run with its direction, script and language, the
// whole text passed as context so Arabic joins across run ends.
import CFreeType
import CICU

extension ParagraphLayout {
    /// What a grapheme needs from its run.
    private struct RunKey: Equatable {
        var face: TextEngine.Face
        var level: UInt8
        var script: Int32
        static func == (a: RunKey, b: RunKey) -> Bool { a.face === b.face && a.level == b.level && a.script == b.script }
    }

    mutating func shape(_ e: TextEngine, fonts: FontChain, size26: Int) throws {
        let n = text.count
        var advance = [Double](repeating: 0, count: n)
        glyphs.reserveCapacity(n)
        // hb_buffer_create returns HarfBuzz's inert empty buffer when it cannot allocate.
        guard let buf = hb_buffer_create(), hb_buffer_allocation_successful(buf) != 0 else {
            throw TextError(call: "hb_buffer_create", subject: "shaping \(n) characters", detail: "out of memory")
        }
        defer { hb_buffer_destroy(buf) }
        let language = fonts.language.isEmpty ? hb_language_get_default() : hb_language_from_string(fonts.language, -1)
        var runStart = 0
        var key: RunKey?
        func flush(_ end: Int) throws {
            guard let k = key, end > runStart else { return }
            try shapeRun(e, buf, runStart..<end, k.face, rtl: k.level & 1 == 1, script: k.script, language: language,
                         size26: size26, advance: &advance)
        }
        var i = 0
        var script = Script.common   // the current run's script: common characters take it
        while i < n {
            var j = i + 1   // one grapheme: [i, j)
            while j < n && !text.graphemeStart[j] { j += 1 }
            if BreakableText.isHardBreak(text.scalars[i]) {
                try flush(i); key = nil; runStart = j; script = Script.common
                i = j
                continue
            }
            let own = segue_icu_script(text.scalars[i])
            let s = Script.isReal(own) ? own : script
            let g = text.scalars[i..<j]
            let face = try sticky(e, g, own: own, run: key?.face, fonts: fonts) ?? fonts.face(e, for: g, script: s) ?? fonts.primary
            if face === fonts.primary, g.contains(where: { !FontChain.drawsNothing($0) && !e.hasGlyph(face, $0) }) {
                missing.append(contentsOf: g.filter { !FontChain.drawsNothing($0) && !e.hasGlyph(face, $0) })
            }
            let k = RunKey(face: face, level: text.levels[i], script: s)
            // A run's leading characters of no script take the script of the first that has one.
            if var cur = key, cur.face === k.face, cur.level == k.level, !Script.isReal(cur.script) {
                cur.script = s; key = cur; script = s
            } else if k != key {
                try flush(i); key = k; runStart = i; script = s
            }
            i = j
        }
        try flush(n)
        var x = 0.0
        for k in 0..<n { penAt[k] = x; x += advance[k] }
        penAt[n] = x
    }

    /// A character of no script (a space, a comma, a digit) stays in the face of the run it sits
    /// in when that face has it, as Android's minikin keeps it: a space between Hebrew words is
    /// the Hebrew face's, not the primary's. Not in colour emoji runs (their spaces are not text).
    private func sticky(_ e: TextEngine, _ g: ArraySlice<UInt32>, own: Int32, run: TextEngine.Face?, fonts: FontChain) -> TextEngine.Face? {
        guard !Script.isReal(own), let run, run !== fonts.primary, !run.isColor else { return nil }
        return g.allSatisfy { FontChain.drawsNothing($0) || e.hasGlyph(run, $0) } ? run : nil
    }

    private mutating func shapeRun(_ e: TextEngine, _ buf: OpaquePointer, _ r: Range<Int>, _ f: TextEngine.Face,
                                   rtl: Bool, script: Int32, language: hb_language_t?, size26: Int,
                                   advance: inout [Double]) throws {
        try e.setSize(f, size26)
        e.shapedScalars += r.count
        hb_buffer_reset(buf)
        let n = text.count
        text.scalars.withUnsafeBufferPointer { p in
            hb_buffer_add_utf32(buf, p.baseAddress!, Int32(n), UInt32(r.lowerBound), Int32(r.count))
        }
        hb_buffer_set_direction(buf, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if Script.isReal(script) {
            hb_buffer_set_script(buf, hb_script_from_string(segue_icu_script_code(script), -1))
        }
        hb_buffer_set_language(buf, language)
        hb_buffer_guess_segment_properties(buf)
        hb_shape(f.hb, buf, nil, 0)
        // Shaping failed to allocate: the buffer is left in its error state, with no glyphs.
        guard hb_buffer_allocation_successful(buf) != 0 else {
            throw TextError(call: "hb_shape", subject: "\(r.count) characters in \(f.name)", detail: "out of memory")
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buf, &count), let pos = hb_buffer_get_glyph_positions(buf, &count) else { return }
        let first = glyphs.count
        var pen = glyphPen[glyphPen.count - 1]
        for i in 0..<Int(count) {
            let c = Int(infos[i].cluster)
            glyphs.append(TextEngine.Placed(face: f, gid: infos[i].codepoint, x: Double(pos[i].x_offset) / 64,
                                            y: -Double(pos[i].y_offset) / 64, cluster: c))
            let a = Double(pos[i].x_advance) / 64
            advance[c] += a
            pen += a
            glyphPen.append(pen)
        }
        runs.append(ShapedRun(range: r, rtl: rtl, glyphs: first..<glyphs.count))
    }
}
