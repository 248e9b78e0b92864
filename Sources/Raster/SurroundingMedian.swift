import Geometry
import Scene

extension SurroundingColors {
    /// Every region's colour from one drawing of the screenshot (`Renderer.snapshot`).
    static func measure(_ colors: SurroundingColors) -> [Color] {
        let shot = Renderer.snapshot(colors.screen, scale: colors.scale)
        return colors.frames.map { borderMedian(shot, around: $0, scale: colors.scale) }
    }

    /// The per-channel median of the ring of pixels just outside `frame`'s pixel box (what
    /// surrounds the element: a cell's gap, a card's background); the ring just inside where the
    /// frame touches every edge of the screen. Opaque.
    static func borderMedian(_ b: Bitmap, around frame: Rect, scale: Double) -> Color {
        let box = ElementSnapshot.pixelAligned(frame, scale: scale)
        let x0 = Int((box.minX * scale).rounded()), y0 = Int((box.minY * scale).rounded())
        let x1 = Int((box.maxX * scale).rounded()), y1 = Int((box.maxY * scale).rounded())
        var ring = ringPixels(b, x0 - 1, y0 - 1, x1 + 1, y1 + 1)
        if ring.isEmpty { ring = ringPixels(b, x0, y0, x1, y1) }
        if ring.isEmpty { return .white }
        func median(_ shift: UInt32) -> Double {
            let v = ring.map { ($0 >> shift) & 0xFF }.sorted()
            return Double(v[v.count / 2]) / 255
        }
        // Pixels are premultiplied RGBA8 (R in the low byte); a screenshot is opaque, so the
        // channels are the colour itself.
        return Color(r: median(0), g: median(8), b: median(16))
    }

    /// The pixels on the edge of the box [x0, x1) × [y0, y1) that lie inside the bitmap.
    static func ringPixels(_ b: Bitmap, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> [UInt32] {
        var out: [UInt32] = []
        func add(_ x: Int, _ y: Int) { if x >= 0 && y >= 0 && x < b.width && y < b.height { out.append(b.row(y)[x]) } }
        guard x1 > x0, y1 > y0 else { return out }
        for x in x0..<x1 { add(x, y0); if y1 - 1 > y0 { add(x, y1 - 1) } }
        if y1 - 2 > y0 { for y in (y0 + 1)..<(y1 - 1) { add(x0, y); if x1 - 1 > x0 { add(x1 - 1, y) } } }
        return out
    }
}
