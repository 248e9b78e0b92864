import XCTest
import Geometry
import Raster
import Scene
import Transitions

/// Hero's set. Expected geometry comes from Hero's definitions (`DefaultAnimationPreprocessor`)
/// written out here, not from the code under test.
final class HeroTransitionTests: XCTestCase {
    let w = 100.0, h = 160.0
    var canvas: Size { Size(w, h) }
    let red = Color(r: 1, g: 0, b: 0), blue = Color(r: 0, g: 0, b: 1), green = Color(r: 0, g: 1, b: 0)
    var a: Node { .rect(Rect(0, 0, w, h), red, id: "A") }
    var b: Node { .rect(Rect(0, 0, w, h), blue, id: "B") }

    typealias Style = HeroTransition.Style

    // MARK: helpers

    func frame(_ t: HeroTransition, _ op: StackOperation, _ p: Double) -> Node {
        op.isForward ? t.scene(TransitionFrame(from: a, to: b, canvas: canvas, operation: op, progress: p))
                     : t.scene(TransitionFrame(from: b, to: a, canvas: canvas, operation: op, progress: p))
    }

    /// Canvas rect, accumulated opacity and top-level child index of the layer with this id.
    func locate(_ root: Node, _ id: String) -> (rect: Rect, opacity: Double, layer: Int)? {
        func walk(_ n: Node, _ m: Affine, _ o: Double) -> (Rect, Double)? {
            let mm = n.localToParent.concatenating(m), oo = o * n.opacity
            if n.id == id { return (mm.apply(Rect(0, 0, n.frame.width, n.frame.height)), oo) }
            for c in n.children { if let r = walk(c, mm, oo) { return r } }
            return nil
        }
        for (i, c) in root.children.enumerated() {
            if let (r, o) = walk(c, root.localToParent, root.opacity) { return (r, o, i) }
        }
        return nil
    }

    func render(_ n: Node) -> Bitmap {
        let bmp = Bitmap(uncheckedWidth: Int(w), height: Int(h), fill: green)
        Renderer.render(n, scale: 1, into: bmp)
        return bmp
    }

    func assertPixel(_ bmp: Bitmap, _ x: Int, _ y: Int, _ r: Double, _ g: Double, _ bl: Double, tol: Double = 2,
                     _ msg: String = "", line: UInt = #line) {
        let px = bmp.rgba(x: x, y: y)
        XCTAssertEqual(Double(px.r), r * 255, accuracy: tol, "r at (\(x),\(y)) \(msg)", line: line)
        XCTAssertEqual(Double(px.g), g * 255, accuracy: tol, "g at (\(x),\(y)) \(msg)", line: line)
        XCTAssertEqual(Double(px.b), bl * 255, accuracy: tol, "b at (\(x),\(y)) \(msg)", line: line)
    }

    func unit(_ d: Direction) -> (Double, Double) {
        switch d {
        case .left: return (-1, 0)
        case .right: return (1, 0)
        case .up: return (0, -1)
        case .down: return (0, 1)
        }
    }

    struct Expect { var dx = 0.0, dy = 0.0, s = 1.0, o = 1.0 }

    /// Hero's definition, forward progress q: (old screen, new screen, whether the new one is on top).
    func expected(_ style: Style, _ d: Direction, _ q: Double) -> (old: Expect, new: Expect, newOnTop: Bool) {
        let (ux, uy) = unit(d)
        let ex = ux * w * q, ey = uy * h * q                   // old screen leaving along d
        let nx = -ux * w * (1 - q), ny = -uy * h * (1 - q)     // new screen arriving from the far side
        switch style {
        case .fade: return (Expect(), Expect(o: q), true)
        case .cover: return (Expect(), Expect(dx: nx, dy: ny), true)
        case .uncover: return (Expect(dx: ex, dy: ey), Expect(), false)
        case .slide: return (Expect(dx: ex, dy: ey), Expect(dx: nx, dy: ny), true)
        case .zoomSlide: return (Expect(dx: ex, dy: ey, s: 1 - 0.2 * q), Expect(dx: nx, dy: ny, s: 0.8 + 0.2 * q), true)
        case .pageIn: return (Expect(s: 1 - 0.3 * q), Expect(dx: nx, dy: ny), true)
        case .pageOut: return (Expect(dx: ex, dy: ey), Expect(s: 0.7 + 0.3 * q), false)
        case .zoom: return (Expect(s: 1 + 0.3 * q, o: 1 - q), Expect(s: 0.7 + 0.3 * q), false)
        case .zoomOut: return (Expect(s: 1 - 0.3 * q), Expect(s: 1.3 - 0.3 * q, o: q), true)
        }
    }

