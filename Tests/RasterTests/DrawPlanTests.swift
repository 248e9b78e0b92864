import XCTest
import SegueTestSupport
@testable import Raster
import Geometry
import Scene

/// The draw plan (DrawPlan.swift) decides once how a node is drawn; band drawing reads the same
/// plan. Offscreen layers are placed from the whole draw's clip, so scenes with rounded clips,
/// rounded or aspect-filled images, group opacity and occluders draw the same bytes band by band
/// (any band height, any order) as in one draw: checked here on scenes built to hit each layer
/// at fractional positions and scales, where a layer placed from the band's clip gave ±1.
final class DrawPlanTests: XCTestCase {
    let photo = randomBitmap(97, 61, seed: 7, opaque: true)

    /// Layered scenes at a few sub-pixel offsets and scales.
    func scenes() -> [(String, Node)] {
        var out: [(String, Node)] = []
        for (k, dx) in [0.0, 0.37, 0.5, 0.83].enumerated() {
            let s = 1 + Double(k) * 0.173
            // A rounded clip (navigation zoom, sheets) over a filled photo and a card.
            var clip = Node(kind: .group, frame: Rect(10.3 + dx, 7.6, 150.2, 230.5), cornerRadius: 21, clips: true, children: [
                Node(kind: .image(photo, .fill), frame: Rect(-3.4 + dx, 2.2, 160 * s, 120 * s)),
                Node.rect(Rect(12 + dx, 140, 90, 40), Color(r: 0.2, g: 0.5, b: 0.9), cornerRadius: 8),
            ])
            clip.transform = LayerTransform(scale: Point(s * 0.97, s * 0.97))
            out.append(("rounded clip \(k)", Node.group(Rect(0, 0, 200, 300), [Node.rect(Rect(0, 0, 200, 300), .white), clip])))
            // A flying aspect-filled photo with rounded corners, rotated a little.
            var fly = Node(kind: .image(photo, .fill), frame: Rect(40 + dx, 60.25, 110.5 * s, 70.3), cornerRadius: 12)
            fly.transform = LayerTransform(rotate: Double(k) * 3.1)
            out.append(("flying photo \(k)", Node.group(Rect(0, 0, 200, 300), [Node.rect(Rect(0, 0, 200, 300), .black), fly])))
            // Group opacity over a filled image and text, behind a partial-height occluder.
            let faded = Node(kind: .group, frame: Rect(5 + dx, 20.5, 180, 200), opacity: 0.6, children: [
                Node(kind: .image(photo, .fill), frame: Rect(3.3, 4.1, 150 * s, 90)),
                Node(kind: .text("Band \(k)", TextStyle(font: Font(size: 17), color: .white)), frame: Rect(10, 100, 160, 30)),
            ])
            out.append(("group opacity \(k)", Node.group(Rect(0, 0, 200, 300), [
                Node.rect(Rect(0, 0, 200, 300), .white), faded, Node.image(photo, frame: Rect(0, 150.5 + dx, 200, 60.3), fit: .fill),
            ])))
        }
        return out
    }

    func testLayeredScenesDrawInBandsWithTheBytesOfOneDraw() {
        for (name, scene) in scenes() {
            XCTAssertTrue(Renderer.drawsSameInBands(scene, scale: 2), name)
            let whole = Bitmap(uncheckedWidth: 400, height: 600)
            Renderer.render(scene, scale: 2, into: whole)
            for bandRows in [1, 7, 64] {
                let banded = Bitmap(uncheckedWidth: 400, height: 600)
                banded.pixels.update(repeating: 0xDEAD_BEEF, count: banded.count)
                for y0 in stride(from: 0, to: 600, by: bandRows).reversed() {
                    fillPixels(banded.row(y0), 0, min(bandRows, 600 - y0) * 400)
                    Renderer.render(scene, scale: 2, into: banded, rows: y0..<min(600, y0 + bandRows))
                }
                ImageDiff.assertMatches(banded, whole, "\(name), \(bandRows)-row bands")
            }
            XCTAssertGreaterThan(coveredArea(whole), 1000, name)
        }
    }

