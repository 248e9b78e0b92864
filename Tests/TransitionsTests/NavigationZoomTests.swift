import Foundation
import XCTest
import Geometry
import Motion
import Raster
import Scene
import Transitions

/// navigation-zoom on a 100 × 200 canvas: the screen underneath is red, the new screen blue above
/// y = 100 and green below, the source element a yellow 40 × 20 rect at (20, 40). Every expected
/// rect and pixel is worked out here from the formulas, not read back from the code.
final class NavigationZoomTests: XCTestCase {
    let w = 100.0, h = 200.0
    var canvas: Size { Size(w, h) }
    let red = Color(r: 1, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 1), green = Color(r: 0, g: 1, b: 0)
    let yellow = Color(r: 1, g: 1, b: 0)
    let sourceFrame = Rect(20, 40, 40, 20)
    var under: Node { .rect(Rect(0, 0, w, h), red, id: "A") }
    var over: Node {
        Node(id: "B", kind: .group, frame: Rect(0, 0, w, h),
             children: [.rect(Rect(0, 0, w, h / 2), blue), .rect(Rect(0, h / 2, w, h / 2), green)])
    }
    var match: MatchedElement {
        let img = Bitmap(uncheckedWidth: 40, height: 20, fill: yellow)
        return MatchedElement(fromID: "cell", toID: "", fromFrame: sourceFrame, toFrame: sourceFrame, fromImage: img, toImage: img)
    }
    let zoom = NavigationZoomTransition(source: "cell", dim: 0.1, cornerRadius: 20)

    func frame(_ op: StackOperation, _ p: Double, _ i: Interaction? = nil) -> TransitionFrame {
        op.isForward ? TransitionFrame(from: under, to: over, canvas: canvas, operation: op, progress: p, matches: [match], interaction: i)
                     : TransitionFrame(from: over, to: under, canvas: canvas, operation: op, progress: p, matches: [match], interaction: i)
    }

    func render(_ n: Node) -> Bitmap { renderScene(n, canvas) }

    func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

    /// R(p) and the new screen's rect inside it (aspect-fill about R's centre), from the issue.
    func expected(_ p: Double) -> (r: Rect, content: Rect) {
        let r = Rect(lerp(20, 0, p), lerp(40, 0, p), lerp(40, w, p), lerp(20, h, p))
        let k = max(r.width / w, r.height / h)
        return (r, Rect(r.midX - k * w / 2, r.midY - k * h / 2, k * w, k * h))
    }

    func assertRect(_ a: Rect?, _ e: Rect, _ msg: String, line: UInt = #line) {
        guard let a else { return XCTFail("missing " + msg, line: line) }
        for (x, y) in [(a.minX, e.minX), (a.minY, e.minY), (a.width, e.width), (a.height, e.height)] {
            XCTAssertEqual(x, y, accuracy: 1e-9, msg, line: line)
        }
    }

    func testPushGeometryFollowsTheFormulas() {
        for p in [0.1, 0.25, 0.5, 0.8] {
            let scene = zoom.scene(frame(.push, p))
            assertRect(scene.frameOfDescendant(id: "B"), expected(p).content, "new screen at p \(p)")
            assertRect(scene.frameOfDescendant(id: "A"), Rect(0, 0, w, h), "the screen underneath stays at scale 1, p \(p)")
        }
    }

    func testMidFlightPixels() {
        // p = 0.5: R = (10, 20, 70, 110), radius 10, k = max(0.7, 0.55) = 0.7 about (45, 75): the
        // blue/green boundary at y = 75 + 0.7·(100 − 100) = 75; the source has faded out (p ≥ 0.3).
        let b = render(zoom.scene(frame(.push, 0.5)))
        let dimmed = (0.95, 0.0, 0.0) // red under a 0.1 · 0.5 black dim
        assertPixel(b, 50, 22, (0, 0, 1))
        assertPixel(b, 50, 73, (0, 0, 1))
        assertPixel(b, 50, 76, (0, 1, 0))
        assertPixel(b, 75, 125, (0, 1, 0))  // inside the bottom-right corner (centre (70, 120))
        assertPixel(b, 78, 128, dimmed)     // outside it
        assertPixel(b, 5, 100, dimmed)    // left of R
        assertPixel(b, 50, 132, dimmed)   // below R
        assertPixel(b, 11, 21, dimmed)    // outside R's rounded corner (centre (20, 30), radius 10)
        assertPixel(b, 15, 25, (0, 0, 1)) // inside it
        // p = 0.15: R = (17, 34, 49, 47), k = 0.49 about (41.5, 57.5), the source's snapshot at
        // opacity 1 − 0.15 / 0.3 = 0.5 over it; dim 0.015.
        let e = render(zoom.scene(frame(.push, 0.15)))
        assertPixel(e, 40, 45, (0.5, 0.5, 0.5))  // yellow over blue
        assertPixel(e, 40, 70, (0.5, 1, 0))      // yellow over green
        assertPixel(e, 5, 5, (0.985, 0, 0))
    }

