import XCTest
import SegueTestSupport
@_spi(Testing) @testable import Raster
import Geometry

/// The SIMD pixel kernels (YUV420's luma and chroma rows, the fractional-translate draw and the
/// row kernels of the image draws) against plain scalar copies of the code they replaced, kept here as the
/// reference: every output byte must be equal, on random input, at every width of the SIMD
/// tails, for opaque, translucent and arbitrary pixels.
final class KernelReferenceTests: XCTestCase {

    // MARK: - Scalar references (the algorithms as they were before the SIMD rewrite)

    enum Ref {
        static let yR: Int32 = 11966, yG: Int32 = 40254, yB: Int32 = 4064
        static let uR: Int32 = -6596, uG: Int32 = -22189, uB: Int32 = 28784
        static let vR: Int32 = 28784, vG: Int32 = -26145, vB: Int32 = -2639

        static func luma(_ p: UInt32) -> UInt8 {
            let cr = UInt32(bitPattern: yR), cg = UInt32(bitPattern: yG), cb = UInt32(bitPattern: yB)
            return UInt8(truncatingIfNeeded: (cr &* (p & 0xFF) &+ cg &* ((p >> 8) & 0xFF) &+ cb &* ((p >> 16) & 0xFF) &+ (16 << 16 | 1 << 15)) &>> 16)
        }

        static func chroma(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> (u: UInt8, v: UInt8) {
            let rb = (a & 0xFF00FF) &+ (b & 0xFF00FF) &+ (c & 0xFF00FF) &+ (d & 0xFF00FF)
            let g4 = ((a >> 8) & 0xFF) &+ ((b >> 8) & 0xFF) &+ ((c >> 8) & 0xFF) &+ ((d >> 8) & 0xFF)
            let r = Int32(bitPattern: rb & 0xFFFF), bl = Int32(bitPattern: rb >> 16), g = Int32(bitPattern: g4)
            let off: Int32 = 128 << 18 | 1 << 17
            return (UInt8(truncatingIfNeeded: (uR &* r &+ uG &* g &+ uB &* bl &+ off) &>> 18),
                    UInt8(truncatingIfNeeded: (vR &* r &+ vG &* g &+ vB &* bl &+ off) &>> 18))
        }

        /// YUV420.convert pixel by pixel: padded planes, the last column and row repeated.
        static func convert(_ b: Bitmap, y: UnsafeMutablePointer<UInt8>, yStride: Int, u: UnsafeMutablePointer<UInt8>,
                            v: UnsafeMutablePointer<UInt8>, cStride: Int, rows: Range<Int>) {
            let w = b.width, h = b.height
            for cy in rows where cy < (h + 1) / 2 {
                for dy in 0..<2 {
                    let sy = min(2 * cy + dy, h - 1)
                    for x in 0..<(w + 1) / 2 * 2 { y[(2 * cy + dy) * yStride + x] = luma(b[min(x, w - 1), sy]) }
                }
                let y0 = 2 * cy, y1 = min(y0 + 1, h - 1)
                for cx in 0..<(w + 1) / 2 {
                    let x0 = 2 * cx, x1 = min(x0 + 1, w - 1)
                    let (cu, cv) = chroma(b[x0, y0], b[x1, y0], b[x0, y1], b[x1, y1])
                    u[cy * cStride + cx] = cu; v[cy * cStride + cx] = cv
                }
            }
        }

        static func put(_ d: UnsafeMutablePointer<UInt32>, _ s0: UInt32, _ cov: UInt32, _ alpha: UInt32) {
            if s0 == 0 || cov == 0 { return }
            let a = cov == 255 ? alpha : (alpha == 255 ? cov : div255(cov &* alpha))
            let s = a == 255 ? s0 : mulPixel(s0, a)
            d.pointee = over(s, d.pointee)
        }

        static func interval(_ lo: Int, _ hi: Int, _ ok: (Int) -> Bool) -> (Int, Int) {
            var a = lo
            while a < hi && !ok(a) { a += 1 }
            var b = a
            while b < hi && ok(b) { b += 1 }
            return a < b ? (a, b) : (lo, lo)
        }

        /// ImageDraw.fractional with every row loop scalar.
        static func fractional(_ S: ImageSampler, _ dst: Bitmap, _ box: IRect, _ alpha: UInt32) {
            let ox = S.U0 >> 16, oy = S.V0 >> 16
            let wx = UInt32((S.U0 >> 8) & 0xFF), wy = UInt32((S.V0 >> 8) & 0xFF)
            let (ix0, ix1) = interval(box.x0, box.x1) { x in
                x + ox >= S.sx0 && x + ox + 1 < S.sx1 && Double(x) >= S.L && Double(x + 1) <= S.R
            }
            let (iy0, iy1) = interval(box.y0, box.y1) { y in
                y + oy >= S.sy0 && y + oy + 1 < S.sy1 && Double(y) >= S.T && Double(y + 1) <= S.B
            }
            var tmp = [UInt32](repeating: 0, count: max(1, ix1 - ix0 + 1))
            let store = S.opaque && alpha == 255
            for y in box.y0..<box.y1 {
                let d = dst.row(y)
                let V = S.V0 + y * 65536
                func edge(_ x: Int) { let U = S.U0 + x * 65536; put(d + x, S.sample(U, V), S.coverage(x, y, U, V), alpha) }
                if y < iy0 || y >= iy1 || ix1 <= ix0 { for x in box.x0..<box.x1 { edge(x) }; continue }
                for x in box.x0..<ix0 { edge(x) }
                let r0 = S.base + ((y + oy) * S.stride + ox), r1 = r0 + S.stride
                for i in 0..<(ix1 - ix0 + 1) { tmp[i] = wy == 0 ? r0[ix0 + i] : lerp256(r0[ix0 + i], r1[ix0 + i], wy) }
                for x in ix0..<ix1 {
                    let s = lerp256(tmp[x - ix0], tmp[x - ix0 + 1], wx)
                    if store { d[x] = s } else {
                        let q = alpha == 255 ? s : mulPixel(s, alpha)
                        d[x] = q &+ mulPixel(d[x], 255 &- (q &>> 24))
                    }
                }
                for x in ix1..<box.x1 { edge(x) }
            }
        }
    }

