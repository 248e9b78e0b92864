// Text: fontconfig finds faces (Inter by default, Noto faces per script for characters the primary
// face lacks, Noto Color Emoji for emoji: FontFallback.swift), HarfBuzz shapes each run
// (kerning, GPOS), FreeType rasterizes unhinted outlines (smooth under animation) at one of 4
// horizontal subpixel phases; colour emoji are scaled strike bitmaps (ColorGlyphs.swift).
// Glyph bitmaps are cached; all FreeType/HarfBuzz state lives behind one lock (FT_Face is not
// thread-safe), and text is normally drawn once per snapshot, so contention is rare.
//
// Layout follows UILabel: the text is shaped once and broken greedily where Unicode's line
// breaking allows, each line in bidi visual order (ParagraphLayout.swift, LineBreaks.swift),
// `\n` is a hard break, at most `lines`
// lines (0 = unlimited) with the last truncated by "…", each line aligned left/center/right, the
// line height the font's ascender + descender + line gap, the block centred vertically in the
// frame (or at its top: `topAligned`); ink is clipped to the frame.
import CFreeType
import Geometry
import Scene
import Synchronization

/// Touched only under `engineState`'s lock (FT_Face is not thread-safe); Sendable so the lock
/// can hand it to a generic body (`withEngine`).
final class TextEngine: @unchecked Sendable {
    struct FaceKey: Hashable { var path: String; var index: Int }
    struct GlyphKey: Hashable { var face: Int; var size: Int; var glyph: UInt32; var phase: Int }
    /// Coverage (`a8`) for outline glyphs; premultiplied pixels (`rgba`) for colour ones.
    final class Glyph: Sendable { let w: Int, h: Int, left: Int, top: Int; let a8: [UInt8]; let rgba: [UInt32]
        init(w: Int, h: Int, left: Int, top: Int, a8: [UInt8], rgba: [UInt32] = []) {
            self.w = w; self.h = h; self.left = left; self.top = top; self.a8 = a8; self.rgba = rgba
        }
    }
    final class Face {
        let ft: FT_Face; let hb: OpaquePointer; var size = -1; let id: Int
        /// The pixel size of a colour bitmap face's strike; 0 for outline faces.
        var strikePPEM = 0.0
        var isColor: Bool { strikePPEM > 0 }
        init(ft: FT_Face, hb: OpaquePointer, id: Int) { self.ft = ft; self.hb = hb; self.id = id }
        /// The face's family name, for error messages.
        var name: String { ft.pointee.family_name.map { String(cString: $0) } ?? "a face" }
    }

    var library: FT_Library?
    var faces: [FaceKey: Face] = [:]
    var matches: [String: FaceKey?] = [:]
    /// Per script, weight (and language for CJK): the fallback faces (FontFallback.swift).
    var fallbackFaces: [String: [Face]] = [:]
    var glyphs: [GlyphKey: Glyph] = [:]
    var glyphBytes = 0
    /// Scalars handed to HarfBuzz so far: layout shapes each once (tests check it stays linear).
    var shapedScalars = 0
    /// Steps line breaking and visual ordering took so far (ParagraphLayout's LayoutWork).
    var layoutSteps = 0
    /// Short texts' layouts (captions, labels): shaped once, not in every band of every frame.
    var layouts = LayoutCache()

    init() throws {
        try TextError.checkFT(FT_Init_FreeType(&library), "FT_Init_FreeType", "the text engine")
        try TextError.checkFc(FcInit(), "FcInit", "the text engine")
    }

    /// fontconfig's best match for a family and weight (nil if it has no file).
    func match(family: String, weight: FontWeight) throws -> FaceKey? {
        let k = family + "/" + weight.rawValue
        if let m = matches[k] { return m }
        let what = "family \"\(family)\" \(weight.rawValue)"
        guard let pat = FcPatternCreate() else {
            throw TextError(call: "FcPatternCreate", subject: what, detail: "out of memory")
        }
        defer { FcPatternDestroy(pat) }
        let added = family.withCString { f in f.withMemoryRebound(to: FcChar8.self, capacity: 1) { FcPatternAddString(pat, "family", $0) } }
        try TextError.checkFc(added, "FcPatternAddString", what)
        let result = try bestMatch(pat, weight: weight, what: what)
        matches[k] = result
        return result
    }