    func testEndsAndPopIsThePushBackwards() {
        // p = 0: the source's snapshot exactly over its own frame on the undimmed screen underneath.
        let start = render(zoom.scene(frame(.push, 0)))
        assertPixel(start, 40, 50, (1, 1, 0))
        assertPixel(start, 5, 5, (1, 0, 0))
        // p = 1: the new screen alone, square corners (the display's own).
        let end = render(zoom.scene(frame(.push, 1)))
        assertPixel(end, 0, 0, (0, 0, 1))
        assertPixel(end, 99, 199, (0, 1, 0))
        for p in [0.2, 0.5, 0.9] {
            XCTAssertTrue(render(zoom.scene(frame(.pop, p))).isIdentical(to: render(zoom.scene(frame(.push, 1 - p)))), "pop \(p)")
        }
    }

    func testDefaultCurveIsTheMeasuredSpring() throws {
        let timing = try Timing(curve: zoom.defaultCurve, duration: zoom.defaultDuration)
        // platforms.md §1: ≈ 90 % of the way at ≈ 120 ms, settled at ≈ 0.4–0.5 s, no bounce.
        XCTAssertGreaterThanOrEqual(timing.progress(at: 0.12), 0.85)
        XCTAssertLessThanOrEqual(timing.duration, 0.5)
        var last = 0.0
        for i in 0...500 {
            let t = Double(i) / 1000, p = timing.progress(at: t)
            XCTAssertGreaterThanOrEqual(p, last - 1e-12, "monotone at \(t)")
            XCTAssertLessThanOrEqual(p, 1 + 1e-12, "no overshoot at \(t)")
            last = p
        }
        XCTAssertLessThan(1 - timing.rawProgress(at: 0.5), 0.001, "settled by 0.5 s")
        XCTAssertEqual(timing.progress(at: 0.5), 1)
    }

    // MARK: interactive dismiss

    let phone = Size(390, 844)

    /// s(d) = 0.4 + 0.6·e^(−f·d/H), f such that s(H/2) = 0.54 (the "≈ 0.54 at mid-screen").
    func expectedScale(down d: Double) -> Double {
        let f = 2 * log(0.6 / 0.14)
        return 0.4 + 0.6 * exp(-f * d / phone.height)
    }

    func driver(_ t: NavigationZoomTransition, from: Point, to: Point, velocity: Point? = nil) throws -> InteractiveDriver {
        let g = try Gesture(from: from, to: to, duration: 0.4, curve: .easeOut, releaseVelocity: velocity)
        return try XCTUnwrap(t.interactive(gesture: g, canvas: phone, operation: .pop, release: .auto))
    }

    func testScaleFallsWithTheDownwardDistance() throws {
        XCTAssertEqual(NavigationZoomTransition.scale(progress: NavigationZoomTransition.progress(
            translation: Point(0, phone.height / 2), canvas: phone, edge: false)), 0.54, accuracy: 1e-12)
        for d in [0.0, 50, 200, 600] {
            let q = NavigationZoomTransition.progress(translation: Point(13, d), canvas: phone, edge: false)
            XCTAssertEqual(NavigationZoomTransition.scale(progress: q), expectedScale(down: d), accuracy: 1e-12)
        }
        // Up does not shrink it; sideways only from the edge.
        XCTAssertEqual(NavigationZoomTransition.progress(translation: Point(0, -80), canvas: phone, edge: false), 0)
        XCTAssertEqual(NavigationZoomTransition.progress(translation: Point(150, 0), canvas: phone, edge: false), 0)
        XCTAssertGreaterThan(NavigationZoomTransition.progress(translation: Point(150, 0), canvas: phone, edge: true), 0.5)
    }

