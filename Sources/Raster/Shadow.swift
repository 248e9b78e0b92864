// CALayer shadows: shadowColor × shadowOpacity, a Gaussian of σ = shadowRadius (points) of the
// layer's shape, offset by shadowOffset, drawn beneath the layer.
//
// Rects and rounded rects with a fill (cards, cells, screens) use the closed form: the blur of a
// box is separable, (Φ((x−x0)/σ) − Φ((x−x1)/σ))·(Φ((y−y0)/σ) − Φ((y−y1)/σ)), O(1) per pixel from
// per-column and per-row factors; near rounded corners the y integral is summed numerically over
// the closed-form x extent (Evan Wallace's method). Other shapes (ellipses, text, images with
// alpha, fill-less groups) blur the layer's rendered alpha as an A8 mask with three box blurs.
// When the layer is opaque over its shape, the shadow under it is not drawn at all.
import Geometry
import Scene

#if canImport(Glibc)
import Glibc
#endif

@inline(__always) private func Phi(_ t: Double) -> Double { 0.5 * (1 + erf(t * 0.7071067811865476)) }

extension Context {
    /// The shadow's premultiplied colour at the layer's alpha.
    static func shadowPixel(_ s: Shadow, alpha: Double) -> UInt32 {
        let col = s.color.withAlpha(s.color.a * min(1, max(0, s.opacity)))
        return mulPixel(col.premultipliedPixel, UInt32(Color.quantize(alpha)))
    }

    /// The closed-form shadow of `shape` (DrawPlan.ShadowForm.closedForm: the fill's alpha, and
    /// whether the layer is opaque over its shape).
    func drawShadow(_ s: Shadow, shape: RoundedRect, _ m: Affine, alpha: Double, fillAlpha: Double, opaqueOver opaqueShape: Bool) {
        var c = Context.shadowPixel(s, alpha: alpha)
        if c == 0 { return }
        let sigma = max(0, s.radius)
        let opaqueOver = opaqueShape && alpha >= 1
        if fillAlpha < 1 { c = mulPixel(c, UInt32(Color.quantize(fillAlpha))) }
        let sh = RoundedRect(shape.rect.offsetBy(dx: s.offset.x, dy: s.offset.y), rx: shape.rx, ry: shape.ry)
        // Device scale of σ: local units → device pixels.
        let devScale = (abs(m.determinant)).squareRoot()
        if sigma * devScale < 0.3 {
            // Effectively unblurred: the shape itself.
            let cs = CoverageShape(outer: sh, inner: nil, m: m)
            let t = target
            cs.forEachRow(clip: clip) { row in Blend.solid(t.row(row.y), row, c) }
            return
        }
        guard let inv = m.inverted else { return }
        let e = 3 * sigma
        let ext = Rect(sh.rect.minX - e, sh.rect.minY - e, sh.rect.width + 2 * e, sh.rect.height + 2 * e)
        let box = IRect(covering: m.apply(ext)).intersection(clip)
        if box.isEmpty { return }
        // The run hidden under the opaque layer: only pixels fully inside its rounded shape, so the
        // rect minus its corners' bands — the taller or the wider of the two crosses inside it.
        // (The whole bounding rect left the shadow out under the corners' cut-outs.)
        let r = shape.rect
        let across = Rect(r.minX, r.minY + shape.ry, r.width, r.height - 2 * shape.ry)
        let down = Rect(r.minX + shape.rx, r.minY, r.width - 2 * shape.rx, r.height)
        let inside = across.width * across.height >= down.width * down.height ? across : down
        let occ: IRect? = opaqueOver && m.b == 0 && m.c == 0 && inside.width > 0 && inside.height > 0
            ? IRect(coveringInside: m.apply(inside)) : nil
        let g = ShadowProfile(x0: sh.rect.minX, x1: sh.rect.maxX, y0: sh.rect.minY, y1: sh.rect.maxY, rx: sh.rx, ry: sh.ry,
                              e: e, inv2s: 1 / sigma)
        if m.b == 0 && m.c == 0 {
            shadeAligned(g, inv, box, hidden: occ, c)
        } else {
            shadeRotated(g, inv, box, c)
        }
    }