    // MARK: - Inputs

    /// Random pixels of one kind: opaque, translucent premultiplied (each colour ≤ alpha), a mix
    /// with fully transparent ones, or arbitrary words (colour above alpha, which the kernels must
    /// treat exactly as the scalar code does too).
    enum Kind: CaseIterable { case opaque, translucent, mixed, arbitrary }

    static func pixel(_ kind: Kind, _ r: inout LCG) -> UInt32 {
        func premultiplied(_ a: UInt32) -> UInt32 {
            let c = { (v: UInt32) -> UInt32 in (v % 256) * a / 255 }
            return c(r.next()) | c(r.next()) << 8 | c(r.next()) << 16 | a << 24
        }
        switch kind {
        case .opaque: return premultiplied(255)
        case .translucent: return premultiplied(r.next() % 256)
        case .mixed:
            switch r.next() % 4 {
            case 0: return 0
            case 1: return premultiplied(255)
            default: return premultiplied(r.next() % 256)
            }
        case .arbitrary: return r.next() ^ r.next() << 16
        }
    }

    static func fill(_ p: UnsafeMutablePointer<UInt32>, _ n: Int, _ kind: Kind, _ r: inout LCG) {
        for i in 0..<n { p[i] = pixel(kind, &r) }
    }

    static func bitmap(_ w: Int, _ h: Int, _ kind: Kind, _ r: inout LCG) -> Bitmap {
        let b = Bitmap(uncheckedWidth: w, height: h)
        fill(b.pixels, w * h, kind, &r)
        b.markOpaque(kind == .opaque)
        return b
    }

    /// Widths 0…40 (every SIMD tail) and a few random larger ones, odd and even.
    static func widths(_ r: inout LCG) -> [Int] {
        Array(0...40) + (0..<12).map { _ in 41 + Int(r.next() % 1200) } + [1170, 1171]
    }

    // MARK: - YUV420

