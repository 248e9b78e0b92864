// Premultiplied RGBA8 → YUV 4:2:0, BT.709 matrix, full-range RGB in, limited-range ("tv") YUV out:
// the conversion every opaque H.264/HEVC/VP9 frame needs, written out so a render worker does it
// in one pass over its bitmap (~3× cheaper than swscale's generic path; docs/PERFORMANCE.md).
//
//   Y  = 16  + 219/255 · ( Kr·R + Kg·G + Kb·B)                      Kr = 0.2126, Kb = 0.0722
//   Cb = 128 + 224/255 · (−Kr·R − Kg·G + (1−Kb)·B) / (2(1−Kb))      Kg = 1 − Kr − Kb
//   Cr = 128 + 224/255 · ((1−Kr)·R − Kg·G − Kb·B) / (2(1−Kr))
//
// Integer math only (coefficients × 2¹⁶, rounded once), so the bytes are the same on every CPU.
// Chroma is the 2×2 box average of the four pixels it covers (computed on the sums, one
// rounding), the filter swscale applies with SWS_AREA; Tests/ExportTests checks this converter
// against swscale (SWS_AREA | SWS_ACCURATE_RND | SWS_BITEXACT) within ±1 on every sample.
//
// Alpha is ignored: premultiplied colour with alpha dropped is the pixel composited onto black
// (Export renders opaque frames). Odd sizes: the planes are the even (padded) size and the last
// column and row are repeated, as FrameConverter's swscale path pads.

public enum YUV420 {
    // 219/255 · (Kr, Kg, Kb) · 2¹⁶
    @usableFromInline static let yR: Int32 = 11966, yG: Int32 = 40254, yB: Int32 = 4064
    // 224/255 · (−Kr, −Kg, 1−Kb) / (2(1−Kb)) · 2¹⁶
    @usableFromInline static let uR: Int32 = -6596, uG: Int32 = -22189, uB: Int32 = 28784
    // 224/255 · (1−Kr, −Kg, −Kb) / (2(1−Kr)) · 2¹⁶
    @usableFromInline static let vR: Int32 = 28784, vG: Int32 = -26145, vB: Int32 = -2639

    /// Converts chroma rows `rows` (luma rows 2·rows.lowerBound ..< 2·rows.upperBound) of
    /// `bitmap` into the planes; the planes hold the padded size (width and height rounded up to
    /// even). Pass disjoint row ranges to convert parts of a frame on different threads.
    public static func convert(_ bitmap: Bitmap,
                               y yPlane: UnsafeMutablePointer<UInt8>, yStride: Int,
                               u uPlane: UnsafeMutablePointer<UInt8>, uStride: Int,
                               v vPlane: UnsafeMutablePointer<UInt8>, vStride: Int,
                               rows: Range<Int>? = nil) {
        let w = bitmap.width, h = bitmap.height
        let ch = (h + 1) / 2
        let range = rows ?? 0..<ch
        let pairs = w / 2          // column pairs with two real pixels
        for cy in range where cy < ch {
            let y0 = 2 * cy, y1 = min(y0 + 1, h - 1)
            let s0 = UnsafePointer(bitmap.row(y0)), s1 = UnsafePointer(bitmap.row(y1))
            let d0 = yPlane + y0 * yStride, d1 = yPlane + (y0 + 1) * yStride
            lumaRow(s0, d0, w)
            lumaRow(s1, d1, w)
            if w & 1 == 1 { d0[w] = d0[w - 1]; d1[w] = d1[w - 1] }
            let du = uPlane + cy * uStride, dv = vPlane + cy * vStride
            chromaRow(s0, s1, du, dv, pairs)
            if w & 1 == 1 {
                // The padding column repeats the last pixel.
                let a = s0[w - 1], c = s1[w - 1]
                chroma(a, a, c, c, du + pairs, dv + pairs)
            }
        }
    }

