// Drawing a bitmap under an affine transform.
//
// The sampling rule (one definition, shared by every path): device pixel (x, y) samples the
// source at U = U0 + x·dUx + y·dUy, V = V0 + x·dVx + y·dVy in 16.16 fixed point, the inverse
// transform of the pixel centre, less half a texel. Taps are (U>>16, V>>16) and its right/lower
// neighbours with 8-bit weights ((U>>8)&255, (V>>8)&255), clamped to the source rectangle;
// `bilerp` rounds twice (vertical, then horizontal). The sample is then multiplied by the pixel's
// coverage by the image's rectangle — exact area when axis-aligned, a distance estimate when
// rotated — so edges are anti-aliased at any scale and a ½-pixel shift gives a ½-covered edge.
//
// The transform is classified (Blend2D's FetchType, pixman's FAST_PATH flags):
//   integer translate  → row copy (opaque source, alpha 1) or OVER of rows
//   fractional translate → bilinear with constant weights
//   scale only         → per-column taps/weights computed once, per-row vertical weight
//   general affine     → full bilinear, stepping U/V per pixel
// Every path computes exactly the reference path's sample for every pixel (the fixed-point
// stepping is the same integer arithmetic), so all paths are pixel-identical to `reference`.
import Geometry

public enum SamplePath: String, Sendable, CaseIterable {
    case integerTranslate, fractionalTranslate, scale, affine, reference
}

struct ImageSampler {
    let base: UnsafeMutablePointer<UInt32>
    let stride: Int
    let sx0: Int, sy0: Int, sx1: Int, sy1: Int
    var U0 = 0, dUx = 0, dUy = 0, V0 = 0, dVx = 0, dVy = 0
    /// Axis-aligned: the device rectangle the source rectangle covers (from the fixed-point mapping).
    var aligned = false
    var L = 0.0, T = 0.0, R = 0.0, B = 0.0
    /// General: device pixels per source pixel along the source axes.
    var lx = 1.0, ly = 1.0
    /// Fixed-point (U, V) ranges whose four taps are inside and whose coverage is full.
    var Ulo = 0, Uhi = 0, Vlo = 0, Vhi = 0
    /// The source rectangle is opaque: with alpha 255 interior samples are stores.
    var opaque = false

    @inline(__always) func tap(_ x: Int, _ y: Int) -> UInt32 {
        let cx = x < sx0 ? sx0 : (x >= sx1 ? sx1 &- 1 : x)
        let cy = y < sy0 ? sy0 : (y >= sy1 ? sy1 &- 1 : y)
        return base[cy &* stride &+ cx]
    }
    /// The sample at fixed-point (U, V), taps clamped to the source rectangle's edge.
    @inline(__always) func sample(_ U: Int, _ V: Int) -> UInt32 {
        let x = U &>> 16, y = V &>> 16
        let wx = UInt32(truncatingIfNeeded: (U &>> 8) & 0xFF), wy = UInt32(truncatingIfNeeded: (V &>> 8) & 0xFF)
        return bilerp(tap(x, y), tap(x &+ 1, y), tap(x, y &+ 1), tap(x &+ 1, y &+ 1), wx, wy)
    }
    /// The unchecked sample; all four taps must be inside.
    @inline(__always) func sampleInside(_ U: Int, _ V: Int) -> UInt32 {
        let x = U &>> 16, y = V &>> 16
        let wx = UInt32(truncatingIfNeeded: (U &>> 8) & 0xFF), wy = UInt32(truncatingIfNeeded: (V &>> 8) & 0xFF)
        let p = base + (y &* stride &+ x)
        return bilerp(p[0], p[1], p[stride], p[stride &+ 1], wx, wy)
    }
    /// Coverage (0…255) of device pixel (x, y), whose sample position is (U, V), by the source
    /// rectangle's image: exact area when axis-aligned, a distance estimate otherwise.
    @inline(__always) func coverage(_ x: Int, _ y: Int, _ U: Int, _ V: Int) -> UInt32 {
        if aligned {
            let fx = Double(x), fy = Double(y)
            let ax = max(0, min(fx + 1, R) - max(fx, L)), ay = max(0, min(fy + 1, B) - max(fy, T))
            return toCov8(ax * ay)
        }
        let u = Double(U) * (1.0 / 65536) + 0.5, v = Double(V) * (1.0 / 65536) + 0.5
        let dx = max(Double(sx0) - u, u - Double(sx1)) * lx
        let dy = max(Double(sy0) - v, v - Double(sy1)) * ly
        return toCov8(0.5 - max(dx, dy))
    }
    @inline(__always) func interior(_ U: Int, _ V: Int) -> Bool {
        U >= Ulo && U < Uhi && V >= Vlo && V < Vhi
    }
}

