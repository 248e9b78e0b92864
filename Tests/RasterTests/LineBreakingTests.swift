import CICU
import Foundation
import Geometry
import Raster
import Scene
import XCTest

/// Text layout against ICU's own answers (UAX #14 line breaks, UAX #29 grapheme clusters), asked
/// here directly through the C target: every line ends where ICU's line iterator allows a break,
/// and is full (the next piece would not fit).
final class LineBreakingTests: XCTestCase {
    /// ICU directly: may a line break between scalar i − 1 and i of `s`? Kept only at grapheme
    /// boundaries (ICU's character iterator): a cluster never splits across lines.
    func allowedBreaks(_ s: String) -> Set<Int> {
        let scalars = s.unicodeScalars.map(\.value)
        var brks = [UInt8](repeating: 0, count: scalars.count)
        var starts = [UInt8](repeating: 0, count: scalars.count + 1)
        var err = [CChar](repeating: 0, count: 128)
        XCTAssertEqual(segue_icu_line_breaks(scalars, Int32(scalars.count), &brks, &err, err.count), 0)
        XCTAssertEqual(segue_icu_grapheme_starts(scalars, Int32(scalars.count), &starts, &err, err.count), 0)
        var out = Set<Int>()
        for (i, b) in brks.enumerated() where b != 0 && starts[i + 1] != 0 { out.insert(i + 1) }
        return out
    }

    /// Checks the lines of `text` laid out in `width`: consecutive, each ending at an allowed break
    /// (trailing spaces aside), and greedy (the next break's text would overflow the line).
    func checkGreedy(_ text: String, style: TextStyle, width: Double, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let layout = Renderer.layoutText(text, style: style, width: width)
        let allowed = allowedBreaks(text)
        let scalars = Array(text.unicodeScalars)
        var pos = 0
        for (k, l) in layout.lines.enumerated() {
            let n = l.unicodeScalars.count
            XCTAssertEqual(String(String.UnicodeScalarView(scalars[pos..<pos + n])), l, "line \(k) is the text's next run", file: file, line: line)
            var end = pos + n
            while end < scalars.count && scalars[end] == " " { end += 1 }
            if k < layout.lines.count - 1 {
                XCTAssertTrue(allowed.contains(end), "line \(k) \"\(l)\" ends where ICU allows a break", file: file, line: line)
                // The next allowed break: the line plus that piece would not fit.
                guard let next = allowed.filter({ $0 > end }).min() else { break }
                let longer = String(String.UnicodeScalarView(scalars[pos..<next])).trimmingCharacters(in: .whitespaces)
                let w = Renderer.layoutText(longer, style: TextStyle(font: style.font, lines: 1), width: 1e6).widths.first ?? 0
                XCTAssertGreaterThan(w, width, "line \(k) \"\(l)\" is full: \"\(longer)\" would fit", file: file, line: line)
            }
            XCTAssertLessThanOrEqual(layout.widths[k], width + 0.01, file: file, line: line)
            pos = end
        }
        XCTAssertEqual(pos, scalars.count, "every character is on a line", file: file, line: line)
        return layout.lines
    }

    func testEnglishParagraphWrapsAtWordsLikeTheLibrary() {
        let text = "A text layer without lines used to render one line cut with an ellipsis, although the documentation says the default is unlimited. Well-known hyphenated words may break after their hyphen."
        let lines = checkGreedy(text, style: TextStyle(font: Font(size: 17), lines: 0), width: 350)
        XCTAssertGreaterThanOrEqual(lines.count, 3)
    }

    func testChineseBreaksBetweenIdeographsNeverBeforeClosingPunctuation() {
        let text = "我们今天去公园散步，天气非常好。「你好」，他说。这是一个很长的中文句子，用来测试换行是否正确、是否符合规则。"
        for width in [120.0, 150, 200, 333] {
            let lines = checkGreedy(text, style: TextStyle(font: Font(size: 20), lines: 0), width: width)
            for (k, l) in lines.enumerated() {
                if k > 0 { XCTAssertFalse("。，、」".contains(l.first!), "line \(k) starts with closing punctuation: \(l)") }
                if k < lines.count - 1 { XCTAssertFalse("「".contains(l.last!), "line \(k) ends with opening punctuation: \(l)") }
            }
        }
    }

