import XCTest
import Geometry
import Raster
import Scene
import Transitions

/// The seed transitions against geometry written out here from the seeds' formulas.
final class SeedTransitionTests: XCTestCase {
    let canvas = Size(100, 200)
    let red = Node.rect(Rect(0, 0, 100, 200), Color(r: 1, g: 0, b: 0), id: "red")
    let blue = Node.rect(Rect(0, 0, 100, 200), Color(r: 0, g: 0, b: 1), id: "blue")

    func render(_ n: Node) -> Bitmap {
        let b = Bitmap(uncheckedWidth: 100, height: 200, fill: .black)
        Renderer.render(n, scale: 1, into: b)
        return b
    }

    func px(_ b: Bitmap, _ x: Int, _ y: Int) -> [Int] {
        let c = b.rgba(x: x, y: y)
        return [Int(c.r), Int(c.g), Int(c.b)]
    }

    func assertPixel(_ b: Bitmap, _ x: Int, _ y: Int, _ e: [Int], tolerance: Int = 1, file: StaticString = #filePath, line: UInt = #line) {
        let got = px(b, x, y)
        XCTAssertTrue(zip(got, e).allSatisfy { abs($0 - $1) <= tolerance }, "pixel (\(x), \(y)) = \(got), expected \(e)", file: file, line: line)
    }

    func testPanBackSeed000AtHalfOfFullAt() {
        // Pop progress q = 0.375 (translation 37.5 of 100): the seed's scale = 0.6 + (q / 0.75)·0.4 = 0.8,
        // cover alpha = 1 − q / 0.75 = 0.5. The old screen (red) spans x 10…90, y 20…180.
        let t = PanBackTransition()
        let s = t.scene(TransitionFrame(from: blue, to: red, canvas: canvas, operation: .pop, progress: 0.375))
        let b = render(s)
        assertPixel(b, 5, 100, [0, 0, 0])        // outside the scaled snapshot: black behind the cover
        assertPixel(b, 20, 100, [128, 0, 0])     // the snapshot under a 0.5 black cover
        assertPixel(b, 20, 10, [0, 0, 0])        // above the scaled snapshot
        assertPixel(b, 20, 185, [0, 0, 0])       // below it
        assertPixel(b, 20, 25, [128, 0, 0])
        assertPixel(b, 36, 100, [128, 0, 0])     // just left of the top screen's edge at 37.5
        assertPixel(b, 39, 100, [0, 0, 255])     // the top screen, moved right by the translation
        assertPixel(b, 99, 199, [0, 0, 255])
        XCTAssertEqual(t.underScale(0.375), 0.8, accuracy: 1e-12)
        XCTAssertEqual(t.coverAlpha(0.375), 0.5, accuracy: 1e-12)
        // Both complete at 0.75 of the width and stay there.
        XCTAssertEqual(t.underScale(0.9), 1)
        XCTAssertEqual(t.coverAlpha(0.9), 0)
    }

    func testPanBackSeed002IsFlatUnderAConstantCover() {
        let t = PanBackTransition(scaleFrom: 1, coverFrom: 0.5, coverTo: 0.5, settle: 0.25)
        for q in [0.1, 0.5, 0.7] {
            let b = render(t.scene(TransitionFrame(from: blue, to: red, canvas: canvas, operation: .pop, progress: q)))
            assertPixel(b, 1, 1, [128, 0, 0])      // not scaled: the corner is covered by the old screen
            let edge = Int(q * 100)
            assertPixel(b, max(0, edge - 2), 100, [128, 0, 0])
            assertPixel(b, min(99, edge + 1), 100, [0, 0, 255])
        }
        XCTAssertEqual(t.defaultDuration, 0.25)
        // Past fullAt the cover fades out so the finished pop lands on the screen itself.
        XCTAssertEqual(t.coverAlpha(0.875), 0.25, accuracy: 1e-12)
        XCTAssertEqual(t.coverAlpha(1), 0)
    }

    func testPanBackEndsExactly() {
        let t = PanBackTransition()
        // The first moments of a drag: the top screen has barely moved (see also
        // PanBackSliverTests for the full-size sliver case).
        for q in [0.001, 0.004, 0.01, 0.03] {
            let b = render(t.scene(TransitionFrame(from: blue, to: red, canvas: canvas, operation: .pop, progress: q)))
            assertPixel(b, 99, 100, [0, 0, 255])
            // Left of the top screen (once it has moved a whole pixel): the black-covered snapshot.
            if q * 100 >= 1 { assertPixel(b, 0, 100, [0, 0, 0]) }
        }
        XCTAssertTrue(render(t.scene(TransitionFrame(from: blue, to: red, canvas: canvas, operation: .pop, progress: 0))).isIdentical(to: render(blue)))
        XCTAssertTrue(render(t.scene(TransitionFrame(from: blue, to: red, canvas: canvas, operation: .pop, progress: 1))).isIdentical(to: render(red)))
    }

    func element(_ color: Color, _ w: Int, _ h: Int) -> Bitmap { Bitmap(uncheckedWidth: w, height: h, fill: color) }

