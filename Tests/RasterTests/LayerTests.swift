import XCTest
@testable import Raster
import Geometry
import Scene

/// Offscreen layers: their bounds (how big a layer a group needs) and their pooled memory.
final class LayerTests: XCTestCase {
    /// A touch dot as the overlay builds it: a group the size of the screen, at 0.6 opacity,
    /// holding two small circles.
    func dot(frame: Rect, at p: Point) -> Node {
        Node(kind: .group, frame: frame, opacity: 0.6, children: [
            Node(kind: .ellipse, frame: Rect(p.x - frame.minX - 25, p.y - frame.minY - 25, 50, 50), fill: .solid(Color.black.withAlpha(0.12))),
            Node(kind: .ellipse, frame: Rect(p.x - frame.minX - 22, p.y - frame.minY - 22, 44, 44), fill: .solid(Color.white.withAlpha(0.72)),
                 border: Border(width: 1.5, color: Color(white: 0.55, alpha: 0.6))),
        ])
    }

    func testAGroupThatPaintsNothingIsAsBigAsItsChildren() {
        let n = dot(frame: Rect(0, 0, 390, 844), at: Point(100.3, 500.7))
        let box = Context.deviceBounds(n, .scale(3, 3))
        // The outer circle covers x 75.3…125.3, y 475.7…525.7 pt: ×3, rounded out, 1 px margin.
        XCTAssertEqual(box, IRect(x0: 224, y0: 1426, x1: 377, y1: 1579))
        // With a fill the group paints its whole frame.
        var filled = n; filled.fill = .solid(.white)
        XCTAssertEqual(Context.deviceBounds(filled, .scale(3, 3)), IRect(x0: -1, y0: -1, x1: 1171, y1: 2533))
        // A clipping group that paints nothing: its children, cut to its frame.
        var clipped = dot(frame: Rect(0, 0, 110, 844), at: Point(100.3, 500.7)); clipped.clips = true
        XCTAssertEqual(Context.deviceBounds(clipped, .scale(3, 3)), IRect(x0: 224, y0: 1426, x1: 331, y1: 1579))
        // Nothing at all: empty.
        XCTAssertTrue(Context.deviceBounds(Node(kind: .group, frame: Rect(0, 0, 50, 50)), .identity).isEmpty)
    }

    /// The layer's size does not change the picture: the same dot inside a screen-sized group
    /// and inside a group just around it give the same pixels, over a busy background.
    func testLayerBoundsDoNotChangePixels() {
        let w = 390 * 3, h = 844 * 3
        let background = randomBitmap(w, h, seed: 7, opaque: true)
        for (k, p) in [Point(100.3, 500.7), Point(2, 3), Point(388.9, 843.2), Point(195, 422)].enumerated() {
            let wide = background.copy(), tight = background.copy()
            Renderer.render(dot(frame: Rect(0, 0, 390, 844), at: p), scale: 3, into: wide)
            Renderer.render(dot(frame: Rect(p.x - 30, p.y - 30, 60, 60), at: p), scale: 3, into: tight)
            XCTAssertTrue(wide.isIdentical(to: tight), "dot \(k) at \(p)")
            XCTAssertFalse(wide.isIdentical(to: background), "dot \(k) drew nothing")
        }
    }

    /// Pooled layer memory comes back cleared, and the pool keeps a bounded amount.
    func testPooledLayersStartTransparentAndThePoolIsBounded() {
        for round in 0..<3 {
            LayerPool.withLayer(width: 300, height: 200) { layer in
                for i in 0..<layer.count { XCTAssertEqual(layer.pixels[i], 0, "round \(round) pixel \(i)"); if layer.pixels[i] != 0 { break } }
                layer.pixels.update(repeating: 0xFFFF_FFFF, count: layer.count)   // dirty it for the next round
            }
        }
        // Nested layers are distinct memory.
        LayerPool.withLayer(width: 64, height: 64) { a in
            LayerPool.withLayer(width: 64, height: 64) { b in XCTAssertNotEqual(a.pixels, b.pixels) }
        }
        // Many large layers at once: the pool keeps at most its limits.
        func nest(_ k: Int) {
            if k == 0 { return }
            LayerPool.withLayer(width: 1170, height: 2532) { _ in nest(k - 1) }
        }
        nest(12)
        XCTAssertLessThanOrEqual(LayerPool.retained, LayerPool.retainedBytes)
        XCTAssertGreaterThan(LayerPool.retained, 0)
    }

    /// The renderer's layered paths (group opacity, rounded image, rounded clip, masked shadow)
    /// give the same pixels drawn twice in a row with pooled memory as drawn once.
    func testLayeredDrawsRepeatExactly() {
        let img = randomBitmap(120, 90, seed: 3, opaque: true)
        var roundedImage = Node.image(img, frame: Rect(10.5, 20.25, 120, 90)); roundedImage.cornerRadius = 14
        var clip = Node.group(Rect(5, 130, 150, 100), [Node.image(img, frame: Rect(-7.3, -3.1, 200, 150))]); clip.cornerRadius = 20; clip.clips = true
        var shadowed = Node.group(Rect(180, 30, 100, 100), [Node.rect(Rect(10, 10, 60, 60), .white)])
        shadowed.shadow = Shadow(color: .black, opacity: 0.5, radius: 8, offset: Point(3, 4))
        var group = Node.group(Rect(0, 0, 300, 250), [roundedImage, clip, shadowed]); group.opacity = 0.7
        let scene = Node.group(Rect(0, 0, 300, 250), [group])
        let once = Bitmap(uncheckedWidth: 300, height: 250, fill: .white)
        Renderer.render(scene, scale: 1, into: once)
        for _ in 0..<3 {
            let again = Bitmap(uncheckedWidth: 300, height: 250, fill: .white)
            Renderer.render(scene, scale: 1, into: again)
            XCTAssertTrue(again.isIdentical(to: once))
        }
        XCTAssertFalse(once.isIdentical(to: Bitmap(uncheckedWidth: 300, height: 250, fill: .white)))
    }
}
