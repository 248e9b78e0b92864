// Colour emoji: Noto Color Emoji carries its glyphs as BGRA bitmaps at one strike size (CBDT),
// so FreeType loads them with FT_LOAD_COLOR at that strike and Segue scales the bitmap to the
// text's size (an area average, premultiplied, so edges stay clean). HarfBuzz shapes the face
// through its own OpenType functions with the scale set to the text size in 26.6 units, which
// gives advances at the requested size (hb-ft would report them at the strike's size).
import CFreeType

extension TextEngine {
    /// Opens a bitmap-only colour face at its first strike; nil if `ft` is not one.
    func colorFace(_ ft: FT_Face, id: Int) throws -> Face? {
        guard segue_ft_is_color_bitmap_face(ft) != 0 else { return nil }
        let name = ft.pointee.family_name.map { String(cString: $0) } ?? "a colour face"
        try TextError.checkFT(FT_Select_Size(ft, 0), "FT_Select_Size", name)
        guard let strikes = ft.pointee.available_sizes, strikes[0].y_ppem > 0 else {
            throw TextError(call: "FT_Select_Size", subject: name, detail: "its first strike has no size")
        }
        let ppem = Double(strikes[0].y_ppem) / 64
        guard let hbFace = hb_ft_face_create_referenced(ft), let hb = hb_font_create(hbFace) else {
            throw TextError(call: "hb_font_create", subject: name, detail: "HarfBuzz could not make a font of the face")
        }
        hb_face_destroy(hbFace)
        let f = Face(ft: ft, hb: hb, id: id)
        f.strikePPEM = ppem
        return f
    }

    /// A colour glyph at `size26` (26.6 pixels per em): the strike's bitmap scaled by
    /// size / strike ppem, as premultiplied RGBA pixels.
    func colorGlyph(_ f: Face, _ gid: UInt32, size26: Int) throws -> Glyph? {
        try TextError.checkFT(FT_Load_Glyph(f.ft, gid, segue_ft_load_color()), "FT_Load_Glyph", "colour glyph \(gid) of \(f.name)")
        guard let slot = f.ft.pointee.glyph else { throw TextError(call: "FT_Load_Glyph", subject: f.name, detail: "no glyph slot") }
        let bm = slot.pointee.bitmap
        guard bm.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let buf = bm.buffer else { return nil }
        let sw = Int(bm.width), sh = Int(bm.rows), pitch = Int(bm.pitch)
        let k = Double(size26) / 64 / f.strikePPEM
        let dw = max(1, Int((Double(sw) * k).rounded())), dh = max(1, Int((Double(sh) * k).rounded()))
        guard sw > 0, sh > 0, dw <= 4096, dh <= 4096 else { return nil }
        var rgba = [UInt32](repeating: 0, count: dw * dh)
        // Each destination pixel averages the source pixels it covers (at least one).
        for dy in 0..<dh {
            let y0 = min(sh - 1, dy * sh / dh), y1 = max(y0 + 1, min(sh, (dy + 1) * sh / dh))
            for dx in 0..<dw {
                let x0 = min(sw - 1, dx * sw / dw), x1 = max(x0 + 1, min(sw, (dx + 1) * sw / dw))
                var r = 0, g = 0, b = 0, a = 0
                for y in y0..<y1 {
                    let row = pitch >= 0 ? buf + y * pitch : buf + (sh - 1 - y) * (-pitch)
                    for x in x0..<x1 {
                        b += Int(row[4 * x]); g += Int(row[4 * x + 1]); r += Int(row[4 * x + 2]); a += Int(row[4 * x + 3])
                    }
                }
                let n = (y1 - y0) * (x1 - x0), h = n / 2
                let px = UInt32((r + h) / n) | UInt32((g + h) / n) << 8 | UInt32((b + h) / n) << 16 | UInt32((a + h) / n) << 24
                rgba[dy * dw + dx] = px
            }
        }
        let left = Int((Double(slot.pointee.bitmap_left) * k).rounded())
        let top = Int((Double(slot.pointee.bitmap_top) * k).rounded())
        return Glyph(w: dw, h: dh, left: left, top: top, a8: [], rgba: rgba)
    }
}
