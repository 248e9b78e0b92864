import XCTest
import Geometry
import Raster
import Scene
import Transitions

/// navigation-zoom when the new screen has the source's counterpart (issue 28: one picture whose
/// crop animates). A 100 × 200 canvas: the screen underneath red, the new screen blue above
/// y = 100 and green below; the source a 40 × 40 cell at (20, 40); its counterpart the new
/// screen's 100 × 50 hero at (0, 20). The picture both show is 80 × 40, yellow left, magenta
/// right. Expected rects and pixels are worked out here: at forward progress p the card is
/// R = lerp(S, screen, p), the hero is drawn at Hm = lerp(H aspect-filled over S, H, p) =
/// lerp((0, 40, 80, 40), (0, 20, 100, 50), p) with the screen scaled by Hm.w / 100 about it, and
/// the picture is aspect-filled into Hm ∩ R.
final class ZoomCounterpartTests: XCTestCase {
    let canvas = Size(100, 200)
    let source = Rect(20, 40, 40, 40), hero = Rect(0, 20, 100, 50)
    let zoom = NavigationZoomTransition(source: "cell", dim: 0.1, cornerRadius: 20)
    var under: Node { .rect(Rect(0, 0, 100, 200), Color(r: 1, g: 0, b: 0), id: "A") }
    var over: Node {
        Node(id: "B", kind: .group, frame: Rect(0, 0, 100, 200),
             children: [.rect(Rect(0, 0, 100, 100), Color(r: 0, g: 0, b: 1)), .rect(Rect(0, 100, 100, 100), Color(r: 0, g: 1, b: 0))])
    }

    func match(shared: Bool) -> MatchedElement {
        let halves = Node(kind: .group, frame: Rect(0, 0, 80, 40),
                          children: [.rect(Rect(0, 0, 40, 40), Color(r: 1, g: 1, b: 0)), .rect(Rect(40, 0, 40, 40), Color(r: 1, g: 0, b: 1))])
        let picture = renderScene(halves, Size(80, 40))
        let white = Bitmap(uncheckedWidth: 40, height: 40, fill: .white), cyan = Bitmap(uncheckedWidth: 100, height: 50, fill: Color(r: 0, g: 1, b: 1))
        return MatchedElement(fromID: "cell", toID: "hero", fromFrame: source, toFrame: hero, fromImage: white, toImage: cyan,
                              picture: shared ? picture : nil)
    }

    func scene(_ p: Double, shared: Bool = true) -> Node {
        zoom.scene(TransitionFrame(from: under, to: over, canvas: canvas, operation: .push, progress: p, matches: [match(shared: shared)]))
    }

    func testTheNewScreenFollowsItsHero() throws {
        for p in [0.1, 0.5, 0.8] {
            let hm = Rect(0, 40 - 20 * p, 80 + 20 * p, 40 + 10 * p), k = hm.width / 100
            let b = try XCTUnwrap(scene(p).frameOfDescendant(id: "B"), "p \(p)")
            for (x, y) in [(b.minX, hm.minX), (b.minY, hm.minY - k * 20), (b.width, 100 * k), (b.height, 200 * k)] {
                XCTAssertEqual(x, y, accuracy: 1e-9, "new screen at p \(p)")
            }
        }
    }

    func testOnePictureAtEveryProgress() {
        let yellow = (1.0, 1.0, 0.0), magenta = (1.0, 0.0, 1.0), blue = (0.0, 0.0, 1.0)
        let expected: [(p: Double, pixels: [(Int, Int, (Double, Double, Double))])] = [
            // p = 0: the cell's own snapshot (white: the screen's pixels exactly), nothing else.
            (0, [(30, 60, (1, 1, 1)), (10, 60, (1, 0, 0))]),
            // p = 0.1: the shared picture, no cross-fade with the cell's own snapshot.
            (0.1, [(30, 60, yellow), (50, 60, magenta)]),
            // p = 0.5: R = (10, 20, 70, 110), Hm = (0, 30, 90, 45), the picture in (10, 30, 70,
            // 45) scaled by max(70/80, 45/40) = 1.125 about x = 45. Above it the new screen's blue
            // (its top at y = 30 − 0.9·20 = 12), below it its green (from y = 12 + 0.9·100 = 102).
            (0.5, [(30, 50, yellow), (60, 50, magenta), (50, 25, blue), (50, 110, (0, 1, 0)), (5, 50, (0.95, 0, 0))]),
            // p = 0.9: Hm = (0, 22, 98, 49), R = (2, 4, 94, 184): the picture in (2, 22, 94, 49),
            // scaled by 1.225 about x = 49.
            (0.9, [(40, 40, yellow), (60, 40, magenta)]),
            // p = 1: the hero's own snapshot (cyan) in H.
            (1, [(40, 40, (0, 1, 1)), (50, 10, blue)]),
        ]
        for (p, pixels) in expected {
            let b = renderScene(scene(p), canvas)
            for (x, y, c) in pixels { assertPixel(b, x, y, c) }
        }
    }

    func testEndsThatShowDifferentPicturesCrossFadeInTheHerosRect() {
        // p = 0.15 without a shared picture: the source's white at 1 − 0.15/0.3 = 0.5 over the
        // counterpart's cyan, both in Hm ∩ R.
        let b = renderScene(scene(0.15, shared: false), canvas)
        assertPixel(b, 40, 60, (0.5, 1, 1))
    }

    func testPopIsThePushBackwards() {
        let pop = MatchedElement(fromID: "hero", toID: "cell", fromFrame: hero, toFrame: source, fromImage: match(shared: true).toImage,
                                 toImage: match(shared: true).fromImage, picture: match(shared: true).picture)
        for p in [0.2, 0.6] {
            let back = zoom.scene(TransitionFrame(from: over, to: under, canvas: canvas, operation: .pop, progress: p, matches: [pop]))
            XCTAssertTrue(renderScene(back, canvas).isIdentical(to: renderScene(scene(1 - p), canvas)), "pop \(p)")
        }
    }
}