    /// fontconfig's best match for `pat` (family or charset already set) at a weight, upright.
    func bestMatch(_ pat: OpaquePointer, weight: FontWeight, what: String) throws -> FaceKey? {
        let w: Int32
        switch weight {
        case .regular: w = segue_fc_weight_regular()
        case .medium: w = segue_fc_weight_medium()
        case .semibold: w = segue_fc_weight_semibold()
        case .bold: w = segue_fc_weight_bold()
        }
        try TextError.checkFc(FcPatternAddInteger(pat, "weight", w), "FcPatternAddInteger", what)
        try TextError.checkFc(FcPatternAddInteger(pat, "slant", 0), "FcPatternAddInteger", what)
        try TextError.checkFc(FcConfigSubstitute(nil, pat, FcMatchPattern), "FcConfigSubstitute", what)
        FcDefaultSubstitute(pat)
        var res = FcResultMatch
        guard let m = FcFontMatch(nil, pat, &res) else {
            throw TextError(call: "FcFontMatch", subject: what, detail: "no font at all is installed (fontconfig result \(res.rawValue))")
        }
        defer { FcPatternDestroy(m) }
        var file: UnsafeMutablePointer<FcChar8>?
        // A match without a file (a font fontconfig knows of but cannot open) is no match.
        guard FcPatternGetString(m, "file", 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        let got = FcPatternGetInteger(m, "index", 0, &index)
        guard got == FcResultMatch || got == FcResultNoMatch else {
            throw TextError(call: "FcPatternGetInteger", subject: "the face index of \(String(cString: file))", detail: "fontconfig result \(got.rawValue)")
        }
        return FaceKey(path: String(cString: file), index: Int(index))
    }

    func face(_ key: FaceKey) throws -> Face {
        if let f = faces[key] { return f }
        var ft: FT_Face?
        try TextError.checkFT(FT_New_Face(library, key.path, FT_Long(key.index), &ft), "FT_New_Face", "\(key.path) face \(key.index)")
        guard let ft else { throw TextError(call: "FT_New_Face", subject: key.path, detail: "no face returned") }
        if let c = try colorFace(ft, id: faces.count) { faces[key] = c; return c }
        guard let hb = hb_ft_font_create_referenced(ft) else {
            throw TextError(call: "hb_ft_font_create_referenced", subject: key.path, detail: "HarfBuzz could not make a font of the face")
        }
        let f = Face(ft: ft, hb: hb, id: faces.count)
        faces[key] = f
        return f
    }

    func setSize(_ f: Face, _ size26: Int) throws {
        if f.size == size26 { return }
        if f.isColor {
            hb_font_set_scale(f.hb, Int32(size26), Int32(size26))
        } else {
            try TextError.checkFT(FT_Set_Char_Size(f.ft, 0, FT_F26Dot6(size26), 72, 72), "FT_Set_Char_Size",
                                  "\(f.name) at \(Double(size26) / 64) px")
            hb_ft_font_changed(f.hb)
        }
        f.size = size26
    }

    func hasGlyph(_ f: Face, _ scalar: UInt32) -> Bool { FT_Get_Char_Index(f.ft, FT_ULong(scalar)) != 0 }

    func glyph(_ f: Face, _ gid: UInt32, size26: Int, phase: Int) throws -> Glyph? {
        let key = GlyphKey(face: f.id, size: size26, glyph: gid, phase: phase)
        if let g = glyphs[key] { return g }
        try setSize(f, size26)
        if f.isColor {
            let g = try colorGlyph(f, gid, size26: size26)
            if let g {
                if glyphBytes > 64 << 20 { glyphs.removeAll(); glyphBytes = 0 }
                glyphs[key] = g
                glyphBytes += g.rgba.count * 4 + 64
            }
            return g
        }
        try TextError.checkFT(FT_Load_Glyph(f.ft, gid, segue_ft_load_no_hinting()), "FT_Load_Glyph", "glyph \(gid) of \(f.name)")
        guard let slot = f.ft.pointee.glyph else { throw TextError(call: "FT_Load_Glyph", subject: f.name, detail: "no glyph slot") }
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phase * 16), 0)
        }
        try TextError.checkFT(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL), "FT_Render_Glyph", "glyph \(gid) of \(f.name)")
        let bm = slot.pointee.bitmap
        let w = Int(bm.width), h = Int(bm.rows), pitch = Int(bm.pitch)
        var a8 = [UInt8](repeating: 0, count: w * h)
        if let buf = bm.buffer, w > 0, h > 0 {
            for y in 0..<h {
                let row = pitch >= 0 ? buf + y * pitch : buf + (h - 1 - y) * (-pitch)
                for x in 0..<w { a8[y * w + x] = row[x] }
            }
        }
        let g = Glyph(w: w, h: h, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top), a8: a8)
        if glyphBytes > 64 << 20 { glyphs.removeAll(); glyphBytes = 0 }
        glyphs[key] = g
        glyphBytes += a8.count + 64
        return g
    }

    /// A shaped glyph: x, y in pixels from the pen origin; `cluster`, the index of the first
    /// Unicode scalar it stands for.
    struct Placed { var face: Face; var gid: UInt32; var x: Double; var y: Double; var cluster: Int }
}