    /// Axis-aligned: separable factors per column and per row.
    private func shadeAligned(_ g: ShadowProfile, _ inv: Affine, _ box: IRect, hidden occ: IRect?, _ c: UInt32) {
        let t = target
        let x0 = g.x0, x1 = g.x1, y0 = g.y0, y1 = g.y1, inv2s = g.inv2s
        let n = box.width
        let gx = UnsafeMutablePointer<Double>.allocate(capacity: n)
        let lxs = UnsafeMutablePointer<Double>.allocate(capacity: n)
        defer { gx.deallocate(); lxs.deallocate() }
        for i in 0..<n {
            let lx = inv.a * (Double(box.x0 + i) + 0.5) + inv.tx
            lxs[i] = lx
            gx[i] = Phi((lx - x0) * inv2s) - Phi((lx - x1) * inv2s)
        }
        for y in box.y0..<box.y1 {
            let ly = inv.d * (Double(y) + 0.5) + inv.ty
            let gy = Phi((ly - y0) * inv2s) - Phi((ly - y1) * inv2s)
            if gy < 1e-4 { continue }
            let d = t.row(y)
            // Skip the run hidden under the opaque layer itself.
            var s0 = n, s1 = n
            if let o = occ, o.y0 <= y && y < o.y1 { s0 = max(0, min(n, o.x0 - box.x0)); s1 = max(s0, min(n, o.x1 - box.x0)) }
            @inline(__always) func run(_ lo: Int, _ hi: Int) {
                for i in lo..<hi {
                    let v = g.corner(lxs[i], ly) ? g.rrectValue(lxs[i], ly) : gx[i] * gy
                    let a = toCov8(v)
                    if a != 0 { d[box.x0 + i] = over(mulPixel(c, a), d[box.x0 + i]) }
                }
            }
            run(0, s0); run(s1, n)
        }
    }

    /// Rotated or skewed: the profile at every pixel's centre.
    private func shadeRotated(_ g: ShadowProfile, _ inv: Affine, _ box: IRect, _ c: UInt32) {
        let t = target
        let x0 = g.x0, x1 = g.x1, y0 = g.y0, y1 = g.y1, inv2s = g.inv2s
        for y in box.y0..<box.y1 {
            let d = t.row(y)
            for x in box.x0..<box.x1 {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                let lx = inv.a * cx + inv.c * cy + inv.tx, ly = inv.b * cx + inv.d * cy + inv.ty
                let v = g.corner(lx, ly) ? g.rrectValue(lx, ly)
                    : (Phi((lx - x0) * inv2s) - Phi((lx - x1) * inv2s)) * (Phi((ly - y0) * inv2s) - Phi((ly - y1) * inv2s))
                let a = toCov8(v)
                if a != 0 { d[x] = over(mulPixel(c, a), d[x]) }
            }
        }
    }

    /// Shadow of the layer's rendered alpha: A8 mask, three box blurs per axis, tinted. The mask
    /// covers the whole node whatever the clip (so a band gets the pixels of a whole draw, at the
    /// cost of the whole mask: DrawPlan.WholeFrameReason.maskShadow).
    func maskShadow(_ s: Shadow, node n: Node, _ m: Affine, alpha: Double) {
        let c = Context.shadowPixel(s, alpha: alpha)
        if c == 0 { return }
        let sigma = max(0, s.radius), offset = s.offset
        let devScale = (abs(m.determinant)).squareRoot()
        let sd = sigma * devScale
        let pad = Int((3 * sd).rounded(.up)) + 2
        var plain = n; plain.shadow = nil; plain.opacity = 1
        let om = Affine.translation(offset.x, offset.y).concatenating(m)
        let b0 = Context.deviceBounds(plain, om)
        let box = IRect(x0: b0.x0 - pad, y0: b0.y0 - pad, x1: b0.x1 + pad, y1: b0.y1 + pad)
        let vis = box.intersection(clip)
        if vis.isEmpty || box.width * box.height > 40_000_000 { return }
        let w = box.width, h = box.height
        LayerPool.withBytes(w * h) { mask in
            LayerPool.withLayer(width: w, height: h) { layer in
                var sub = Context(target: layer, whole: IRect(x0: 0, y0: 0, x1: w, y1: h))
                sub.drawContents(plain, om.translatedBy(Double(-box.x0), Double(-box.y0)), alpha: 1, plan: DrawPlan(plain))
                for i in 0..<(w * h) { mask[i] = UInt8(truncatingIfNeeded: layer.pixels[i] >> 24) }
            }
            if sd >= 0.3 { BoxBlur.blur(mask, w, h, sigma: sd) }
            let t = target
            for y in vis.y0..<vis.y1 {
                let d = t.row(y), mr = mask + (y - box.y0) * w - box.x0
                for x in vis.x0..<vis.x1 {
                    let a = UInt32(mr[x])
                    if a != 0 { d[x] = over(mulPixel(c, a), d[x]) }
                }
            }
        }
    }
}

