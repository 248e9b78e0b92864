import Geometry
import Scene

/// The one picture a matched pair shows (issue 28: a flying element is one image whose crop
/// animates). A grid cell and the detail's hero made from the same photo are each that photo
/// aspect-filled into their own frame; flying one image aspect-filled into the moving frame gives
/// both ends exactly, where cross-fading the two differently cropped snapshots shows two suns.
///
/// Which end holds the whole picture is found by looking: end X contains end Y when X's centre
/// crop at Y's aspect ratio, shrunk to a thumbnail, is Y's thumbnail (mean difference within
/// `tolerance`). Both ways are measured and the closer one wins: a soft photo's hero, zoomed
/// 1.33× past the cell, can pass the tolerance too (0.019 against 0.004 the right way for the
/// catalog's magic-move), and flying the hero's crop would land on a picture the cell does not
/// show, swapped on the last frame. Ends that show different pictures (a preset matching
/// unrelated elements) match neither way and keep their cross-fade.
public enum MatchedPicture {
    /// Thumbnail side in samples: coarse enough that resampling and edge anti-aliasing vanish,
    /// fine enough that a 1.3× zoom of a photo (a hero crop taken for the cell) does not pass.
    static let side = 24
    /// Mean absolute difference per channel (0…1) under which two thumbnails are one picture;
    /// one photo resampled differs by < 0.01, two crops 1.3× apart by > 0.04 (MatchedPictureTests).
    static let tolerance = 0.025

    /// One end of a pair: its screen, the element's id on it and its snapshot (`ElementSnapshot.render`).
    public struct End {
        public var screen: Node
        public var id: String
        public var image: Bitmap
        /// The element's node and description when the caller has them (`Node.elementIndex`), so a
        /// pair needs no walk of the screen (issue 27.7: N growing pairs walked it N times).
        public var found: (node: Node, element: ScreenElement)?
        public init(screen: Node, id: String, image: Bitmap, found: (node: Node, element: ScreenElement)? = nil) {
            self.screen = screen; self.id = id; self.image = image; self.found = found
        }
    }

    /// The picture both ends show, at a resolution that covers the larger end's pixels, or nil
    /// when they show different pictures. A layer end is drawn again at the scale the other end
    /// needs (a 128 pt cell grown into a 390 pt hero stays sharp); a screenshot region is its
    /// own pixels.
    public static func shared(_ a: End, _ b: End, scale: Double) -> Bitmap? {
        let (big, small) = a.image.count >= b.image.count ? (a, b) : (b, a)
        let ways = [(big, small), (small, big)].compactMap { x, y in difference(x.image, y.image).map { (x, y, $0) } }
        guard let (x, y, d) = ways.min(by: { $0.2 < $1.2 }), d < tolerance else { return nil }
        return sharp(x, covering: y, scale: scale)
    }

    /// How far `y` is from being `x` aspect-filled into y's shape: the mean thumbnail difference
    /// (0…1) between `y` and `x`'s centre crop at y's aspect ratio; nil for a bitmap too small.
    static func difference(_ x: Bitmap, _ y: Bitmap) -> Double? {
        guard x.width > 1, x.height > 1, y.width > 1, y.height > 1 else { return nil }
        let aspect = Double(y.width) / Double(y.height)
        var cw = Double(x.width), ch = Double(x.height)
        if cw / ch > aspect { cw = ch * aspect } else { ch = cw / aspect }
        let crop = (x: (Double(x.width) - cw) / 2, y: (Double(x.height) - ch) / 2, w: cw, h: ch)
        let tx = thumbnail(x, crop), ty = thumbnail(y, (0, 0, Double(y.width), Double(y.height)))
        var sum = 0.0
        for i in tx.indices { sum += abs(tx[i] - ty[i]) }
        return sum / Double(tx.count)
    }