/// The engine, or why it could not start (FT_Init_FreeType, FcInit).
private let engineState = Mutex(Result<TextEngine, any Error> { try TextEngine() })

/// Runs `body` with the engine under its lock; throws its start-up failure or body's.
private func withEngine<R>(_ body: (TextEngine) throws -> R) throws -> R {
    try engineState.withLock { state throws -> R in try body(state.get()) }
}

/// Line metrics and layout, exposed for mocks and tests.
public struct TextLayout: Sendable {
    public var lines: [String]
    public var lineHeight: Double   // points
    public var widths: [Double]     // points
}

enum TextRenderer {
    static func draw(_ s: String, style: TextStyle, in bounds: Rect, _ m: Affine, into target: Bitmap, clip: IRect, alpha: UInt32) {
        if s.isEmpty || bounds.isEmpty || alpha == 0 || style.font.size <= 0 { return }
        let scale = abs(m.determinant).squareRoot()
        if !(scale > 0) { return }
        if m.b == 0 && m.c == 0 && abs(m.a - m.d) < 1e-9 && m.a > 0 {
            drawDirect(s, style: style, in: bounds, m, into: target, clip: clip, alpha: alpha)
            return
        }
        // Rotated / non-uniform: render at the device scale offscreen, then draw that bitmap.
        let (w, h) = Renderer.snapshotSize(bounds.size, scale: scale)
        LayerPool.withLayer(width: w, height: h) { layer in
            drawDirect(s, style: style, in: bounds, .scale(scale, scale), into: layer, clip: IRect(x0: 0, y0: 0, x1: w, y1: h), alpha: 255)
            ImageDraw.draw(layer, sub: IRect(x0: 0, y0: 0, x1: w, y1: h), Affine.scale(1 / scale, 1 / scale).concatenating(m),
                           into: target, clip: clip, alpha: alpha)
        }
    }

    /// m = uniform scale + translation.
    private static func drawDirect(_ s: String, style: TextStyle, in bounds: Rect, _ m: Affine, into target: Bitmap, clip: IRect, alpha: UInt32) {
        let px = style.font.size * m.a
        let size26 = max(1, Int((px * 64).rounded()))
        let dev = m.apply(bounds)
        let frameBox = IRect(x0: Int(dev.minX.rounded()), y0: Int(dev.minY.rounded()), x1: Int(dev.maxX.rounded()), y1: Int(dev.maxY.rounded()))
        let box = frameBox.intersection(clip).intersection(IRect(x0: 0, y0: 0, x1: target.width, y1: target.height))
        if box.isEmpty { return }
        let c = mulPixel(style.color.premultipliedPixel, alpha)
        if c == 0 { return }
        // Under the lock: the (cached) layout and the visible glyphs' bitmaps; the pixels after.
        let placed: [(TextEngine.Glyph, Int, Int)]
        do {
            placed = try withEngine { e in try visibleGlyphs(e, s, style: style, dev: dev, box: box, px: px, size26: size26) }
        } catch {
            TextFailures.record(error)
            return
        }
        for (gl, ox, oy) in placed {
            let r = IRect(x0: ox, y0: oy, x1: ox + gl.w, y1: oy + gl.h).intersection(box)
            if !gl.rgba.isEmpty {
                drawColor(gl, at: ox, oy, r, into: target, alpha: alpha)
                continue
            }
            gl.a8.withUnsafeBufferPointer { a in
                for y in r.y0..<r.y1 {
                    let d = target.row(y), srow = a.baseAddress! + (y - oy) * gl.w - ox
                    for x in r.x0..<r.x1 {
                        let cv = UInt32(srow[x])
                        if cv != 0 { d[x] = over(cv == 255 ? c : mulPixel(c, cv), d[x]) }
                    }
                }
            }
        }
    }

