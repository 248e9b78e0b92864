// The compositor: walks a Scene node tree and draws it into a Bitmap (docs/ARCHITECTURE.md).
//
// Order per layer, as Core Animation: shadow, background fill / contents (image, text), children
// (clipped to the bounds when `clips`), border on top. A layer with opacity < 1 that paints more
// than one primitive is rendered offscreen and composited once (UIKit's allowsGroupOpacity); one
// that paints a single primitive just multiplies that primitive's alpha (the same picture, cheaper).
import Geometry
import Scene

public enum Renderer {
    /// Draws `node` (frames in points) into `target`, pixel = point × scale, OVER what is there.
    /// `transform` is applied in points to the node's parent coordinates, before the scale:
    /// device = scale × transform(localToParent(p)). `rows`: only these target rows are touched,
    /// with the same pixels a full render gives them (a frame can be drawn band by band).
    public static func render(_ node: Node, scale: Double, into target: Bitmap, transform: Affine = .identity,
                              rows: Range<Int>? = nil) {
        let m = node.localToParent.concatenating(transform).concatenating(.scale(scale, scale))
        let r = rows ?? 0..<target.height
        var ctx = Context(target: target, whole: IRect(x0: 0, y0: 0, x1: target.width, y1: target.height), rows: r)
        ctx.draw(node, m, alpha: 1)
    }

    /// True when drawing `node` band by band (`render(rows:)`) is worth it: a band always gets
    /// exactly the pixels of one full draw (offscreen layers are placed where the full draw places
    /// them, DrawPlan.swift), but a subtree whose plan is whole-frame only (a mask shadow) would
    /// cost the whole node in every band, so such scenes are drawn whole.
    public static func drawsSameInBands(_ node: Node, scale: Double, transform: Affine = .identity) -> Bool {
        DrawPlan.wholeFrameReason(node) == nil
    }

    /// Device pixels that drawing `node` (as `render` draws it) is sure to make opaque, whatever
    /// was under them: the opaque rects (Context.opaqueRect, the test occlusion uses) of the node
    /// and of its descendants down to `depth` levels, as long as every layer above them draws
    /// its children straight into the target (opacity 1, no rounded clip, no transform that is
    /// not axis-aligned); a clipping layer cuts them to its bounds. What a caller need not paint
    /// first: a frame's background under full-screen screens. Conservative (may miss cover).
    public static func opaqueCover(_ node: Node, scale: Double, transform: Affine = .identity, depth: Int = 3) -> [IRect] {
        var out: [IRect] = []
        func walk(_ n: Node, _ m: Affine, _ clip: IRect?, _ depth: Int) {
            if let r = Context.opaqueRect(n, m) {
                let c = clip.map { r.intersection($0) } ?? r
                if !c.isEmpty { out.append(c) }
                return
            }
            guard depth > 0, !n.hidden, n.opacity >= 1, n.cornerRadius == 0, n.standIn.isEmpty, m.b == 0, m.c == 0 else { return }
            if case .group = n.kind {} else if case .rect = n.kind {} else { return }
            var inner = clip
            if n.clips {
                let bounds = IRect(coveringInside: m.apply(Rect(0, 0, n.frame.width, n.frame.height)))
                inner = clip.map { bounds.intersection($0) } ?? bounds
            }
            for c in n.children { walk(c, c.localToParent.concatenating(m), inner, depth - 1) }
        }
        walk(node, node.localToParent.concatenating(transform).concatenating(.scale(scale, scale)), nil, depth)
        return out
    }

    /// Renders a subtree once into its own bitmap of its frame's size × scale (a snapshot, docs/ARCHITECTURE.md).
    /// The node's own frame origin, transform and placement are not applied (they place the snapshot
    /// when it is composited); its opacity and everything it contains are. Shadows outside the
    /// frame are cut off.
    public static func snapshot(_ node: Node, scale: Double) -> Bitmap {
        let (w, h) = snapshotSize(node.frame.size, scale: scale)
        let bmp = Bitmap(uncheckedWidth: w, height: h)   // snapshotSize: at least 1×1
        var ctx = Context(target: bmp, whole: IRect(x0: 0, y0: 0, x1: w, y1: h))
        ctx.draw(node, .scale(scale, scale), alpha: 1)
        return bmp
    }

