import CICU
import Foundation
import Geometry
@testable import Raster
import Scene
import XCTest

/// Bidi order and grapheme clusters against ICU asked directly: the visual order of each laid-out
/// line equals what ubidi_setPara + ubidi_setLine + ubidi_getVisualMap give for that line, and
/// the glyphs are drawn in that order; a flag, a family and a skin-tone sequence are one cluster
/// each and never split, by a line break or by the "…" of a truncated line.
final class BidiAndClusterTests: XCTestCase {
    /// ICU's visual order of line r of `text` (a single paragraph) at paragraph level `level`.
    func icuVisualOrder(_ text: [UInt32], _ r: Range<Int>, level: Int32) throws -> [Int] {
        var map = [Int32](repeating: 0, count: r.count)
        var err = [CChar](repeating: 0, count: 128)
        let rc = segue_icu_reference_visual_map(text, Int32(text.count), level, Int32(r.lowerBound), Int32(r.upperBound), &map, &err, err.count)
        XCTAssertEqual(rc, 0, String(cString: err))
        return map.map(Int.init)
    }

    let mixed = [
        "The word مرحبا means hello and שלום too, 42 times.",
        "مرحبا بالعالم 123 و 4.5% من Segue 2.0 في ١٢٣ يوم",
        "שלום (עולם) [Hello, world] 10-20 ספרים",
        "abc \u{2067}אבג 12 def\u{2069} ghi \u{202B}דהו xyz\u{202C} end",
        "السعر: $9.99 — Price, 2024/12/05",
    ]

    func testLineVisualOrderEqualsUbidi() throws {
        for text in mixed {
            let scalars = text.unicodeScalars.map(\.value)
            for (direction, level) in [(LayoutDirection.ltr, Int32(-1)), (.rtl, -2)] {
                var style = TextStyle(font: Font(size: 17), lines: 0)
                style.direction = direction
                for width in [120.0, 200, 5000] {
                    let laid = try TextRenderer.laidOut(text, style: style, width: width)
                    XCTAssertEqual(laid.lines.map(\.range.lowerBound).first, 0)
                    for line in laid.lines where !line.range.isEmpty {
                        let ours = try laid.paragraph.text.visualOrder(line.range)
                        let icu = try icuVisualOrder(scalars, line.range, level: level)
                        XCTAssertEqual(ours, icu, "\(text) [\(line.range)] width \(width) \(direction)")
                        // The glyphs come in that order (clusters: one per scalar in these texts,
                        // but bidi controls draw no glyph of their own in some faces).
                        var seen: [Int] = []
                        for g in line.glyphs where seen.last != g.cluster { seen.append(g.cluster) }
                        XCTAssertEqual(seen, ours.filter { seen.contains($0) }, "\(text): glyphs in visual order")
                        XCTAssertGreaterThan(seen.count, line.range.count / 2)
                    }
                }
            }
        }
    }

    func testParagraphDirectionComesFromTheFirstStrongCharacter() throws {
        let style = TextStyle(font: Font(size: 17), lines: 0)
        XCTAssertEqual(try TextRenderer.laidOut("שלום world", style: style, width: 1000).paragraph.paragraphDirection(at: 0), .rtl)
        XCTAssertEqual(try TextRenderer.laidOut("world שלום", style: style, width: 1000).paragraph.paragraphDirection(at: 0), .ltr)
        var rtl = style
        rtl.direction = .rtl
        XCTAssertEqual(try TextRenderer.laidOut("123 …", style: rtl, width: 1000).paragraph.paragraphDirection(at: 0), .rtl)
        XCTAssertEqual(try TextRenderer.laidOut("123 …", style: style, width: 1000).paragraph.paragraphDirection(at: 0), .ltr)
    }

