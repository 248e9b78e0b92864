// Row kernels on SIMD8<UInt16>: four RGBA8 pixels are eight 16-bit lanes, each holding two
// channels; masking and shifting split them into R,B and G,A lanes, so the per-channel arithmetic
// (products ≤ 65 280 + 128) runs in 16-bit lanes (SSE2 pmullw) with exactly the scalar results
// of `lerp256` and `mulPixel` — the scalar functions remain the definition and handle tails.

typealias U16x8 = SIMD8<UInt16>

/// Four pixels as eight 16-bit halves (R | G << 8, B | A << 8).
@inline(__always) func load4(_ p: UnsafePointer<UInt32>) -> U16x8 {
    UnsafeRawPointer(p).loadUnaligned(as: U16x8.self)
}
@inline(__always) private func store4(_ p: UnsafeMutablePointer<UInt32>, _ v: U16x8) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: U16x8.self)
}

/// lerp256 of four pixel pairs, weights w and 256 − w splatted.
@inline(__always) private func lerp4(_ va: U16x8, _ vb: U16x8, _ wv: U16x8, _ iw: U16x8) -> U16x8 {
    let l = ((va & 0x00FF) &* iw &+ (vb & 0x00FF) &* wv &+ 0x80) &>> 8
    let h = ((va &>> 8) &* iw &+ (vb &>> 8) &* wv &+ 0x80) & 0xFF00
    return l | h
}

/// mulPixel of four pixels, each 16-bit lane holding the factor (0…255) of its pixel.
@inline(__always) private func mul4(_ v: U16x8, _ a: U16x8) -> U16x8 {
    let tl = (v & 0x00FF) &* a &+ 0x80
    let th = (v &>> 8) &* a &+ 0x80
    return ((tl &+ (tl &>> 8)) &>> 8) | ((th &+ (th &>> 8)) & 0xFF00)
}

/// over(q, d) of four pixels: q + mulPixel(d, 255 − alpha of q), added in 32-bit words as the
/// scalar `over` adds (so a carry between channels, possible only for invalid pixels, is the same).
@inline(__always) private func over4(_ q: U16x8, _ d: U16x8) -> U16x8 {
    let a = words(q) &>> 24
    let ia = U16x8(repeating: 255) &- unsafeBitCast(a | a &<< 16, to: U16x8.self)
    return unsafeBitCast(words(q) &+ words(mul4(d, ia)), to: U16x8.self)
}

/// The same 128 bits as four 32-bit words (one pixel each).
@inline(__always) func words(_ v: U16x8) -> SIMD4<UInt32> { unsafeBitCast(v, to: SIMD4<UInt32>.self) }

/// d[i] = lerp256(a[i], b[i], w) for i in 0..<n (w in 0…256).
@inline(__always) func lerpRow(_ d: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ n: Int, _ w: UInt32) {
    let wv = U16x8(repeating: UInt16(w)), iw = U16x8(repeating: UInt16(256 - w))
    var i = 0
    while i &+ 4 <= n {
        store4(d + i, lerp4(load4(a + i), load4(b + i), wv, iw))
        i &+= 4
    }
    while i < n { d[i] = lerp256(a[i], b[i], w); i &+= 1 }
}

/// d[i] = lerp256(a[i], b[i], w[i]) with weights given twice per pixel (w2[2i] = w2[2i+1] = w[i]).
@inline(__always) func lerpRowW(_ d: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>,
                                _ n: Int, _ w2: UnsafePointer<UInt16>) {
    var i = 0
    while i &+ 4 <= n {
        let wv = UnsafeRawPointer(w2 + 2 &* i).loadUnaligned(as: U16x8.self)
        store4(d + i, lerp4(load4(a + i), load4(b + i), wv, U16x8(repeating: 256) &- wv))
        i &+= 4
    }
    while i < n { d[i] = lerp256(a[i], b[i], UInt32(w2[2 &* i])); i &+= 1 }
}

/// d[i] = over(mulPixel(lerp256(a[i], b[i], w), alpha), d[i]) for i in 0..<n (w in 0…256, alpha
/// in 1…255; at 255 the multiply is skipped, mulPixel(s, 255) = s). Pixels with s = 0 are not
/// skipped: over(0, d) = d exactly.
@inline(__always) func lerpOverRow(_ d: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>,
                                   _ n: Int, _ w: UInt32, alpha: UInt32) {
    let wv = U16x8(repeating: UInt16(w)), iw = U16x8(repeating: UInt16(256 - w))
    var i = 0
    if alpha == 255 {
        while i &+ 4 <= n {
            store4(d + i, over4(lerp4(load4(a + i), load4(b + i), wv, iw), load4(UnsafePointer(d + i))))
            i &+= 4
        }
        while i < n { d[i] = over(lerp256(a[i], b[i], w), d[i]); i &+= 1 }
    } else {
        let av = U16x8(repeating: UInt16(truncatingIfNeeded: alpha))
        while i &+ 4 <= n {
            store4(d + i, over4(mul4(lerp4(load4(a + i), load4(b + i), wv, iw), av), load4(UnsafePointer(d + i))))
            i &+= 4
        }
        while i < n { d[i] = over(mulPixel(lerp256(a[i], b[i], w), alpha), d[i]); i &+= 1 }
    }
}

/// d[i] = c + mulPixel(d[i], ia) — OVER of one premultiplied colour c with inverse alpha ia
/// (added per 16-bit half: the same as the scalar sum for a valid colour, which never carries).
@inline(__always) func overSolidRow(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ c: UInt32, _ ia: UInt32) {
    let iav = U16x8(repeating: UInt16(ia))
    let c2 = UInt64(c) | UInt64(c) << 32
    let cvec = unsafeBitCast(SIMD2<UInt64>(c2, c2), to: U16x8.self)
    var i = 0
    while i &+ 4 <= n {
        store4(d + i, mul4(load4(UnsafePointer(d + i)), iav) &+ cvec)
        i &+= 4
    }
    while i < n { d[i] = c &+ mulPixel(d[i], ia); i &+= 1 }
}

/// d[i] = q + mulPixel(d[i], 255 − alpha(q)) with q = mulPixel(s[i], alpha): OVER of a row of
/// premultiplied pixels, equal to the scalar `over` (`over4` adds in 32-bit words as it does).
@inline(__always) func overRow4(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int, alpha: UInt32) {
    let av = U16x8(repeating: UInt16(alpha))
    var i = 0
    while i &+ 4 <= n {
        var q = load4(s + i)
        if alpha != 255 { q = mul4(q, av) }
        store4(d + i, over4(q, load4(UnsafePointer(d + i))))
        i &+= 4
    }
    while i < n {
        let q = alpha == 255 ? s[i] : mulPixel(s[i], alpha)
        d[i] = q &+ mulPixel(d[i], 255 &- (q &>> 24))
        i &+= 1
    }
}
