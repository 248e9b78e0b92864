// Anti-aliased coverage of rects, rounded rects (elliptical corners allowed) and ellipses.
//
// Axis-aligned shapes (the common case: screens, cards, cells at any position and scale) get the
// exact area of each pixel's intersection with the shape: rect overlap minus, per corner, the part
// of the corner square outside the quarter ellipse, integrated in closed form. Only the pixels the
// outline crosses are integrated: per row, `RoundedRect.rowSpans` finds the spans fully inside and
// fully outside with `pixelArea`'s own tests, so every byte is the one integrating would give
// (Tests/RasterTests/CoverageSpanTests compare with it pixel by pixel). Rotated or skewed
// shapes use a signed distance in pixels, coverage = clamp(0.5 − d, 0, 1) (exact for axis edges,
// within a few percent at corners, and the errors cancel over an edge).
import Geometry

#if canImport(Glibc)
import Glibc
#endif

/// A rounded rectangle in some coordinate space; an ellipse is `rx = w/2, ry = h/2`.
public struct RoundedRect: Sendable, Hashable {
    public var rect: Rect
    public var rx: Double
    public var ry: Double
    public init(_ rect: Rect, rx: Double = 0, ry: Double = 0) {
        self.rect = rect
        self.rx = max(0, min(rx, rect.width / 2))
        self.ry = max(0, min(ry, rect.height / 2))
    }
    public init(_ rect: Rect, radius: Double) { self.init(rect, rx: radius, ry: radius) }
    public static func ellipse(_ rect: Rect) -> RoundedRect { RoundedRect(rect, rx: rect.width / 2, ry: rect.height / 2) }
    public var isRect: Bool { rx == 0 || ry == 0 }
}

@inline(__always) private func overlap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double {
    max(0, min(a1, b1) - max(a0, b0))
}

/// Area of [u0,u1]×[v0,v1] ∩ the unit quarter disk {u ≥ 0, v ≥ 0, u² + v² ≤ 1}, inputs clamped to [0, 1].
@inline(__always) private func quarterDiskArea(_ u0: Double, _ u1: Double, _ v0: Double, _ v1: Double) -> Double {
    if u1 <= u0 || v1 <= v0 { return 0 }
    let ua = (1 - v1 * v1).squareRoot()   // where the arc is at height v1
    let ub = (1 - v0 * v0).squareRoot()   // where the arc is at height v0
    var area = (v1 - v0) * max(0, min(u1, ua) - u0)
    let lo = max(u0, ua), hi = min(u1, ub)
    if hi > lo {
        @inline(__always) func G(_ u: Double) -> Double { (u * (1 - u * u).squareRoot() + asin(u)) / 2 }
        area += G(hi) - G(lo) - v0 * (hi - lo)
    }
    return area
}

extension RoundedRect {
    /// Exact area of the pixel square [px, px+1]×[py, py+1] inside this (device-space) shape.
    @inline(__always) func pixelArea(_ px: Double, _ py: Double) -> Double {
        let L = rect.minX, T = rect.minY, R = rect.maxX, B = rect.maxY
        let a = overlap(px, px + 1, L, R) * overlap(py, py + 1, T, B)
        if a == 0 || rx == 0 || ry == 0 { return a }
        var cut = 0.0
        // Corner squares in unit coordinates measured from each corner's ellipse centre outward.
        @inline(__always) func c(_ u0: Double, _ u1: Double, _ v0: Double, _ v1: Double) {
            let a0 = max(0, u0), a1 = min(1, u1), b0 = max(0, v0), b1 = min(1, v1)
            if a1 <= a0 || b1 <= b0 { return }
            cut += (a1 - a0) * (b1 - b0) - quarterDiskArea(a0, a1, b0, b1)
        }
        let cxl = L + rx, cxr = R - rx, cyt = T + ry, cyb = B - ry
        let inLeft = px < cxl, inRight = px + 1 > cxr, inTop = py < cyt, inBottom = py + 1 > cyb
        if inLeft || inRight, inTop || inBottom {
            let ul0 = (cxl - (px + 1)) / rx, ul1 = (cxl - px) / rx
            let ur0 = (px - cxr) / rx, ur1 = (px + 1 - cxr) / rx
            let vt0 = (cyt - (py + 1)) / ry, vt1 = (cyt - py) / ry
            let vb0 = (py - cyb) / ry, vb1 = (py + 1 - cyb) / ry
            if inLeft && inTop { c(ul0, ul1, vt0, vt1) }
            if inRight && inTop { c(ur0, ur1, vt0, vt1) }
            if inLeft && inBottom { c(ul0, ul1, vb0, vb1) }
            if inRight && inBottom { c(ur0, ur1, vb0, vb1) }
        }
        return max(0, a - cut * rx * ry)
    }

