import XCTest
import Geometry
import Motion
import Raster
import Scene
import Transitions

/// The page sheet on a 100 × 200 canvas with safeTop 20, topOffset 10: the sheet rests at y = 30,
/// travels 170 pt, and the presenting screen ends at scale 1 − 20/100 = 0.8 with its top at 20.
final class SheetTransitionTests: XCTestCase {
    let w = 100.0, h = 200.0
    var canvas: Size { Size(w, h) }
    let red = Color(r: 1, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 1), green = Color(r: 0, g: 1, b: 0)
    var a: Node { .rect(Rect(0, 0, w, h), red, id: "A") }   // presenting
    var b: Node { .rect(Rect(0, 0, w, h), blue, id: "B") }  // the sheet
    let t = SheetTransition(safeTop: 20, topOffset: 10, cornerRadius: 10, dim: 0.2)

    func present(_ p: Double) -> Node { t.scene(TransitionFrame(from: a, to: b, canvas: canvas, operation: .present, progress: p)) }
    func dismiss(_ p: Double) -> Node { t.scene(TransitionFrame(from: b, to: a, canvas: canvas, operation: .dismiss, progress: p)) }

    func rectOf(_ root: Node, _ id: String) -> Rect? { root.frameOfDescendant(id: id) }

    func render(_ n: Node) -> Bitmap {
        let bmp = Bitmap(uncheckedWidth: Int(w), height: Int(h), fill: green)
        Renderer.render(n, scale: 1, into: bmp)
        return bmp
    }

    func assertPixel(_ bmp: Bitmap, _ x: Int, _ y: Int, _ r: Double, _ g: Double, _ bl: Double, tol: Double = 2, line: UInt = #line) {
        let px = bmp.rgba(x: x, y: y)
        XCTAssertEqual(Double(px.r), r * 255, accuracy: tol, "r at (\(x),\(y))", line: line)
        XCTAssertEqual(Double(px.g), g * 255, accuracy: tol, "g at (\(x),\(y))", line: line)
        XCTAssertEqual(Double(px.b), bl * 255, accuracy: tol, "b at (\(x),\(y))", line: line)
    }

    func assertRect(_ r: Rect?, _ x: Double, _ y: Double, _ rw: Double, _ rh: Double, _ msg: String = "", line: UInt = #line) {
        guard let r else { return XCTFail("missing " + msg, line: line) }
        XCTAssertEqual(r.minX, x, accuracy: 1e-9, msg, line: line)
        XCTAssertEqual(r.minY, y, accuracy: 1e-9, msg, line: line)
        XCTAssertEqual(r.width, rw, accuracy: 1e-9, msg, line: line)
        XCTAssertEqual(r.height, rh, accuracy: 1e-9, msg, line: line)
    }

    // MARK: geometry

    func testPresentGeometry() {
        for q in [0.25, 0.5, 1.0] {
            let s = present(q)
            // Sheet: top from 200 to 30, full width, top-aligned screen.
            assertRect(rectOf(s, "B"), 0, 30 + 170 * (1 - q), 100, 200, "sheet q=\(q)")
            // Presenting: scale 1 − 0.2 q about the top centre, top edge at 20 q.
            let sc = 1 - 0.2 * q
            assertRect(rectOf(s, "A"), 50 - 50 * sc, 20 * q, 100 * sc, 200 * sc, "presenting q=\(q)")
            // The sheet is on top.
            XCTAssertEqual(s.children.last?.find(id: "B") != nil, true)
        }
        // Half way: sheet at y = 115, presenting ×0.9 at y = 10 (x ∈ [5, 95]), dim 0.1.
        let bmp = render(present(0.5))
        assertPixel(bmp, 50, 60, 0.9, 0, 0)
        assertPixel(bmp, 2, 60, 0, 0, 0)       // the black window background, dimmed
        assertPixel(bmp, 50, 5, 0, 0, 0)
        assertPixel(bmp, 50, 150, 0, 0, 1)
        assertPixel(bmp, 50, 113, 0.9, 0, 0)
    }