    func rect(_ e: Expect) -> Rect {
        Rect(w / 2 + e.dx - w * e.s / 2, h / 2 + e.dy - h * e.s / 2, w * e.s, h * e.s)
    }

    func assertRect(_ r: Rect, _ e: Rect, _ msg: String, line: UInt = #line) {
        XCTAssertEqual(r.minX, e.minX, accuracy: 1e-9, msg, line: line)
        XCTAssertEqual(r.minY, e.minY, accuracy: 1e-9, msg, line: line)
        XCTAssertEqual(r.width, e.width, accuracy: 1e-9, msg, line: line)
        XCTAssertEqual(r.height, e.height, accuracy: 1e-9, msg, line: line)
    }

    func directions(_ s: Style) -> [Direction] { s.isDirectional ? Direction.allCases : [.left] }

    // MARK: geometry

    func testGeometryFollowsHerosDefinitions() {
        for style in Style.allCases {
            for d in directions(style) {
                let t = HeroTransition(style, direction: d)
                for p in [0.0, 0.25, 0.5, 1.0] {
                    let s = frame(t, .push, p)
                    let e = expected(style, d, p)
                    let la = locate(s, "A")!, lb = locate(s, "B")!
                    let tag = "\(style.rawValue) \(d) p=\(p)"
                    assertRect(la.rect, rect(e.old), "old " + tag)
                    assertRect(lb.rect, rect(e.new), "new " + tag)
                    XCTAssertEqual(la.opacity, e.old.o, accuracy: 1e-12, "old opacity " + tag)
                    XCTAssertEqual(lb.opacity, e.new.o, accuracy: 1e-12, "new opacity " + tag)
                    XCTAssertEqual(lb.layer > la.layer, e.newOnTop, "stacking " + tag)
                }
            }
        }
    }

    func testDirectionMovesTheContentThatWay() {
        // cover, half way: the new screen comes from the side opposite to `direction`.
        let want: [Direction: (Double, Double)] = [.left: (50, 0), .right: (-50, 0), .up: (0, 80), .down: (0, -80)]
        for (d, (x, y)) in want {
            let r = locate(frame(HeroTransition(.cover, direction: d), .push, 0.5), "B")!.rect
            XCTAssertEqual(r.minX, x, accuracy: 1e-9, "\(d)")
            XCTAssertEqual(r.minY, y, accuracy: 1e-9, "\(d)")
            // slide: the old screen moves along the direction.
            let o = locate(frame(HeroTransition(.slide, direction: d), .push, 0.5), "A")!.rect
            XCTAssertEqual(o.minX, -x, accuracy: 1e-9, "\(d)")
            XCTAssertEqual(o.minY, -y, accuracy: 1e-9, "\(d)")
        }
    }

    func testPopIsThePushBackwards() {
        for style in Style.allCases {
            for d in directions(style) {
                let t = HeroTransition(style, direction: d)
                for p in [0.0, 0.2, 0.5, 0.9, 1.0] {
                    let pop = frame(t, .pop, p), push = frame(t, .push, 1 - p)
                    let tag = "\(style.rawValue) \(d) p=\(p)"
                    for id in ["A", "B"] {
                        let x = locate(pop, id)!, y = locate(push, id)!
                        assertRect(x.rect, y.rect, id + " " + tag)
                        XCTAssertEqual(x.opacity, y.opacity, accuracy: 1e-12, id + " " + tag)
                        XCTAssertEqual(x.layer, y.layer, id + " " + tag)
                    }
                    XCTAssertTrue(render(pop).isIdentical(to: render(push)), "pixels " + tag)
                    // dismiss behaves like pop
                    let dismiss = t.scene(TransitionFrame(from: b, to: a, canvas: canvas, operation: .dismiss, progress: p))
                    XCTAssertTrue(render(dismiss).isIdentical(to: render(push)), "dismiss " + tag)
                }
            }
        }
    }

