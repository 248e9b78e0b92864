// Row kernels on SIMD8<UInt16>: four RGBA8 pixels are eight 16-bit lanes, each holding two
// channels; masking and shifting split them into R,B and G,A lanes, so the per-channel arithmetic
// (products ≤ 65 280 + 128) runs in 16-bit lanes (SSE2 pmullw) with exactly the scalar results
// of `lerp256` and `mulPixel` — the scalar functions remain the definition and handle tails.

typealias U16x8 = SIMD8<UInt16>

@inline(__always) private func load4(_ p: UnsafePointer<UInt32>) -> U16x8 {
    UnsafeRawPointer(p).loadUnaligned(as: U16x8.self)
}
@inline(__always) private func store4(_ p: UnsafeMutablePointer<UInt32>, _ v: U16x8) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: U16x8.self)
}

/// d[i] = lerp256(a[i], b[i], w) for i in 0..<n (w in 0…256).
@inline(__always) func lerpRow(_ d: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ n: Int, _ w: UInt32) {
    let wv = U16x8(repeating: UInt16(w)), iw = U16x8(repeating: UInt16(256 - w))
    let lo = U16x8(repeating: 0x00FF), half = U16x8(repeating: 0x80), hiMask = U16x8(repeating: 0xFF00)
    var i = 0
    while i &+ 4 <= n {
        let va = load4(a + i), vb = load4(b + i)
        let l = ((va & lo) &* iw &+ (vb & lo) &* wv &+ half) &>> 8
        let h = ((va &>> 8) &* iw &+ (vb &>> 8) &* wv &+ half) & hiMask
        store4(d + i, l | h)
        i &+= 4
    }
    while i < n { d[i] = lerp256(a[i], b[i], w); i &+= 1 }
}

/// d[i] = lerp256(a[i], b[i], w[i]) with weights given twice per pixel (w2[2i] = w2[2i+1] = w[i]).
@inline(__always) func lerpRowW(_ d: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>,
                                _ n: Int, _ w2: UnsafePointer<UInt16>) {
    let lo = U16x8(repeating: 0x00FF), half = U16x8(repeating: 0x80), hiMask = U16x8(repeating: 0xFF00)
    let full = U16x8(repeating: 256)
    var i = 0
    while i &+ 4 <= n {
        let va = load4(a + i), vb = load4(b + i)
        let wv = UnsafeRawPointer(w2 + 2 &* i).loadUnaligned(as: U16x8.self), iw = full &- wv
        let l = ((va & lo) &* iw &+ (vb & lo) &* wv &+ half) &>> 8
        let h = ((va &>> 8) &* iw &+ (vb &>> 8) &* wv &+ half) & hiMask
        store4(d + i, l | h)
        i &+= 4
    }
    while i < n { d[i] = lerp256(a[i], b[i], UInt32(w2[2 &* i])); i &+= 1 }
}

/// d[i] = c + mulPixel(d[i], ia) — OVER of one premultiplied colour c with inverse alpha ia.
@inline(__always) func overSolidRow(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ c: UInt32, _ ia: UInt32) {
    let lo = U16x8(repeating: 0x00FF), r = U16x8(repeating: 0x80), iav = U16x8(repeating: UInt16(ia))
    let c2 = UInt64(c) | UInt64(c) << 32
    let cvec = unsafeBitCast(SIMD2<UInt64>(c2, c2), to: U16x8.self)
    var i = 0
    while i &+ 4 <= n {
        let v = load4(UnsafePointer(d + i))
        let tl = (v & lo) &* iav &+ r
        let th = (v &>> 8) &* iav &+ r
        let l = (tl &+ (tl &>> 8)) &>> 8
        let h = (th &+ (th &>> 8)) & U16x8(repeating: 0xFF00)
        store4(d + i, (l | h) &+ cvec)
        i &+= 4
    }
    while i < n { d[i] = c &+ mulPixel(d[i], ia); i &+= 1 }
}

/// mulPixel on four pixels, each lane times its own factor m (0…255): the same rounding.
@inline(__always) private func mul4(_ v: U16x8, _ m: U16x8) -> U16x8 {
    let lo = U16x8(repeating: 0x00FF), r = U16x8(repeating: 0x80)
    let tl = (v & lo) &* m &+ r
    let th = (v &>> 8) &* m &+ r
    return ((tl &+ (tl &>> 8)) &>> 8) | ((th &+ (th &>> 8)) & U16x8(repeating: 0xFF00))
}

/// d[i] = q + mulPixel(d[i], 255 − alpha(q)) with q = mulPixel(s[i], alpha): OVER of a row of
/// premultiplied pixels. Equal to the scalar `over` for premultiplied pixels (no channel above
/// its alpha, so no byte carries into the next).
@inline(__always) func overRow4(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int, alpha: UInt32) {
    let av = U16x8(repeating: UInt16(alpha)), ff = SIMD4<UInt32>(repeating: 0x00FF_00FF)
    var i = 0
    while i &+ 4 <= n {
        var q = load4(s + i)
        if alpha != 255 { q = mul4(q, av) }
        let a = unsafeBitCast(q, to: SIMD4<UInt32>.self) &>> 24
        let ia = unsafeBitCast((a | a &<< 16) ^ ff, to: U16x8.self)   // 255 − a in both lanes of each pixel
        store4(d + i, q &+ mul4(load4(UnsafePointer(d + i)), ia))
        i &+= 4
    }
    while i < n {
        let q = alpha == 255 ? s[i] : mulPixel(s[i], alpha)
        d[i] = q &+ mulPixel(d[i], 255 &- (q &>> 24))
        i &+= 1
    }
}