    /// Which pixels of row `py`, within [lo, hi), have a `pixelArea` known without integrating.
    /// Every test is the one `pixelArea` itself makes, on the same floating-point values, and each
    /// is monotone along the row, so the boundaries are found exactly by stepping from an estimate.
    /// - inside: the pixel spans [L, R] horizontally and, in every corner it is in, lies within
    ///   where the arc crosses the row's edge farther from the corner's centre (`a1 ≤ ua` in
    ///   `quarterDiskArea`), so each corner cuts exactly 0 and `pixelArea` returns the row's
    ///   vertical overlap, bit for bit;
    /// - outside: the pixel lies in one corner's square only and beyond where the arc crosses the
    ///   row's nearer edge (`a0 ≥ ub`), so the quarter-disk term is exactly 0 and `pixelArea`
    ///   returns only the rounding residue of (its area) − (the same area through the corner's unit
    ///   coordinates): ≥ 0 and a few ulps of the coordinates (≤ 3e-14 in the tests, < 1e-9 below
    ///   10⁶ px), far under the 1/510 below which toCov gives 0;
    /// - zero: the pixel misses [L, R], so `pixelArea` returns exactly 0.
    func rowSpans(_ py: Double, _ lo: Int, _ hi: Int) -> RowSpans {
        let L = rect.minX, R = rect.maxX, T = rect.minY, B = rect.maxY
        let flo = Double(lo), fhi = Double(hi)
        @inline(__always) func clamp(_ v: Double) -> Int { v >= fhi ? hi : v > flo ? Int(v) : lo }
        guard R > L, overlap(py, py + 1, T, B) > 0 else {
            return RowSpans(zeroL: lo, outL: lo, inL: lo, inR: lo, outR: lo, zeroR: lo)
        }
        let zeroL = clamp(L.rounded(.down)), zeroR = max(zeroL, clamp(R.rounded(.up)))
        var s = RowSpans(zeroL: zeroL, outL: zeroL, inL: clamp(L.rounded(.up)), inR: 0, outR: zeroR, zeroR: zeroR)
        s.inR = max(s.inL, clamp(R.rounded(.down)))
        let cxl = L + rx, cxr = R - rx, cyt = T + ry, cyb = B - ry
        let inTop = py < cyt, inBottom = py + 1 > cyb
        if rx > 0 && ry > 0 && (inTop || inBottom) {
            // ua: the smallest, over the row's corners, of where the arc meets the row's edge away
            // from the corner's centre; ub: where it meets the near edge, when one corner alone
            // holds the row (in units of rx from the corner's centre, as in quarterDiskArea).
            var ua = Double.infinity, ub = -1.0
            if inTop {
                let v0 = max(0, (cyt - (py + 1)) / ry), v1 = min(1, (cyt - py) / ry)
                if v1 > v0 {
                    ua = min(ua, (1 - v1 * v1).squareRoot())
                    if !inBottom && py + 1 <= cyt { ub = (1 - v0 * v0).squareRoot() }
                }
            }
            if inBottom {
                let v0 = max(0, (py - cyb) / ry), v1 = min(1, (py + 1 - cyb) / ry)
                if v1 > v0 {
                    ua = min(ua, (1 - v1 * v1).squareRoot())
                    if !inTop && py >= cyb { ub = (1 - v0 * v0).squareRoot() }
                }
            }
            if ua < 1 {
                s.inL = firstTrue(clamp((cxl - ua * rx).rounded(.up)), s.inL, s.inR) { x in
                    let px = Double(x)
                    return px >= cxl || min(1, (cxl - px) / rx) <= ua
                }
                s.inR = firstTrue(clamp((cxr + ua * rx).rounded(.down)), s.inL, s.inR) { x in
                    let px = Double(x)
                    return px + 1 > cxr && min(1, (px + 1 - cxr) / rx) > ua
                }
            }
            if ub >= 0 {
                s.outL = firstTrue(clamp((cxl - ub * rx).rounded(.down)), zeroL, zeroR) { x in
                    let p1 = Double(x) + 1
                    return !(p1 <= cxl && p1 <= cxr && (cxl - p1) / rx >= ub)
                }
                s.outR = firstTrue(clamp((cxr + ub * rx).rounded(.up)), s.outL, zeroR) { x in
                    let px = Double(x)
                    return px >= cxr && px >= cxl && (px - cxr) / rx >= ub
                }
            }
        }
        if s.inR > s.inL {
            s.outL = min(s.outL, s.inL); s.outR = max(s.outR, s.inR)
        } else {
            s.inL = s.outL; s.inR = s.outL
        }
        return s
    }

