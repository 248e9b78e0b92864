import XCTest
@_spi(Testing) @testable import Raster
import Geometry

/// `CoverageShape.alignedRows` integrates only the pixels a shape's outline crosses; every other
/// pixel's coverage must still be the byte the per-pixel formula gives. The reference here is that
/// formula applied to every pixel of the box, as the coverage code computed it before spans.
final class CoverageSpanTests: XCTestCase {
    /// SplitMix64: the same shapes on every run.
    private struct Rng {
        var s: UInt64
        mutating func next() -> UInt64 {
            s &+= 0x9E37_79B9_7F4A_7C15
            var z = s
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func range(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
        mutating func chance(_ p: Double) -> Bool { unit() < p }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        /// Log-uniform in [a, b].
        mutating func size(_ a: Double, _ b: Double) -> Double { a * pow(b / a, unit()) }
        /// A coordinate, often on a half, quarter, third, sixth or whole pixel (exact ties in toCov).
        mutating func coord(_ a: Double, _ b: Double) -> Double {
            let v = range(a, b)
            switch int(6) {
            case 0: return v.rounded()
            case 1: let d = [2.0, 4, 3, 6, 10][int(5)]; return (v * d).rounded() / d
            default: return v
            }
        }
    }

    /// The pre-span coverage of pixel (x, y): exact area of the outer shape minus the hole's (both
    /// in device pixels).
    private func reference(_ o: RoundedRect, _ i: RoundedRect?, _ x: Int, _ y: Int) -> UInt8 {
        var a = o.pixelArea(Double(x), Double(y))
        if let i, a > 0 { a -= i.pixelArea(Double(x), Double(y)) }
        return toCov(a)
    }

    /// Every pixel of the clipped box: the rows' coverage equals the reference, rows not produced
    /// are clear, and the runs lie inside the rows. Returns a description of the first difference.
    private func firstDifference(_ cs: CoverageShape, clip: IRect) -> String? {
        let box = cs.bounds.intersection(clip)
        if box.isEmpty { return nil }
        let o = cs.deviceAligned(cs.outer), i = cs.inner.map(cs.deviceAligned)
        var produced = Set<Int>(), problem: String?
        cs.forEachRow(clip: clip) { row in
            if problem != nil { return }
            produced.insert(row.y)
            if row.x0 != box.x0 || row.x1 != box.x1 || row.y < box.y0 || row.y >= box.y1 {
                problem = "row \(row.y) spans \(row.x0)..<\(row.x1), box \(box)"; return
            }
            if row.ix1 > row.ix0 && (row.ix0 < row.x0 || row.ix1 > row.x1) {
                problem = "row \(row.y) run \(row.ix0)..<\(row.ix1) outside \(row.x0)..<\(row.x1)"; return
            }
            for x in box.x0..<box.x1 where row.at(x) != UInt32(reference(o, i, x, row.y)) {
                problem = "pixel (\(x), \(row.y)): \(row.at(x)), reference \(reference(o, i, x, row.y)), run \(row.ix0)..<\(row.ix1)"
                return
            }
        }
        if let problem { return problem }
        for y in box.y0..<box.y1 where !produced.contains(y) {
            for x in box.x0..<box.x1 where reference(o, i, x, y) != 0 {
                return "pixel (\(x), \(y)): row not produced, reference \(reference(o, i, x, y))"
            }
        }
        return nil
    }

    private func describe(_ cs: CoverageShape, _ clip: IRect) -> String {
        let o = cs.outer, i = cs.inner
        return "outer \(o.rect) rx \(o.rx) ry \(o.ry), inner \(i.map { "\($0.rect) rx \($0.rx) ry \($0.ry)" } ?? "none"), m \(cs.m), clip \(clip)"
    }

    /// A random axis-aligned shape in device pixels from 0.3 to 300 px a side, mapped by a random
    /// scale-and-translate; half of them border rings.
    private func randomShape(_ g: inout Rng) -> (CoverageShape, IRect) {
        let scales: [Double] = [1, 1, 1, 3, 2, 1.5, 0.5, 2.7, -3, -1]
        let s = scales[g.int(scales.count)], sy = g.chance(0.1) ? -abs(s) : abs(s)
        let m = Affine(a: s, b: 0, c: 0, d: sy, tx: g.coord(-5, 5), ty: g.coord(-5, 5))
        let dw = g.size(0.3, 300), dh = g.chance(0.25) ? dw : g.size(0.3, 300)
        let w = g.chance(0.3) ? (dw * 2).rounded(.up) / 2 / abs(s) : dw / abs(s)
        let h = g.chance(0.3) ? (dh * 2).rounded(.up) / 2 / abs(sy) : dh / abs(sy)
        let r = Rect(g.coord(-12, 40) / abs(s), g.coord(-12, 40) / abs(sy), w, h)
        let half = min(w, h) / 2
        let outer: RoundedRect
        switch g.int(7) {
        case 0: outer = RoundedRect(r)
        case 1: outer = .ellipse(r)
        case 2: outer = RoundedRect(r, radius: half)
        case 3: outer = RoundedRect(r, rx: g.range(0, w / 2), ry: g.range(0, h / 2))
        case 4: outer = RoundedRect(r, radius: g.size(0.001, 2))
        case 5: outer = RoundedRect(r, radius: g.range(half, 3 * half))   // clamped to the maximum
        default: outer = RoundedRect(r, radius: g.range(0, half))
        }
        var inner: RoundedRect?
        if g.chance(0.5) {
            if g.chance(0.15) {
                // A hole of its own, not necessarily inside the outer shape.
                let ir = Rect(r.x + g.range(-2, w), r.y + g.range(-2, h), g.size(0.2, w + 2), g.size(0.2, h + 2))
                inner = RoundedRect(ir, rx: g.range(0, ir.width), ry: g.range(0, ir.height))
            } else {
                // As Renderer makes a border: the rect inset by the width, radii less the width.
                let bw = min(g.size(0.05, max(0.06, half * 1.2)) , half)
                let ir = r.insetBy(dx: bw, dy: bw)
                if !ir.isEmpty {
                    inner = outer.rx == w / 2 && outer.ry == h / 2 && outer.rx != outer.ry
                        ? .ellipse(ir) : RoundedRect(ir, rx: max(0, outer.rx - bw), ry: max(0, outer.ry - bw))
                }
            }
        }
        let cs = CoverageShape(outer: outer, inner: inner, m: m)
        var clip = IRect(x0: -4000, y0: -4000, x1: 4000, y1: 4000)
        if g.chance(0.3) {
            let b = cs.bounds
            let x0 = b.x0 + g.int(max(1, b.width)) - 1, y0 = b.y0 + g.int(max(1, b.height)) - 1
            clip = IRect(x0: x0, y0: y0, x1: x0 + 1 + g.int(max(1, b.width)), y1: y0 + 1 + g.int(max(1, b.height)))
        }
        return (cs, clip)
    }

    func testRandomShapesMatchThePerPixelFormula() {
        var g = Rng(s: 0x5E6E_C0DE)
        var rings = 0, pixels = 0
        for n in 0..<4000 {
            let (cs, clip) = randomShape(&g)
            if cs.inner != nil { rings += 1 }
            pixels += max(0, cs.bounds.intersection(clip).width) * max(0, cs.bounds.intersection(clip).height)
            if let d = firstDifference(cs, clip: clip) {
                XCTFail("shape \(n): \(d)\n  \(describe(cs, clip))")
                return
            }
        }
        XCTAssertGreaterThan(rings, 1500)
        XCTAssertGreaterThan(pixels, 5_000_000)
    }

    /// The touch dot (44 pt, 1.5 pt border, scale 3) and a 390×844 pt card with 39 pt corners, at
    /// fractional positions, whole and cut by band clips.
    func testTouchDotAndCardMatchThePerPixelFormula() {
        var g = Rng(s: 44)
        let m = Affine(a: 3, b: 0, c: 0, d: 3, tx: 0, ty: 0)
        for n in 0..<60 {
            let p = Point(g.coord(0, 50), g.coord(0, 50))
            let dot = Rect(p.x, p.y, 44, 44)
            let shapes = [
                CoverageShape(outer: .ellipse(dot), inner: nil, m: m),
                CoverageShape(outer: .ellipse(dot), inner: .ellipse(dot.insetBy(dx: 1.5, dy: 1.5)), m: m),
                CoverageShape(outer: .ellipse(Rect(p.x - 3, p.y - 3, 50, 50)), inner: nil, m: m),
            ]
            let band = IRect(x0: 0, y0: Int(p.y * 3) + g.int(132), x1: 4000, y1: Int(p.y * 3) + 130 + g.int(40))
            for cs in shapes {
                for clip in [IRect(x0: -10, y0: -10, x1: 4000, y1: 4000), band] {
                    if let d = firstDifference(cs, clip: clip) { return XCTFail("dot \(n): \(d)\n  \(describe(cs, clip))") }
                }
            }
        }
        for n in 0..<3 {
            let card = Rect(g.coord(-2, 2), g.coord(-2, 2), 390, 844)
            let shapes = [
                CoverageShape(outer: RoundedRect(card, radius: 39), inner: nil, m: m),
                CoverageShape(outer: RoundedRect(card, radius: 39),
                              inner: RoundedRect(card.insetBy(dx: 1, dy: 1), radius: 38), m: m),
            ]
            // The corners' rows and a few between them (the rest repeat those).
            let bands = [IRect(x0: -10, y0: -10, x1: 1200, y1: 130), IRect(x0: -10, y0: 1200, x1: 1200, y1: 1203),
                         IRect(x0: -10, y0: 2400, x1: 1200, y1: 2600)]
            for cs in shapes {
                for clip in bands {
                    if let d = firstDifference(cs, clip: clip) { return XCTFail("card \(n): \(d)\n  \(describe(cs, clip))") }
                }
            }
        }
    }

    /// The spans themselves, against `pixelArea`'s value: inside pixels get exactly the row's
    /// vertical overlap, pixels off the box exactly 0, outside ones at most a rounding residue.
    func testRowSpansClassifyPixelAreas() {
        var g = Rng(s: 7)
        var worst = 0.0, outside = 0, nonzero = 0, inside = 0, integrated = 0
        for n in 0..<3000 {
            let (cs, _) = randomShape(&g)
            let shapes = [cs.deviceAligned(cs.outer)] + (cs.inner.map { [cs.deviceAligned($0)] } ?? [])
            let box = cs.bounds
            for s in shapes {
                for y in box.y0..<box.y1 {
                    let py = Double(y)
                    let oy = max(0, min(py + 1, s.rect.maxY) - max(py, s.rect.minY))
                    let lo = box.x0 + (g.chance(0.2) ? g.int(box.width + 1) : 0)
                    let hi = max(lo, box.x1 - (g.chance(0.2) ? g.int(box.width + 1) : 0))
                    let sp = s.rowSpans(py, lo, hi)
                    let order = [lo, sp.zeroL, sp.outL, sp.inL, sp.inR, sp.outR, sp.zeroR, hi]
                    if order != order.sorted() { return XCTFail("shape \(n) row \(y): spans out of order \(sp) in \(lo)..<\(hi)") }
                    for x in lo..<hi {
                        let a = s.pixelArea(Double(x), py)
                        if x < sp.zeroL || x >= sp.zeroR {
                            if a != 0 { return XCTFail("shape \(n) (\(x), \(y)): off the box, area \(a); \(s)") }
                        } else if x < sp.outL || x >= sp.outR {
                            outside += 1
                            if a != 0 { nonzero += 1 }
                            worst = max(worst, a)
                            if !(a >= 0 && a < 1e-9) { return XCTFail("shape \(n) (\(x), \(y)): outside, area \(a); \(s)") }
                        } else if x >= sp.inL && x < sp.inR {
                            inside += 1
                            if a != oy { return XCTFail("shape \(n) (\(x), \(y)): inside, area \(a) ≠ \(oy); \(s)") }
                        } else {
                            integrated += 1
                        }
                    }
                }
            }
        }
        print("rowSpans: \(inside) inside, \(outside) outside (\(nonzero) with a residue, the largest \(worst)), \(integrated) integrated")
        XCTAssertGreaterThan(outside, 100_000)
        XCTAssertGreaterThan(inside, 100_000)
    }

    /// A hole whose rounded corner dips into a half-covered row of the outer shape: pixels outside
    /// the hole's corner but inside its box keep a residue of the hole's area, and 0.5 − residue
    /// rounds to 127 where 0.5 gives 128, so those pixels must be integrated.
    func testHoleCornerInAPartialRowOfTheOuterShape() {
        var g = Rng(s: 12)
        for n in 0..<200 {
            let x = g.coord(0, 20), y = (g.coord(0, 20)).rounded() + 0.5
            let outer = RoundedRect(Rect(x, y, 80, 40))
            let inner = RoundedRect(Rect(x + g.range(0.5, 4), y + g.range(0.01, 0.45), g.range(20, 70), 30), radius: g.range(1, 10))
            let cs = CoverageShape(outer: outer, inner: inner, m: .identity)
            let clip = IRect(x0: -10, y0: -10, x1: 200, y1: 200)
            if let d = firstDifference(cs, clip: clip) { return XCTFail("shape \(n): \(d)\n  \(describe(cs, clip))") }
        }
    }

    /// A 132 px circle integrates about its outline, not its whole box (17 424 pixels).
    func testCircleIntegratesOnlyItsOutline() {
        let e = RoundedRect.ellipse(Rect(100.37, 50.81, 132, 132))
        var integrated = 0
        for y in 50..<184 {
            let s = e.rowSpans(Double(y), 100, 233)
            integrated += (s.inL - s.outL) + (s.outR - s.inR)
        }
        XCTAssertLessThan(integrated, 900)
        XCTAssertGreaterThan(integrated, 370)   // the outline is ~415 px long
    }
}