    /// What the plan says, and why, for each kind of node.
    func testPlanDecisions() {
        let card = Node.rect(Rect(0, 0, 50, 50), .white, cornerRadius: 6)
        XCTAssertEqual(DrawPlan(card).opacity, .perPrimitive)
        var faded = Node.group(Rect(0, 0, 50, 50), [card, card]); faded.opacity = 0.5
        XCTAssertEqual(DrawPlan(faded).opacity, .groupLayer)
        var single = card; single.opacity = 0.5
        XCTAssertEqual(DrawPlan(single).opacity, .perPrimitive, "one primitive: its alpha is multiplied")
        XCTAssertTrue(DrawPlan(Node(kind: .image(photo, .fill), frame: Rect(0, 0, 30, 20), cornerRadius: 4)).imageLayer)
        XCTAssertFalse(DrawPlan(Node.image(photo, frame: Rect(0, 0, 30, 20), fit: .fill)).imageLayer)

        var shadowed = card; shadowed.shadow = Shadow(opacity: 0.3, radius: 8)
        XCTAssertEqual(DrawPlan(shadowed).shadow, .closedForm(fillAlpha: 1, opaqueOver: true))
        XCTAssertNil(DrawPlan(shadowed).wholeFrameOnly)
        var dot = Node(kind: .ellipse, frame: Rect(0, 0, 20, 20), fill: .solid(.white)); dot.shadow = Shadow(opacity: 0.3, radius: 4)
        XCTAssertEqual(DrawPlan(dot).shadow, .mask)
        XCTAssertEqual(DrawPlan(dot).wholeFrameOnly, .maskShadow)
        let scene = Node.group(Rect(0, 0, 100, 100), [card, Node.group(Rect(0, 0, 100, 100), [dot])])
        XCTAssertEqual(DrawPlan.wholeFrameReason(scene), .maskShadow)
        XCTAssertFalse(Renderer.drawsSameInBands(scene, scale: 1))
        var hiddenDot = dot; hiddenDot.hidden = true
        XCTAssertTrue(Renderer.drawsSameInBands(Node.group(Rect(0, 0, 100, 100), [card, hiddenDot]), scale: 1), "hidden nodes draw nothing")

        // Children clip: pixel-aligned rectangles narrow the integer clip; others need a layer.
        var box = Node.group(Rect(0, 0, 50, 50), [card]); box.clips = true
        if case .pixelRect(let r) = DrawPlan(box).childClip(box, .translation(3, 4)) {
            XCTAssertEqual(r, IRect(x0: 3, y0: 4, x1: 53, y1: 54))
        } else { XCTFail("an aligned rectangle clips without a layer") }
        guard case .layer = DrawPlan(box).childClip(box, .translation(3.5, 4)) else { return XCTFail("a half-pixel clip needs a layer") }
        box.cornerRadius = 5
        guard case .layer = DrawPlan(box).childClip(box, .identity) else { return XCTFail("a rounded clip needs a layer") }
    }

    /// A mask shadow is correct in bands too (its mask covers the whole node); it is drawn whole
    /// only because each band would blur the whole mask again.
    func testMaskShadowIsRightInBandsAsWell() {
        var dot = Node(kind: .ellipse, frame: Rect(30.5, 40.25, 60, 60), fill: .solid(.white)); dot.shadow = Shadow(opacity: 0.5, radius: 6)
        let scene = Node.group(Rect(0, 0, 120, 140), [Node.rect(Rect(0, 0, 120, 140), Color(white: 0.3)), dot])
        let whole = Bitmap(uncheckedWidth: 240, height: 280), banded = Bitmap(uncheckedWidth: 240, height: 280)
        Renderer.render(scene, scale: 2, into: whole)
        for y0 in stride(from: 0, to: 280, by: 9) { Renderer.render(scene, scale: 2, into: banded, rows: y0..<min(280, y0 + 9)) }
        ImageDiff.assertMatches(banded, whole, "banded vs whole")
    }
}
