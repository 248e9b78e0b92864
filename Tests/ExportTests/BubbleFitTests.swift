import Foundation
import FramePipeline
import Geometry
import Presets
import Raster
import Scene
import SegueTestSupport
import XCTest

/// Issue 28, the fifth frame-by-frame review: a message bubble was sized from a letter count, so
/// "Soon coffee is view walk light." sat on one line inside a two-line, full-width bubble
/// (catalog/uikit), and in Arabic (stories/rtl-arabic) most bubbles were full width and two lines
/// tall around one short line. Messages hugs each bubble to its text. Now the preset check lays
/// the words out as they are drawn: a bubble has exactly its text's lines, 12 pt either side of
/// the widest, and the same lines at every output scale.
final class BubbleFitTests: XCTestCase {
    struct Bubble { var frame: Rect; var text: String; var style: TextStyle; var box: Rect; var screen: String }

    func bubbles(_ n: Node, at origin: Point = .zero, screen: String) -> [Bubble] {
        let frame = Rect(origin.x + n.frame.minX, origin.y + n.frame.minY, n.frame.width, n.frame.height)
        if n.id?.hasPrefix("bubble") == true, let t = n.children.first, case let .text(s, style) = t.kind {
            return [Bubble(frame: frame, text: s, style: style, box: t.frame, screen: screen)]
        }
        return n.children.flatMap { bubbles($0, at: Point(frame.minX, frame.minY), screen: screen) }
    }

    func testEveryShippedBubbleHasItsTextsLinesAndHugsTheWidest() throws {
        let all = try shippedScreens().flatMap { bubbles($0.screen, screen: $0.name) }
        XCTAssertGreaterThan(all.count, 150, "the shipped conversations' bubbles")
        XCTAssertTrue(all.contains { $0.style.language == "ar" }, "an Arabic conversation is among them")
        for b in all {
            let label = "\(b.screen): \"\(b.text)\""
            let laid = Renderer.layoutText(b.text, style: b.style, width: b.box.width)
            XCTAssertEqual(laid.lines.count, b.style.lines, "\(label): lines drawn vs the bubble's")
            let widest = try XCTUnwrap(laid.widths.max(), label)
            XCTAssertLessThanOrEqual(b.frame.width - 24 - widest, 2, "\(label): \(b.frame.width) pt wide around \(widest) pt of text")
            for scale in [0.25, 0.5, 2.0 / 3, 1, 2, 3] {
                var px = b.style
                px.font.size *= scale
                let drawn = Renderer.layoutText(b.text, style: px, width: b.box.width * scale).lines.count
                XCTAssertEqual(drawn, b.style.lines, "\(label) at \(scale) px/pt")
            }
        }
    }

    /// What was drawn: in a light conversation the received bubbles' dark ink sits 12 pt inside
    /// the bubble's far side and 7–12 pt below its top (not a line lower, centred in a box of two).
    func testTheDrawnTextFillsItsBubble() throws {
        for (preset, time) in [("catalog/uikit.json", 0.8), ("stories/rtl-arabic.json", 1.2), ("seeds/002-pan-back-flat.json", 1.0)] {
            let s = try PresetLoader.load(path: PresetContinuityTests.presetsDirectory + "/" + preset, overrides: Overrides(scale: 1.0 / 3),
                                          images: PresetImages.folder, fonts: InstalledFonts())
            let frame = try Bitmap(width: s.pixelWidth, height: s.pixelHeight)
            FrameComposer(storyboard: s).render(frame: Int(time * Double(s.fps)), into: frame)
            let chat = try XCTUnwrap(s.screens.values.first { $0.find(id: "bubble0") != nil }, preset)
            let received = bubbles(chat, screen: preset).filter { $0.style.color.r < 0.5 }
            XCTAssertGreaterThan(received.count, 1, preset)
            for b in received {
                let ink = try XCTUnwrap(inkBox(frame, in: b.frame), "\(preset): \"\(b.text)\" drew nothing")
                let farSide = b.style.alignment == .right ? ink.minX - b.frame.minX : b.frame.maxX - ink.maxX
                XCTAssertLessThanOrEqual(farSide, 16, "\(preset): \"\(b.text)\" leaves \(farSide) pt beside its text")
                XCTAssertLessThanOrEqual(ink.minY - b.frame.minY, 12, "\(preset): \"\(b.text)\" starts \(ink.minY - b.frame.minY) pt down")
                XCTAssertLessThanOrEqual(b.frame.maxY - ink.maxY, 12, "\(preset): \"\(b.text)\" ends \(b.frame.maxY - ink.maxY) pt above its bottom")
            }
        }
    }

    /// The box of the dark pixels inside `r` (1 px per pt): the text, not the light bubble or page.
    func inkBox(_ bitmap: Bitmap, in r: Rect) -> Rect? {
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for y in Int(r.minY)..<min(bitmap.height, Int(r.maxY)) {
            for x in Int(r.minX)..<min(bitmap.width, Int(r.maxX)) {
                let p = bitmap.rgba(x: x, y: y)
                guard Int(p.r) + Int(p.g) + Int(p.b) < 3 * 110 else { continue }
                x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
            }
        }
        return x0 > x1 ? nil : Rect(Double(x0), Double(y0), Double(x1 - x0 + 1), Double(y1 - y0 + 1))
    }
}
