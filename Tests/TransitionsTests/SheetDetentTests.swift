import XCTest
import Geometry
import Motion
import Raster
import Scene
import Transitions

/// Sheet `detent` medium and `from` an element, on the 100 × 200 canvas of SheetTransitionTests
/// (safeTop 20, topOffset 10, radius 10, dim 0.2): expected rects and pixels from the formulas.
final class SheetDetentTests: XCTestCase {
    let w = 100.0, h = 200.0
    var canvas: Size { Size(w, h) }
    let red = Color(r: 1, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 1), yellow = Color(r: 1, g: 1, b: 0)
    var a: Node { .rect(Rect(0, 0, w, h), red, id: "A") }
    var b: Node { .rect(Rect(0, 0, w, h), blue, id: "B") }

    func render(_ n: Node) -> Bitmap { renderScene(n, canvas) }

    func testMediumDetentRestsAtHalfHeightOverAnUnshrunkScreen() {
        let t = SheetTransition(safeTop: 20, topOffset: 10, cornerRadius: 10, dim: 0.2, detent: .medium)
        XCTAssertEqual(t.sheetTop(canvas), 100)
        for q in [0.3, 0.5, 1.0] {
            let s = t.scene(TransitionFrame(from: a, to: b, canvas: canvas, operation: .present, progress: q))
            XCTAssertEqual(s.frameOfDescendant(id: "A").map { [$0.minX, $0.minY, $0.width, $0.height] }, [0, 0, w, h], "no shrink at \(q)")
            XCTAssertEqual(s.frameOfDescendant(id: "B")?.minY ?? -1, 100 + 100 * (1 - q), accuracy: 1e-9, "sheet top at \(q)")
        }
        // Presented: the presenting screen dimmed 0.2 above y = 100, square corners; the sheet below.
        let bmp = render(t.scene(TransitionFrame(from: a, to: b, canvas: canvas, operation: .present, progress: 1)))
        assertPixel(bmp, 0, 0, (0.8, 0, 0))
        assertPixel(bmp, 50, 98, (0.8, 0, 0))
        assertPixel(bmp, 1, 101, (0.8, 0, 0))   // outside the sheet's rounded corner
        assertPixel(bmp, 50, 102, (0, 0, 1))
        assertPixel(bmp, 99, 199, (0, 0, 1))
        // Dragging a medium sheet down: it follows the finger over the 100 pt it can travel.
        let g = try! Gesture(from: Point(50, 120), to: Point(50, 170), duration: 0.3, curve: .linear)
        let d = try! XCTUnwrap(t.interactive(gesture: g, canvas: canvas, operation: .dismiss, release: .auto))
        XCTAssertEqual(d.releaseProgress, 0.5, accuracy: 1e-12)
    }

    func testFromAnElementMorphsIntoTheSheetsRect() {
        let t = SheetTransition(safeTop: 20, topOffset: 10, cornerRadius: 10, dim: 0.2, from: "button")
        XCTAssertTrue(t.usesMatchedElements)
        XCTAssertEqual(t.sourceElement, "button")
        XCTAssertNil(SheetTransition().sourceElement)
        let src = Rect(70, 10, 20, 20)
        let img = Bitmap(uncheckedWidth: 20, height: 20, fill: yellow)
        let m = MatchedElement(fromID: "button", toID: "button", fromFrame: src, toFrame: src, fromImage: img, toImage: img)
        // The sheet's rect at rest: (0, 30, 100, 170 + 10). At q the shape is R = lerp(src, that, q);
        // the screen keeps its size (no zoom), centred on R with its top at R's top.
        let target = Rect(0, 30, 100, 180)
        for q in [0.2, 0.6, 1.0] {
            let s = t.scene(TransitionFrame(from: a, to: b, canvas: canvas, operation: .present, progress: q, matches: [m]))
            let r = src.interpolated(to: target, q)
            let e = Rect(r.midX - target.midX, r.minY, w, h)
            let f = s.frameOfDescendant(id: "B")!
            for (x, y) in [(f.minX, e.minX), (f.minY, e.minY), (f.width, e.width), (f.height, e.height)] {
                XCTAssertEqual(x, y, accuracy: 1e-9, "q \(q)")
            }
        }
        // q = 0.1: R = (63, 12, 28, 36), filled with the sheet's background (white when unknown);
        // the button's snapshot at its own 20 × 20 at R's centre (77, 30), opacity 1 − 0.1/0.3 =
        // 2/3; the screen not faded in yet: yellow·2/3 over white.
        let bmp = render(t.scene(TransitionFrame(from: a, to: b, canvas: canvas, operation: .present, progress: 0.1, matches: [m])))
        assertPixel(bmp, 77, 30, (1, 1, 1.0 / 3))
        assertPixel(bmp, 77 + 12, 30, (1, 1, 1))  // inside R, outside the glyph: the sheet's background
        // Fully presented it is the plain large sheet, pixel for pixel.
        let plain = SheetTransition(safeTop: 20, topOffset: 10, cornerRadius: 10, dim: 0.2)
        XCTAssertTrue(render(t.scene(TransitionFrame(from: a, to: b, canvas: canvas, operation: .present, progress: 1, matches: [m])))
            .isIdentical(to: render(plain.scene(TransitionFrame(from: a, to: b, canvas: canvas, operation: .present, progress: 1)))))
    }

    func testUIKitEdgeRefusesAGestureAwayFromTheLeadingEdge() throws {
        let g = try Gesture(from: Point(60, 100), to: Point(90, 100), duration: 0.3)
        XCTAssertNotNil(try UIKitTransition().interactive(gesture: g, canvas: canvas, operation: .pop, release: .auto))
        XCTAssertThrowsError(try UIKitTransition(edge: true).interactive(gesture: g, canvas: canvas, operation: .pop, release: .auto)) {
            XCTAssertTrue("\($0)".contains("within 20 pt of the leading edge"), "\($0)")
        }
        let e = try Gesture(from: Point(20, 100), to: Point(90, 100), duration: 0.3)
        XCTAssertNotNil(try UIKitTransition(edge: true).interactive(gesture: e, canvas: canvas, operation: .pop, release: .auto))
    }
}