    /// Pixel size of a snapshot of a frame of `size` points.
    public static func snapshotSize(_ size: Size, scale: Double) -> (width: Int, height: Int) {
        func px(_ v: Double) -> Int { max(1, Int((v * scale - 1e-6).rounded(.up))) }
        return (px(size.width), px(size.height))
    }

    /// Draws a bitmap mapped by `transform` (source pixels → target pixels), OVER, with opacity.
    /// This is the per-frame primitive transitions composite snapshots with.
    @discardableResult
    public static func drawBitmap(_ image: Bitmap, transform: Affine, into target: Bitmap, opacity: Double = 1,
                                  clip: IRect? = nil, path: SamplePath? = nil) -> SamplePath? {
        let full = IRect(x0: 0, y0: 0, x1: target.width, y1: target.height)
        return ImageDraw.draw(image, sub: IRect(x0: 0, y0: 0, x1: image.width, y1: image.height), transform,
                              into: target, clip: clip.map { $0.intersection(full) } ?? full,
                              alpha: UInt32(Color.quantize(opacity)), forcePath: path)
    }

    /// Fills a (rounded) rect given in target pixels (mapped by `transform`) with a colour, anti-aliased.
    public static func fill(_ shape: RoundedRect, color: Color, into target: Bitmap, transform: Affine = .identity) {
        let cs = CoverageShape(outer: shape, inner: nil, m: transform)
        let c = color.premultipliedPixel
        cs.forEachRow(clip: IRect(x0: 0, y0: 0, x1: target.width, y1: target.height)) { row in
            Blend.solid(target.row(row.y), row, c)
        }
    }
}

/// Where drawing goes: a bitmap and an integer clip in its pixels.
struct Context {
    var target: Bitmap
    /// The clip a whole-frame draw has here. Offscreen layers are sized and placed from it, so
    /// that their origin (and with it every fixed-point sampling grid and coverage computed in
    /// them) is the whole draw's in every band; occluders narrow it as they narrow a whole draw.
    private(set) var whole: IRect
    /// The target rows drawn: all of them, or one band's (`render(rows:)`).
    let rows: Range<Int>
    /// The pixels drawn: always `whole` ∩ `rows`, so a band draws exactly a whole draw's pixels
    /// of its rows (an occluder whose edge pixels are not quite opaque narrows both alike).
    private(set) var clip: IRect

    init(target: Bitmap, whole: IRect, rows: Range<Int>? = nil) {
        self.target = target
        self.rows = rows ?? whole.y0..<whole.y1
        self.whole = whole
        self.clip = whole
        narrow(to: whole)
    }

    /// Sets the whole draw's clip here (and so the band's).
    mutating func narrow(to w: IRect) {
        whole = w
        clip = w.intersection(IRect(x0: w.x0, y0: rows.lowerBound, x1: w.x1, y1: rows.upperBound))
    }

    mutating func draw(_ n: Node, _ m: Affine, alpha: Double) {
        if n.hidden || !(n.opacity > 0) || !(alpha > 0) || clip.isEmpty { return }
        if !isFinite(m) { return }
        let a = alpha * min(1, n.opacity)
        let plan = DrawPlan(n)
        if plan.opacity == .groupLayer {
            withLayer(Context.deviceBounds(n, m), m) { sub, lm in
                sub.drawContents(n, lm, alpha: 1, plan: plan)
            } composite: { layer, box in
                composite(layer, at: box, alpha: a, mask: nil)
            }
            return
        }
        drawContents(n, m, alpha: a, plan: plan)
    }

    /// Draws into an offscreen layer covering `bounds` ∩ the whole draw's clip (only the rows
    /// of it inside `clip` exist and are drawn), then composites it. `draw` gets the layer's
    /// context and `m` translated to the layer's origin; `composite` the layer and its box.
    func withLayer(_ bounds: IRect, _ m: Affine, draw: (inout Context, Affine) -> Void,
                   composite: (Bitmap, IRect) -> Void) {
        let box = bounds.intersection(whole)
        let visible = box.intersection(clip)
        if visible.isEmpty { return }
        let rows = (visible.y0 - box.y0)..<(visible.y1 - box.y0)
        LayerPool.withLayer(width: box.width, height: box.height, rows: rows) { layer in
            var sub = Context(target: layer, whole: IRect(x0: 0, y0: 0, x1: box.width, y1: box.height), rows: rows)
            draw(&sub, m.translatedBy(Double(-box.x0), Double(-box.y0)))
            composite(layer, box)
        }
    }

