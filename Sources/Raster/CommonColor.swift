import Geometry

// The colour a picture sits on, read from its pixels: what a screenshot's app shows behind its
// content (its window's background), where nothing else says so. A screenshot's side edges run
// through the app's background everywhere but under its bars and full-bleed pictures, so their
// most common pixel is that background: white in a light list, black in a dark one.
extension Bitmap {
    /// The most common pixel of the given pixels, as an opaque colour (ties: the smaller pixel
    /// value, so the answer does not depend on the order the pixels are visited).
    public func commonColor(of points: some Sequence<(x: Int, y: Int)>) -> Color {
        var counts: [UInt32: Int] = [:]
        for p in points where p.x >= 0 && p.x < width && p.y >= 0 && p.y < height { counts[self[p.x, p.y], default: 0] += 1 }
        let pixel = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
        // Snapshots and decoded screenshots are opaque: the premultiplied bytes are the colour's.
        let c = Bitmap.unpack(pixel)
        return Color(r: Double(c.r) / 255, g: Double(c.g) / 255, b: Double(c.b) / 255)
    }

    /// The most common pixel of row `y` (clamped to the picture).
    public func commonColor(row y: Int) -> Color {
        let row = min(max(y, 0), height - 1)
        return commonColor(of: (0..<width).lazy.map { (x: $0, y: row) })
    }

    /// The colour of the app behind a screenshot: the most common pixel of its left and right
    /// edge columns.
    public var edgeColor: Color {
        let right = width - 1
        return commonColor(of: (0..<height).lazy.flatMap { y in [(x: 0, y: y), (x: right, y: y)] })
    }

    /// `ImageSource`'s background: the edge colour (resolution asks through the protocol, so
    /// Presets reads it without importing Raster).
    public var backgroundColor: Color? { edgeColor }
}
