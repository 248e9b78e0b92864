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

    /// One row of luma: a plain map the compiler vectorizes (two separate passes beat one fused
    /// 2×2-block loop by 2.6×: the fused loop spills registers).
    @inline(never)
    static func lumaRow(_ s: UnsafePointer<UInt32>, _ d: UnsafeMutablePointer<UInt8>, _ n: Int) {
        let cr = UInt32(bitPattern: yR), cg = UInt32(bitPattern: yG), cb = UInt32(bitPattern: yB)
        var x = 0
        while x < n {
            let p = s[x]
            d[x] = UInt8(truncatingIfNeeded: (cr &* (p & 0xFF) &+ cg &* ((p >> 8) & 0xFF) &+ cb &* ((p >> 16) & 0xFF) &+ (16 << 16 | 1 << 15)) &>> 16)
            x &+= 1
        }
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

    @inline(never)
    static func chromaRow(_ s0: UnsafePointer<UInt32>, _ s1: UnsafePointer<UInt32>,
                          _ du: UnsafeMutablePointer<UInt8>, _ dv: UnsafeMutablePointer<UInt8>, _ pairs: Int) {
        var i = 0
        while i < pairs {
            let x = 2 &* i
            chroma(s0[x], s0[x &+ 1], s1[x], s1[x &+ 1], du + i, dv + i)
            i &+= 1
        }
    }
}
