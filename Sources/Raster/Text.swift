// Text: fontconfig finds faces (Inter by default, WenQuanYi Micro Hei / Noto CJK as the fallback
// for characters the primary face lacks), HarfBuzz shapes each run (kerning, GPOS), FreeType
// rasterizes unhinted outlines (smooth under animation) at one of 4 horizontal subpixel phases.
// Glyph bitmaps are cached; all FreeType/HarfBuzz state lives behind one lock (FT_Face is not
// thread-safe), and text is normally drawn once per snapshot, so contention is rare.
//
// Layout follows UILabel: lines broken greedily at spaces (anywhere between CJK characters), at
// most `lines` lines (0 = unlimited) with the last truncated by "…", each line aligned
// left/center/right, the block centred vertically in the frame; ink is clipped to the frame.
import CFreeType
import Geometry
import Scene
import Synchronization

final class TextEngine {
    struct FaceKey: Hashable { var path: String; var index: Int }
    struct GlyphKey: Hashable { var face: Int; var size: Int; var glyph: UInt32; var phase: Int }
    final class Glyph { let w: Int, h: Int, left: Int, top: Int; let a8: [UInt8]
        init(w: Int, h: Int, left: Int, top: Int, a8: [UInt8]) { self.w = w; self.h = h; self.left = left; self.top = top; self.a8 = a8 } }
    final class Face {
        let ft: FT_Face; let hb: OpaquePointer; var size = -1; let id: Int
        init(ft: FT_Face, hb: OpaquePointer, id: Int) { self.ft = ft; self.hb = hb; self.id = id }
    }

    var library: FT_Library?
    var faces: [FaceKey: Face] = [:]
    var matches: [String: FaceKey?] = [:]
    var glyphs: [GlyphKey: Glyph] = [:]
    var glyphBytes = 0

    init() {
        FT_Init_FreeType(&library)
        FcInit()
    }

    /// fontconfig's best match for a family and weight (nil if it has no file).
    func match(family: String, weight: FontWeight) -> FaceKey? {
        let k = family + "/" + weight.rawValue
        if let m = matches[k] { return m }
        var result: FaceKey? = nil
        if let pat = FcPatternCreate() {
            family.withCString { f in f.withMemoryRebound(to: FcChar8.self, capacity: 1) { _ = FcPatternAddString(pat, "family", $0) } }
            let w: Int32
            switch weight {
            case .regular: w = segue_fc_weight_regular()
            case .medium: w = segue_fc_weight_medium()
            case .semibold: w = segue_fc_weight_semibold()
            case .bold: w = segue_fc_weight_bold()
            }
            FcPatternAddInteger(pat, "weight", w)
            FcPatternAddInteger(pat, "slant", 0)
            FcConfigSubstitute(nil, pat, FcMatchPattern)
            FcDefaultSubstitute(pat)
            var res = FcResultMatch
            if let m = FcFontMatch(nil, pat, &res) {
                var file: UnsafeMutablePointer<FcChar8>?
                var index: Int32 = 0
                if FcPatternGetString(m, "file", 0, &file) == FcResultMatch, let file {
                    FcPatternGetInteger(m, "index", 0, &index)
                    result = FaceKey(path: String(cString: file), index: Int(index))
                }
                FcPatternDestroy(m)
            }
            FcPatternDestroy(pat)
        }
        matches[k] = result
        return result
    }

    func face(_ key: FaceKey) -> Face? {
        if let f = faces[key] { return f }
        var ft: FT_Face?
        guard FT_New_Face(library, key.path, FT_Long(key.index), &ft) == 0, let ft else { return nil }
        guard let hb = hb_ft_font_create_referenced(ft) else { return nil }
        let f = Face(ft: ft, hb: hb, id: faces.count)
        faces[key] = f
        return f
    }

    func setSize(_ f: Face, _ size26: Int) {
        if f.size == size26 { return }
        FT_Set_Char_Size(f.ft, 0, FT_F26Dot6(size26), 72, 72)
        hb_ft_font_changed(f.hb)
        f.size = size26
    }

    func hasGlyph(_ f: Face, _ scalar: Unicode.Scalar) -> Bool { FT_Get_Char_Index(f.ft, FT_ULong(scalar.value)) != 0 }