    func testLumaRowMatchesScalarAtEveryWidth() {
        var r = LCG(1)
        let guardBytes = 32
        for n in Self.widths(&r) {
            for kind in Kind.allCases {
                let off = Int(r.next() % 4)   // pixel misalignment of the source
                let src = UnsafeMutablePointer<UInt32>.allocate(capacity: n + 4); defer { src.deallocate() }
                Self.fill(src, n + 4, kind, &r)
                let d = UnsafeMutablePointer<UInt8>.allocate(capacity: n + guardBytes); defer { d.deallocate() }
                d.initialize(repeating: 0xA5, count: n + guardBytes)
                YUV420.lumaRow(src + off, d, n)
                for x in 0..<n where d[x] != Ref.luma(src[off + x]) {
                    XCTFail("luma n=\(n) \(kind) x=\(x): \(d[x]) ≠ \(Ref.luma(src[off + x])) for \(String(src[off + x], radix: 16))"); return
                }
                for x in n..<(n + guardBytes) where d[x] != 0xA5 { XCTFail("luma n=\(n) wrote past the row at \(x)"); return }
            }
        }
    }

    func testChromaRowMatchesScalarAtEveryWidth() {
        var r = LCG(2)
        let guardBytes = 16
        for pairs in Self.widths(&r) {
            for kind in Kind.allCases {
                let n = 2 * pairs + 4, off = Int(r.next() % 4)
                let s0 = UnsafeMutablePointer<UInt32>.allocate(capacity: n), s1 = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
                defer { s0.deallocate(); s1.deallocate() }
                Self.fill(s0, n, kind, &r); Self.fill(s1, n, kind, &r)
                let du = UnsafeMutablePointer<UInt8>.allocate(capacity: pairs + guardBytes), dv = UnsafeMutablePointer<UInt8>.allocate(capacity: pairs + guardBytes)
                defer { du.deallocate(); dv.deallocate() }
                du.initialize(repeating: 0xA5, count: pairs + guardBytes); dv.initialize(repeating: 0x5A, count: pairs + guardBytes)
                YUV420.chromaRow(s0 + off, s1 + off, du, dv, pairs)
                for i in 0..<pairs {
                    let x = off + 2 * i
                    let (u, v) = Ref.chroma(s0[x], s0[x + 1], s1[x], s1[x + 1])
                    if du[i] != u || dv[i] != v { XCTFail("chroma pairs=\(pairs) \(kind) i=\(i): (\(du[i]), \(dv[i])) ≠ (\(u), \(v))"); return }
                }
                for i in pairs..<(pairs + guardBytes) where du[i] != 0xA5 || dv[i] != 0x5A {
                    XCTFail("chroma pairs=\(pairs) wrote past the row at \(i)"); return
                }
            }
        }
    }