    /// The glyphs of `s` laid out in device rect `dev` that touch `box`, with their pixel origins.
    private static func visibleGlyphs(_ e: TextEngine, _ s: String, style: TextStyle, dev: Rect, box: IRect,
                                      px: Double, size26: Int) throws -> [(TextEngine.Glyph, Int, Int)] {
        let family = style.font.family ?? "Inter"
        let fonts = try FontChain(e, family: family, weight: style.font.weight, language: style.language)
        try e.setSize(fonts.primary, size26)
        let met = fonts.primary.ft.pointee.size.pointee.metrics
        let asc = Double(met.ascender) / 64, desc = Double(-met.descender) / 64
        let lineH = max(Double(met.height) / 64, asc + desc)
        let lines = try e.layouts.layout(e, s, width: dev.width + 0.01, maxLines: max(0, style.lines), fonts: fonts,
                                     style: style, size26: size26).lines
        let blockH = lineH * Double(lines.count)
        var top = dev.minY + (dev.height - blockH) / 2
        if blockH > dev.height || style.topAligned { top = dev.minY }   // overflow: keep the first line visible
        var out: [(TextEngine.Glyph, Int, Int)] = []
        for line in lines {
            defer { top += lineH }
            // Lines wholly outside the visible box draw nothing.
            if top > Double(box.y1) + lineH || top + 2 * lineH < Double(box.y0) { continue }
            let glyphs = line.glyphs, lw = line.width
            let baseline = (top + (lineH - asc - desc) / 2 + asc).rounded()
            let x0: Double
            switch style.alignment {
            case .left: x0 = dev.minX
            case .center: x0 = dev.minX + (dev.width - lw) / 2
            case .right: x0 = dev.maxX - lw
            }
            // Glyphs far outside the box (a line much wider than the screen) are not looked up.
            let reach = 4 * px + 4
            for g in glyphs {
                let gx = x0 + g.x
                if gx > Double(box.x1) + reach || gx < Double(box.x0) - 2 * reach { continue }
                let ix = Int(gx.rounded(.down))
                let phase = min(3, Int(((gx - Double(ix)) * 4).rounded(.down)))
                guard let gl = try e.glyph(g.face, g.gid, size26: size26, phase: phase), gl.w > 0 else { continue }
                let ox = ix + gl.left, oy = Int(baseline + g.y.rounded()) - gl.top
                if IRect(x0: ox, y0: oy, x1: ox + gl.w, y1: oy + gl.h).intersection(box).isEmpty { continue }
                out.append((gl, ox, oy))
            }
        }
        return out
    }

    /// A colour glyph's own pixels, faded by the layer's alpha (emoji are not tinted).
    private static func drawColor(_ gl: TextEngine.Glyph, at ox: Int, _ oy: Int, _ r: IRect, into target: Bitmap, alpha: UInt32) {
        gl.rgba.withUnsafeBufferPointer { src in
            for y in r.y0..<r.y1 {
                let d = target.row(y), srow = src.baseAddress! + (y - oy) * gl.w - ox
                for x in r.x0..<r.x1 {
                    let p = srow[x]
                    if p != 0 { d[x] = over(alpha == 255 ? p : mulPixel(p, alpha), d[x]) }
                }
            }
        }
    }

    /// Lays out without drawing (points). A failure is recorded (Renderer.checkText) and gives
    /// an empty layout.
    static func measure(_ s: String, style: TextStyle, width: Double) -> TextLayout {
        do {
            return try withEngine { e in try measure(e, s, style: style, width: width) }
        } catch {
            TextFailures.record(error)
            return TextLayout(lines: [], lineHeight: 0, widths: [])
        }
    }