    func testEndsShowExactlyOneScreen() {
        let onlyA = render(a), onlyB = render(b)
        for style in Style.allCases {
            for d in directions(style) {
                let t = HeroTransition(style, direction: d)
                let tag = "\(style.rawValue) \(d)"
                XCTAssertTrue(render(frame(t, .push, 0)).isIdentical(to: onlyA), "push 0 " + tag)
                XCTAssertTrue(render(frame(t, .push, 1)).isIdentical(to: onlyB), "push 1 " + tag)
                XCTAssertTrue(render(frame(t, .pop, 0)).isIdentical(to: onlyB), "pop 0 " + tag)
                XCTAssertTrue(render(frame(t, .pop, 1)).isIdentical(to: onlyA), "pop 1 " + tag)
            }
        }
    }

    // MARK: pixels half way (flat colours: A red, B blue, canvas green)

    func testCoverHalfWayPixels() {
        let bmp = render(frame(HeroTransition(.cover, direction: .left), .push, 0.5))
        assertPixel(bmp, 10, 80, 0.95, 0, 0)        // red under black 0.1 × 0.5
        assertPixel(bmp, 75, 80, 0, 0, 1)           // blue, entered from the right
    }

    /// Hero's shadow state (black, opacity 0.5, radius 5, offset 0) on the moving screen: 0 → 0.5
    /// while it arrives, 0.5 → 0 while it leaves; absent at the ends. (The scene's state: the
    /// shadow's pixels are Raster's, checked in RasterTests.)
    func testShadowOnTheMovingScreen() {
        let arriving: [Style] = [.cover, .pageIn], leaving: [Style] = [.uncover, .pageOut]
        for style in arriving + leaving {
            for q in [0.0, 0.25, 0.5, 1.0] {
                let s = frame(HeroTransition(style, direction: .left), .push, q)
                let moving = locate(s, leaving.contains(style) ? "A" : "B")!.layer
                let sh = s.children[moving].shadow
                let want = q == 0 || q == 1 ? 0 : (leaving.contains(style) ? 0.5 * (1 - q) : 0.5 * q)
                XCTAssertEqual(sh?.opacity ?? 0, want, accuracy: 1e-12, "\(style) \(q)")
                if let sh {
                    XCTAssertEqual(sh.radius, 5); XCTAssertEqual(sh.offset, .zero); XCTAssertEqual(sh.color, .black)
                }
                XCTAssertNil(s.children[1 - moving].shadow)
            }
        }
        XCTAssertNil(frame(HeroTransition(.slide), .push, 0.5).children.first { $0.shadow != nil })
    }

    func testUncoverHalfWayPixels() {
        let bmp = render(frame(HeroTransition(.uncover, direction: .up), .push, 0.5))
        assertPixel(bmp, 50, 20, 1, 0, 0)           // old red screen, moved up by h/2, still on top
        assertPixel(bmp, 50, 140, 0, 0, 0.95)       // new blue screen under a 0.05 dim
    }

    func testPageInHalfWayPixels() {
        // old scale 0.85 about the centre: x ∈ [7.5, 92.5]; dim 0.05; new from x = 50.
        let bmp = render(frame(HeroTransition(.pageIn, direction: .left), .push, 0.5))
        assertPixel(bmp, 3, 80, 0, 1, 0)
        assertPixel(bmp, 20, 80, 0.95, 0, 0)
        assertPixel(bmp, 20, 5, 0, 1, 0)            // above the shrunk screen (y < 12)
        assertPixel(bmp, 70, 80, 0, 0, 1)
    }