    func testPresentedStatePixels() {
        let bmp = render(present(1))
        assertPixel(bmp, 50, 25, 0.8, 0, 0)    // presenting strip between its top (20) and the sheet (30), dim 0.2
        assertPixel(bmp, 5, 25, 0, 0, 0)       // x < 10: beside the shrunk screen
        assertPixel(bmp, 50, 10, 0, 0, 0)      // above it (status bar)
        assertPixel(bmp, 11, 21, 0, 0, 0)      // outside the presenting screen's 10 pt rounded corner
        assertPixel(bmp, 15, 25, 0.8, 0, 0)    // inside it
        assertPixel(bmp, 1, 31, 0, 0, 0)       // outside the sheet's rounded top-left corner
        assertPixel(bmp, 1, 45, 0, 0, 1)
        assertPixel(bmp, 50, 31, 0, 0, 1)
        assertPixel(bmp, 0, 199, 0, 0, 1)      // the bottom corners are below the canvas
        assertPixel(bmp, 99, 199, 0, 0, 1)
    }

    func testStartShowsOnlyThePresentingScreen() {
        let onlyA = render(a)
        XCTAssertTrue(render(present(0)).isIdentical(to: onlyA))
        XCTAssertTrue(render(dismiss(1)).isIdentical(to: onlyA))
    }

    func testDismissIsThePresentBackwards() {
        for p in [0.0, 0.1, 0.5, 0.8, 1.0] {
            let d = dismiss(p), pr = present(1 - p)
            XCTAssertTrue(render(d).isIdentical(to: render(pr)), "p=\(p)")
            XCTAssertEqual(rectOf(d, "A"), rectOf(pr, "A"))
            XCTAssertEqual(rectOf(d, "B"), rectOf(pr, "B"))
        }
    }

    func testDefaultsOnAnIPhone14Canvas() {
        // iPhone 14 canvas: sheet top 47 + 10 = 57, presenting scale 1 − 20/390.
        let d = SheetTransition()
        let big = Rect(0, 0, 390, 844)
        let s = d.scene(TransitionFrame(from: .rect(big, red, id: "A"), to: .rect(big, blue, id: "B"),
                                        canvas: Size(390, 844), operation: .present, progress: 1))
        XCTAssertEqual(rectOf(s, "B")!.minY, 57, accuracy: 1e-9)
        XCTAssertEqual(rectOf(s, "A")!.width, 390 * (1 - 20.0 / 390), accuracy: 1e-9)
        XCTAssertEqual(rectOf(s, "A")!.minX, 10, accuracy: 1e-9)
        XCTAssertEqual(rectOf(s, "A")!.minY, 47, accuracy: 1e-9)
        XCTAssertEqual(d.defaultDuration, 0.5)
        XCTAssertEqual(d.defaultCurve, .system)
    }

    // MARK: interactive dismiss

    func drag(_ dy: Double, duration: Double = 0.4, velocity: Double? = nil) throws -> InteractiveDriver {
        let g = try Gesture(from: MotionPoint(50, 60), to: MotionPoint(50, 60 + dy), duration: duration,
                            releaseVelocity: velocity.map { MotionPoint(0, $0) })
        return try t.interactive(gesture: g, canvas: canvas, operation: .dismiss, release: .auto)!
    }

    func testOnlyDismissIsInteractive() throws {
        let g = try Gesture(from: MotionPoint(50, 60), to: MotionPoint(50, 160), duration: 0.4)
        for op in [StackOperation.present, .push, .pop] {
            XCTAssertNil(try t.interactive(gesture: g, canvas: canvas, operation: op, release: .auto))
        }
    }

    func testHalfTheHeightSlowFinishes() throws {
        let d = try drag(h / 2)                   // 100 pt > 170 / 2; easeOut stroke: release at rest
        XCTAssertEqual(d.decision, .finish)
        XCTAssertEqual(d.releaseProgress, 100.0 / 170, accuracy: 1e-12)
        XCTAssertEqual(d.progress(at: d.totalDuration), 1)
        XCTAssertEqual(d.progress(at: d.totalDuration + 1), 1)
        XCTAssertTrue(render(dismiss(d.progress(at: d.totalDuration))).isIdentical(to: render(a)))
    }

