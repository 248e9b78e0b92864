import XCTest
import Geometry
import Motion
import Raster
import Scene
import Transitions

/// Predictive back (docs/ANDROID.md; AOSP CrossActivityBackAnimation /
/// DefaultCrossActivityBackAnimation): the progress of a drag, the release rule, and the windows
/// in pixels mid-gesture and mid-commit, against rects worked out here from the numbers.
final class PredictiveBackTests: XCTestCase {
    let canvas = Size(400, 800)
    var red: Node { Node.rect(Rect(0, 0, 400, 800), Color(r: 1, g: 0, b: 0)) }    // the closing screen
    var blue: Node { Node.rect(Rect(0, 0, 400, 800), Color(r: 0, g: 0, b: 1)) }   // the one it goes back to

    func render(_ t: any Transition, _ p: Double, _ i: Interaction?) -> Bitmap {
        let b = Bitmap(uncheckedWidth: 400, height: 800, fill: .black)
        Renderer.render(t.scene(TransitionFrame(from: red, to: blue, canvas: canvas, operation: .pop, progress: p, interaction: i)),
                        scale: 1, into: b)
        return b
    }


    /// PathInterpolator(0.1, 0.1, 0, 1) by bisection on its Bernstein form.
    func backCurve(_ x: Double) -> Double {
        func at(_ s: Double) -> (Double, Double) {
            let u = 1 - s
            return (3 * u * u * s * 0.1 + s * s * s, 3 * u * u * s * 0.1 + 3 * u * s * s + s * s * s)
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 { let m = (lo + hi) / 2; if at(m).0 < x { lo = m } else { hi = m } }
        return at((lo + hi) / 2).1
    }

    func testProgressOfTheDrag() {
        // A phone narrower than 412 dp: linear over the width.
        let phone = BackGesture(width: 411.43)
        XCTAssertEqual(phone.linearProgress(100), 100 / 411.43, accuracy: 1e-12)
        XCTAssertEqual(phone.progress(100), backCurve(100 / 411.43), accuracy: 1e-9)
        XCTAssertEqual(phone.progress(500), 1)
        // The unfolded Fold (790 dp): linear to 412 toward a target 412 + 378·0.5, then eased to 1 at 790.
        let fold = BackGesture(width: 790)
        XCTAssertEqual(fold.linearProgress(300), 300 / 601, accuracy: 1e-12)
        XCTAssertEqual(fold.linearProgress(412), 412 / 601, accuracy: 1e-12)
        XCTAssertEqual(fold.linearProgress(601), 601 / (601 + 189 * (189 / 378)), accuracy: 1e-12)
        XCTAssertEqual(fold.linearProgress(790), 1, accuracy: 1e-12)
    }

    func gesture(from: Double, to: Double, velocity vx: Double? = nil) throws -> Gesture {
        try Gesture(from: MotionPoint(from, 400), to: MotionPoint(to, 420), duration: 0.4, curve: .easeOut,
                    releaseVelocity: vx.map { MotionPoint($0, 0) })
    }

    func testReleaseDecisions() throws {
        let t = PredictiveBackTransition()
        func decide(_ g: Gesture, _ mode: ReleaseMode = .auto) throws -> ReleaseDecision {
            try XCTUnwrap(t.interactive(gesture: g, canvas: canvas, operation: .pop, release: mode)).decision
        }
        XCTAssertEqual(try decide(gesture(from: 4, to: 150)), .finish)                     // still moving inward
        XCTAssertEqual(try decide(gesture(from: 4, to: 150, velocity: 0)), .finish)        // held still
        XCTAssertEqual(try decide(gesture(from: 4, to: 150, velocity: -300)), .cancel)     // moving back to its edge
        XCTAssertEqual(try decide(gesture(from: 4, to: 14)), .cancel)                      // under 16 dp
        XCTAssertEqual(try decide(gesture(from: 396, to: 250)), .finish)                   // right edge, inward
        XCTAssertEqual(try decide(gesture(from: 396, to: 250, velocity: 200)), .cancel)    // right edge, back out
        XCTAssertEqual(try decide(gesture(from: 4, to: 150), .cancel), .cancel)
        XCTAssertNil(try t.interactive(gesture: gesture(from: 4, to: 150), canvas: canvas, operation: .push, release: .auto))
        // Commit: a linear 450 ms clock from the release progress; cancel: a spring back to 0.
        let d = try XCTUnwrap(t.interactive(gesture: gesture(from: 4, to: 150), canvas: canvas, operation: .pop, release: .auto))
        XCTAssertEqual(d.completionDuration, 0.45, accuracy: 1e-12)
        XCTAssertEqual(d.progress(at: d.releaseTime + 0.09), d.releaseProgress + (1 - d.releaseProgress) * 0.2, accuracy: 1e-9)
        XCTAssertEqual(d.releaseProgress, backCurve(146 / 400), accuracy: 1e-9)
        let c = try XCTUnwrap(t.interactive(gesture: gesture(from: 4, to: 150, velocity: -300), canvas: canvas, operation: .pop, release: .auto))
        XCTAssertEqual(c.progress(at: c.totalDuration), 0)
        XCTAssertGreaterThan(c.completionDuration, 0.3)  // k 200, ζ 0.75 settles in about half a second
    }

    func testWindowsMidGesture() {
        let t = PredictiveBackTransition()
        // p 0.5, no vertical travel. Closing: full → 0.9 about the centre [20, 40, 360, 720], moved
        // right until 8 from the edge [32, 40, 360, 720]; halfway [16, 20, 384, 760].
        // Entering: [−96, 0, 400, 800] → 0.9 about its centre [−76, 40, 360, 720]; halfway
        // [−86, 20, 380, 760], right edge 294. Scrim 0.2 between them.
        let i = Interaction(translation: Point(150, 0), released: false, releaseProgress: 0, finishing: false)
        let b = render(t, 0.5, i)
        assertRGB(b, 200, 400, 1, 0, 0)
        assertRGB(b, 10, 400, 0, 0, 0.8)        // entering, under the scrim
        assertRGB(b, 300, 400, 1, 0, 0)
        assertRGB(b, 398, 400, 0, 0, 0)          // right of the closing window (ends at 396)
        assertRGB(b, 10, 10, 0, 0, 0)            // above both
        // The entering window's top edge at 20, seen in the strip left of the closing one.
        assertRGB(b, 10, 18, 0, 0, 0)
        assertRGB(b, 10, 22, 0, 0, 0.8)
    }

    func testVerticalFollowKeepsAnEightPointMargin() {
        let t = PredictiveBackTransition()
        // dy 200 of h/2 = 400: ratio 0.5, decelerated 0.75; room (800 − 760)/2 − 8 = 12 → +9.
        let i = Interaction(translation: Point(150, 200), released: false, releaseProgress: 0, finishing: false)
        let b = render(t, 0.5, i)
        assertRGB(b, 200, 27, 0, 0, 0)          // the closing top moved from 20 to 29
        assertRGB(b, 200, 31, 1, 0, 0)
        assertRGB(b, 200, 787, 1, 0, 0)          // bottom at 789
        assertRGB(b, 200, 791, 0, 0, 0)
    }

    func testCommitFliesAndFades() {
        let t = PredictiveBackTransition()
        // Released at p 0.5, committed; c = 0.1 of the 450 ms: closing alpha 1 − 5·0.1 = 0.5,
        // scrim 0.2·0.9; rects from the release rects on emphasized(0.1): closing [16, 20, 384, 760]
        // → [112, 0, 400, 800], entering [−86, 20, 380, 760] → the display.
        let e = MaterialMotionTests.foesi(0.1)
        let q = 0.5 + 0.5 * 0.1
        let i = Interaction(translation: Point(150, 0), released: true, releaseProgress: 0.5, finishing: true)
        let b = render(t, q, i)
        let closingLeft = 16 + 96 * e, enteringRight = 294 + 106 * e
        let scrim = 0.2 * 0.9
        assertRGB(b, Int(closingLeft) + 3, 400, 0.5, 0, 0.5 * (1 - scrim))
        if closingLeft - 3 > 0 { assertRGB(b, Int(closingLeft) - 3, 400, 0, 0, 1 - scrim) }
        XCTAssertLessThan(enteringRight, 400)
        // Cancel: the gesture geometry at the (spring's) progress.
        let cancel = Interaction(translation: Point(150, 0), released: true, releaseProgress: 0.5, finishing: false)
        XCTAssertTrue(render(t, 0.3, cancel).isIdentical(to: render(t, 0.3, Interaction(translation: Point(150, 0), released: false,
                                                                                              releaseProgress: 0, finishing: false))))
        // At the end of a commit: the entering screen alone, full size.
        XCTAssertTrue(render(t, 1, i).isIdentical(to: { let x = Bitmap(uncheckedWidth: 400, height: 800, fill: .black); Renderer.render(blue, scale: 1, into: x); return x }()))
    }

    func testRightEdgeScalesIntoTheMiddle() {
        let t = PredictiveBackTransition()
        // Right edge, p 1: closing [20, 40, 360, 720] (AOSP offsets only left-edge swipes).
        let i = Interaction(translation: Point(-300, 0), released: false, releaseProgress: 0, finishing: false)
        let b = render(t, 1, i)
        assertRGB(b, 22, 400, 1, 0, 0)
        assertRGB(b, 378, 400, 1, 0, 0)
        assertRGB(b, 382, 400, 0, 0, 0)
    }

    func testHomeAndInApp() {
        // Home, p 0.5: the app window at 0.875 about the centre [25, 50, 350, 700] over home under 0.2.
        let h = PredictiveBackHomeTransition()
        let i = Interaction(translation: Point(150, 0), released: false, releaseProgress: 0, finishing: false)
        var b = render(h, 0.5, i)
        assertRGB(b, 27, 400, 1, 0, 0)
        assertRGB(b, 23, 400, 0, 0, 0.8)
        assertRGB(b, 200, 48, 0, 0, 0.8)
        // In-app, p 0.5: scale 0.95 [10, 20, 380, 760], moved right by ((400 − 360)/2 − 8)·0.5 = 6.
        b = render(PredictiveBackInAppTransition(), 0.5, i)
        assertRGB(b, 14, 400, 0, 0, 1)
        assertRGB(b, 18, 400, 1, 0, 0)
        assertRGB(b, 394, 400, 1, 0, 0)
        assertRGB(b, 398, 400, 0, 0, 1)
        // In-app vertical follow is capped at 24: dy 400 (ratio 1) → min(24, (800 − 760)/2 − 8 = 12) = 12.
        b = render(PredictiveBackInAppTransition(), 0.5, Interaction(translation: Point(150, 400), released: false, releaseProgress: 0, finishing: false))
        assertRGB(b, 200, 30, 0, 0, 1)
        assertRGB(b, 200, 34, 1, 0, 0)
    }
}