    func testMagicMoveFliesTheElementAndFadesTheNewScreenIn() {
        let m = MatchedElement(fromID: "a", toID: "b", fromFrame: Rect(10, 10, 20, 20), toFrame: Rect(50, 100, 40, 40),
                               fromImage: element(.white, 20, 20), toImage: element(.white, 40, 40))
        let s = MagicMoveTransition().scene(TransitionFrame(from: red, to: blue, canvas: canvas, operation: .push, progress: 0.5, matches: [m]))
        // The element's frame is the straight interpolation: (30, 55, 30, 30).
        let images = s.children.filter { if case .image = $0.kind { return true } else { return false } }
        XCTAssertEqual(images.first?.frame, Rect(30, 55, 30, 30))
        let b = render(s)
        assertPixel(b, 45, 70, [255, 255, 255])
        // Outside it: blue at half opacity over red.
        assertPixel(b, 5, 190, [128, 0, 128])
        // The old screen stays put and fully opaque underneath.
        XCTAssertEqual(s.children.first?.id, "red")
        XCTAssertEqual(s.children.first?.opacity, 1)
    }

    func testShrinkDismissFollowsTheFingerThenSpringsToTheCell() {
        let detailFrame = Rect(0, 0, 100, 80), cell = Rect(60, 150, 20, 20)
        // A pop: from = detail, to = grid.
        let m = MatchedElement(fromID: "hero", toID: "photo", fromFrame: detailFrame, toFrame: cell,
                               fromImage: element(.white, 100, 80), toImage: element(.white, 20, 20))
        let t = ShrinkDismissTransition()
        XCTAssertEqual(t.progress(forTranslation: Point(0, -100)), 0.5, accuracy: 1e-12)
        XCTAssertEqual(t.progress(forTranslation: Point(30, -40)), 0.25, accuracy: 1e-12)  // distance 50 / 200
        XCTAssertEqual(t.progress(forTranslation: Point(0, 50)), 0)                          // downward: nothing
        func imageFrame(_ f: TransitionFrame) -> Rect? {
            t.scene(f).children.compactMap { n -> Rect? in if case .image = n.kind { return n.frame } else { return nil } }.first
        }
        // Dragging: the snapshot is the detail's frame moved by the finger; the detail at alpha 1 − p.
        let drag = Interaction(translation: Point(5, -60), released: false, releaseProgress: 0, finishing: true)
        let f1 = TransitionFrame(from: blue, to: red, canvas: canvas, operation: .pop, progress: 0.3, matches: [m], interaction: drag)
        XCTAssertEqual(imageFrame(f1), Rect(5, -60, 100, 80))
        XCTAssertEqual(t.scene(f1).children[1].opacity, 0.7, accuracy: 1e-12)
        // Released at p 0.6 and finishing: halfway through the completion (p 0.8) the frame is halfway
        // from the lifted frame to the cell.
        let rel = Interaction(translation: Point(0, -120), released: true, releaseProgress: 0.6, finishing: true)
        let f2 = TransitionFrame(from: blue, to: red, canvas: canvas, operation: .pop, progress: 0.8, matches: [m], interaction: rel)
        let r2 = imageFrame(f2)!
        XCTAssertEqual(r2.x, 30, accuracy: 1e-9); XCTAssertEqual(r2.y, (-120 + 150) / 2, accuracy: 1e-9)
        XCTAssertEqual(r2.width, 60, accuracy: 1e-9); XCTAssertEqual(r2.height, 50, accuracy: 1e-9)
        // Cancelled at p 0.3: at p 0 the snapshot is back on the detail's frame and the detail opaque.
        let cancel = Interaction(translation: Point(0, -60), released: true, releaseProgress: 0.3, finishing: false)
        let f3 = TransitionFrame(from: blue, to: red, canvas: canvas, operation: .pop, progress: 0, matches: [m], interaction: cancel)
        XCTAssertEqual(imageFrame(f3), detailFrame)
        XCTAssertEqual(t.scene(f3).children[1].opacity, 1)
    }

    func testInteractiveForms() throws {
        let g = try Gesture(from: MotionPoint(10, 400), to: MotionPoint(300, 400), duration: 0.4, curve: .linear)
        XCTAssertNotNil(try UIKitTransition().interactive(gesture: g, canvas: Size(390, 844), operation: .pop, release: .auto))
        XCTAssertNil(try UIKitTransition().interactive(gesture: g, canvas: Size(390, 844), operation: .push, release: .auto))
        let pan = try XCTUnwrap(PanBackTransition().interactive(gesture: g, canvas: Size(390, 844), operation: .pop, release: .auto))
        // 290 pt of 390 is past half the width: finish, settling in 0.3 s.
        XCTAssertEqual(pan.decision, .finish)
        XCTAssertEqual(pan.completionDuration, 0.3, accuracy: 1e-12)
        XCTAssertEqual(pan.progress(at: pan.totalDuration), 1)
        let short = try Gesture(from: MotionPoint(10, 400), to: MotionPoint(150, 400), duration: 0.4, curve: .easeOut)
        let back = try XCTUnwrap(PanBackTransition().interactive(gesture: short, canvas: Size(390, 844), operation: .pop, release: .auto))
        XCTAssertEqual(back.decision, .cancel)
        XCTAssertEqual(back.progress(at: back.totalDuration), 0)
    }
}

import Motion