    func testShortDragCancelsBackToThePresentedState() throws {
        let d = try drag(40)
        XCTAssertEqual(d.decision, .cancel)
        XCTAssertEqual(d.progress(at: d.totalDuration), 0)
        XCTAssertGreaterThan(d.completionDuration, 0)
        XCTAssertTrue(render(dismiss(d.progress(at: d.totalDuration))).isIdentical(to: render(present(1))))
    }

    func testThresholdAndVelocity() throws {
        // finish iff dy + 0.3·vy > 85.
        XCTAssertEqual(try drag(80).decision, .cancel)
        XCTAssertEqual(try drag(90).decision, .finish)
        XCTAssertEqual(try drag(40, velocity: 200).decision, .finish)   // 40 + 60 = 100
        XCTAssertEqual(try drag(20, velocity: 200).decision, .cancel)   // 20 + 60 = 80
        XCTAssertEqual(try drag(30, velocity: 200).decision, .finish)   // 30 + 60 = 90
        XCTAssertEqual(try drag(150, velocity: -500).decision, .cancel) // 150 − 150 = 0: flicked back up
        let g = try Gesture(from: MotionPoint(50, 60), to: MotionPoint(50, 70), duration: 0.3)
        XCTAssertEqual(try t.interactive(gesture: g, canvas: canvas, operation: .dismiss, release: .finish)!.decision, .finish)
    }

    func testSheetFollowsTheFinger() throws {
        let g = try Gesture(from: MotionPoint(50, 60), to: MotionPoint(50, 160), duration: 0.5)
        let d = try t.interactive(gesture: g, canvas: canvas, operation: .dismiss, release: .auto)!
        for tm in [0.0, 0.1, 0.25, 0.4, 0.49] {
            let dy = g.position(at: tm).y - 60
            let top = rectOf(dismiss(d.progress(at: tm)), "B")!.minY
            XCTAssertEqual(top, 30 + dy, accuracy: 1e-9, "t=\(tm)")
        }
        // Dragging up does not lift the sheet.
        let up = try Gesture(from: MotionPoint(50, 60), to: MotionPoint(50, 20), duration: 0.3)
        let du = try t.interactive(gesture: up, canvas: canvas, operation: .dismiss, release: .auto)!
        XCTAssertEqual(du.progress(at: 0.2), 0)
        XCTAssertEqual(du.decision, .cancel)
    }

    func testCompletionLeavesAtTheFingersSpeed() throws {
        let d = try drag(60, velocity: 400)       // 60 + 120 > 85: finish
        XCTAssertEqual(d.decision, .finish)
        XCTAssertEqual(d.releaseProgressVelocity, 400.0 / 170, accuracy: 1e-4)
        XCTAssertEqual(d.progressVelocity(at: d.releaseTime), 400.0 / 170, accuracy: 1e-3)
        XCTAssertEqual(d.progress(at: d.releaseTime), 60.0 / 170, accuracy: 1e-12)
        XCTAssertEqual(d.progress(at: d.totalDuration), 1)
        // Monotone to the end (critically damped, no overshoot at this speed).
        var last = d.progress(at: d.releaseTime)
        for i in 1...50 {
            let p = d.progress(at: d.releaseTime + d.completionDuration * Double(i) / 50)
            XCTAssertGreaterThanOrEqual(p, last - 1e-12)
            XCTAssertLessThanOrEqual(p, 1)
            last = p
        }
    }

    // MARK: catalog

    func testEntry() {
        let e = SheetTransition.entry
        XCTAssertEqual(e.name, "sheet")
        XCTAssertEqual(e.parameters.map(\.name), ["safeTop", "topOffset", "cornerRadius", "dim", "velocityImpact", "detent", "from"])
        var merged: [String: ParameterValue] = [:]
        for s in e.parameters { merged[s.name] = s.defaultValue }
        let d = e.make(Parameters(merged)) as! SheetTransition
        XCTAssertEqual([d.safeTop, d.topOffset, d.cornerRadius, d.dim, d.velocityImpact], [47, 10, 10, 0.2, 0.3])
        merged["dim"] = .number(0.12)
        XCTAssertEqual((e.make(Parameters(merged)) as! SheetTransition).dim, 0.12)
    }
}