    func glyph(_ f: Face, _ gid: UInt32, size26: Int, phase: Int) -> Glyph? {
        let key = GlyphKey(face: f.id, size: size26, glyph: gid, phase: phase)
        if let g = glyphs[key] { return g }
        setSize(f, size26)
        guard FT_Load_Glyph(f.ft, gid, segue_ft_load_no_hinting()) == 0, let slot = f.ft.pointee.glyph else { return nil }
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phase * 16), 0)
        }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
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

    struct Placed { var face: Face; var gid: UInt32; var x: Double; var y: Double }  // x, y in pixels from the pen origin

    /// Shapes `text` with the primary face, switching to the fallback for characters it lacks.
    func shape(_ text: Substring, primary: Face, fallback: Face?, size26: Int) -> (glyphs: [Placed], width: Double) {
        var runs: [(Face, String)] = []
        for ch in text {
            let s = ch.unicodeScalars.first!
            let f = (hasGlyph(primary, s) || fallback == nil || !hasGlyph(fallback!, s)) ? primary : fallback!
            if let last = runs.last, last.0 === f { runs[runs.count - 1].1.append(ch) } else { runs.append((f, String(ch))) }
        }
        var out: [Placed] = []
        var pen = 0.0
        for (f, s) in runs {
            setSize(f, size26)
            guard let buf = hb_buffer_create() else { continue }
            hb_buffer_add_utf8(buf, s, -1, 0, -1)
            hb_buffer_guess_segment_properties(buf)
            hb_shape(f.hb, buf, nil, 0)
            var n: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buf, &n)
            let pos = hb_buffer_get_glyph_positions(buf, &n)
            if let infos, let pos {
                for i in 0..<Int(n) {
                    out.append(Placed(face: f, gid: infos[i].codepoint, x: pen + Double(pos[i].x_offset) / 64, y: -Double(pos[i].y_offset) / 64))
                    pen += Double(pos[i].x_advance) / 64
                }
            }
            hb_buffer_destroy(buf)
        }
        return (out, pen)
    }
}

private let engine = Mutex(TextEngine())

/// Line metrics and layout, exposed for mocks and tests.
public struct TextLayout: Sendable {
    public var lines: [String]
    public var lineHeight: Double   // points
    public var widths: [Double]     // points
}