    /// Everything a node paints, at `alpha` (its own opacity already applied by the caller).
    mutating func drawContents(_ n: Node, _ m: Affine, alpha: Double, plan: DrawPlan) {
        let bounds = Rect(0, 0, n.frame.width, n.frame.height)
        let shape = plan.shape
        let a8 = UInt32(Color.quantize(alpha))
        if let s = n.shadow {
            switch plan.shadow {
            case .none: break
            case .mask: maskShadow(s, node: n, m, alpha: alpha)
            case .closedForm(let fillAlpha, let opaqueOver):
                drawShadow(s, shape: shape, m, alpha: alpha, fillAlpha: fillAlpha, opaqueOver: opaqueOver)
            }
        }
        switch n.kind {
        case .group, .rect, .ellipse:
            if let f = n.fill { fill(shape, f, m, a8) }
        case .image(let source, let fit):
            if let f = n.fill { fill(shape, f, m, a8) }
            if let bmp = source as? Bitmap { drawImage(bmp, fit: fit, node: n, plan: plan, m, a8) }
        case .text(let string, let style):
            if let f = n.fill { fill(shape, f, m, a8) }
            TextRenderer.draw(string, style: style, in: bounds, m, into: target, clip: clip, alpha: a8)
        }
        if !n.children.isEmpty { drawChildren(n, plan: plan, m, alpha: alpha) }
        if let b = n.border, b.width > 0 {
            let w = min(b.width, min(bounds.width, bounds.height) / 2)
            let innerRect = bounds.insetBy(dx: w, dy: w)
            let inner = shape.rx == bounds.width / 2 && shape.ry == bounds.height / 2 && !shape.isRect && shape.rx != shape.ry
                ? RoundedRect.ellipse(innerRect)
                : RoundedRect(innerRect, rx: max(0, shape.rx - w), ry: max(0, shape.ry - w))
            let cs = CoverageShape(outer: shape, inner: innerRect.isEmpty ? nil : inner, m: m)
            let c = mulPixel(b.color.premultipliedPixel, a8)
            let t = target
            cs.forEachRow(clip: clip) { row in Blend.solid(t.row(row.y), row, c) }
        }
    }

    mutating func drawChildren(_ n: Node, plan: DrawPlan, _ m: Affine, alpha: Double) {
        switch plan.childClip(n, m) {
        case .none:
            drawSiblings(n.children, m, alpha: alpha)
        case .pixelRect(let r):
            var sub = self
            sub.narrow(to: whole.intersection(r))
            if sub.clip.isEmpty { return }
            sub.drawSiblings(n.children, m, alpha: alpha)
        case .layer(let cs):
            withLayer(cs.bounds, m) { sub, lm in
                sub.drawSiblings(n.children, lm, alpha: alpha)
            } composite: { layer, box in
                composite(layer, at: box, alpha: 1, mask: cs)
            }
        }
    }

    /// Draws children in order, skipping what later opaque siblings hide: a sibling that is an
    /// opaque, axis-aligned rect or image spanning the clip's full height (or width) narrows the
    /// clip of everything before it (screens during a push or pan-back).
    mutating func drawSiblings(_ children: [Node], _ m: Affine, alpha: Double) {
        var occluders: [(Int, IRect)] = []
        if children.count > 1 && alpha >= 1 {
            for (j, c) in children.enumerated() where j > 0 {
                if let r = Context.opaqueRect(c, c.localToParent.concatenating(m)) { occluders.append((j, r)) }
            }
        }
        let wholes = occluders.isEmpty ? [] : Context.narrowed(whole, by: occluders, count: children.count)
        for (i, c) in children.enumerated() {
            var sub = self
            if !wholes.isEmpty { sub.narrow(to: wholes[i]) }
            if sub.clip.isEmpty { continue }
            sub.draw(c, c.localToParent.concatenating(m), alpha: alpha)
        }
    }