    private static func measure(_ e: TextEngine, _ s: String, style: TextStyle, width: Double) throws -> TextLayout {
        let family = style.font.family ?? "Inter"
        let fonts = try FontChain(e, family: family, weight: style.font.weight, language: style.language)
        let size26 = max(1, Int((style.font.size * 64 * 4).rounded()))   // measure at 4× for precision
        try e.setSize(fonts.primary, size26)
        let met = fonts.primary.ft.pointee.size.pointee.metrics
        let lineH = max(Double(met.height), Double(met.ascender - met.descender)) / 64 / 4
        let laid = try e.layouts.layout(e, s, width: width * 4 + 0.01, maxLines: max(0, style.lines), fonts: fonts,
                                        style: style, size26: size26)
        let (p, ls, truncated) = (laid.paragraph, laid.lines, laid.truncated)
        let strings = ls.enumerated().map { k, l in p.string(l.range) + (truncated && k == ls.count - 1 ? "…" : "") }
        return TextLayout(lines: strings, lineHeight: lineH, widths: ls.map { $0.width / 4 })
    }

    /// The file of the face fontconfig picks for a family/weight (for tests and diagnostics).
    static func faceFile(family: String, weight: FontWeight) throws -> String? {
        try withEngine { try $0.match(family: family, weight: weight)?.path }
    }
}

extension Renderer {
    /// Text layout as drawn: the lines (after wrapping and truncation), line height and widths in points.
    public static func layoutText(_ s: String, style: TextStyle, width: Double) -> TextLayout {
        TextRenderer.measure(s, style: style, width: width)
    }
}

extension Renderer {
    /// The family of the face text in `family` is drawn with: fontconfig's best match, which is
    /// another family when `family` is not installed (a preset's validation warns then). Nil
    /// when the text stack fails; the failure is recorded (Renderer.checkText).
    public static func fontFamilyUsed(for family: String, weight: FontWeight) -> String? {
        do {
            return try withEngine { e in
                guard let k = try e.match(family: family, weight: weight), let name = try e.face(k).ft.pointee.family_name else { return nil }
                return String(cString: name)
            }
        } catch {
            TextFailures.record(error)
            return nil
        }
    }

    /// How many Unicode scalars text layout has shaped in this process (each text once, plus the
    /// "…" of a truncated line): the measure of its cost that does not depend on the machine.
    public static var shapedScalarCount: Int { (try? withEngine { $0.shapedScalars }) ?? 0 }

    /// The steps line breaking and visual ordering have taken in this process (positions and
    /// glyphs visited): with `shapedScalarCount`, layout's cost without the machine's speed.
    public static var layoutStepCount: Int { (try? withEngine { $0.layoutSteps }) ?? 0 }
}

extension TextRenderer {
    /// The layout of `s` as drawn at the style's size in pixels (tests read lines, glyph order
    /// and runs from it).
    static func laidOut(_ s: String, style: TextStyle, width: Double) throws -> CachedLayout {
        try withEngine { e in
            let fonts = try FontChain(e, family: style.font.family ?? "Inter", weight: style.font.weight, language: style.language)
            let size26 = max(1, Int((style.font.size * 64).rounded()))
            return try layout(e, s, width: width, maxLines: max(0, style.lines), fonts: fonts, size26: size26, base: style.direction)
        }
    }
}

extension Renderer {
    /// The characters of `s` no installed face has (each once, in order of first use): they draw
    /// as the text face's .notdef box. Nil when the text stack fails (the failure is recorded).
    public static func unsupportedCharacters(in s: String, style: TextStyle) -> [Unicode.Scalar]? {
        do {
            return try withEngine { e in
                let fonts = try FontChain(e, family: style.font.family ?? "Inter", weight: style.font.weight, language: style.language)
                let p = try ParagraphLayout(e, s, fonts: fonts, size26: 64 * 16, base: style.direction)
                var seen = Set<UInt32>()
                return p.missing.filter { seen.insert($0).inserted }.compactMap(Unicode.Scalar.init)
            }
        } catch {
            TextFailures.record(error)
            return nil
        }
    }
}