    /// A corpus of mixed-script paragraphs (Arabic, Hebrew, Thai — ICU breaks Thai with its
    /// dictionary —, Devanagari, Japanese, Korean, emoji, flags) at several widths.
    func testMixedScriptParagraphsBreakWhereICUBreaks() {
        let corpus = [
            "مرحبا بالعالم، هذا نص عربي طويل يحتوي على أرقام 2024 وكلمات English في الوسط.",
            "שלום עולם! זהו טקסט בעברית עם מספרים 3.14 ומילים באנגלית: Segue renders it.",
            "ภาษาไทยไม่มีช่องว่างระหว่างคำ การตัดบรรทัดจึงต้องใช้พจนานุกรม",
            "हिन्दी में लिखा गया यह वाक्य देवनागरी लिपि का उपयोग करता है।",
            "日本語の文章は、ひらがなとカタカナと漢字を混ぜて書きます。「引用」も含む。",
            "한국어 문장은 띄어쓰기를 사용합니다. Made in 🇺🇸 and 🇯🇵, 👩‍👩‍👧‍👦 👋🏽!",
        ]
        for text in corpus {
            for width in [90.0, 140, 230] {
                let lines = checkGreedy(text, style: TextStyle(font: Font(size: 17), lines: 0), width: width)
                XCTAssertGreaterThan(lines.count, 1, text)
            }
        }
    }

    func testMixedLatinCJKAndEmojiWrapLikeTheLibrary() {
        let text = "Mixed 中文 and English 😀🎉 with emoji 👍🏽 and 👨‍👩‍👧 family, 很好！"
        let lines = checkGreedy(text, style: TextStyle(font: Font(size: 20), lines: 0), width: 160)
        // A ZWJ sequence stays whole on one line.
        XCTAssertTrue(lines.contains { $0.contains("👨‍👩‍👧") }, "\(lines)")
    }

    func testNewlineIsAHardBreakAndLinesCutWithEllipsis() {
        let hard = Renderer.layoutText("first\nsecond\n\nfourth", style: TextStyle(font: Font(size: 17), lines: 0), width: 300)
        XCTAssertEqual(hard.lines, ["first", "second", "", "fourth"])
        let long = String(repeating: "word ", count: 60)
        let cut = Renderer.layoutText(long, style: TextStyle(font: Font(size: 17), lines: 3), width: 200)
        XCTAssertEqual(cut.lines.count, 3)
        XCTAssertTrue(cut.lines[2].hasSuffix("…"), "\(cut.lines)")
        XCTAssertFalse(cut.lines[0].contains("…"))
        for w in cut.widths { XCTAssertLessThanOrEqual(w, 200.01) }
    }

    func testLongWordBreaksAtGraphemeBoundaries() {
        let word = String(repeating: "e\u{301}", count: 200)   // é as e + combining acute
        let l = Renderer.layoutText(word, style: TextStyle(font: Font(size: 17), lines: 0), width: 100)
        XCTAssertGreaterThan(l.lines.count, 3)
        XCTAssertEqual(l.lines.joined(), word)
        for line in l.lines { XCTAssertFalse(line.unicodeScalars.first == "\u{301}", "a mark is never split from its letter") }
        for w in l.widths { XCTAssertLessThanOrEqual(w, 100.01) }
    }

    /// Issue 20: layout used to re-shape the line for every word (quadratic). Now each scalar is
    /// shaped once, whatever the text's shape: counted, so no clock is involved.
    func testLayoutShapesEachScalarOnce() {
        let n = 64 * 1024
        let shapes: [(String, String)] = [
            ("one long word", String(repeating: "x", count: n)),
            ("words", String(repeating: "word ", count: n / 5)),
            ("CJK", String(repeating: "中文字", count: n / 3)),
            ("newlines", String(repeating: "a\n", count: n / 2)),
            ("alternating faces", String(repeating: "a中", count: n / 2)),
        ]
        for (name, text) in shapes {
            for lines in [0, 3] {
                let before = Renderer.shapedScalarCount
                _ = Renderer.layoutText(text, style: TextStyle(font: Font(size: 17), lines: lines), width: 300)
                let shaped = Renderer.shapedScalarCount - before
                XCTAssertLessThanOrEqual(shaped, text.unicodeScalars.count + 400, "\(name), lines \(lines): \(shaped) scalars shaped")
            }
        }
    }