    /// Each sequence is one extended grapheme cluster (ICU's character iterator) and stays whole.
    let clusters = ["🇺🇸", "👨‍👩‍👧‍👦", "👋🏽", "🏳️‍🌈", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"]

    func testFlagsFamiliesAndSkinTonesAreOneClusterNeverSplit() throws {
        for c in clusters {
            let scalars = c.unicodeScalars.map(\.value)
            var starts = [UInt8](repeating: 0, count: scalars.count + 1)
            var err = [CChar](repeating: 0, count: 128)
            XCTAssertEqual(segue_icu_grapheme_starts(scalars, Int32(scalars.count), &starts, &err, err.count), 0)
            XCTAssertEqual(starts.filter { $0 != 0 }.count, 2, "\(c) is one cluster")
            let text = String(repeating: c, count: 12)
            // Narrower than two clusters: a long "word" breaks between clusters, never inside.
            for width in [30.0, 45, 70] {
                let l = Renderer.layoutText(text, style: TextStyle(font: Font(size: 20), lines: 0), width: width)
                XCTAssertEqual(l.lines.joined(), text)
                for line in l.lines { XCTAssertTrue(line.unicodeScalars.count % scalars.count == 0, "\(c) split: \(line)") }
                // Truncated to one line: "…" follows whole clusters.
                let cut = Renderer.layoutText(text, style: TextStyle(font: Font(size: 20), lines: 1), width: width + 20)
                let kept = String(cut.lines[0].dropLast())
                XCTAssertTrue(cut.lines[0].hasSuffix("…"), cut.lines[0])
                XCTAssertEqual(kept.unicodeScalars.count % scalars.count, 0, "\(c): the … splits no cluster: \(kept)")
            }
        }
    }

    /// Issue 30: "Made in 🇺🇸" aborted the process (libunibreak 1.1 predates regional indicators).
    func testAFlagInASentenceLaysOutAndDraws() throws {
        let style = TextStyle(font: Font(size: 17), lines: 0)
        let l = Renderer.layoutText("Made in 🇺🇸", style: style, width: 300)
        XCTAssertEqual(l.lines, ["Made in 🇺🇸"])
        let b = Bitmap(uncheckedWidth: 200, height: 40)
        b.clear(to: .white)
        Renderer.render(Node(kind: .text("Made in 🇺🇸", style), frame: Rect(0, 0, 200, 40)), scale: 1, into: b)
        XCTAssertTrue((0..<b.count).contains { b.pixels[$0] & 0xFF < 128 }, "ink drawn")
    }

    /// A character no face has is reported (validate warns about it), once; one the Noto
    /// families cover is not.
    func testUnsupportedCharactersAreNamed() throws {
        let style = TextStyle(font: Font(size: 17), lines: 0)
        XCTAssertEqual(Renderer.unsupportedCharacters(in: "Hello مرحبا שלום ไทย 中文 🇺🇸\u{200D}", style: style), [])
        XCTAssertEqual(Renderer.unsupportedCharacters(in: "a\u{0378}b\u{0378}\u{0530}", style: style)?.map(\.value), [0x0378, 0x0530])
    }

    /// A bold CJK title is drawn with a bold CJK face (Noto Sans CJK's own Bold), not the regular one.
    func testBoldCJKUsesABoldFace() throws {
        func faceName(_ weight: FontWeight) throws -> String {
            let laid = try TextRenderer.laidOut("中文标题", style: TextStyle(font: Font(size: 20, weight: weight)), width: 1000)
            let f = try XCTUnwrap(laid.lines.first?.glyphs.first?.face)
            return String(cString: f.ft.pointee.style_name)
        }
        XCTAssertEqual(try faceName(.bold), "Bold")
        XCTAssertEqual(try faceName(.regular), "Regular")
    }

    /// Text failures belong to the render that had them (issue 29.4): a log bound on one thread
    /// takes that thread's failures; another render's log and the process's stay clean.
    func testTextFailuresBelongToTheBoundLog() throws {
        let a = TextFailureLog(), b = TextFailureLog()
        a.bind { TextFailures.record(TextError(call: "FT_Load_Glyph", subject: "glyph 3", detail: "test")) }
        XCTAssertThrowsError(try a.check()) { XCTAssertEqual(($0 as? TextError)?.call, "FT_Load_Glyph") }
        XCTAssertNoThrow(try b.check())
        XCTAssertNoThrow(try Renderer.checkText())
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { b.bind { TextFailures.record(TextError(call: "hb_shape", subject: "x", detail: "test")) }; done.signal() }
        done.wait()
        XCTAssertThrowsError(try b.check()) { XCTAssertEqual(($0 as? TextError)?.call, "hb_shape") }
        XCTAssertNoThrow(try Renderer.checkText())
    }
}
