import XCTest
import Geometry
import Scene

final class SceneTests: XCTestCase {
    func testLookupByIdAndFramesThroughAncestors() {
        let cell = Node(id: "cell", kind: .group, frame: Rect(10, 100, 200, 50), children: [
            Node.rect(Rect(5, 5, 40, 40), .black, id: "photo"),
        ])
        let root = Node.group(Rect(0, 0, 390, 844), id: "screen", [cell])
        XCTAssertEqual(root.find(id: "photo")?.frame, Rect(5, 5, 40, 40))
        XCTAssertEqual(root.frameOfDescendant(id: "photo"), Rect(15, 105, 40, 40))
        XCTAssertNil(root.find(id: "nope"))
        XCTAssertEqual(root.allIDs, ["screen", "cell", "photo"])
        XCTAssertTrue(root.hiding(id: "photo").find(id: "photo")!.hidden)
        XCTAssertFalse(root.find(id: "photo")!.hidden)
    }

    func testLayerTransformIsAboutTheCentre() {
        let n = Node(kind: .rect, frame: Rect(100, 100, 20, 20), transform: LayerTransform(scale: Point(2, 2)))
        // The centre (110, 110) stays put; the top-left corner moves to 100 − 10.
        let m = n.localToParent
        let c = m.apply(Point(10, 10)), tl = m.apply(Point(0, 0))
        XCTAssertEqual(c.x, 110, accuracy: 1e-12); XCTAssertEqual(c.y, 110, accuracy: 1e-12)
        XCTAssertEqual(tl.x, 90, accuracy: 1e-12); XCTAssertEqual(tl.y, 90, accuracy: 1e-12)
        let moved = Node(kind: .rect, frame: Rect(0, 0, 10, 10), transform: LayerTransform(translate: Point(3, 4)), placement: .translation(100, 0))
        XCTAssertEqual(moved.localToParent.apply(Point(0, 0)), Point(103, 4))
    }
}