    /// Whole conversions (both kernels, the odd-size padding, strides wider than the planes, row
    /// ranges) against the pixel-by-pixel definition.
    func testConvertMatchesScalarConverter() {
        var r = LCG(3)
        var sizes: [(Int, Int)] = (1...40).map { ($0, 1 + Int(r.next() % 6)) }
        sizes += (0..<10).map { _ in (1 + Int(r.next() % 700), 1 + Int(r.next() % 40)) }
        sizes += [(1, 1), (2, 2), (3, 3), (1170, 8), (391, 7)]
        for (w, h) in sizes {
            let kind = Kind.allCases[Int(r.next() % 4)]
            let b = Self.bitmap(w, h, kind, &r)
            let cw = (w + 1) / 2, ch = (h + 1) / 2
            let yStride = 2 * cw + Int(r.next() % 9), cStride = cw + Int(r.next() % 9)
            // Planes with their padding, two sets: the kernels' and the reference's.
            let ys = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * yStride * 2 * ch)
            let cs = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * cStride * ch)
            defer { ys.deallocate(); cs.deallocate() }
            ys.initialize(repeating: 0x77, count: 2 * yStride * 2 * ch); cs.initialize(repeating: 0x77, count: 4 * cStride * ch)
            let yn = yStride * 2 * ch, cn = cStride * ch
            // A random part of the frame, or all of it.
            let a = Int(r.next()) % (ch + 1), z = a + Int(r.next()) % (ch - a + 1)
            let rows = r.next() % 3 == 0 ? 0..<ch : a..<z
            YUV420.convert(b, y: ys, yStride: yStride, u: cs, uStride: cStride, v: cs + cn, vStride: cStride, rows: rows)
            Ref.convert(b, y: ys + yn, yStride: yStride, u: cs + 2 * cn, v: cs + 3 * cn, cStride: cStride, rows: rows)
            for (name, p, q, n) in [("Y", ys, ys + yn, yn), ("U", cs, cs + 2 * cn, cn), ("V", cs + cn, cs + 3 * cn, cn)] {
                guard let i = (0..<n).first(where: { p[$0] != q[$0] }) else { continue }
                XCTFail("\(w)×\(h) \(kind) rows \(rows): \(name) differs at byte \(i)"); return
            }
        }
    }

    // MARK: - Row kernels of the image draw

    func testLerpAndOverRowsMatchScalarAtEveryWidth() {
        var r = LCG(4)
        for n in Self.widths(&r) {
            for kind in Kind.allCases {
                let len = n + 8
                let a = UnsafeMutablePointer<UInt32>.allocate(capacity: len), b = UnsafeMutablePointer<UInt32>.allocate(capacity: len)
                let d0 = UnsafeMutablePointer<UInt32>.allocate(capacity: len), d = UnsafeMutablePointer<UInt32>.allocate(capacity: len)
                let w2 = UnsafeMutablePointer<UInt16>.allocate(capacity: 2 * len)
                defer { a.deallocate(); b.deallocate(); d0.deallocate(); d.deallocate(); w2.deallocate() }
                Self.fill(a, len, kind, &r); Self.fill(b, len, kind, &r); Self.fill(d0, len, kind == .arbitrary ? .arbitrary : .mixed, &r)
                for k in 0..<len { let wk = UInt16(r.next() % 257); w2[2 * k] = wk; w2[2 * k + 1] = wk }
                let w = r.next() % 5 == 0 ? [0, 256, 255, 1, 128][Int(r.next() % 5)] : r.next() % 257
                let alpha = r.next() % 3 == 0 ? 255 : 1 + r.next() % 255
                var failed = false
                func check(_ what: String, _ kernel: () -> Void, _ scalar: (Int) -> UInt32) {
                    if failed { return }
                    d.update(from: d0, count: len)
                    kernel()
                    for i in 0..<len {
                        let want = i < n ? scalar(i) : d0[i]
                        if d[i] != want {
                            XCTFail("\(what) n=\(n) \(kind) w=\(w) alpha=\(alpha) i=\(i): \(String(d[i], radix: 16)) ≠ \(String(want, radix: 16))")
                            failed = true
                            return
                        }
                    }
                }
                check("lerpRow", { lerpRow(d, a, b, n, w) }) { lerp256(a[$0], b[$0], w) }
                check("lerpRowW", { lerpRowW(d, a, b, n, w2) }) { lerp256(a[$0], b[$0], UInt32(w2[2 * $0])) }
                let w255 = min(w, 255)   // the draw's weights are 8-bit
                check("lerpOverRow 255", { lerpOverRow(d, a, a + 1, n, w255, alpha: 255) }) { i in
                    let s = lerp256(a[i], a[i + 1], w255); return s &+ mulPixel(d0[i], 255 &- (s &>> 24))
                }
                check("lerpOverRow", { lerpOverRow(d, a, a + 1, n, w255, alpha: alpha) }) { i in
                    let q = mulPixel(lerp256(a[i], a[i + 1], w255), alpha); return q &+ mulPixel(d0[i], 255 &- (q &>> 24))
                }
                check("overRow", { Blend.overRow(d, a, n, alpha: alpha) }) { over(alpha == 255 ? a[$0] : mulPixel(a[$0], alpha), d0[$0]) }
                let c = Self.pixel(kind == .arbitrary ? .translucent : kind, &r)
                check("overSolidRow", { overSolidRow(d, n, c, 255 &- (c >> 24)) }) { c &+ mulPixel(d0[$0], 255 &- (c >> 24)) }
                if failed { return }
            }
        }
    }

    // MARK: - Fractional-translate draw

    /// ImageDraw.draw on the fractional path against the scalar `Ref.fractional` with the same
    /// sampler: random sizes (1…40 and larger), sub-rectangles, fractional (or, forced, integer)
    /// offsets on either axis, images overhanging every edge of the target, clips at and inside
    /// the target's edges, opaque and translucent sources, every alpha.
    func testFractionalDrawMatchesScalarReference() {
        var r = LCG(5)
        var checked = 0, interiorRows = 0
        for iteration in 0..<1500 {
            let big = iteration % 10 == 0
            let sw = 1 + Int(r.next() % (big ? 300 : 40)), sh = 1 + Int(r.next() % (big ? 60 : 40))
            let kind: Kind = [.opaque, .opaque, .translucent, .mixed][Int(r.next() % 4)]
            let src = Self.bitmap(sw, sh, kind, &r)
            let dw = 1 + Int(r.next() % (big ? 340 : 60)), dh = 1 + Int(r.next() % (big ? 80 : 60))
            let bg = Self.bitmap(dw, dh, r.next() % 2 == 0 ? .opaque : .mixed, &r)
            // Sub-rectangle: the whole source (touching its edges) or a random part.
            var sub = IRect(x0: 0, y0: 0, x1: sw, y1: sh)
            if r.next() % 2 == 0 {
                let x0 = Int(r.next()) % sw, y0 = Int(r.next()) % sh
                sub = IRect(x0: x0, y0: y0, x1: x0 + 1 + Int(r.next()) % (sw - x0), y1: y0 + 1 + Int(r.next()) % (sh - y0))
            }
            // Offsets from well outside to well inside the target; each axis's fraction random,
            // a multiple of 1/256, or zero.
            func offset(_ span: Int, _ size: Int) -> Double {
                let whole = Double(Int(r.next() % UInt32(span + size + 10)) - size - 5)
                switch r.next() % 4 {
                case 0: return whole
                case 1: return whole + Double(r.next() % 256) / 256
                default: return whole + Double(r.next() % 1_000_000) / 1_000_000
                }
            }
            let m = Affine.translation(offset(dw, sw), offset(dh, sh))
            // Clip: the whole target, or a box with each side at the target's edge or inside it.
            var clip = IRect(x0: 0, y0: 0, x1: dw, y1: dh)
            if r.next() % 2 == 0 {
                let x0 = r.next() % 2 == 0 ? 0 : Int(r.next()) % dw, y0 = r.next() % 2 == 0 ? 0 : Int(r.next()) % dh
                let x1 = r.next() % 2 == 0 ? dw : x0 + 1 + Int(r.next()) % (dw - x0)
                let y1 = r.next() % 2 == 0 ? dh : y0 + 1 + Int(r.next()) % (dh - y0)
                clip = IRect(x0: x0, y0: y0, x1: x1, y1: y1)
            }
            let alpha: UInt32 = r.next() % 3 == 0 ? 255 : r.next() % 256
            let got = bg.copy(), want = bg.copy()
            let path = ImageDraw.draw(src, sub: sub, m, into: got, clip: clip, alpha: alpha, forcePath: .fractionalTranslate)
            if alpha > 0, let plan = ImageDraw.setUp(src, sub: sub, m, into: want, clip: clip) {
                let (S, box, _) = plan
                XCTAssertEqual(path, .fractionalTranslate)
                Ref.fractional(S, want, box, alpha)
                if box.height > 2 && box.width > 2 { interiorRows += 1 }
            } else {
                XCTAssertNil(path)
            }
            if !got.isIdentical(to: want) {
                ImageDiff.assertMatches(got, want, "iteration \(iteration): \(sw)×\(sh) \(kind) sub \(sub) at (\(m.tx), \(m.ty)) into \(dw)×\(dh) clip \(clip) alpha \(alpha)")
                return
            }
            checked += 1
        }
        XCTAssertEqual(checked, 1500)
        XCTAssertGreaterThan(interiorRows, 300)   // the SIMD spans ran, not only edge pixels
    }
}