    func testReleaseFinishesBelowTheScaleOrAboveTheSpeed() throws {
        let t = NavigationZoomTransition(source: "cell")
        // Distance at which s = 0.75, from s(d) above.
        let d75 = -log(0.35 / 0.6) / (2 * log(0.6 / 0.14)) * phone.height
        // A placed release (easeOut ends at rest): only the scale decides.
        XCTAssertEqual(try driver(t, from: Point(200, 300), to: Point(200, 300 + d75 * 1.05)).decision, .finish)
        XCTAssertEqual(try driver(t, from: Point(200, 300), to: Point(200, 300 + d75 * 0.95)).decision, .cancel)
        // A short drag: the downward speed decides, 700 pt/s.
        XCTAssertEqual(try driver(t, from: Point(200, 300), to: Point(200, 340), velocity: Point(0, 720)).decision, .finish)
        XCTAssertEqual(try driver(t, from: Point(200, 300), to: Point(200, 340), velocity: Point(0, 680)).decision, .cancel)
        XCTAssertEqual(try driver(t, from: Point(200, 300), to: Point(200, 340), velocity: Point(900, -50)).decision, .cancel)
        // Both thresholds are parameters.
        let strict = NavigationZoomTransition(source: "cell", dismissScale: 0.95, dismissSpeed: 300)
        XCTAssertEqual(try driver(strict, from: Point(200, 300), to: Point(200, 340)).decision, .finish) // s ≈ 0.92
        XCTAssertEqual(try driver(strict, from: Point(200, 300), to: Point(200, 310), velocity: Point(0, 400)).decision, .finish)
        XCTAssertEqual(try driver(t, from: Point(200, 300), to: Point(200, 340)).decision, .cancel)
        // An edge swipe shrinks it by its rightward distance; the same swipe mid-screen does not.
        XCTAssertEqual(try driver(t, from: Point(5, 400), to: Point(205, 400)).decision, .finish)
        XCTAssertEqual(try driver(t, from: Point(100, 400), to: Point(300, 400)).decision, .cancel)
        // Catalog parameters reach the rule.
        let cat = try XCTUnwrap(Catalog.make("navigation-zoom", parameters: ["source": .string("cell"), "dismissScale": .number(0.95)]))
        let g = try Gesture(from: Point(200, 300), to: Point(200, 340), duration: 0.4)
        XCTAssertEqual(try cat.interactive(gesture: g, canvas: phone, operation: .pop, release: .auto)?.decision, .finish)
        XCTAssertNil(try cat.interactive(gesture: g, canvas: phone, operation: .push, release: .auto))
    }

    func testDraggedCardFollowsTheFingerThenLandsInTheSource() throws {
        // Mid-drag on the 100 × 200 canvas: finger moved (10, 60); the card is the screen scaled by
        // s about its centre moved by the finger, so the new screen fills it exactly.
        let q = NavigationZoomTransition.progress(translation: Point(10, 60), canvas: canvas, edge: false)
        let s = NavigationZoomTransition.scale(progress: q)
        let lifted = Rect(50 + 10 - s * 50, 100 + 60 - s * 100, s * w, s * h)
        let drag = Interaction(translation: Point(10, 60), released: false, releaseProgress: q, finishing: true)
        let mid = zoom.scene(frame(.pop, q, drag))
        assertRect(mid.frameOfDescendant(id: "B"), lifted, "dragged card")
        // The slot of the source shows the screen underneath (dimmed by 0.1·s), not the snapshot.
        let b = render(mid)
        assertPixel(b, 25, 45, (1 - 0.1 * s, 0, 0))
        // Released and finishing, completion k of the way: R = lerp(lifted, source, k), aspect-fill.
        let pr = q + (1 - q) * 0.5  // completion 0.5
        let landing = Interaction(translation: Point(10, 60), released: true, releaseProgress: q, finishing: true)
        let r = lifted.interpolated(to: sourceFrame, 0.5)
        let k = max(r.width / w, r.height / h)
        assertRect(zoom.scene(frame(.pop, pr, landing)).frameOfDescendant(id: "B"),
                   Rect(r.midX - k * w / 2, r.midY - k * h / 2, k * w, k * h), "landing card")
        // Cancelled: back to the full screen.
        let back = Interaction(translation: Point(10, 60), released: true, releaseProgress: q, finishing: false)
        let rc = lifted.interpolated(to: Rect(0, 0, w, h), 0.5)
        let kc = max(rc.width / w, rc.height / h)
        assertRect(zoom.scene(frame(.pop, q * 0.5, back)).frameOfDescendant(id: "B"),
                   Rect(rc.midX - kc * w / 2, rc.midY - kc * h / 2, kc * w, kc * h), "returning card")
    }

    func testEntryListsItsParameters() {
        let e = Catalog.entry(named: "navigation-zoom")
        XCTAssertEqual(e?.parameters.map(\.name), ["source", "dim", "cornerRadius", "dismissScale", "dismissSpeed"])
        XCTAssertEqual(e?.parameters.first { $0.name == "cornerRadius" }?.defaultValue.description, "device")
        XCTAssertEqual(Catalog.entry(named: "uikit")?.parameters.last?.name, "edge")
        XCTAssertEqual(Catalog.entry(named: "sheet")?.parameters.suffix(2).map(\.name), ["detent", "from"])
    }
}