    /// One row of luma, 16 pixels a step in SIMD (the scalar `luma` does the last n mod 16).
    ///
    /// The coefficients are all even, so Y = (yR/2·R + yG/2·G + yB/2·B + K/2) >> 15 exactly, and
    /// every half fits an Int16: R and B, the low bytes of each pixel's two 16-bit halves, go
    /// through one 16×16→32 multiply-add of adjacent lanes (SSE2 pmaddwd), G (masked into the
    /// low half of its 32-bit lane) through another. The sum stays below 2²⁴; Y ≤ 235.
    @inline(never)
    static func lumaRow(_ s: UnsafePointer<UInt32>, _ d: UnsafeMutablePointer<UInt8>, _ n: Int) {
        let cRB = halves(yR / 2, yB / 2), k = I32x4(repeating: (16 << 16 | 1 << 15) / 2)
        @inline(__always) func luma4(_ p: UnsafePointer<UInt32>) -> I32x4 {
            let v = load4(p)
            let g = I32x4(truncatingIfNeeded: (words(v) &>> 8) & 0xFF)
            return (madd(v & 0x00FF, cRB) &+ g &* (yG / 2) &+ k) &>> 15
        }
        var x = 0
        while x &+ 16 <= n {
            let y = SIMD16<Int32>(lowHalf: SIMD8(lowHalf: luma4(s + x), highHalf: luma4(s + (x &+ 4))),
                                  highHalf: SIMD8(lowHalf: luma4(s + (x &+ 8)), highHalf: luma4(s + (x &+ 12))))
            UnsafeMutableRawPointer(d + x).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: y), as: SIMD16<UInt8>.self)
            x &+= 16
        }
        while x < n { d[x] = luma(s[x]); x &+= 1 }
    }

    /// The luma of one pixel (the definition; the tail of `lumaRow`).
    @inline(__always)
    static func luma(_ p: UInt32) -> UInt8 {
        let cr = UInt32(bitPattern: yR), cg = UInt32(bitPattern: yG), cb = UInt32(bitPattern: yB)
        return UInt8(truncatingIfNeeded: (cr &* (p & 0xFF) &+ cg &* ((p >> 8) & 0xFF) &+ cb &* ((p >> 16) & 0xFF) &+ (16 << 16 | 1 << 15)) &>> 16)
    }

    /// The chroma of one 2×2 block from the sums of its four pixels (R and B summed in the two
    /// 16-bit halves of one word: 4 × 255 fits).
    @inline(__always)
    static func chroma(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32,
                       _ u: UnsafeMutablePointer<UInt8>, _ v: UnsafeMutablePointer<UInt8>) {
        let rb = (a & 0xFF00FF) &+ (b & 0xFF00FF) &+ (c & 0xFF00FF) &+ (d & 0xFF00FF)
        let g4 = ((a >> 8) & 0xFF) &+ ((b >> 8) & 0xFF) &+ ((c >> 8) & 0xFF) &+ ((d >> 8) & 0xFF)
        let r = Int32(bitPattern: rb & 0xFFFF), bl = Int32(bitPattern: rb >> 16), g = Int32(bitPattern: g4)
        let off: Int32 = 128 << 18 | 1 << 17
        u[0] = UInt8(truncatingIfNeeded: (uR &* r &+ uG &* g &+ uB &* bl &+ off) &>> 18)
        v[0] = UInt8(truncatingIfNeeded: (vR &* r &+ vG &* g &+ vB &* bl &+ off) &>> 18)
    }

    /// One row of chroma, 8 blocks a step in SIMD (the scalar `chroma` does the last pairs mod 8).
    /// The same sums as `chroma`: the two rows added per 16-bit channel half (≤ 510), adjacent
    /// pixels added per 32-bit word (≤ 1020, no carry between halves), then (R, B) · (cR, cB)
    /// in one multiply-add and G · cG (every coefficient and sum fits an Int16).
    @inline(never)
    static func chromaRow(_ s0: UnsafePointer<UInt32>, _ s1: UnsafePointer<UInt32>,
                          _ du: UnsafeMutablePointer<UInt8>, _ dv: UnsafeMutablePointer<UInt8>, _ pairs: Int) {
        let cu = halves(uR, uB), cv = halves(vR, vB), off = I32x4(repeating: 128 << 18 | 1 << 17)
        /// U and V of the four blocks of pixels x ..< x + 8.
        @inline(__always) func chroma4(_ x: Int) -> (I32x4, I32x4) {
            let a0 = load4(s0 + x), a1 = load4(s1 + x), b0 = load4(s0 + (x &+ 4)), b1 = load4(s1 + (x &+ 4))
            let rb = SIMD8<UInt32>(lowHalf: words((a0 & 0x00FF) &+ (a1 & 0x00FF)), highHalf: words((b0 & 0x00FF) &+ (b1 & 0x00FF)))
            let ga = SIMD8<UInt32>(lowHalf: words((a0 &>> 8) &+ (a1 &>> 8)), highHalf: words((b0 &>> 8) &+ (b1 &>> 8)))
            let rb4 = unsafeBitCast(rb.evenHalf &+ rb.oddHalf, to: SIMD8<UInt16>.self)
            let g4 = I32x4(truncatingIfNeeded: (ga.evenHalf &+ ga.oddHalf) & 0x3FF)
            return ((madd(rb4, cu) &+ g4 &* uG &+ off) &>> 18, (madd(rb4, cv) &+ g4 &* vG &+ off) &>> 18)
        }
        var i = 0
        while i &+ 8 <= pairs {
            let (u0, v0) = chroma4(2 &* i), (u1, v1) = chroma4(2 &* i &+ 8)
            UnsafeMutableRawPointer(du + i).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: SIMD8(lowHalf: u0, highHalf: u1)), as: SIMD8<UInt8>.self)
            UnsafeMutableRawPointer(dv + i).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: SIMD8(lowHalf: v0, highHalf: v1)), as: SIMD8<UInt8>.self)
            i &+= 8
        }
        while i < pairs {
            let x = 2 &* i
            chroma(s0[x], s0[x &+ 1], s1[x], s1[x &+ 1], du + i, dv + i)
            i &+= 1
        }
    }
}

private typealias I32x4 = SIMD4<Int32>


/// (lo, hi) as the two Int16 halves of every word.
@inline(__always) private func halves(_ lo: Int32, _ hi: Int32) -> SIMD8<Int16> {
    unsafeBitCast(SIMD4<UInt32>(repeating: UInt32(bitPattern: lo) & 0xFFFF | UInt32(bitPattern: hi) << 16), to: SIMD8<Int16>.self)
}

/// a[2i]·b[2i] + a[2i+1]·b[2i+1], the halves as Int16 (SSE2 pmaddwd: LLVM matches this widening
/// multiply of the even and odd lanes).
@inline(__always) private func madd(_ a: SIMD8<UInt16>, _ b: SIMD8<Int16>) -> I32x4 {
    let p = SIMD8<Int32>(truncatingIfNeeded: SIMD8<Int16>(truncatingIfNeeded: a)) &* SIMD8<Int32>(truncatingIfNeeded: b)
    return p.evenHalf &+ p.oddHalf
}