    /// For each child i, `whole` narrowed by every occluder after it, in order (what narrowing by
    /// each in turn gives), found from the last child back: an occluder that leaves `whole` itself
    /// as it is (most: it spans no edge of it) leaves child i's area that of child i + 1, so only
    /// those that cut `whole` fold the rest again (issue 27.7: N siblings were N² narrowings).
    static func narrowed(_ whole: IRect, by occluders: [(Int, IRect)], count: Int) -> [IRect] {
        var out = [IRect](repeating: whole, count: count)
        var after = whole
        var k = occluders.count - 1
        for i in stride(from: count - 1, through: 0, by: -1) {
            out[i] = after
            guard k >= 0, occluders[k].0 == i else { continue }
            let cut = whole.subtracting(occluders[k].1)
            if cut != whole {
                after = cut
                for (_, r) in occluders[(k + 1)...] where !after.isEmpty { after = after.subtracting(r) }
            }
            k -= 1
        }
        return out
    }

    /// Device pixels a node is guaranteed to make opaque (conservatively nil).
    static func opaqueRect(_ c: Node, _ m: Affine) -> IRect? {
        if c.hidden || c.opacity < 1 || m.b != 0 || m.c != 0 || c.cornerRadius > 0 { return nil }
        var opaque = false
        switch c.kind {
        case .image(let src, let fit):
            if let b = src as? Bitmap, fit != .fit, b.isOpaqueCached { opaque = true }
        case .rect, .group:
            break
        default: return nil
        }
        if case .solid(let col)? = c.fill, col.a >= 1 { opaque = true }
        if !opaque { return nil }
        let r = IRect(coveringInside: m.apply(Rect(0, 0, c.frame.width, c.frame.height)))
        return r.isEmpty ? nil : r
    }

    /// OVER of an offscreen layer placed at `box`, times alpha, through an optional coverage mask.
    func composite(_ layer: Bitmap, at box: IRect, alpha: Double, mask: CoverageShape?) {
        let a8 = UInt32(Color.quantize(alpha))
        if a8 == 0 { return }
        let t = target
        if let mask {
            mask.forEachRow(clip: box.intersection(clip)) { row in
                let src = UnsafePointer(layer.row(row.y - box.y0) + (row.x0 - box.x0))
                Blend.pixels(t.row(row.y), src, row, alpha: a8)
            }
        } else {
            let r = box.intersection(clip)
            if r.isEmpty { return }
            for y in r.y0..<r.y1 {
                Blend.overRow(t.row(y) + r.x0, UnsafePointer(layer.row(y - box.y0) + (r.x0 - box.x0)), r.width, alpha: a8)
            }
        }
    }

    // MARK: fills