@inline(__always) func toCov8(_ a: Double) -> UInt32 {
    if !(a > 0) { return 0 }
    if a >= 1 { return 255 }
    return UInt32(a * 255 + 0.5)
}

@inline(__always) private func fx16(_ v: Double) -> Int {
    Int((max(-1e12, min(1e12, v)) * 65536).rounded())
}

/// OVER of sample s0 × coverage × alpha.
@inline(__always) private func put(_ d: UnsafeMutablePointer<UInt32>, _ s0: UInt32, _ cov: UInt32, _ alpha: UInt32) {
    if s0 == 0 || cov == 0 { return }
    let a = cov == 255 ? alpha : (alpha == 255 ? cov : div255(cov &* alpha))
    let s = a == 255 ? s0 : mulPixel(s0, a)
    d.pointee = over(s, d.pointee)
}

@_spi(Testing) public enum ImageDraw {
    /// Draws `sub` of `src` mapped by `m` (source pixel coordinates → target pixels), OVER, times alpha/255.
    /// Returns the path taken (for tests).
    @discardableResult
    @_spi(Testing) public static func draw(_ src0: Bitmap, sub sub0: IRect, _ m0: Affine, into dst: Bitmap, clip: IRect,
                     alpha: UInt32, forcePath: SamplePath? = nil, mipmaps: Bool = true) -> SamplePath? {
        if alpha == 0 { return nil }
        guard let plan = setUp(src0, sub: sub0, m0, into: dst, clip: clip, mipmaps: mipmaps) else { return nil }
        let (S, box, classified) = plan
        let path = forcePath ?? classified
        switch path {
        case .reference: reference(S, dst, box, alpha)
        case .integerTranslate: integerTranslate(S, dst, box, alpha)
        case .fractionalTranslate: fractional(S, dst, box, alpha)
        case .scale: scaled(S, dst, box, alpha)
        case .affine: affine(S, dst, box, alpha)
        }
        return path
    }

