import XCTest
import Geometry
import Raster
import Scene
import Transitions

final class UIKitTransitionTests: XCTestCase {
    let canvas = Size(390, 844)
    let a = Node.rect(Rect(0, 0, 390, 844), .white, id: "a")
    let b = Node.rect(Rect(0, 0, 390, 844), .black, id: "b")

    func layer(_ scene: Node, _ id: String) -> Node? { scene.children.first { $0.id == id } }

    func testPushGeometryFollowsTheFormulas() {
        let t = UIKitTransition()
        for p in [0.0, 0.25, 0.5, 0.9, 1.0] {
            let s = t.scene(TransitionFrame(from: a, to: b, canvas: canvas, operation: .push, progress: p))
            // Independent: 30 % parallax = 390 − round(0.7 × 390) = 117 pt.
            XCTAssertEqual(layer(s, "a")!.localToParent.tx, -117 * p, accuracy: 1e-9)
            XCTAssertEqual(layer(s, "b")!.localToParent.tx, 390 * (1 - p), accuracy: 1e-9)
            let dims = s.children.filter { if case .solid(let c)? = $0.fill { return c.r == 0 && c.a < 1 && $0.frame.width == 390 } else { return false } }
            if p > 0 {
                XCTAssertEqual(dims.count, 1)
                if case .solid(let c)? = dims.first?.fill { XCTAssertEqual(c.a, 0.1 * p, accuracy: 1e-12) }
            } else { XCTAssertTrue(dims.isEmpty) }
            // The new screen is on top.
            XCTAssertEqual(s.children.last?.id, "b")
        }
    }

    func testPopIsThePushBackwards() {
        let t = UIKitTransition()
        for p in [0.0, 0.3, 0.7, 1.0] {
            let pop = t.scene(TransitionFrame(from: b, to: a, canvas: canvas, operation: .pop, progress: p))
            let push = t.scene(TransitionFrame(from: a, to: b, canvas: canvas, operation: .push, progress: 1 - p))
            XCTAssertEqual(pop.children.map(\.id), push.children.map(\.id))
            XCTAssertEqual(pop.children.map(\.localToParent), push.children.map(\.localToParent))
        }
    }

    func testEdgeShadowSitsLeftOfTheNewScreen() {
        let s = UIKitTransition().scene(TransitionFrame(from: a, to: b, canvas: canvas, operation: .push, progress: 0.4))
        let strip = s.children.first { if case .linear? = $0.fill { return true } else { return false } }
        XCTAssertNotNil(strip)
        XCTAssertEqual(strip!.frame.maxX, 390 * 0.6, accuracy: 1e-9)
        XCTAssertEqual(strip!.frame.width, 9)
        XCTAssertEqual(strip!.opacity, 0.4, accuracy: 1e-12)
    }

    func testCatalogDefaultsAndParameters() {
        let e = Catalog.entry(named: "uikit")!
        XCTAssertEqual(e.parameters.map(\.name), ["parallax", "dim", "shadowWidth", "shadowOpacity", "edge"])
        let t = Catalog.make("uikit", parameters: ["dim": .number(0.5)]) as! UIKitTransition
        XCTAssertEqual(t.dim, 0.5)
        XCTAssertEqual(t.parallax, 0.3)
        XCTAssertEqual(t.defaultDuration, 0.35)
        XCTAssertNil(Catalog.make("nope"))
    }
}