    func testFadeHalfWayPixels() {
        // Hero fades an opaque old view not at all: blue·0.5 over red, the green canvas hidden.
        let bmp = render(frame(HeroTransition(.fade), .push, 0.5))
        assertPixel(bmp, 50, 80, 0.5, 0, 0.5)
    }

    func testZoomFillsTheContainerWithTheAppsBackground() {
        // Around the new screen (×0.85) the old one (×1.15, alpha 0.5) lies over the app's
        // background (white) instead of the canvas: red·0.5 over white.
        let f = TransitionFrame(from: a, to: b, canvas: canvas, operation: .push, progress: 0.5, toBackground: .white)
        let bmp = render(HeroTransition(.zoom).scene(f))
        assertPixel(bmp, 3, 80, 1, 0.5, 0.5)
    }

    func testZoomHalfWayPixels() {
        // old red ×1.15, alpha 0.5 on top of new blue ×0.85 (x ∈ [7.5, 92.5]).
        let bmp = render(frame(HeroTransition(.zoom), .push, 0.5))
        assertPixel(bmp, 3, 80, 0.5, 0.5, 0)
        assertPixel(bmp, 50, 80, 0.5, 0, 0.5)
        // zoom-out: new blue ×1.15 alpha 0.5 over old red ×0.85.
        let out = render(frame(HeroTransition(.zoomOut), .push, 0.5))
        assertPixel(out, 3, 80, 0, 0.5, 0.5)
        assertPixel(out, 50, 80, 0.5, 0, 0.5)
    }

    func testSlideAndZoomSlideHalfWayPixels() {
        let s = render(frame(HeroTransition(.slide, direction: .right), .push, 0.5))
        assertPixel(s, 25, 80, 0, 0, 1)             // new from the left
        assertPixel(s, 75, 80, 1, 0, 0)
        // zoom-slide down: both ×0.9; old centre y = 80 + 80, new centre y = 80 − 80.
        let z = render(frame(HeroTransition(.zoomSlide, direction: .down), .push, 0.5))
        assertPixel(z, 2, 100, 0, 1, 0)             // x < 5: outside both
        assertPixel(z, 50, 100, 1, 0, 0)
        assertPixel(z, 50, 60, 0, 0, 1)
    }

    // MARK: catalog

    func testEntries() {
        let entries = HeroTransition.heroEntries
        XCTAssertEqual(entries.map(\.name), ["fade", "cover", "uncover", "slide", "zoom-slide", "page-in", "page-out", "zoom", "zoom-out"])
        func names(_ n: String) -> [String] { entries.first { $0.name == n }!.parameters.map(\.name) }
        XCTAssertEqual(names("fade"), [])
        XCTAssertEqual(names("slide"), ["direction"])
        XCTAssertEqual(names("cover"), ["direction", "overlay", "shadowOpacity", "shadowRadius"])
        XCTAssertEqual(names("page-in"), ["direction", "scale", "overlay", "shadowOpacity", "shadowRadius"])
        XCTAssertEqual(names("zoom-slide"), ["direction", "scale"])
        XCTAssertEqual(names("zoom"), ["scale", "largeScale"])
        for e in entries {
            var merged: [String: ParameterValue] = [:]
            for s in e.parameters { merged[s.name] = s.defaultValue }
            let t = e.make(Parameters(merged)) as! HeroTransition
            XCTAssertEqual(t.style.rawValue, e.name)
            XCTAssertEqual(t.defaultDuration, 0.35)
            XCTAssertEqual(t.defaultCurve, .bezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1))
            XCTAssertEqual(t.direction, .left)
            XCTAssertEqual(t.scale, e.name == "zoom-slide" ? 0.8 : 0.7)
            XCTAssertEqual(t.largeScale, 1.3)
            XCTAssertEqual(t.overlay, 0.1)
        }
        let up = entries[1].make(Parameters(["direction": .string("up"), "overlay": .number(0.3)])) as! HeroTransition
        XCTAssertEqual(up.direction, .up)
        XCTAssertEqual(up.overlay, 0.3)
    }
}