    /// The rest of layout, counted too (no clock): line breaking and visual ordering visit
    /// positions and glyphs (Renderer.layoutStepCount). Whatever the text's shape, at most a few
    /// steps per scalar, and 4× the text costs 4× the steps (a quadratic layout would cost 16×:
    /// re-measuring a line for every candidate break, or scanning every run for every line).
    func testLayoutStepsAreLinearInTheText() {
        func steps(_ text: String, width: Double = 300) -> Int {
            let before = Renderer.layoutStepCount
            _ = Renderer.layoutText(text, style: TextStyle(font: Font(size: 17), lines: 0), width: width)
            return Renderer.layoutStepCount - before
        }
        let n = 64 * 1024
        let shapes: [(String, (Int) -> String, Double)] = [
            ("words", { String(repeating: "word ", count: $0 / 5) }, 300),
            ("one long word", { String(repeating: "x", count: $0) }, 300),
            ("words in a very wide frame", { String(repeating: "word ", count: $0 / 5) }, 100_000),
            ("CJK", { String(repeating: "中文字", count: $0 / 3) }, 300),
            ("newlines", { String(repeating: "a\n", count: $0 / 2) }, 300),
            ("alternating faces", { String(repeating: "a中", count: $0 / 2) }, 300),
        ]
        for (name, text, width) in shapes {
            let small = steps(text(n), width: width), large = steps(text(4 * n), width: width)
            XCTAssertGreaterThan(small, 0, name)
            XCTAssertLessThanOrEqual(large, 8 * text(4 * n).unicodeScalars.count, "\(name): \(large) steps for \(4 * n) scalars")
            XCTAssertLessThanOrEqual(Double(large), 4.5 * Double(small), "\(name): 4× the text, \(small) → \(large) steps")
        }
    }

    /// Line k's ink sits k line heights below line 0's, the line height being the font's own
    /// ascender + descender + line gap (hhea, read from the font file here) at the pixel size.
    func testLineNSitsAtNTimesTheFontsLineHeight() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/opentype/inter/Inter-Regular.otf"))
        func u16(_ o: Int) -> Int { Int(data[o]) << 8 | Int(data[o + 1]) }
        func i16(_ o: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(o)))) }
        func table(_ tag: String) -> Int? {
            for t in 0..<u16(4) {
                let rec = 12 + 16 * t
                if String(decoding: data[rec..<rec + 4], as: UTF8.self) == tag { return Int(data[rec + 8]) << 24 | Int(data[rec + 9]) << 16 | u16(rec + 10) }
            }
            return nil
        }
        let head = try XCTUnwrap(table("head")), hhea = try XCTUnwrap(table("hhea"))
        let upem = Double(u16(head + 18))
        let size = 40.0
        let lineHeight = Double(i16(hhea + 4) - i16(hhea + 6) + i16(hhea + 8)) / upem * size
        let b = Bitmap(uncheckedWidth: 120, height: 400)
        b.clear(to: .white)
        Renderer.render(Node(kind: .text("H\nH\nH\nH", TextStyle(font: Font(size: size), color: .black, lines: 0)), frame: Rect(0, 0, 120, 400)), scale: 1, into: b)
        // The first inked row of each line.
        var tops: [Int] = []
        var inInk = false
        for y in 0..<b.height {
            let ink = (0..<b.width).contains { b[$0, y] & 0xFF < 128 }
            if ink && !inInk { tops.append(y) }
            inInk = ink
        }
        XCTAssertEqual(tops.count, 4, "four lines of ink")
        for k in 1..<tops.count {
            // FreeType rounds the metrics to whole pixels: within a pixel per line.
            XCTAssertEqual(Double(tops[k] - tops[0]), Double(k) * lineHeight, accuracy: 1.0 * Double(k) + 0.5, "line \(k)")
        }
    }
}