    func fill(_ shape: RoundedRect, _ paint: Paint, _ m: Affine, _ a8: UInt32) {
        if a8 == 0 || shape.rect.isEmpty { return }
        let cs = CoverageShape(outer: shape, inner: nil, m: m)
        let t = target
        switch paint {
        case .solid(let color):
            let c = mulPixel(color.premultipliedPixel, a8)
            if c == 0 { return }
            cs.forEachRow(clip: clip) { row in Blend.solid(t.row(row.y), row, c) }
        case .surrounding(let colors, let index):
            fill(shape, .solid(colors.color(index, measuring: SurroundingColors.measure)), m, a8)
        case .linear(let from, let to, let stops):
            guard let g = LinearGradient(from: from, to: to, stops: stops, size: shape.rect.size, m: m) else { return }
            let buf = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, cs.bounds.intersection(clip).width))
            defer { buf.deallocate() }
            cs.forEachRow(clip: clip) { row in
                g.shade(row.y, row.x0, row.x1, buf)
                Blend.pixels(t.row(row.y), UnsafePointer(buf), row, alpha: a8)
            }
        }
    }

    // MARK: images

    mutating func drawImage(_ bmp: Bitmap, fit: ImageFit, node n: Node, plan: DrawPlan, _ m: Affine, _ a8: UInt32) {
        let fw = n.frame.width, fh = n.frame.height
        if !(fw > 0 && fh > 0) || a8 == 0 { return }
        let iw = Double(bmp.width), ih = Double(bmp.height)
        var sub = IRect(x0: 0, y0: 0, x1: bmp.width, y1: bmp.height)
        var dst = Rect(0, 0, fw, fh)
        switch fit {
        case .stretch: break
        case .fit:
            let s = min(fw / iw, fh / ih)
            dst = Rect((fw - iw * s) / 2, (fh - ih * s) / 2, iw * s, ih * s)
        case .fill:
            // The centred part of the source that the frame shows, in whole source pixels.
            let s = max(fw / iw, fh / ih)
            let vw = min(iw, max(1, (fw / s).rounded())), vh = min(ih, max(1, (fh / s).rounded()))
            let x0 = Int(((iw - vw) / 2).rounded()), y0 = Int(((ih - vh) / 2).rounded())
            sub = IRect(x0: x0, y0: y0, x1: x0 + Int(vw), y1: y0 + Int(vh))
        }
        let toLocal = Affine.translation(Double(-sub.x0), Double(-sub.y0))
            .scaledBy(dst.width / Double(sub.width), dst.height / Double(sub.height))
            .translatedBy(dst.x, dst.y)
        let im = toLocal.concatenating(m)
        if !plan.imageLayer {
            ImageDraw.draw(bmp, sub: sub, im, into: target, clip: clip, alpha: a8)
        } else {
            // Rounded corners clip the contents: draw offscreen, composite through the shape.
            let cs = CoverageShape(outer: plan.shape, inner: nil, m: m)
            withLayer(cs.bounds, im) { layer, lm in
                ImageDraw.draw(bmp, sub: sub, lm, into: layer.target, clip: layer.clip, alpha: 255)
            } composite: { layer, box in
                composite(layer, at: box, alpha: Double(a8) / 255, mask: cs)
            }
        }
    }

    // MARK: bounds and counting

    /// Device pixels the subtree may touch (conservative). A node that paints nothing itself (a
    /// group or shape without fill, border, shadow or contents) counts only its children: the
    /// touch dot's full-screen group would otherwise make a full-frame layer for a 50-pt dot.
    static func deviceBounds(_ n: Node, _ m: Affine) -> IRect {
        let own = IRect(covering: m.apply(Rect(0, 0, n.frame.width, n.frame.height))).outset(by: 1)
        var box = IRect(x0: 0, y0: 0, x1: 0, y1: 0)
        if paintsItself(n) { box = own }
        if let s = n.shadow, s.opacity > 0 {
            let e = s.radius * 3 + 2
            box = box.union(IRect(covering: m.apply(Rect(s.offset.x - e, s.offset.y - e, n.frame.width + 2 * e, n.frame.height + 2 * e))).outset(by: 1))
        }
        var inside = IRect(x0: 0, y0: 0, x1: 0, y1: 0)
        for c in n.children where !c.hidden {
            inside = inside.union(deviceBounds(c, c.localToParent.concatenating(m)))
        }
        return box.union(n.clips ? inside.intersection(own) : inside)
    }

    /// True when the node itself (not its children) puts pixels down.
    static func paintsItself(_ n: Node) -> Bool {
        if n.fill != nil || (n.border.map { $0.width > 0 } ?? false) { return true }
        switch n.kind {
        case .image, .text: return true
        case .group, .rect, .ellipse: return false
        }
    }
}

extension IRect {
    /// The rect grown by `d` pixels on every side.
    func outset(by d: Int) -> IRect { IRect(x0: x0 - d, y0: y0 - d, x1: x1 + d, y1: y1 + d) }

    /// The smallest rect holding both (an empty one holds nothing).
    func union(_ r: IRect) -> IRect {
        if r.isEmpty { return self }
        if isEmpty { return r }
        return IRect(x0: min(x0, r.x0), y0: min(y0, r.y0), x1: max(x1, r.x1), y1: max(y1, r.y1))
    }

    /// self minus r when the difference is a rectangle (r spans self in one direction); else self.
    func subtracting(_ r: IRect) -> IRect {
        let i = intersection(r)
        if i.isEmpty { return self }
        if i == self { return IRect(x0: x0, y0: y0, x1: x0, y1: y0) }
        var o = self
        if r.y0 <= y0 && r.y1 >= y1 {
            if r.x0 <= x0 { o.x0 = r.x1 } else if r.x1 >= x1 { o.x1 = r.x0 }
        } else if r.x0 <= x0 && r.x1 >= x1 {
            if r.y0 <= y0 { o.y0 = r.y1 } else if r.y1 >= y1 { o.y1 = r.y0 }
        }
        return o
    }
}

@inline(__always) func isInt(_ v: Double) -> Bool { abs(v - v.rounded()) < 1e-7 }
@inline(__always) func isFinite(_ m: Affine) -> Bool {
    m.a.isFinite && m.b.isFinite && m.c.isFinite && m.d.isFinite && m.tx.isFinite && m.ty.isFinite
}