    /// The sampler, the device box drawn and the fast path for `sub` of `src` mapped by `m` into
    /// `dst` within `clip`; nil when nothing would be drawn.
    static func setUp(_ src0: Bitmap, sub sub0: IRect, _ m0: Affine, into dst: Bitmap, clip: IRect,
                      mipmaps: Bool = true) -> (ImageSampler, IRect, SamplePath)? {
        var src = src0, sub = sub0.intersection(IRect(x0: 0, y0: 0, x1: src0.width, y1: src0.height)), m = m0
        if sub.isEmpty { return nil }
        // Mipmaps below 0.5×: sample the level whose scale is at least 0.5.
        if mipmaps {
            let sx = (m.a * m.a + m.b * m.b).squareRoot(), sy = (m.c * m.c + m.d * m.d).squareRoot()
            var s = max(sx, sy), level = 0
            while s < 0.5 && level < 12 { s *= 2; level += 1 }
            if level > 0, let lv = src.mipLevel(level) {
                let f = Double(1 << level), k = 1 << level
                src = lv
                sub = IRect(x0: sub.x0 >> level, y0: sub.y0 >> level,
                            x1: min(lv.width, (sub.x1 + k - 1) >> level), y1: min(lv.height, (sub.y1 + k - 1) >> level))
                m = Affine.scale(f, f).concatenating(m)
            }
        }
        guard let inv = m.inverted else { return nil }
        var box = IRect(covering: m.apply(Rect(Double(sub.x0), Double(sub.y0), Double(sub.width), Double(sub.height))))
        box = IRect(x0: box.x0 - 1, y0: box.y0 - 1, x1: box.x1 + 1, y1: box.y1 + 1)
            .intersection(clip).intersection(IRect(x0: 0, y0: 0, x1: dst.width, y1: dst.height))
        if box.isEmpty { return nil }

        var S = ImageSampler(base: src.pixels, stride: src.width, sx0: sub.x0, sy0: sub.y0, sx1: sub.x1, sy1: sub.y1)
        S.opaque = src.isOpaqueCached
        // Pixel centre (x + 0.5, y + 0.5) → source, minus half a texel.
        S.U0 = fx16(inv.a * 0.5 + inv.c * 0.5 + inv.tx - 0.5)
        S.V0 = fx16(inv.b * 0.5 + inv.d * 0.5 + inv.ty - 0.5)
        S.dUx = fx16(inv.a); S.dUy = fx16(inv.c); S.dVx = fx16(inv.b); S.dVy = fx16(inv.d)
        S.lx = (m.a * m.a + m.b * m.b).squareRoot(); S.ly = (m.c * m.c + m.d * m.d).squareRoot()
        S.aligned = S.dUy == 0 && S.dVx == 0 && S.dUx != 0 && S.dVy != 0
        if S.aligned {
            // Device x whose centre samples source coordinate u: u = U0/65536 + 0.5 + x·dUx/65536.
            func edge(_ u: Double, _ U0: Int, _ dU: Int) -> Double {
                (u - 0.5 - Double(U0) / 65536) / (Double(dU) / 65536) + 0.5
            }
            let x0 = edge(Double(sub.x0), S.U0, S.dUx), x1 = edge(Double(sub.x1), S.U0, S.dUx)
            let y0 = edge(Double(sub.y0), S.V0, S.dVy), y1 = edge(Double(sub.y1), S.V0, S.dVy)
            S.L = min(x0, x1); S.R = max(x0, x1); S.T = min(y0, y1); S.B = max(y0, y1)
        } else {
            let mx = 0.51 / S.lx, my = 0.51 / S.ly
            S.Ulo = max(sub.x0 << 16, Int(((Double(sub.x0) + mx - 0.5) * 65536).rounded(.up)))
            S.Uhi = min((sub.x1 - 1) << 16, Int(((Double(sub.x1) - mx - 0.5) * 65536).rounded(.down)))
            S.Vlo = max(sub.y0 << 16, Int(((Double(sub.y0) + my - 0.5) * 65536).rounded(.up)))
            S.Vhi = min((sub.y1 - 1) << 16, Int(((Double(sub.y1) - my - 0.5) * 65536).rounded(.down)))
        }

        let path: SamplePath
        if S.aligned {
            if S.dUx == 65536 && S.dVy == 65536 {
                path = (S.U0 & 0xFFFF) == 0 && (S.V0 & 0xFFFF) == 0 ? .integerTranslate : .fractionalTranslate
            } else { path = .scale }
        } else { path = .affine }
        return (S, box, path)
    }

    /// The simple definition: every pixel of the box, its sample times its coverage, OVER.
    static func reference(_ S: ImageSampler, _ dst: Bitmap, _ box: IRect, _ alpha: UInt32) {
        for y in box.y0..<box.y1 {
            let d = dst.row(y)
            for x in box.x0..<box.x1 {
                let U = S.U0 + x * S.dUx + y * S.dUy, V = S.V0 + x * S.dVx + y * S.dVy
                put(d + x, S.sample(U, V), S.coverage(x, y, U, V), alpha)
            }
        }
    }

    private static func integerTranslate(_ S: ImageSampler, _ dst: Bitmap, _ box: IRect, _ alpha: UInt32) {
        let ox = S.U0 >> 16, oy = S.V0 >> 16   // source = device + offset
        let r = box.intersection(IRect(x0: S.sx0 - ox, y0: S.sy0 - oy, x1: S.sx1 - ox, y1: S.sy1 - oy))
        if r.isEmpty { return }
        let n = r.width
        let copy = alpha == 255 && S.opaque
        for y in r.y0..<r.y1 {
            let s = UnsafePointer(S.base + ((y + oy) * S.stride + r.x0 + ox))
            let d = dst.row(y) + r.x0
            if copy { d.update(from: s, count: n) } else { Blend.overRow(d, s, n, alpha: alpha) }
        }
    }

    /// The interval of `lo..<hi` where `ok` holds (ok must hold on an interval); empty → (lo, lo).
    private static func interval(_ lo: Int, _ hi: Int, _ ok: (Int) -> Bool) -> (Int, Int) {
        var a = lo
        while a < hi && !ok(a) { a += 1 }
        var b = a
        while b < hi && ok(b) { b += 1 }
        return a < b ? (a, b) : (lo, lo)
    }