    /// The mean premultiplied RGBA (0…1) of each of side × side cells of the region.
    static func thumbnail(_ b: Bitmap, _ r: (x: Double, y: Double, w: Double, h: Double)) -> [Double] {
        var out = [Double](repeating: 0, count: side * side * 4)
        for j in 0..<side {
            let y0 = Int((r.y + r.h * Double(j) / Double(side)).rounded()), y1 = max(y0 + 1, Int((r.y + r.h * Double(j + 1) / Double(side)).rounded()))
            for i in 0..<side {
                let x0 = Int((r.x + r.w * Double(i) / Double(side)).rounded()), x1 = max(x0 + 1, Int((r.x + r.w * Double(i + 1) / Double(side)).rounded()))
                var acc = (0.0, 0.0, 0.0, 0.0), n = 0.0
                for yy in y0..<min(y1, b.height) {
                    for xx in x0..<min(x1, b.width) {
                        let p = b.rgba(x: xx, y: yy)
                        acc.0 += Double(p.r); acc.1 += Double(p.g); acc.2 += Double(p.b); acc.3 += Double(p.a); n += 1
                    }
                }
                let k = (j * side + i) * 4, d = max(1, n) * 255
                out[k] = acc.0 / d; out[k + 1] = acc.1 / d; out[k + 2] = acc.2 / d; out[k + 3] = acc.3 / d
            }
        }
        return out
    }

    /// End `x`'s picture with enough pixels to fill `y`'s frame: a layer drawn again at the
    /// larger scale (capped at 4×); a region, which cannot be drawn again, enlarged with `y`'s
    /// own sharper pixels in the middle (`withInset`).
    static func sharp(_ x: End, covering y: End, scale: Double) -> Bitmap {
        let k = max(Double(y.image.width) / Double(x.image.width), Double(y.image.height) / Double(x.image.height))
        guard k > 1.01, let (layer, element) = x.found ?? lookUp(x) else { return x.image }
        guard !element.isRegion else { return withInset(x.image, y.image, k: k) }
        return filling(ElementSnapshot.node(of: x.screen, element, layer), size: element.frame.size, scale: scale * min(4, k))
    }

    /// A layer drawn alone into whole pixels edge to edge: its frame stretched (by under half a
    /// pixel) onto round(size × scale) pixels, so no edge pixel is partly covered. A snapshot's
    /// pixel-aligned box has such pixels where the frame is fractional (a 128.67 pt cell at 9×);
    /// aspect-filled into the moving frame, that faint column and row would be stretched along
    /// its edges, a light hairline down the display's side while a flight settles (stories/
    /// photos-zoom 0.70–0.98 s), swapped for the page's own hero on the landing frame.
    static func filling(_ node: Node, size: Size, scale: Double) -> Bitmap {
        let w = max(1, Int((size.width * scale).rounded())), h = max(1, Int((size.height * scale).rounded()))
        let b = Bitmap(uncheckedWidth: w, height: h)
        guard size.width > 0, size.height > 0 else { return b }
        ElementSnapshot.drawInBands(node, scale: scale, into: b,
                                    transform: .scale(Double(w) / (size.width * scale), Double(h) / (size.height * scale)))
        return b
    }

    /// A screenshot cell's pixels (`outer`) enlarged k× with the larger end's pixels (`inner`,
    /// the outer's centre crop, as `difference` found) drawn over their middle. A grid cell's
    /// region is a third of the hero's pixels: flown alone it is a soft, jagged photo for the
    /// whole flight that turns sharp on the landing frame (stories/own-screenshots, 1.0 s). With
    /// the hero's pixels inside, the landing frame's crop is the hero itself; only the strips the
    /// hero does not show come from the cell.
    static func withInset(_ outer: Bitmap, _ inner: Bitmap, k: Double) -> Bitmap {
        // Margins of whole, equal pixels: aspect-filled into the landing frame, the picture's
        // centre crop is then `inner` pixel for pixel.
        func side(_ o: Int, _ i: Int) -> Int { let n = max(i, Int((Double(o) * k).rounded())); return n + (n - i) % 2 }
        let w = side(outer.width, inner.width), h = side(outer.height, inner.height)
        let out = Bitmap(uncheckedWidth: w, height: h)
        let picture = Node.group(Rect(0, 0, Double(w), Double(h)), [
            .image(outer, frame: Rect(0, 0, Double(w), Double(h))),
            .image(inner, frame: Rect(Double((w - inner.width) / 2), Double((h - inner.height) / 2), Double(inner.width), Double(inner.height)))])
        Renderer.render(picture, scale: 1, into: out)
        return out
    }

    static func lookUp(_ x: End) -> (node: Node, element: ScreenElement)? {
        guard let element = x.screen.element(id: x.id), let layer = x.screen.find(id: x.id) else { return nil }
        return (layer, element)
    }
}
