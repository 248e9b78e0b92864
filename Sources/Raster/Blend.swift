// Span blenders: a premultiplied source (a solid colour or a row of pixels) OVER the destination,
// through coverage. Opaque full-coverage runs become stores (tiny-skia's SourceOver → Source).

extension CoverageRow {
    /// Coverage of pixel x (any x in [x0, x1)).
    @inline(__always) func at(_ x: Int) -> UInt32 {
        (x >= ix0 && x < ix1) ? inner : UInt32(cov[x &- x0])
    }
}

enum Blend {
    /// OVER of the solid premultiplied colour `c` through the row's coverage.
    static func solid(_ dst: UnsafeMutablePointer<UInt32>, _ row: CoverageRow, _ c: UInt32) {
        if c == 0 { return }
        var x = row.x0
        while x < row.ix0 { let a = UInt32(row.cov[x &- row.x0]); if a != 0 { dst[x] = over(mulPixel(c, a), dst[x]) }; x &+= 1 }
        if row.ix1 > row.ix0 { solidRun(dst + row.ix0, row.ix1 &- row.ix0, c, row.inner) }
        x = max(row.ix1, row.x0)
        while x < row.x1 { let a = UInt32(row.cov[x &- row.x0]); if a != 0 { dst[x] = over(mulPixel(c, a), dst[x]) }; x &+= 1 }
    }

    /// `n` pixels of OVER with constant colour c × coverage a.
    @inline(__always) static func solidRun(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ c: UInt32, _ a: UInt32) {
        if a == 0 || n <= 0 { return }
        let s = a == 255 ? c : mulPixel(c, a)
        if s >> 24 == 255 { fillPixels(d, s, n); return }
        if s == 0 { return }
        overSolidRow(d, n, s, 255 &- (s &>> 24))
    }

    /// OVER of `src[x - row.x0]` (premultiplied) × coverage × `alpha`. The interior run has one
    /// coverage: four pixels at a time (`overRow4` is the scalar `over` of each pixel, and a
    /// transparent source leaves the pixel as skipping it does). Compositing a rounded-clip layer
    /// (the zoom, the sheets) spent ≈ 44 % of sheet-from's render time here pixel by pixel.
    static func pixels(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ row: CoverageRow, alpha: UInt32) {
        @inline(__always) func edge(_ x: Int) {
            var a = UInt32(row.cov[x &- row.x0])
            if alpha != 255 { a = div255(a &* alpha) }
            if a != 0 {
                let s0 = src[x &- row.x0]
                let s = a == 255 ? s0 : mulPixel(s0, a)
                if s != 0 { dst[x] = over(s, dst[x]) }
            }
        }
        var x = row.x0
        while x < row.ix0 { edge(x); x &+= 1 }
        if row.ix1 > row.ix0 {
            var a = row.inner
            if alpha != 255 { a = div255(a &* alpha) }
            if a != 0 { overRow4(dst + row.ix0, src + (row.ix0 &- row.x0), row.ix1 &- row.ix0, alpha: a) }
        }
        x = max(row.ix1, row.x0)
        while x < row.x1 { edge(x); x &+= 1 }
    }

    /// OVER of n source pixels × alpha, four pixels at a time in 16-bit lanes (`overRow4`). An
    /// opaque source pixel gives mulPixel(d, 0) = 0 and a transparent one mulPixel(d, 255) = d, so
    /// the result is the same as skipping or copying them, without a branch.
    @inline(__always) static func overRow(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int, alpha: UInt32) {
        overRow4(d, s, n, alpha: alpha)
    }
}