enum TextRenderer {
    private static func isCJK(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x2E80...0x9FFF).contains(v) || (0xAC00...0xD7AF).contains(v) || (0xF900...0xFAFF).contains(v)
            || (0xFF00...0xFFEF).contains(v) || (0x3000...0x303F).contains(v)
    }

    /// Breaks `text` into at most `maxLines` lines no wider than `width` pixels, truncating with "…".
    private static func layout(_ e: TextEngine, _ text: String, width: Double, maxLines: Int,
                               primary: TextEngine.Face, fallback: TextEngine.Face?, size26: Int) -> [(String, [TextEngine.Placed], Double)] {
        func measure(_ s: Substring) -> ([TextEngine.Placed], Double) { e.shape(s, primary: primary, fallback: fallback, size26: size26) }
        // Tokens: words, single spaces, single CJK characters; explicit newlines break.
        var result: [(String, [TextEngine.Placed], Double)] = []
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        var pending: [Substring] = []   // remaining lines' text when the line budget runs out
        outer: for (pi, para) in paragraphs.enumerated() {
            var tokens: [Substring] = []
            var i = para.startIndex
            while i < para.endIndex {
                let c = para[i]
                if c == " " || isCJK(c) { tokens.append(para[i...i]); i = para.index(after: i); continue }
                var j = i
                while j < para.endIndex && para[j] != " " && !isCJK(para[j]) { j = para.index(after: j) }
                tokens.append(para[i..<j]); i = j
            }
            var line = ""
            var t = 0
            while t < tokens.count {
                let candidate = line + tokens[t]
                let (_, w) = measure(Substring(candidate))
                if w <= width || line.isEmpty {
                    if w > width && line.isEmpty {
                        // A single token wider than the line: break it by characters.
                        var cut = ""
                        for ch in tokens[t] {
                            if measure(Substring(cut + String(ch))).1 > width && !cut.isEmpty { break }
                            cut.append(ch)
                        }
                        let rest = tokens[t].dropFirst(cut.count)
                        line = cut
                        if !rest.isEmpty { tokens[t] = rest } else { t += 1 }
                        if maxLines > 0 && result.count == maxLines - 1 {
                            pending = [Substring(line + tokens[t...].joined())] + paragraphs[(pi + 1)...]
                            break outer
                        }
                        let (g, lw) = measure(Substring(line)); result.append((line, g, lw)); line = ""
                        continue
                    }
                    line = candidate; t += 1
                } else {
                    if maxLines > 0 && result.count == maxLines - 1 {
                        pending = [Substring(line + tokens[t...].joined())] + paragraphs[(pi + 1)...]
                        break outer
                    }
                    let trimmed = String(line.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
                    let (g, lw) = measure(Substring(trimmed)); result.append((trimmed, g, lw))
                    line = ""
                    while t < tokens.count && tokens[t] == " " { t += 1 }
                }
            }
            if maxLines > 0 && result.count == maxLines - 1 && pi < paragraphs.count - 1 {
                pending = [Substring(line)] + paragraphs[(pi + 1)...]
                break outer
            }
            let (g, lw) = measure(Substring(line)); result.append((line, g, lw))
            if maxLines > 0 && result.count >= maxLines && pi < paragraphs.count - 1 { pending = [""]; break }
        }
        if !pending.isEmpty {
            // The last allowed line: everything left, tail-truncated with "…" if it does not fit.
            let rest = pending.joined(separator: " ")
            let full = measure(Substring(rest))
            let overflow = pending.count > 1 && !pending.dropFirst().allSatisfy { $0.isEmpty }
            if full.1 <= width && !overflow {
                result.append((String(rest), full.0, full.1))
            } else {
                var chars = Array(rest)
                var lo = 0, hi = chars.count
                while lo < hi {   // longest prefix p with width(p + "…") ≤ width
                    let mid = (lo + hi + 1) / 2
                    let s = String(chars[0..<mid]).trimmingTrailingSpaces + "…"
                    if measure(Substring(s)).1 <= width { lo = mid } else { hi = mid - 1 }
                }
                chars = Array(chars[0..<lo])
                let s = String(chars).trimmingTrailingSpaces + "…"
                let m = measure(Substring(s)); result.append((s, m.0, m.1))
            }
        }
        return result
    }

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
        engine.withLock { e in
            let family = style.font.family ?? "Inter"
            guard let pk = e.match(family: family, weight: style.font.weight), let primary = e.face(pk) else { return }
            var fallback: TextEngine.Face? = nil
            for fam in ["WenQuanYi Micro Hei", "Noto Sans CJK SC"] {
                if let k = e.match(family: fam, weight: .regular), k != pk, let f = e.face(k) { fallback = f; break }
            }
            e.setSize(primary, size26)
            let met = primary.ft.pointee.size.pointee.metrics
            let asc = Double(met.ascender) / 64, desc = Double(-met.descender) / 64
            let lineH = max(Double(met.height) / 64, asc + desc)
            let lines = layout(e, s, width: dev.width + 0.01, maxLines: max(0, style.lines),
                               primary: primary, fallback: fallback, size26: size26)
            let blockH = lineH * Double(lines.count)
            var top = dev.minY + (dev.height - blockH) / 2
            if blockH > dev.height { top = dev.minY }   // overflow: keep the first line visible
            for (_, glyphs, lw) in lines {
                let baseline = (top + (lineH - asc - desc) / 2 + asc).rounded()
                let x0: Double
                switch style.alignment {
                case .left: x0 = dev.minX
                case .center: x0 = dev.minX + (dev.width - lw) / 2
                case .right: x0 = dev.maxX - lw
                }
                for g in glyphs {
                    let gx = x0 + g.x
                    let ix = Int(gx.rounded(.down))
                    let phase = min(3, Int(((gx - Double(ix)) * 4).rounded(.down)))
                    guard let gl = e.glyph(g.face, g.gid, size26: size26, phase: phase), gl.w > 0 else { continue }
                    let ox = ix + gl.left, oy = Int(baseline + g.y.rounded()) - gl.top
                    let r = IRect(x0: ox, y0: oy, x1: ox + gl.w, y1: oy + gl.h).intersection(box)
                    if r.isEmpty { continue }
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
                top += lineH
            }
        }
    }

    /// Lays out without drawing (points).
    static func measure(_ s: String, style: TextStyle, width: Double) -> TextLayout {
        engine.withLock { e in
            guard let pk = e.match(family: style.font.family ?? "Inter", weight: style.font.weight), let primary = e.face(pk) else {
                return TextLayout(lines: [], lineHeight: 0, widths: [])
            }
            let fb = e.match(family: "WenQuanYi Micro Hei", weight: .regular).flatMap { e.face($0) }
            let size26 = max(1, Int((style.font.size * 64 * 4).rounded()))   // measure at 4× for precision
            e.setSize(primary, size26)
            let met = primary.ft.pointee.size.pointee.metrics
            let lineH = Double(met.height) / 64 / 4
            let ls = layout(e, s, width: width * 4 + 0.01, maxLines: max(0, style.lines), primary: primary, fallback: fb, size26: size26)
            return TextLayout(lines: ls.map { $0.0 }, lineHeight: lineH, widths: ls.map { $0.2 / 4 })
        }
    }

    /// The file of the face fontconfig picks for a family/weight (for tests and diagnostics).
    static func faceFile(family: String, weight: FontWeight) -> String? {
        engine.withLock { $0.match(family: family, weight: weight)?.path }
    }
}

extension Renderer {
    /// Text layout as drawn: the lines (after wrapping and truncation), line height and widths in points.
    public static func layoutText(_ s: String, style: TextStyle, width: Double) -> TextLayout {
        TextRenderer.measure(s, style: style, width: width)
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
