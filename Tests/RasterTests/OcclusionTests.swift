import XCTest
import SegueTestSupport
@testable import Raster
import Geometry
import Scene

final class OcclusionTests: XCTestCase {
    /// Culling hidden siblings must not change a pixel.
    func testOcclusionCullingIsInvisible() {
        let a = randomBitmap(60, 40, seed: 5, opaque: true), b = randomBitmap(60, 40, seed: 6, opaque: true)
        var under = Node.image(a, frame: Rect(0, 0, 60, 40)); under.placement = .translation(-17.5, 0)
        let dim = Node.rect(Rect(0, 0, 60, 40), Color(white: 0, alpha: 0.3))
        var top = Node.image(b, frame: Rect(0, 0, 60, 40)); top.placement = .translation(23.25, 0)
        top.shadow = Shadow(color: .black, opacity: 0.3, radius: 3, offset: .zero)
        let g = Node.group(Rect(0, 0, 60, 40), [under, dim, top])
        let fast = Bitmap(uncheckedWidth: 60, height: 40); Renderer.render(g, scale: 1, into: fast)
        // The same, drawn one layer at a time (no sibling can cull another).
        let slow = Bitmap(uncheckedWidth: 60, height: 40)
        for c in g.children { Renderer.render(.group(Rect(0, 0, 60, 40), [c]), scale: 1, into: slow) }
        ImageDiff.assertMatches(fast, slow, "fast vs slow")
    }
}