/// The Gaussian blur of a (rounded) rect x0…x1 × y0…y1 with corner radii rx, ry, in the layer's
/// coordinates: `e` = 3σ, `inv2s` = 1/σ.
private struct ShadowProfile {
    let x0: Double, x1: Double, y0: Double, y1: Double, rx: Double, ry: Double, e: Double, inv2s: Double

    /// Near a rounded corner, where the separable product is not the blur of the shape.
    @inline(__always) func corner(_ lx: Double, _ ly: Double) -> Bool {
        rx > 0 && ry > 0 && (lx < x0 + rx + e || lx > x1 - rx - e) && (ly < y0 + ry + e || ly > y1 - ry - e)
            && (abs(lx - (x0 + x1) / 2) > (x1 - x0) / 2 - rx - e) && (abs(ly - (y0 + y1) / 2) > (y1 - y0) / 2 - ry - e)
    }

    /// Numerical y integral of the closed-form x profile of the rounded rect.
    @inline(__always) func rrectValue(_ lx: Double, _ ly: Double) -> Double {
        let lo = max(y0, ly - e), hi = min(y1, ly + e)
        if hi <= lo { return 0 }
        let steps = 16
        let dt = (hi - lo) / Double(steps)
        var acc = 0.0
        for k in 0..<steps {
            let t = lo + (Double(k) + 0.5) * dt
            // Half-width of the rounded rect at height t.
            var inset = 0.0
            let dyc = t < y0 + ry ? (y0 + ry - t) : (t > y1 - ry ? t - (y1 - ry) : 0)
            if dyc > 0 { let q = min(1, dyc / ry); inset = rx * (1 - (1 - q * q).squareRoot()) }
            let xa = x0 + inset, xb = x1 - inset
            let g = exp(-0.5 * (t - ly) * (t - ly) * inv2s * inv2s)
            acc += g * (Phi((lx - xa) * inv2s) - Phi((lx - xb) * inv2s))
        }
        return acc * dt * inv2s * 0.3989422804014327
    }
}

extension IRect {
    /// The largest pixel rect inside `r` (inward rounding).
    init(coveringInside r: Rect) {
        self.init(x0: Int(r.minX.rounded(.up)), y0: Int(r.minY.rounded(.up)),
                  x1: Int(r.maxX.rounded(.down)), y1: Int(r.maxY.rounded(.down)))
    }
}

/// Three successive box blurs approximate a Gaussian (SVG feGaussianBlur: d = ⌊σ·3·√(2π)/4 + ½⌋).
enum BoxBlur {
    static func blur(_ p: UnsafeMutablePointer<UInt8>, _ w: Int, _ h: Int, sigma: Double) {
        let d = max(1, Int(sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5))
        let tmp = UnsafeMutablePointer<UInt8>.allocate(capacity: max(w, h))
        defer { tmp.deallocate() }
        // Window offsets: odd d → centred thrice; even d → two offset boxes and one of d + 1.
        let passes: [(Int, Int)] = d % 2 == 1 ? [(d, d / 2), (d, d / 2), (d, d / 2)] : [(d, d / 2), (d, d / 2 - 1), (d + 1, d / 2)]
        for (len, left) in passes {
            for y in 0..<h { line(p + y * w, 1, w, len, left, tmp) }
        }
        for (len, left) in passes {
            for x in 0..<w { line(p + x, w, h, len, left, tmp) }
        }
    }

    /// Running-sum box of `len` pixels starting `left` before each pixel, zero outside.
    @inline(__always) static func line(_ p: UnsafeMutablePointer<UInt8>, _ step: Int, _ n: Int, _ len: Int, _ left: Int, _ tmp: UnsafeMutablePointer<UInt8>) {
        for i in 0..<n { tmp[i] = p[i * step] }
        var sum = 0
        // Window for output i: [i − left, i − left + len).
        for j in 0..<min(n, len - left) where j >= 0 { sum += Int(tmp[j]) }
        let half = len / 2
        for i in 0..<n {
            p[i * step] = UInt8((sum + half) / len)
            let add = i - left + len, rem = i - left
            if add >= 0 && add < n { sum += Int(tmp[add]) }
            if rem >= 0 && rem < n { sum -= Int(tmp[rem]) }
        }
    }
}
