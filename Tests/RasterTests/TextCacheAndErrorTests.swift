import XCTest
import SegueTestSupport
import Foundation
@testable import Raster
import Geometry
import Scene

/// Caption layouts are cached (shaped once, not in every band of every frame), and every
/// FreeType / fontconfig failure is a TextError that says which call failed on what.
final class TextCacheAndErrorTests: XCTestCase {
    func testACaptionDrawnInBandsIsShapedOnce() {
        let text = "Cached \(UInt32.random(in: 0..<UInt32.max))"   // not shaped before in this process
        let label = Node(kind: .text(text, TextStyle(font: Font(size: 15, weight: .semibold), color: .white, alignment: .center, lines: 2)),
                         frame: Rect(10, 10, 180, 50))
        let whole = Bitmap(uncheckedWidth: 400, height: 140)
        let before = Renderer.shapedScalarCount
        Renderer.render(label, scale: 2, into: whole)
        let first = Renderer.shapedScalarCount - before
        XCTAssertEqual(first, text.unicodeScalars.count, "the first draw shapes the text once")
        let banded = Bitmap(uncheckedWidth: 400, height: 140)
        for y0 in stride(from: 0, to: 140, by: 8) { Renderer.render(label, scale: 2, into: banded, rows: y0..<min(140, y0 + 8)) }
        _ = Renderer.layoutText(text, style: TextStyle(font: Font(size: 15, weight: .semibold), lines: 2), width: 180)
        _ = Renderer.layoutText(text, style: TextStyle(font: Font(size: 15, weight: .semibold), lines: 2), width: 180)
        // 18 more draws and a measurement (at 4×, its own layout, cached after the first).
        XCTAssertEqual(Renderer.shapedScalarCount - before, 2 * text.unicodeScalars.count)
        ImageDiff.assertMatches(banded, whole, "cached layouts draw the same pixels")
        XCTAssertGreaterThan(coveredArea(whole), 100)
    }

    func testAnotherWidthOrStyleIsLaidOutAgain() {
        let text = "Wraps at another width \(UInt64.random(in: 0..<UInt64.max))"
        let style = TextStyle(font: Font(size: 17), lines: 0)
        let wide = Renderer.layoutText(text, style: style, width: 1000)
        let narrow = Renderer.layoutText(text, style: style, width: 90)
        XCTAssertEqual(wide.lines.count, 1)
        XCTAssertGreaterThan(narrow.lines.count, 1, "a cached layout of another width is not reused")
        let bold = Renderer.layoutText(text, style: TextStyle(font: Font(size: 17, weight: .bold), lines: 0), width: 1000)
        XCTAssertGreaterThan(bold.widths[0], wide.widths[0], "bold is laid out with its own face")
    }

    func testAFileThatIsNotAFontIsAClearError() throws {
        let e = try TextEngine()
        let notFont = try temporaryFolder("not-a-font") + "/font.ttf"
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: notFont))
        for path in [notFont, "/nonexistent/segue/font.ttf"] {
            XCTAssertThrowsError(try e.face(TextEngine.FaceKey(path: path, index: 0)), path) { error in
                guard let t = error as? TextError else { return XCTFail("\(error) is not a TextError") }
                XCTAssertEqual(t.call, "FT_New_Face")
                XCTAssertTrue(t.description.contains(path), t.description)
                XCTAssertTrue(t.description.contains("error "), "FreeType's code is in the message: \(t.description)")
            }
        }
        // A face index past the file's faces is FreeType's error too, not a blank.
        let inter = try XCTUnwrap(try e.match(family: "Inter", weight: .regular))
        XCTAssertThrowsError(try e.face(TextEngine.FaceKey(path: inter.path, index: 999)))
        XCTAssertNoThrow(try e.face(inter))
    }

    func testFailuresAreRecordedForTheFrameToThrow() throws {
        // Nothing has failed in this process's drawing so far (the tests draw installed fonts).
        XCTAssertNoThrow(try Renderer.checkText())
        let e = TextError.freeType("FT_Set_Char_Size", "Inter at 0 px", 6)
        XCTAssertEqual(e.call, "FT_Set_Char_Size")
        XCTAssertTrue(e.description.hasPrefix("text: FT_Set_Char_Size failed for Inter at 0 px: "), e.description)
        XCTAssertThrowsError(try TextError.checkFT(6, "FT_Load_Glyph", "glyph 3")) { XCTAssertEqual(($0 as? TextError)?.call, "FT_Load_Glyph") }
        XCTAssertNoThrow(try TextError.checkFT(0, "FT_Load_Glyph", "glyph 3"))
        XCTAssertThrowsError(try TextError.checkFc(0, "FcInit", "the text engine"))
        XCTAssertNoThrow(try TextError.checkFc(1, "FcInit", "the text engine"))
    }
}
