import XCTest
import Geometry
import Motion
import Raster
import Scene
import Transitions

/// Material motion in pixels: solid screens (red = the screen on top before the step, blue = the
/// one after) over a black background, mid-transition, against the formulas of
/// docs/ANDROID.md evaluated here.
final class MaterialMotionTests: XCTestCase {
    let canvas = Size(400, 200)
    var red: Node { Node.rect(Rect(0, 0, 400, 200), Color(r: 1, g: 0, b: 0)) }
    var blue: Node { Node.rect(Rect(0, 0, 400, 200), Color(r: 0, g: 0, b: 1)) }

    func render(_ t: any Transition, _ op: StackOperation, _ p: Double, matches: [MatchedElement] = []) -> Bitmap {
        let b = Bitmap(uncheckedWidth: 400, height: 200, fill: .black)
        Renderer.render(t.scene(TransitionFrame(from: red, to: blue, canvas: canvas, operation: op, progress: p, matches: matches)),
                        scale: 1, into: b)
        return b
    }


    /// fast_out_extra_slow_in by bisection on its two segments' Bernstein form (path data of
    /// core/res/res/interpolator/fast_out_extra_slow_in.xml).
    static func foesi(_ x: Double) -> Double {
        let segs = [[(0.0, 0.0), (0.05, 0.0), (0.133333, 0.06), (0.166666, 0.4)],
                    [(0.166666, 0.4), (0.208333, 0.82), (0.25, 1.0), (1.0, 1.0)]]
        let seg = x <= 0.166666 ? segs[0] : segs[1]
        func at(_ s: Double) -> (Double, Double) {
            let u = 1 - s, w = [u * u * u, 3 * u * u * s, 3 * u * s * s, s * s * s]
            return (zip(w, seg).map { $0 * $1.0 }.reduce(0, +), zip(w, seg).map { $0 * $1.1 }.reduce(0, +))
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 { let m = (lo + hi) / 2; if at(m).0 < x { lo = m } else { hi = m } }
        return at((lo + hi) / 2).1
    }

    func testSharedAxisX() {
        let t = SharedAxisTransition(axis: .x)
        // p 0.2: outgoing alpha 1 − 0.2/0.35, moved −30·0.2 = −6; incoming still transparent.
        var b = render(t, .push, 0.2)
        assertRGB(b, 200, 100, 1 - 0.2 / 0.35, 0, 0)
        assertRGB(b, 396, 100, 0, 0, 0)   // right of the outgoing screen's edge at 394
        // p 0.7: outgoing gone; incoming alpha (0.7 − 0.35)/0.65 from +30·0.3 = 9.
        b = render(t, .push, 0.7)
        assertRGB(b, 7, 100, 0, 0, 0)
        assertRGB(b, 11, 100, 0, 0, 0.35 / 0.65)
        // Pop mirrors: the incoming one comes from −9, so the strip at the right edge is black.
        b = render(t, .pop, 0.7)
        assertRGB(b, 389, 100, 0, 0, 0.35 / 0.65)
        assertRGB(b, 393, 100, 0, 0, 0)
    }

    func testSharedAxisYAndZ() {
        // y, push p 0.6: incoming from +30·0.4 = 12 below, moving up.
        var b = render(SharedAxisTransition(axis: .y), .push, 0.6)
        assertRGB(b, 200, 10, 0, 0, 0)
        assertRGB(b, 200, 14, 0, 0, 0.25 / 0.65)
        // z, push p 0.6: incoming scale 0.8 + 0.2·0.6 = 0.92 about the centre: x from 16 to 384.
        b = render(SharedAxisTransition(axis: .z), .push, 0.6)
        assertRGB(b, 14, 100, 0, 0, 0)
        assertRGB(b, 18, 100, 0, 0, 0.25 / 0.65)
        // z, pop p 0.6: incoming scale 1.1 − 0.1·0.6 = 1.04 covers the canvas.
        b = render(SharedAxisTransition(axis: .z), .pop, 0.6)
        assertRGB(b, 1, 100, 0, 0, 0.25 / 0.65)
        // z, push p 0.2: outgoing scale 1 + 0.1·0.2 covers it, alpha 1 − 0.2/0.35.
        b = render(SharedAxisTransition(axis: .z), .push, 0.2)
        assertRGB(b, 1, 1, 1 - 0.2 / 0.35, 0, 0)
    }

    func testFadeThrough() {
        let t = FadeThroughTransition()
        // p 0.675: incoming alpha 0.5, scale 0.92 + 0.08·0.675 = 0.974: x from 5.2 to 394.8.
        let b = render(t, .push, 0.675)
        assertRGB(b, 3, 100, 0, 0, 0)
        assertRGB(b, 200, 100, 0, 0, 0.5)
        // The outgoing one fades out by 0.35 without scaling.
        assertRGB(render(t, .pop, 0.1), 0, 0, 1 - 0.1 / 0.35, 0, 0)
    }

    func testMaterialFade() {
        let t = MaterialFadeTransition()
        // Present p 0.15: alpha 0.15/0.3 = 0.5, scale 0.8 + 0.2·0.15 = 0.83: x from 34 to 366.
        let b = render(t, .present, 0.15)
        assertRGB(b, 30, 100, 1, 0, 0)
        assertRGB(b, 200, 100, 0.5, 0, 0.5)
        // Dismiss p 0.25: the presented (red, on top) fades to 0.75 in place over blue.
        assertRGB(render(t, .dismiss, 0.25), 1, 1, 0.75, 0, 0.25)
        XCTAssertEqual(t.defaults(for: .present).duration, 0.4)
        XCTAssertEqual(t.defaults(for: .dismiss).duration, 0.15)
        XCTAssertEqual(t.defaults(for: .dismiss).curve, .bezier(x1: 0.3, y1: 0, x2: 0.8, y2: 0.15))
    }

    func element(radius: Double) -> MatchedElement {
        let green = Bitmap(uncheckedWidth: 40, height: 30, fill: Color(r: 0, g: 1, b: 0))
        let r = Rect(20, 20, 40, 30)
        return MatchedElement(fromID: "cell", toID: "cell", fromFrame: r, toFrame: r, fromImage: green, toImage: green,
                              fromCornerRadius: radius, toCornerRadius: radius)
    }

    func testContainerTransformEnter() {
        let t = ContainerTransformTransition()
        // p 0.1: fade 0.1/0.25 = 0.4; mask = lerp([20,20,40,30], [0,0,400,200], 0.1) = [18, 18, 76, 47];
        // the element's picture at the container's width 76 (height 57) under the screen at 0.4.
        var b = render(t, .push, 0.1, matches: [element(radius: 0)])
        assertRGB(b, 50, 40, 0, 0.6, 0.4)
        // Outside the mask: the old screen under the scrim #52000000 × 0.1.
        let scrim = 82.0 / 255 * 0.1
        assertRGB(b, 200, 150, 1 - scrim, 0, 0)
        assertRGB(b, 100, 40, 1 - scrim, 0, 0)  // right of the mask's edge at 94
        // p 0.5: the new screen alone inside mask [10, 10, 220, 115], corner radius
        // 20·(1 − 0.5/0.75) = 6.67; scrim 0.5 × #52 outside.
        b = render(t, .push, 0.5, matches: [element(radius: 20)])
        assertRGB(b, 100, 60, 0, 0, 1)
        assertRGB(b, 10, 10, 1 - 82.0 / 255 * 0.5, 0, 0)   // the rounded corner leaves the old screen
        assertRGB(b, 235, 60, 1 - 82.0 / 255 * 0.5, 0, 0)
    }

    func testContainerTransformReturn() {
        let t = ContainerTransformTransition()
        // Pop p 0.45: scale mask 0.45/0.9 = 0.5 → mask [10, 10, 220, 115]; the element fades in
        // only from 0.6, so the shrinking screen (red, the top before the pop) fills it.
        let b = render(t, .pop, 0.45, matches: [element(radius: 0)])
        assertRGB(b, 100, 60, 1, 0, 0)
        assertRGB(b, 300, 150, 0, 0, 1 - 82.0 / 255 * 0.55)
        // p 0.75: fade (0.75 − 0.6)/0.3 = 0.5 of the element over the screen.
        let c = render(t, .pop, 0.75, matches: [element(radius: 0)])
        // mask = lerp(full, element, 0.75/0.9); content width the same lerp with the scale 0–1: 0.75.
        let f = 0.75 / 0.9
        let mask = Rect(20 * f, 20 * f, 400 + (40 - 400) * f, 200 + (30 - 200) * f)
        assertRGB(c, Int(mask.midX), Int(mask.minY + 2), 0.5, 0.5, 0)
    }

    func testAndroidActivity() {
        let t = AndroidActivityTransition()
        // Open at u 0.5 (225 ms): the new activity at +96·(1 − e), opaque; the old one at −96·e.
        let e = Self.foesi(0.5), edge = 96 * (1 - e)
        var b = render(t, .push, 0.5)
        assertRGB(b, Int(edge) + 2, 100, 0, 0, 1)
        assertRGB(b, Int(edge) - 2, 100, 1, 0, 0)
        assertRGB(b, 399, 100, 0, 0, 1)
        // Open at u 0.2 (90 ms): alpha (90 − 50)/83 over the old one.
        b = render(t, .push, 0.2)
        let a = 40.0 / 83
        assertRGB(b, 399 - 2, 100, 0, 0, a)  // right of the old screen's edge: over black
        // Close at u 0.1 (45 ms): the closing one at +96·e, alpha 1 − 10/83; the entering at −96·(1 − e).
        let e1 = Self.foesi(0.1)
        b = render(t, .pop, 0.1)
        let alpha = 1 - 10.0 / 83, enteringRight = 400 - 96 * (1 - e1), closingLeft = 96 * e1
        assertRGB(b, Int(enteringRight) + 2, 100, alpha, 0, 0)
        assertRGB(b, Int(closingLeft) + 2, 100, alpha, 0, 1 - alpha)
        XCTAssertTrue(closingLeft < enteringRight - 4)
    }

    func testAndroidFragment() {
        let t = AndroidFragmentTransition()
        // Open at u 0.5 (200 ms): old fragment alpha 1 − 0.6·(117/167), scale 1 + 0.05·e (covers);
        // new fragment alpha 1, scale 0.85 + 0.15·e about the centre.
        let e = Self.foesi(0.5), s = 0.85 + 0.15 * e
        let b = render(t, .push, 0.5)
        let left = 200 - 200 * s
        assertRGB(b, Int(left) - 2, 100, 1 - 0.6 * 117 / 167, 0, 0)
        assertRGB(b, Int(left) + 2, 100, 0, 0, 1)
        // Close at u 0.1 (40 ms): closing alpha 1 − 7/50 at scale 1 − 0.1·e over the entering at 1.1 − 0.1·e.
        let c = render(t, .pop, 0.1)
        let a = 1 - 7.0 / 50
        assertRGB(c, 200, 100, a, 0, 1 - a)
        let closingLeft = 200 - 200 * (1 - 0.1 * Self.foesi(0.1))
        assertRGB(c, Int(closingLeft) - 2, 100, 0, 0, 1)
    }
}