    /// Signed distance (local units) from p to the boundary (negative inside) and the outward normal.
    @inline(__always) func signedDistance(_ x: Double, _ y: Double) -> (d: Double, nx: Double, ny: Double) {
        let hw = rect.width / 2, hh = rect.height / 2
        let px = x - rect.midX, py = y - rect.midY
        let ax = abs(px), ay = abs(py)
        let sx: Double = px < 0 ? -1 : 1, sy: Double = py < 0 ? -1 : 1
        let qx = ax - (hw - rx), qy = ay - (hh - ry)
        if qx > 0 && qy > 0 && rx > 0 && ry > 0 {
            if rx == ry {
                let l = (qx * qx + qy * qy).squareRoot()
                return (l - rx, sx * qx / l, sy * qy / l)
            }
            // Ellipse: first-order distance f/|∇f|.
            let f = (qx * qx) / (rx * rx) + (qy * qy) / (ry * ry) - 1
            let gx = 2 * qx / (rx * rx), gy = 2 * qy / (ry * ry)
            let gl = (gx * gx + gy * gy).squareRoot()
            return (f / gl, sx * gx / gl, sy * gy / gl)
        }
        let dx = ax - hw, dy = ay - hh
        return dx > dy ? (dx, sx, 0) : (dy, 0, sy)
    }
}

/// A row of one shape split by `RoundedRect.rowSpans`: pixels before `outL` or from `outR` on are
/// outside (those before `zeroL` or from `zeroR` on miss its box), [inL, inR) are inside, and the
/// boundary crosses [outL, inL) and [inR, outR). lo ≤ zeroL ≤ outL ≤ inL ≤ inR ≤ outR ≤ zeroR ≤ hi.
struct RowSpans: Equatable {
    var zeroL: Int, outL: Int, inL: Int, inR: Int, outR: Int, zeroR: Int
}

/// The first x in [lo, hi) where `p` holds, else hi, for `p` monotone there (false…false true…true);
/// from a close `guess` that takes a couple of evaluations.
@inline(__always) private func firstTrue(_ guess: Int, _ lo: Int, _ hi: Int, _ p: (Int) -> Bool) -> Int {
    var x = min(max(guess, lo), hi)
    while x > lo && p(x &- 1) { x &-= 1 }
    while x < hi && !p(x) { x &+= 1 }
    return x
}

/// One row of coverage produced for the blenders: pixels [x0, x1) of row y; the run [ix0, ix1) has
/// the constant coverage `inner`; every other pixel's coverage is `cov[x - x0]`.
@_spi(Testing) public struct CoverageRow {
    @_spi(Testing) public var y: Int, x0: Int, x1: Int, ix0: Int, ix1: Int
    @_spi(Testing) public var inner: UInt32
    @_spi(Testing) public var cov: UnsafeMutablePointer<UInt8>
}

@inline(__always) func toCov(_ a: Double) -> UInt8 {
    if !(a > 0) { return 0 }
    if a >= 1 { return 255 }
    return UInt8(a * 255 + 0.5)
}

/// A shape to cover in device pixels: `outer` minus an optional `inner` (a border ring), both in
/// the local space mapped to device pixels by `m`.
@_spi(Testing) public struct CoverageShape {
    var outer: RoundedRect
    var inner: RoundedRect?
    var m: Affine

    @_spi(Testing) public init(outer: RoundedRect, inner: RoundedRect?, m: Affine) {
        self.outer = outer; self.inner = inner; self.m = m
    }

    /// Device-space bounding box (outward-rounded).
    var bounds: IRect { IRect(covering: m.apply(outer.rect)) }

    /// The shapes in device space when `m` keeps axes aligned (no rotation/skew).
    func deviceAligned(_ r: RoundedRect) -> RoundedRect {
        let d = m.apply(r.rect)
        return RoundedRect(d, rx: r.rx * abs(m.a), ry: r.ry * abs(m.d))
    }

