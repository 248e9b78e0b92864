import Geometry
import Raster
import Scene
import XCTest

final class SceneIdentityTests: XCTestCase {
    func testEqualTreesDrawIdenticallyAndAnyDrawnDifferenceIsSeen() {
        let a = Bitmap(uncheckedWidth: 4, height: 4), b = Bitmap(uncheckedWidth: 4, height: 4)
        func scene(_ img: Bitmap, x: Double, dim: Double = 0.1) -> Node {
            var top = Node.image(img, frame: Rect(0, 0, 390, 844), id: "top")
            top.placement = .translation(x, 0)
            return .group(Rect(0, 0, 390, 844), [.rect(Rect(0, 0, 390, 844), Color.black.withAlpha(dim)), top])
        }
        XCTAssertTrue(scene(a, x: 10).drawsIdentically(to: scene(a, x: 10)))
        XCTAssertFalse(scene(a, x: 10).drawsIdentically(to: scene(a, x: 10.000001)))
        XCTAssertFalse(scene(a, x: 10).drawsIdentically(to: scene(b, x: 10)), "another image (even with equal pixels)")
        XCTAssertFalse(scene(a, x: 10).drawsIdentically(to: scene(a, x: 10, dim: 0.2)))
        var hidden = scene(a, x: 10); hidden.children[1].hidden = true
        XCTAssertFalse(scene(a, x: 10).drawsIdentically(to: hidden))
        var renamed = scene(a, x: 10); renamed.children[1].id = "other"
        XCTAssertTrue(scene(a, x: 10).drawsIdentically(to: renamed), "ids do not change pixels")
    }
}
