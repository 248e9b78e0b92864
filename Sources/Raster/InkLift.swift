import Geometry

/// What a band of a screenshot draws over its flat background, lifted off it: a screenshot's large
/// title, so it can move as an item of its own while its page shows the background where it was.
public struct LiftedInk: Sendable {
    /// The ink over transparency, premultiplied, cropped to `box`.
    public var image: Bitmap
    /// Where `image` sat in the screenshot (pixels).
    public var box: IRect
    /// The band's background: what the page shows in `box` once the ink is lifted.
    public var background: Color
}

extension Bitmap {
    /// The ink of rows `rows` over their most common pixel B (the band's background). Text is one
    /// colour anti-aliased onto B, so a pixel P on the line from B to the ink colour T (the pixel
    /// farthest from B) is T at coverage a = (P − B)·(T − B) / |T − B|²: drawn over B it gives P
    /// back, and over anything else it is the text alone. A pixel off that line (an avatar or a
    /// button beside the title) is kept opaque as it is. Nil when the band is flat.
    public func liftInk(rows: Range<Int>) -> LiftedInk? {
        let band = rows.clamped(to: 0..<height)
        guard !band.isEmpty else { return nil }
        let bg = commonColor(of: band.lazy.flatMap { y in (0..<self.width).lazy.map { (x: $0, y: y) } })
        let b = (Double(bg.r * 255).rounded(), Double(bg.g * 255).rounded(), Double(bg.b * 255).rounded())
        func offset(_ p: UInt32) -> (Double, Double, Double) {
            let c = Bitmap.unpack(p)
            return (Double(c.r) - b.0, Double(c.g) - b.1, Double(c.b) - b.2)
        }
        var ink = (0.0, 0.0, 0.0), reach = 0.0
        for y in band { for x in 0..<width { let d = offset(self[x, y]); let n = d.0 * d.0 + d.1 * d.1 + d.2 * d.2; if n > reach { reach = n; ink = d } } }
        // Less than ~10 levels from the background anywhere: compression noise, no ink.
        guard reach > InkLift.noise * InkLift.noise else { return nil }
        var lifted = [UInt32](repeating: 0, count: band.count * width)
        var box = (x0: width, y0: height, x1: 0, y1: 0)
        for y in band {
            for x in 0..<width {
                let p = self[x, y], d = offset(p)
                let a = max(0, min(1, (d.0 * ink.0 + d.1 * ink.1 + d.2 * ink.2) / reach))
                let r = (d.0 - a * ink.0, d.1 - a * ink.1, d.2 - a * ink.2)
                let out: UInt32
                if r.0 * r.0 + r.1 * r.1 + r.2 * r.2 > InkLift.offLine * InkLift.offLine {
                    out = p | 0xFF00_0000
                } else {
                    out = InkLift.premultiplied(ink: ink, over: b, coverage: a)
                }
                guard out >> 24 >= InkLift.minAlpha else { continue }
                lifted[(y - band.lowerBound) * width + x] = out
                box = (min(box.x0, x), min(box.y0, y), max(box.x1, x + 1), max(box.y1, y + 1))
            }
        }
        guard box.x1 > box.x0 else { return nil }
        let image = Bitmap(uncheckedWidth: box.x1 - box.x0, height: box.y1 - box.y0)
        for y in box.y0..<box.y1 {
            let from = (y - band.lowerBound) * width + box.x0
            for x in 0..<image.width { image[x, y - box.y0] = lifted[from + x] }
        }
        return LiftedInk(image: image, box: IRect(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1), background: bg)
    }
}

enum InkLift {
    /// Distances in 8-bit levels (Euclidean over R, G, B).
    static let noise = 10.0
    static let offLine = 24.0
    /// Coverage below 2/255 is left out (compression noise in the background).
    static let minAlpha: UInt32 = 2

    /// The ink colour (B + `ink`) at `coverage`, premultiplied.
    static func premultiplied(ink: (Double, Double, Double), over b: (Double, Double, Double), coverage a: Double) -> UInt32 {
        func level(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * a).rounded()))) }
        return Bitmap.pack(r: level(b.0 + ink.0), g: level(b.1 + ink.1), b: level(b.2 + ink.2), a: UInt8((a * 255).rounded()))
    }
}
