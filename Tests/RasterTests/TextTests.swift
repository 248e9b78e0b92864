import XCTest
@testable import Raster
import Geometry
import Scene

final class TextTests: XCTestCase {
    private func inkBox(_ b: Bitmap) -> IRect? {
        var r: IRect? = nil
        for y in 0..<b.height { for x in 0..<b.width where b[x, y] >> 24 != 0 {
            r = r.map { IRect(x0: min($0.x0, x), y0: min($0.y0, y), x1: max($0.x1, x + 1), y1: max($0.y1, y + 1)) }
                ?? IRect(x0: x, y0: y, x1: x + 1, y1: y + 1)
        } }
        return r
    }

    func testDefaultFaceIsInter() throws {
        XCTAssertTrue((try TextRenderer.faceFile(family: "Inter", weight: .regular))?.contains("Inter") ?? false)
        XCTAssertTrue((try TextRenderer.faceFile(family: "Inter", weight: .bold))?.contains("Bold") ?? false)
    }

    func testTextInkInsideFrameOnly() {
        let frame = Rect(10, 12, 120, 24)
        let n = Node(kind: .text("Hello, World", TextStyle(font: Font(size: 17))), frame: frame)
        let b = Bitmap(uncheckedWidth: 200, height: 60)
        Renderer.render(n, scale: 1, into: b)
        guard let ink = inkBox(b) else { return XCTFail("no ink") }
        XCTAssertGreaterThanOrEqual(ink.x0, 10); XCTAssertLessThanOrEqual(ink.x1, 130)
        XCTAssertGreaterThanOrEqual(ink.y0, 12); XCTAssertLessThanOrEqual(ink.y1, 36)
        XCTAssertGreaterThan(coveredArea(b), 60)   // real glyphs, not a dot
        // Left aligned: ink starts near the frame's left edge; right aligned: ends near the right.
        XCTAssertLessThan(ink.x0, 14)
        let r = Node(kind: .text("Hello", TextStyle(font: Font(size: 17), alignment: .right)), frame: frame)
        let b2 = Bitmap(uncheckedWidth: 200, height: 60); Renderer.render(r, scale: 1, into: b2)
        XCTAssertGreaterThan(inkBox(b2)!.x1, 124)
    }

    func testCJKFallsBackToCJKFace() throws {
        let n = Node(kind: .text("中文", TextStyle(font: Font(size: 20))), frame: Rect(0, 0, 100, 30))
        let b = Bitmap(uncheckedWidth: 100, height: 30)
        Renderer.render(n, scale: 1, into: b)
        XCTAssertGreaterThan(coveredArea(b), 50, "CJK glyphs drawn (not .notdef boxes or nothing)")
        // Inter has no 中: the primary face alone gives .notdef; the fallback must be a CJK face.
        XCTAssertTrue((try TextRenderer.faceFile(family: "Noto Sans CJK SC", weight: .regular))?.contains("NotoSansCJK") ?? false)
    }

    func testWrappingAndTruncation() {
        let style = TextStyle(font: Font(size: 17), lines: 2)
        let l = Renderer.layoutText("The quick brown fox jumps over the lazy dog and keeps running far away", style: style, width: 150)
        XCTAssertEqual(l.lines.count, 2)
        XCTAssertTrue(l.lines[1].hasSuffix("…"), l.lines.description)
        for w in l.widths { XCTAssertLessThanOrEqual(w, 150.01) }
        let one = Renderer.layoutText("Short", style: TextStyle(font: Font(size: 17)), width: 150)
        XCTAssertEqual(one.lines, ["Short"])
        let unlimited = Renderer.layoutText("a b c d e f g h i j k l m n o p", style: TextStyle(font: Font(size: 17), lines: 0), width: 40)
        XCTAssertGreaterThan(unlimited.lines.count, 3)
        XCTAssertFalse(unlimited.lines.joined().contains("…"))
        let trunc = Renderer.layoutText("A very long single line title here", style: TextStyle(font: Font(size: 17)), width: 100)
        XCTAssertEqual(trunc.lines.count, 1); XCTAssertTrue(trunc.lines[0].hasSuffix("…"))
        // Weights differ in ink.
        func ink(_ w: FontWeight) -> Double {
            let b = Bitmap(uncheckedWidth: 200, height: 40)
            Renderer.render(Node(kind: .text("Weight", TextStyle(font: Font(size: 24, weight: w))), frame: Rect(0, 0, 200, 40)), scale: 1, into: b)
            return coveredArea(b)
        }
        XCTAssertLessThan(ink(.regular), ink(.medium)); XCTAssertLessThan(ink(.semibold), ink(.bold))
    }
}
