import Foundation
import Media
import Raster
import XCTest
import SegueTestSupport

/// Issue 28.2: a screenshot's large title (`"navigationBar": { "height": 96, "largeTitle": 52 }`)
/// is not part of the held bar. In a `uikit` push it leaves with its page along UIKit's path (to
/// the back label's place, shrinking, gone by 0.5), in a pop it comes back the same way, and no
/// frame shows it twice or shows it with the back label it turns into. Checked on the frames
/// `segue frames --all` writes, against the screenshots the test draws: the title is red, the
/// newer bar's back label blue, so each is measured on its own.
final class ScreenshotLargeTitleTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = try temporaryFolder("largetitle")
        try PNGWriter.write(Self.list(), to: dir + "/list.png")
        try PNGWriter.write(Self.detail(), to: dir + "/detail.png")
    }

    // The screenshots, at iPhone 13's size in points (the preset's scale is 1): a 47 pt status
    // band, a 44 pt white bar, and on the list a 52 pt large-title strip below it.
    static let width = 390, height = 844, statusBottom = 47, barBottom = 91, stripBottom = 143
    /// The large title's "letters" (x ranges) within rows 100..<134.
    static let letters = [16..<40, 46..<70, 76..<110], titleRows = 100..<134

    static func canvas(_ fill: (Int, Int) -> (UInt8, UInt8, UInt8)) -> Bitmap {
        let b = Bitmap(uncheckedWidth: width, height: height)
        for y in 0..<height { for x in 0..<width { let c = fill(x, y); b[x, y] = Bitmap.pack(r: c.0, g: c.1, b: c.2, a: 255) } }
        return b
    }

    static func list() -> Bitmap {
        canvas { x, y in
            if y < statusBottom { return (238, 238, 238) }
            if (58..<78).contains(y) && ((16..<50).contains(x) || (344..<372).contains(x)) { return (60, 160, 60) }    // Edit, + (neither red nor blue)
            if titleRows.contains(y) && letters.contains(where: { $0.contains(x) }) { return (255, 0, 0) }
            if y >= stripBottom && y % 76 < 2 { return (200, 200, 200) }                                             // cell rules
            return (255, 255, 255)
        }
    }

    static func detail() -> Bitmap {
        canvas { x, y in
            if y < statusBottom { return (238, 238, 238) }
            if (58..<80).contains(y) && ((8..<20).contains(x) || (26..<80).contains(x)) { return (0, 0, 255) }       // < Back
            if (58..<80).contains(y) && (160..<230).contains(x) { return (40, 40, 40) }                                // title
            if y >= barBottom { return y % 40 < 20 ? (200, 240, 210) : (170, 220, 190) }
            return (255, 255, 255)
        }
    }

    func preset(list bar: String = #"{ "height": 96, "largeTitle": 52 }"#, pop: String = #"{ "pop": true, "transition": "uikit" }"#) -> String {
        """
        { "segue": 1, "name": "lt", "device": "iphone-13", "scale": 1, "fps": 30,
          "screens": { "list": { "image": "list.png", "navigationBar": \(bar) },
                       "detail": { "image": "detail.png", "navigationBar": 44 } },
          "start": "list",
          "timeline": [ { "hold": 0.1 }, { "push": "detail", "transition": "uikit" }, { "hold": 0.1 }, \(pop), { "hold": 0.1 } ] }
        """
    }

    /// Every frame of the preset, as `segue frames --all` wrote them.
    func frames(_ text: String) throws -> [Bitmap] {
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/p.json"))
        let r = try CLI.run(["frames", dir + "/p.json", "--all", "-o", dir + "/out"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").filter { $0.hasSuffix(".png") }.sorted()
        return try names.map { try ImageDecoder.decode(path: dir + "/out/" + $0) }
    }

    /// How strongly a pixel is the title's red (0…1): red minus the mean of green and blue, which
    /// the neutral dim, shadow and white leave at 0 and the green page below 0.
    static func red(_ p: UInt32) -> Double { let c = Bitmap.unpack(p); return max(0, (Double(c.r) - (Double(c.g) + Double(c.b)) / 2) / 255) }
    static func blue(_ p: UInt32) -> Double { let c = Bitmap.unpack(p); return max(0, (Double(c.b) - (Double(c.r) + Double(c.g)) / 2) / 255) }

    /// The strongest value of `measure` in `rows` (how visible that ink is: its letters are solid).
    static func peak(_ b: Bitmap, _ rows: Range<Int>, _ measure: (UInt32) -> Double) -> Double {
        rows.map { y in (0..<b.width).map { measure(b[$0, y]) }.max() ?? 0 }.max() ?? 0
    }

    /// Where the title shows in a frame, fitted as one copy of the source letters: its box, scale
    /// and opacity, and the share of its pixels that a single scaled copy does not explain.
    struct Fit { var x: Int; var y: Int; var scale: Double; var alpha: Double; var mismatch: Double }

    static func fit(_ b: Bitmap) -> Fit? {
        let alpha = peak(b, 0..<stripBottom + 20, red)
        guard alpha > 0.15 else { return nil }
        var x0 = Int.max, y0 = Int.max, x1 = 0, y1 = 0
        for y in 0..<stripBottom + 20 { for x in 0..<b.width where red(b[x, y]) > alpha / 2 {
            x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1)
        } }
        let source = Double(letters.last!.upperBound - letters[0].lowerBound)
        let s = Double(x1 - x0) / source
        var wrong = 0, inked = 0
        for y in y0..<y1 {
            for x in x0..<x1 {
                let sx = Double(x - x0) / s + Double(letters[0].lowerBound), sy = Double(y - y0) / s + Double(titleRows.lowerBound)
                // Pixels within a source pixel of a letter's edge are resampled: not judged.
                let inside = letters.contains { Double($0.lowerBound) + 1 / s < sx && sx < Double($0.upperBound) - 1 / s }
                    && Double(titleRows.lowerBound) + 1 / s < sy && sy < Double(titleRows.upperBound) - 1 / s
                let outside = !letters.contains { Double($0.lowerBound) - 1 / s < sx && sx < Double($0.upperBound) + 1 / s }
                    || sy < Double(titleRows.lowerBound) - 1 / s || sy > Double(titleRows.upperBound) + 1 / s
                let shown = red(b[x, y]) > alpha / 2
                if inside { inked += 1; if !shown { wrong += 1 } } else if outside && shown { wrong += 1 }
            }
        }
        return Fit(x: x0, y: y0, scale: s, alpha: alpha, mismatch: Double(wrong) / Double(max(1, inked)))
    }

    /// Push and pop: one copy of the title in every frame, moving one way along UIKit's path, and
    /// never readable together with the back label it becomes.
    func testLargeTitleLeavesAndReturnsAsOneTitle() throws {
        try assertOneTitle(try frames(preset()))
    }

    /// Right to left (screenshots of a right-to-left app, the title and back label at the right):
    /// the frames are the mirror images of the left-to-right ones' kind, so the same checks hold
    /// on the frames mirrored back.
    func testRightToLeftTitleGoesToTheRightHandBackLabel() throws {
        try PNGWriter.write(Self.mirrored(Self.list()), to: dir + "/list.png")
        try PNGWriter.write(Self.mirrored(Self.detail()), to: dir + "/detail.png")
        let text = preset().replacingOccurrences(of: #""fps": 30,"#, with: #""fps": 30, "direction": "rtl","#)
        try assertOneTitle(try frames(text).map(Self.mirrored))
    }

    static func mirrored(_ b: Bitmap) -> Bitmap {
        let m = Bitmap(uncheckedWidth: b.width, height: b.height)
        for y in 0..<b.height { for x in 0..<b.width { m[b.width - 1 - x, y] = b[x, y] } }
        return m
    }

    func assertOneTitle(_ all: [Bitmap]) throws {
        XCTAssertGreaterThan(all.count, 25)
        let fits = all.map(Self.fit)
        // At rest the title is where the screenshot has it, full size and opaque.
        for i in [0, all.count - 1] {
            let f = try XCTUnwrap(fits[i], "frame \(i)")
            XCTAssertEqual(f.x, 16); XCTAssertEqual(f.y, Self.titleRows.lowerBound); XCTAssertEqual(f.scale, 1, accuracy: 0.01)
            XCTAssertGreaterThan(f.alpha, 0.99)
        }
        var shrinking: [Fit] = [], growing: [Fit] = []
        var pushed = false
        for (i, frame) in all.enumerated() {
            let back = Self.peak(frame, Self.statusBottom..<Self.barBottom, Self.blue)
            let title = Self.peak(frame, 0..<Self.stripBottom + 20, Self.red)
            XCTAssertLessThan(min(title, back), 0.02, "frame \(i): the title (\(title)) and the back label (\(back)) both show")
            if back > 0.99 { pushed = true }
            guard let f = fits[i] else { continue }
            XCTAssertLessThan(f.mismatch, 0.05, "frame \(i): the title is not one scaled copy of itself (\(f))")
            XCTAssertGreaterThan(f.scale, 0.45, "frame \(i)")
            // Its path ends at the back label's leading edge, 26 pt in on the bar's side.
            XCTAssertLessThanOrEqual(f.x, 27, "frame \(i): the title is not on its way to the back label (\(f))")
            if pushed { growing.append(f) } else { shrinking.append(f) }
        }
        XCTAssertTrue(pushed, "the detail's back label never showed in full")
        // Between the ends it moves toward the back label (right, up, smaller) and back again.
        func monotonic(_ fits: [Fit], _ sign: Double, _ label: String) {
            for (a, b) in zip(fits, fits.dropFirst()) {
                XCTAssertGreaterThanOrEqual(sign * Double(b.x - a.x), -1, "\(label): x \(a.x) → \(b.x)")
                XCTAssertLessThanOrEqual(sign * Double(b.y - a.y), 1, "\(label): y \(a.y) → \(b.y)")
                XCTAssertLessThanOrEqual(sign * (b.scale - a.scale), 0.02, "\(label): scale \(a.scale) → \(b.scale)")
            }
        }
        monotonic(shrinking, 1, "push"); monotonic(growing, -1, "pop")
        // It is gone by q = 0.5 (seen above 0.15 up to q ≈ 0.3, scale 0.85): at 30 fps a few frames.
        XCTAssertLessThan(shrinking.map(\.scale).min() ?? 1, 0.97, "the title never moved in the push")
        XCTAssertLessThan(growing.map(\.scale).min() ?? 1, 0.97, "the title never moved in the pop")
    }

    /// The number form holds the whole band: the title cross-fades in place while its page also
    /// moves it, the two copies ("dxbox") that the object form exists for. The checks above see it.
    func testNumberFormStillShowsTheTitleTwice() throws {
        let all = try frames(preset(list: "96"))
        let twice = all.contains { frame in
            let back = Self.peak(frame, Self.statusBottom..<Self.barBottom, Self.blue)
            let title = Self.peak(frame, 0..<Self.stripBottom + 20, Self.red)
            return min(title, back) > 0.2 || (Self.fit(frame)?.mismatch ?? 0) > 0.2
        }
        XCTAssertTrue(twice, "the held whole band no longer shows the title twice: is the number form still held whole?")
    }

    /// An interactive pop (the preset's gesture) brings the title back the same way.
    func testInteractivePopBringsTheTitleBack() throws {
        let gesture = #"{ "pop": true, "transition": "uikit", "gesture": { "from": [6, 500], "to": [240, 520], "duration": 0.4, "curve": "easeOut" } }"#
        let all = try frames(preset(pop: gesture))
        var seen = 0
        for (i, frame) in all.enumerated() {
            let back = Self.peak(frame, Self.statusBottom..<Self.barBottom, Self.blue)
            let title = Self.peak(frame, 0..<Self.stripBottom + 20, Self.red)
            XCTAssertLessThan(min(title, back), 0.02, "frame \(i): title \(title), back label \(back)")
            guard let f = Self.fit(frame) else { continue }
            seen += 1
            XCTAssertLessThan(f.mismatch, 0.05, "frame \(i): \(f)")
        }
        XCTAssertGreaterThan(seen, 3)
        let last = try XCTUnwrap(Self.fit(all[all.count - 1]))
        XCTAssertEqual(last.x, 16); XCTAssertEqual(last.y, Self.titleRows.lowerBound)
    }

    /// The held band (status band and the 44 pt bar) does not move: wherever the two screenshots'
    /// bands have the same pixel, every frame has it (away from the title's flight, x ≥ 120).
    func testHeldBandIsPixelIdenticalWhereTheBarsAgree() throws {
        let all = try frames(preset())
        let a = Self.list(), b = Self.detail()
        for y in 0..<Self.barBottom {
            for x in 120..<Self.width where a[x, y] == b[x, y] {
                for (i, f) in all.enumerated() where f[x, y] != a[x, y] {
                    XCTFail("frame \(i) changed the held band at (\(x), \(y))"); return
                }
            }
        }
    }

    /// `{ "height": 96 }` is the number form written out: the same band held whole, the same frames.
    func testObjectFormWithoutTitleIsTheNumberForm() throws {
        let number = try frames(preset(list: "96"))
        try FileManager.default.removeItem(atPath: dir + "/out")
        let object = try frames(preset(list: #"{ "height": 96 }"#))
        XCTAssertEqual(number.count, object.count)
        for (i, (a, b)) in zip(number, object).enumerated() {
            XCTAssertTrue(memcmp(a.pixels, b.pixels, a.byteCount) == 0, "frame \(i) differs")
        }
    }

    /// Bad declarations: exit 2, file:line:column, the JSON path, what was expected, what was found.
    func testBadDeclarationsExitTwoWithTheirPlace() throws {
        let cases: [(String, String, String)] = [
            (#"{ "height": 40, "largeTitle": 52 }"#, "screens.list.navigationBar.largeTitle", "must fit inside the bar's height (40 pt)"),
            (#"{ "largeTitle": 52 }"#, "screens.list.navigationBar.height", "required key is missing"),
            (#"{ "height": 96, "largeTitel": 52 }"#, "screens.list.navigationBar.largeTitel", "did you mean \"largeTitle\""),
            (#""tall""#, "screens.list.navigationBar", "expected a height in points, or { \"height\": points, \"largeTitle\": points }"),
            (#"{ "height": 96, "largeTitle": -1 }"#, "screens.list.navigationBar.largeTitle", "must be between 0 and"),
        ]
        for (bar, path, message) in cases {
            try Data(preset(list: bar).utf8).write(to: URL(fileURLWithPath: dir + "/p.json"))
            let r = try CLI.run(["validate", dir + "/p.json"])
            XCTAssertEqual(r.status, 2, bar)
            let line = r.stderr.split(separator: "\n").first { $0.contains(path + ":") || $0.contains(path + " ") }
            XCTAssertNotNil(line, "\(bar): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(bar): \(r.stderr)")
            XCTAssertNotNil(line?.range(of: #"p\.json:2:\d+"#, options: .regularExpression), "\(bar): \(line ?? "")")
        }
    }

    /// A number taller than the iPhone's 44 pt bar gets a hint naming both object forms; the
    /// object form says what the band is and gets none.
    func testTallNumberFormGetsAHint() throws {
        try Data(preset(list: "96").utf8).write(to: URL(fileURLWithPath: dir + "/p.json"))
        let r = try CLI.run(["validate", dir + "/p.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let all = r.stdout + r.stderr
        XCTAssertTrue(all.contains("warning"), all)
        XCTAssertTrue(all.contains(#"{ "height": 96, "largeTitle": 52 }"#), all)
        XCTAssertTrue(all.contains(#"{ "height": 96 }"#), all)
        for bar in [#"{ "height": 96 }"#, #"{ "height": 96, "largeTitle": 52 }"#, "44"] {
            try Data(preset(list: bar).utf8).write(to: URL(fileURLWithPath: dir + "/p.json"))
            let quiet = try CLI.run(["validate", dir + "/p.json"])
            XCTAssertEqual(quiet.status, 0, quiet.stderr)
            XCTAssertFalse((quiet.stdout + quiet.stderr).contains("navigationBar"), bar)
        }
    }
}