    /// Calls `body` once per row of pixels in `clip` that the shape touches.
    @_spi(Testing) public func forEachRow(clip: IRect, _ body: (CoverageRow) -> Void) {
        let box = bounds.intersection(clip)
        if box.isEmpty { return }
        let buf = UnsafeMutablePointer<UInt8>.allocate(capacity: box.width)
        defer { buf.deallocate() }
        if m.b == 0 && m.c == 0 {
            alignedRows(box: box, buf: buf, body)
        } else {
            generalRows(box: box, buf: buf, body)
        }
    }

    private func alignedRows(box: IRect, buf: UnsafeMutablePointer<UInt8>, _ body: (CoverageRow) -> Void) {
        let o = deviceAligned(outer)
        let i = inner.map(deviceAligned)
        let T = o.rect.minY, B = o.rect.maxY
        @inline(__always) func put(_ a: Int, _ b: Int, _ v: UInt8) {
            if b > a { (buf + (a &- box.x0)).update(repeating: v, count: b &- a) }
        }
        @inline(__always) func exact(_ a: Int, _ b: Int, _ fy: Double) {
            var x = a
            while x < b { buf[x &- box.x0] = cov(o, i, Double(x), fy); x &+= 1 }
        }
        for y in box.y0..<box.y1 {
            let fy = Double(y)
            let cy = overlap(fy, fy + 1, T, B)
            if cy <= 0 { continue }
            // Only pixels the outline crosses are integrated; inside ones have coverage cy (the run).
            let s = o.rowSpans(fy, box.x0, box.x1)
            put(box.x0, s.outL, 0)
            exact(s.outL, s.inL, fy)
            exact(s.inR, s.outR, fy)
            put(s.outR, box.x1, 0)
            var ix0 = s.inL, ix1 = s.inR, innerA = cy
            if let i {
                let icy = overlap(fy, fy + 1, i.rect.minY, i.rect.maxY)
                if icy > 0 {
                    // Inside the outer shape: over the hole the coverage is cy − icy (the run), clear of
                    // it cy. A pixel outside the hole's corner but inside its box leaves a rounding
                    // residue of the hole's area (< 1e-9) that can tip cy − residue below a rounding
                    // step only when cy < 1, so there only pixels off the hole's box count as clear.
                    let h = i.rowSpans(fy, s.inL, s.inR)
                    let clearL = cy < 1 ? h.zeroL : h.outL, clearR = cy < 1 ? h.zeroR : h.outR
                    let full = toCov(cy)
                    put(s.inL, clearL, full)
                    exact(clearL, h.inL, fy)
                    exact(h.inR, clearR, fy)
                    put(clearR, s.inR, full)
                    ix0 = h.inL; ix1 = h.inR; innerA = cy - icy
                }
            }
            if ix1 <= ix0 { ix0 = box.x0; ix1 = box.x0 }
            body(CoverageRow(y: y, x0: box.x0, x1: box.x1, ix0: ix0, ix1: ix1, inner: UInt32(toCov(innerA)), cov: buf))
        }
    }

    @inline(__always) private func cov(_ o: RoundedRect, _ i: RoundedRect?, _ x: Double, _ y: Double) -> UInt8 {
        var a = o.pixelArea(x, y)
        if let i, a > 0 { a -= i.pixelArea(x, y) }
        return toCov(a)
    }

    private func generalRows(box: IRect, buf: UnsafeMutablePointer<UInt8>, _ body: (CoverageRow) -> Void) {
        guard let inv = m.inverted else { return }
        // Device length of a local unit vector (nx, ny): |J·n|.
        @inline(__always) func devLen(_ nx: Double, _ ny: Double) -> Double {
            let dx = m.a * nx + m.c * ny, dy = m.b * nx + m.d * ny
            return (dx * dx + dy * dy).squareRoot()
        }
        @inline(__always) func c1(_ s: RoundedRect, _ lx: Double, _ ly: Double) -> Double {
            let (d, nx, ny) = s.signedDistance(lx, ly)
            return max(0, min(1, 0.5 - d * devLen(nx, ny)))
        }
        for y in box.y0..<box.y1 {
            var any = false
            for x in box.x0..<box.x1 {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                let lx = inv.a * cx + inv.c * cy + inv.tx, ly = inv.b * cx + inv.d * cy + inv.ty
                var a = c1(outer, lx, ly)
                if let i = inner, a > 0 { a = max(0, a - c1(i, lx, ly)) }
                let v = toCov(a)
                buf[x - box.x0] = v
                if v != 0 { any = true }
            }
            if any { body(CoverageRow(y: y, x0: box.x0, x1: box.x1, ix0: box.x0, ix1: box.x0, inner: 0, cov: buf)) }
        }
    }
}