    /// `interval(lo, hi) { x in x + o >= s0 && x + o + 1 < s1 && Double(x) >= e0 && Double(x + 1) <= e1 }`
    /// in closed form: for an integer x (exact as a Double here) and finite e0, e1,
    /// Double(x) >= e0 ⟺ x >= ⌈e0⌉ and Double(x + 1) <= e1 ⟺ x < ⌊e1⌋.
    private static func inside(_ lo: Int, _ hi: Int, offset o: Int, _ s0: Int, _ s1: Int, _ e0: Double, _ e1: Double) -> (Int, Int) {
        let a = max(lo, s0 - o, Int(e0.rounded(.up))), b = min(hi, s1 - o - 1, Int(e1.rounded(.down)))
        return a < b ? (a, b) : (lo, lo)
    }

    private static func fractional(_ S: ImageSampler, _ dst: Bitmap, _ box: IRect, _ alpha: UInt32) {
        let ox = S.U0 >> 16, oy = S.V0 >> 16
        let wx = UInt32((S.U0 >> 8) & 0xFF), wy = UInt32((S.V0 >> 8) & 0xFF)
        // Pixels whose four taps are inside and which lie wholly inside the image's rectangle.
        let (ix0, ix1) = inside(box.x0, box.x1, offset: ox, S.sx0, S.sx1, S.L, S.R)
        let (iy0, iy1) = inside(box.y0, box.y1, offset: oy, S.sy0, S.sy1, S.T, S.B)
        let tmp = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, ix1 - ix0 + 1))
        defer { tmp.deallocate() }
        for y in box.y0..<box.y1 {
            let d = dst.row(y)
            let V = S.V0 + y * 65536
            if y < iy0 || y >= iy1 || ix1 <= ix0 {
                for x in box.x0..<box.x1 { let U = S.U0 + x * 65536; put(d + x, S.sample(U, V), S.coverage(x, y, U, V), alpha) }
                continue
            }
            for x in box.x0..<ix0 { let U = S.U0 + x * 65536; put(d + x, S.sample(U, V), S.coverage(x, y, U, V), alpha) }
            let r0 = S.base + ((y + oy) * S.stride + ox), r1 = r0 + S.stride
            // Vertical pass once per source pixel (skipped when the rows are aligned), then horizontal.
            let h: UnsafePointer<UInt32>
            if wy == 0 { h = UnsafePointer(r0) } else {
                lerpRow(tmp, UnsafePointer(r0 + ix0), UnsafePointer(r1 + ix0), ix1 - ix0 + 1, wy)
                h = UnsafePointer(tmp) - ix0
            }
            spanOut(d, h, ix0, ix1, wx, store: S.opaque && alpha == 255, alpha: alpha)
            for x in ix1..<box.x1 { let U = S.U0 + x * 65536; put(d + x, S.sample(U, V), S.coverage(x, y, U, V), alpha) }
        }
    }

    private static func scaled(_ S: ImageSampler, _ dst: Bitmap, _ box: IRect, _ alpha: UInt32) {
        let n = box.width
        let cols = UnsafeMutablePointer<Int>.allocate(capacity: n)
        let wts = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        defer { cols.deallocate(); wts.deallocate() }
        for i in 0..<n {
            let U = S.U0 + (box.x0 + i) * S.dUx
            cols[i] = U >> 16; wts[i] = UInt32((U >> 8) & 0xFF)
        }
        let (c0, c1) = interval(0, n) { i in
            let x = box.x0 + i
            return cols[i] >= S.sx0 && cols[i] + 1 < S.sx1 && Double(x) >= S.L && Double(x + 1) <= S.R
        }
        // Source columns the interior reads (two taps each).
        var cmin = Int.max, cmax = Int.min
        for i in c0..<max(c0, c1) { cmin = min(cmin, cols[i]); cmax = max(cmax, cols[i] + 1) }
        // No interior columns (the image only touches the box at its edges): nothing to stage.
        let tmp = UnsafeMutablePointer<UInt32>.allocate(capacity: c1 > c0 ? max(1, cmax - cmin + 1) : 1)
        let ga = UnsafeMutablePointer<UInt32>.allocate(capacity: n), gb = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        let w2 = UnsafeMutablePointer<UInt16>.allocate(capacity: 2 * n)
        for k in 0..<n { w2[2 * k] = UInt16(wts[k]); w2[2 * k + 1] = UInt16(wts[k]) }
        defer { tmp.deallocate(); ga.deallocate(); gb.deallocate(); w2.deallocate() }
        var h: UnsafePointer<UInt32>
        for y in box.y0..<box.y1 {
            let d = dst.row(y) + box.x0
            let V = S.V0 + y * S.dVy
            let sy = V >> 16
            let rowInside = sy >= S.sy0 && sy + 1 < S.sy1 && Double(y) >= S.T && Double(y + 1) <= S.B
            if !rowInside || c1 <= c0 {
                for i in 0..<n {
                    let U = S.U0 + (box.x0 + i) * S.dUx
                    put(d + i, S.sample(U, V), S.coverage(box.x0 + i, y, U, V), alpha)
                }
                continue
            }
            let wy = UInt32((V >> 8) & 0xFF)
            for i in 0..<c0 { let U = S.U0 + (box.x0 + i) * S.dUx; put(d + i, S.sample(U, V), S.coverage(box.x0 + i, y, U, V), alpha) }
            let r0 = S.base + sy * S.stride, r1 = r0 + S.stride
            if wy == 0 { h = UnsafePointer(r0) } else {
                lerpRow(tmp, UnsafePointer(r0 + cmin), UnsafePointer(r1 + cmin), cmax - cmin + 1, wy)
                h = UnsafePointer(tmp) - cmin
            }
            // Gather the two taps per output pixel, then one vector lerp with per-pixel weights.
            for k in c0..<c1 { let sx = cols[k]; ga[k] = h[sx]; gb[k] = h[sx &+ 1] }
            if S.opaque && alpha == 255 {
                lerpRowW(d + c0, UnsafePointer(ga + c0), UnsafePointer(gb + c0), c1 - c0, UnsafePointer(w2 + 2 * c0))
            } else {
                lerpRowW(ga + c0, UnsafePointer(ga + c0), UnsafePointer(gb + c0), c1 - c0, UnsafePointer(w2 + 2 * c0))
                Blend.overRow(d + c0, UnsafePointer(ga + c0), c1 - c0, alpha: alpha)
            }
            for i in c1..<n { let U = S.U0 + (box.x0 + i) * S.dUx; put(d + i, S.sample(U, V), S.coverage(box.x0 + i, y, U, V), alpha) }
        }
    }

    /// Horizontal pass with a constant weight over h[x], h[x+1] for x in [x0, x1), OVER or stored.
    @inline(__always) private static func spanOut(_ d: UnsafeMutablePointer<UInt32>, _ h: UnsafePointer<UInt32>,
                                                  _ x0: Int, _ x1: Int, _ wx: UInt32, store: Bool, alpha: UInt32) {
        if store {
            if wx == 0 { (d + x0).update(from: h + x0, count: x1 - x0); return }
            lerpRow(d + x0, h + x0, h + x0 + 1, x1 - x0, wx)
        } else {
            // Branch-free OVER (see Blend.overRow): mulPixel(s, 255) = s, and s = 0 leaves d.
            lerpOverRow(d + x0, h + x0, h + x0 + 1, x1 - x0, wx, alpha: alpha)
        }
    }

    private static func affine(_ S: ImageSampler, _ dst: Bitmap, _ box: IRect, _ alpha: UInt32) {
        for y in box.y0..<box.y1 {
            let d = dst.row(y)
            var U = S.U0 &+ box.x0 &* S.dUx &+ y &* S.dUy
            var V = S.V0 &+ box.x0 &* S.dVx &+ y &* S.dVy
            for x in box.x0..<box.x1 {
                if S.interior(U, V) {
                    let s = S.sampleInside(U, V)
                    if s != 0 {
                        let q = alpha == 255 ? s : mulPixel(s, alpha)
                        d[x] = q &+ mulPixel(d[x], 255 &- (q &>> 24))
                    }
                } else {
                    put(d + x, S.sample(U, V), S.coverage(x, y, U, V), alpha)
                }
                U &+= S.dUx; V &+= S.dVx
            }
        }
    }
}
