import XCTest
import Geometry
import Motion
import Raster
import Scene
import Transitions

final class CustomTransitionTests: XCTestCase {
    let canvas = Size(100, 200)
    let red = Node.rect(Rect(0, 0, 100, 200), Color(r: 1, g: 0, b: 0), id: "red")
    let blue = Node.rect(Rect(0, 0, 100, 200), Color(r: 0, g: 0, b: 1), id: "blue")

    func make() throws -> CustomTransition {
        CustomTransition(
            from: ["opacity": try KeyframeTrack([Keyframe(progress: 0, value: 1), Keyframe(progress: 1, value: 0.2)]),
                   "dim": try KeyframeTrack([Keyframe(progress: 0, value: 0), Keyframe(progress: 1, value: 0.5)])],
            to: ["translateX": try KeyframeTrack([Keyframe(progress: 0, value: 100), Keyframe(progress: 0.5, value: 40), Keyframe(progress: 1, value: 0)]),
                 "scale": try KeyframeTrack([Keyframe(progress: 0, value: 0.5), Keyframe(progress: 1, value: 1)])])
    }

    func testTracksDriveEachScreen() throws {
        let t = try make()
        let s = t.scene(TransitionFrame(from: red, to: blue, canvas: canvas, operation: .push, progress: 0.5))
        let old = s.children[0], new = s.children[1]
        XCTAssertEqual(old.opacity, 0.6, accuracy: 1e-12)  // 1 → 0.2, halfway
        // The dim layer inside the old screen: 0.25 black.
        if case .solid(let c)? = old.children.last?.fill { XCTAssertEqual(c.a, 0.25, accuracy: 1e-12) } else { XCTFail("no dim") }
        // The new screen: translateX 40 (the middle keyframe), scale 0.75 about the centre (50, 100).
        let corner = new.localToParent.apply(Point(0, 0))
        XCTAssertEqual(corner.x, 50 - 50 * 0.75 + 40, accuracy: 1e-9)
        XCTAssertEqual(corner.y, 100 - 100 * 0.75, accuracy: 1e-9)
    }

    func testEndsAreTheScreensAndPopIsPushBackwards() throws {
        let t = try make()
        func render(_ n: Node) -> Bitmap { let b = Bitmap(uncheckedWidth: 100, height: 200, fill: .black); Renderer.render(n, scale: 1, into: b); return b }
        // At 1 the new screen covers everything at identity.
        XCTAssertTrue(render(t.scene(TransitionFrame(from: red, to: blue, canvas: canvas, operation: .push, progress: 1))).isIdentical(to: render(blue)))
        for p in [0.2, 0.7] {
            let pop = render(t.scene(TransitionFrame(from: blue, to: red, canvas: canvas, operation: .pop, progress: p)))
            let push = render(t.scene(TransitionFrame(from: red, to: blue, canvas: canvas, operation: .push, progress: 1 - p)))
            XCTAssertTrue(pop.isIdentical(to: push))
        }
    }

    func testInteractiveAlongTheAxis() throws {
        let t = CustomTransition(axis: "vertical")
        let g = try Gesture(from: MotionPoint(50, 20), to: MotionPoint(50, 140), duration: 0.4, curve: .linear)
        let d = try XCTUnwrap(t.interactive(gesture: g, canvas: canvas, operation: .pop, release: .auto))
        XCTAssertEqual(d.releaseProgress, 0.6, accuracy: 1e-9)  // 120 of 200
        XCTAssertEqual(d.decision, .finish)
        XCTAssertNil(try t.interactive(gesture: g, canvas: canvas, operation: .push, release: .auto))
    }
}
