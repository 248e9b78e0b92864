// Micro-benchmarks of the compositor for `segue-bench` (not timed tests): milliseconds per frame
// on the calling thread, median of `runs`, 1170×2532 (iPhone 13 at 3×) frames. Outside Raster
// (issue 29.2): the kernels they time are Raster's `@_spi(Testing)` members, not product API.
import Geometry
@_spi(Testing) import Raster
import Scene

#if canImport(Glibc)
import Glibc
#endif

enum RasterBench {
    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }

    /// A deterministic opaque "screenshot" with some structure (rows of cards).
    static func screenshot(_ w: Int, _ h: Int, seed: UInt32) -> Bitmap {
        let b = Bitmap(uncheckedWidth: w, height: h)
        var s = seed &* 2654435761
        for y in 0..<h {
            let r = b.row(y)
            let band = (y / 120) & 1
            for x in 0..<w {
                s = s &* 1103515245 &+ 12345
                let v = UInt32(band == 0 ? 240 : 200) &+ ((s >> 16) & 15)
                r[x] = v | (v &- 10) << 8 | (v &- 20) << 16 | 0xFF00_0000
            }
        }
        b.markOpaque()
        return b
    }

    /// The scenes measured, as node trees in points (390×844 at scale 3).
    static func scenes(_ a: Bitmap, _ b: Bitmap) -> [(name: String, node: Node)] {
        let screen = Rect(0, 0, 390, 844)
        // (a) UIKit push, mid-transition: the old screen 30 % left under a 10 % dim, the new one
        // at a fractional offset with a 9 pt edge shadow.
        var under = Node.image(a, frame: screen); under.placement = .translation(-0.3 * 390, 0)
        var dim = Node.rect(screen, Color(white: 0, alpha: 0.1)); dim.placement = under.placement
        var top = Node.image(b, frame: screen); top.placement = .translation(195.1234, 0)
        top.shadow = Shadow(color: .black, opacity: 0.25, radius: 9, offset: .zero)
        let push = Node.group(screen, [under, dim, top])
        // (b) pan-back: the underlying screen scaled 0.76 about its centre under a 0.3 black cover,
        // the top screen translated.
        var scaled = Node.image(a, frame: screen); scaled.transform = LayerTransform(scale: Point(0.76, 0.76))
        let cover = Node.rect(screen, Color(white: 0, alpha: 0.3))
        var top2 = Node.image(b, frame: screen); top2.placement = .translation(140.37, 0)
        var pan = Node.group(screen, [scaled, cover, top2]); pan.fill = .solid(.black)
        return [("push", push), ("pan-back", pan)]
    }

    static func run(runs: Int = 15) -> [(name: String, msPerFrame: Double)] {
        let a = screenshot(1170, 2532, seed: 1), b = screenshot(1170, 2532, seed: 2)
        let target = Bitmap(uncheckedWidth: 1170, height: 2532)
        var out: [(String, Double)] = []
        for (name, node) in scenes(a, b) {
            Renderer.render(node, scale: 3, into: target)   // warm caches
            var times: [Double] = []
            for _ in 0..<runs {
                let t0 = now()
                Renderer.render(node, scale: 3, into: target)
                times.append(now() - t0)
            }
            times.sort()
            out.append((name, times[times.count / 2]))
        }
        return out
    }

    /// The median of `runs` timings of `body` in milliseconds, after one warm-up call.
    private static func median(_ runs: Int, _ body: () -> Void) -> Double {
        body()
        var times: [Double] = []
        for _ in 0..<runs {
            let t0 = now()
            body()
            times.append(now() - t0)
        }
        times.sort()
        return times[times.count / 2]
    }

    /// The hot pixel kernels on their own, milliseconds per 1170×2532 frame (`segue-bench`):
    /// RGBA → yuv420p of a whole frame (source in memory) and band by band as `FrameConverter`
    /// does (each 64-row band converted while in cache); a fractional-translate draw of a whole
    /// screen into 64-row bands, as the renderer does, for the push case (opaque, alpha 1,
    /// horizontal offset only) and the other branches of the kernel. `only`: the measurements
    /// whose names contain it.
    static func kernels(runs: Int = 15, only: String? = nil) -> [(name: String, msPerFrame: Double)] {
        let w = 1170, h = 2532, band = 64
        let src = screenshot(w, h, seed: 1)
        let translucent = screenshot(w, h, seed: 2)
        for i in 0..<translucent.count { translucent.pixels[i] = mulPixel(translucent.pixels[i], 200) }
        translucent.markOpaque(false)
        let cw = (w + 1) / 2, ch = (h + 1) / 2
        let yp = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * cw * 2 * ch)
        let up = UnsafeMutablePointer<UInt8>.allocate(capacity: cw * ch), vp = UnsafeMutablePointer<UInt8>.allocate(capacity: cw * ch)
        let buf = UnsafeMutablePointer<UInt32>.allocate(capacity: band * w)
        buf.initialize(repeating: 0xFF00_0000, count: band * w)
        defer { yp.deallocate(); up.deallocate(); vp.deallocate(); buf.deallocate() }
        let views = stride(from: 0, to: h, by: band).map { y0 in
            (y0, Bitmap(width: w, height: h, rows: y0..<min(h, y0 + band), band: buf))
        }
        var out: [(String, Double)] = []
        func measure(_ name: String, _ body: () -> Void) {
            if let only, !name.contains(only) { return }
            out.append((name, median(runs, body)))
        }
        measure("convert frame") {
            YUV420.convert(src, y: yp, yStride: 2 * cw, u: up, uStride: cw, v: vp, vStride: cw)
        }
        measure("convert bands") {
            for (y0, view) in views {
                YUV420.convert(view, y: yp, yStride: 2 * cw, u: up, uStride: cw, v: vp, vStride: cw,
                               rows: (y0 / 2)..<((min(h, y0 + band) + 1) / 2))
            }
        }
        let cases: [(String, Bitmap, Affine, UInt32)] = [
            ("fractional x, opaque", src, .translation(0.37, 0), 255),
            ("fractional xy, opaque", src, .translation(0.37, 0.61), 255),
            ("fractional x, alpha 200", src, .translation(0.37, 0), 200),
            ("fractional xy, translucent", translucent, .translation(0.37, 0.61), 255),
        ]
        for (name, image, m, alpha) in cases {
            measure(name) {
                for (y0, view) in views {
                    ImageDraw.draw(image, sub: IRect(x0: 0, y0: 0, x1: w, y1: h), m, into: view,
                                   clip: IRect(x0: 0, y0: y0, x1: w, y1: min(h, y0 + band)), alpha: alpha)
                }
            }
        }
        return out
    }
}

extension RasterBench {
    /// Anti-aliased coverage of axis-aligned shapes: microseconds per draw (median of `runs`
    /// batches) of the touch dot — a 44 pt ellipse, filled and ringed by a 1.5 pt border, 132 px at
    /// scale 3 — and of a 390×844 pt card with 39 pt corners, each drawn whole (`render`) and as
    /// coverage rows only (`rows`, what `CoverageShape.forEachRow` costs without blending).
    static func coverage(runs: Int = 15) -> [(name: String, usPerDraw: Double)] {
        let m = Affine.scale(3, 3)
        let dotFrame = Rect(10.37, 12.81, 44, 44), card = Rect(0.17, 0.4, 390, 844)
        let dot = Node(kind: .ellipse, frame: dotFrame, fill: .solid(Color.white.withAlpha(0.72)),
                       border: Border(width: 1.5, color: Color(white: 0.55, alpha: 0.6)))
        let cardNode = Node.rect(card, Color(white: 0.9), cornerRadius: 39)
        let small = Bitmap(uncheckedWidth: 200, height: 200), screen = Bitmap(uncheckedWidth: 1171, height: 2534)
        var sink: UInt32 = 0
        func rows(_ s: CoverageShape, _ clip: IRect) {
            s.forEachRow(clip: clip) { row in sink &+= row.inner &+ UInt32(row.cov[0]) &+ UInt32(row.ix1 &- row.ix0) }
        }
        let ring = CoverageShape(outer: .ellipse(dotFrame), inner: .ellipse(dotFrame.insetBy(dx: 1.5, dy: 1.5)), m: m)
        let disc = CoverageShape(outer: .ellipse(dotFrame), inner: nil, m: m)
        let cardShape = CoverageShape(outer: RoundedRect(card, radius: 39), inner: nil, m: m)
        let clip = IRect(x0: 0, y0: 0, x1: 1171, y1: 2534)
        let cases: [(String, Int, () -> Void)] = [
            ("dot render", 200, { Renderer.render(dot, scale: 3, into: small) }),
            ("dot fill rows", 200, { rows(disc, clip) }),
            ("dot border rows", 200, { rows(ring, clip) }),
            ("card render", 4, { Renderer.render(cardNode, scale: 3, into: screen) }),
            ("card rows", 20, { rows(cardShape, clip) }),
        ]
        let out = cases.map { name, n, draw in (name, median(runs) { for _ in 0..<n { draw() } } * 1000 / Double(n)) }
        if sink == 1 { print("") }
        return out
    }
}
