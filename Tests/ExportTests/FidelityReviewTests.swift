import Foundation
import Geometry
import Media
import Presets
import Raster
import Scene
import SegueTestSupport
import XCTest
@testable import FramePipeline

/// Issue 28, the frame-by-frame review's findings: each class pinned against what a phone shows.
final class FidelityReviewTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try temporaryFolder("fidelity") }

    func composer(_ json: String) throws -> FrameComposer {
        FrameComposer(storyboard: try loadPreset(text: json, in: dir, name: "p-\(UUID().uuidString).json"))
    }

    func render(_ c: FrameComposer, _ i: Int) throws -> Bitmap {
        let b = try Bitmap(width: c.storyboard.pixelWidth, height: c.storyboard.pixelHeight)
        c.render(frame: i, into: b)
        return b
    }

    /// The frame index at story time t.
    func frame(_ c: FrameComposer, _ t: Double) -> Int { Int((t * Double(c.storyboard.fps)).rounded()) }

    // MARK: right-to-left status bar

    /// The box (pixel columns) of the dark ink in `rows` × `cols` of a white screen's frame.
    func inkColumns(_ b: Bitmap, rows: Range<Int>, cols: Range<Int>) -> ClosedRange<Int>? {
        let xs = cols.filter { x in rows.contains { y in b.rgba(x: x, y: y).r < 128 } }
        guard let lo = xs.first, let hi = xs.last else { return nil }
        return lo...hi
    }

    /// In Arabic or Hebrew the status bar's order is reversed (the time at the right, the
    /// indicators at the left) while each glyph keeps its shape: the ink in the left third of a
    /// right-to-left status bar is the ink of the left-to-right bar's right third, mirrored, and
    /// the other way round. Every layout: notch, Dynamic Island, home button, Android.
    func testRightToLeftStatusBarTradesSides() throws {
        for device in ["iphone-13", "iphone-15-pro", "iphone-se", "pixel-8"] {
            func frame0(_ direction: String) throws -> Bitmap {
                try render(try composer("""
                    { "segue": 1, "name": "rtl", "device": "\(device)", "scale": 2, "fps": 30, "direction": "\(direction)",
                      "screens": { "a": { "layers": [] } }, "start": "a", "timeline": [ { "hold": 0.1 } ] }
                    """), 0)
            }
            let ltr = try frame0("ltr"), rtl = try frame0("rtl")
            let w = ltr.width, third = w / 3
            let rows = 0..<Int((try composer("""
                { "segue": 1, "name": "h", "device": "\(device)", "scale": 2, "fps": 30, "screens": { "a": { "layers": [] } },
                  "start": "a", "timeline": [ { "hold": 0.1 } ] }
                """).storyboard.device.chrome.statusBarHeight * 2).rounded())
            func mirrored(_ r: ClosedRange<Int>) -> ClosedRange<Int> { (w - 1 - r.upperBound)...(w - 1 - r.lowerBound) }
            let ltrLeft = try XCTUnwrap(inkColumns(ltr, rows: rows, cols: 0..<third), device)
            let ltrRight = try XCTUnwrap(inkColumns(ltr, rows: rows, cols: (w - third)..<w), device)
            let rtlLeft = try XCTUnwrap(inkColumns(rtl, rows: rows, cols: 0..<third), device)
            let rtlRight = try XCTUnwrap(inkColumns(rtl, rows: rows, cols: (w - third)..<w), device)
            XCTAssertGreaterThan(abs(ltrLeft.count - ltrRight.count), 16, "\(device): the sides should differ for this to mean anything")
            // Within 4 pt: each item's box is mirrored exactly, its ink not quite (a glyph's side
            // bearings differ); the time and the indicators differ in width by far more.
            for (a, b, side) in [(rtlLeft, mirrored(ltrRight), "left"), (rtlRight, mirrored(ltrLeft), "right")] {
                XCTAssertEqual(Double(a.lowerBound), Double(b.lowerBound), accuracy: 8, "\(device): the \(side) ear is not the mirrored other one")
                XCTAssertEqual(Double(a.upperBound), Double(b.upperBound), accuracy: 8, "\(device): the \(side) ear is not the mirrored other one")
            }
        }
    }

    // MARK: matched element shadows

    /// A matched element's shadow flies with it: mid-flight the frame differs from the same story
    /// whose elements cast no shadow, darker just below the flying element, about as dark as the
    /// shadow on the still screen (a snapshot alone drops it, and it reappeared only on landing).
    func testMatchedShadowFliesWithTheElement() throws {
        func story(_ opacity: Double) throws -> FrameComposer {
            let shadow = #""shadow": { "opacity": \#(opacity), "radius": 4, "offset": [0, 8] }"#
            return try composer("""
                { "segue": 1, "name": "shadow", "device": "iphone-13", "scale": 1, "fps": 30,
                  "screens": {
                    "a": { "layers": [ { "type": "ellipse", "id": "dot", "frame": [40, 200, 80, 80], "fill": "#FF3B30", \(shadow) } ] },
                    "b": { "layers": [ { "type": "ellipse", "id": "dot", "frame": [150, 450, 100, 100], "fill": "#FF3B30", \(shadow) } ] } },
                  "start": "a",
                  "timeline": [ { "hold": 0.1 }, { "push": "b", "transition": "magic-move", "match": [["dot", "dot"]] }, { "hold": 0.1 } ] }
                """)
        }
        let lit = try story(0.6), flat = try story(0)
        // The darkest a shadow makes any pixel of a frame, against the same frame without it.
        func darkening(_ i: Int) throws -> (depth: Int, lowest: Int) {
            let a = try render(lit, i), b = try render(flat, i)
            var depth = 0, lowest = -1
            for y in 0..<a.height { for x in 0..<a.width {
                let d = Int(b.rgba(x: x, y: y).g) - Int(a.rgba(x: x, y: y).g)
                if d > depth { depth = d }
                if d > 8 { lowest = y }
            } }
            return (depth, lowest)
        }
        let still = try darkening(0)
        XCTAssertGreaterThan(still.depth, 40, "the still screen casts the shadow")
        let step = try XCTUnwrap(lit.storyboard.steps.first { $0.transition != nil })
        for f in [0.3, 0.5, 0.7] {
            let i = frame(lit, step.start + (step.end - step.start) * f)
            let mid = try darkening(i)
            XCTAssertGreaterThan(mid.depth, still.depth / 2, "frame \(i): the flying element casts no shadow")
            // The shadow falls below the element's moving frame: its lowest darkened row is below
            // the start's lowest (280 pt + 8 pt offset) as the element flies down.
            XCTAssertGreaterThan(mid.lowest, still.lowest, "frame \(i): the shadow does not move with the element")
        }
    }

    // MARK: screenshot apps' background

    /// A dark screenshot app on Android: behind the predictive-back windows lies the app's own
    /// background, read from the screenshot's edges (a bar of another colour at its top and a
    /// card in its middle do not count), not white: the band above the windows mid-drag is that
    /// colour under the 0.2 scrim (the screenshots' own bands slide, so the band is the backdrop).
    func testScreenshotAppsBackgroundIsReadFromTheScreenshot() throws {
        let bg = (r: 0x20, g: 0x21, b: 0x24)
        for (i, name) in ["a.png", "b.png"].enumerated() {
            let b = try Bitmap(width: 412 * 2, height: 915 * 2)
            for y in 0..<b.height { for x in 0..<b.width {
                let bar = y < 200, card = x > 100 && x < 700 && y > 600 && y < 900
                let c = bar ? (0x33, 0x66, 0xFF) : card ? (0xEE, 0xEE, 0xEE - i * 40) : (bg.r, bg.g, bg.b)
                b[x, y] = Bitmap.pack(r: UInt8(c.0), g: UInt8(c.1), b: UInt8(c.2), a: 255)
            } }
            try PNGWriter.write(b, to: dir + "/" + name)
        }
        let c = try composer("""
            { "segue": 1, "name": "shots", "device": "pixel-8", "scale": 2, "fps": 30, "background": "#FF00FF",
              "screens": { "a": { "image": "a.png", "chrome": "slides" }, "b": { "image": "b.png", "chrome": "slides" } }, "start": "a",
              "timeline": [ { "hold": 0.1 }, { "push": "b", "transition": "android-activity" }, { "hold": 0.1 },
                { "pop": true, "transition": "predictive-back",
                  "gesture": { "from": [4, 520], "to": [230, 560], "duration": 0.6, "curve": "easeOut" } }, { "hold": 0.1 } ] }
            """)
        let step = try XCTUnwrap(c.storyboard.steps.first { $0.driver != nil })
        let b = try render(c, frame(c, (step.start + step.end) / 2))
        let px = b.rgba(x: b.width / 2, y: 2)
        XCTAssertEqual(Double(px.r), Double(bg.r) * 0.8, accuracy: 3)
        XCTAssertEqual(Double(px.g), Double(bg.g) * 0.8, accuracy: 3)
        XCTAssertEqual(Double(px.b), Double(bg.b) * 0.8, accuracy: 3)
    }

    /// A screenshot that gives `background` keeps it: the colour is the preset's to set.
    func testScreenshotsGivenBackgroundWins() throws {
        let b = try Bitmap(width: 100, height: 200)
        for y in 0..<b.height { for x in 0..<b.width { b[x, y] = Bitmap.pack(r: 10, g: 10, b: 10, a: 255) } }
        try PNGWriter.write(b, to: dir + "/s.png")
        for (given, expected) in [("", Color(r: 10 / 255, g: 10 / 255, b: 10 / 255)), (##", "background": "#3366FF""##, Color(hex: "#3366FF")!)] {
            let c = try composer("""
                { "segue": 1, "name": "bg", "device": "pixel-8", "scale": 1, "fps": 30,
                  "screens": { "a": { "image": "s.png", "fit": "fit"\(given) } }, "start": "a", "timeline": [ { "hold": 0.1 } ] }
                """)
            let key = SnapshotStore.Key(screen: "a")
            XCTAssertEqual(c.background(of: key)?.hexString, expected.hexString, given)
            // …and it is what shows where `fit` leaves room (above a shot narrower in proportion than the screen).
            let f = try render(c, 0)
            let side = f.rgba(x: f.width / 2, y: 4)
            XCTAssertEqual(Color(r: Double(side.r) / 255, g: Double(side.g) / 255, b: Double(side.b) / 255).hexString, expected.hexString, given)
        }
    }

    // MARK: Hero's container

    /// Hero's styles that uncover their container (zoom-slide, page-in, page-out around the
    /// smaller screen; slide along the seam where the screens meet at a fraction of a pixel) show
    /// the app's background there, never the preset's: every frame is pixel-identical with the
    /// preset background magenta instead of black.
    func testHeroContainerIsTheAppsBackground() throws {
        for style in ["slide", "zoom-slide", "page-in", "page-out", "cover", "uncover", "zoom", "zoom-out", "fade"] {
            func story(_ background: String) throws -> FrameComposer {
                // Without the chrome: the property is the composed frame's, and all of it shows.
                try composer(Self.whiteScreens(style, background: background, chrome: false))
            }
            let black = try story("#000000"), magenta = try story("#FF00FF")
            for i in 0..<black.frameCount {
                XCTAssertTrue(try render(black, i).isIdentical(to: try render(magenta, i)), "\(style) frame \(i): the preset's background shows")
            }
        }
    }

    /// Hero `slide` between two white screens: the status bar's band (white under black items)
    /// is pixel-identical in every frame: no grey seam where the screens' edges meet.
    func testHeroSlideBetweenWhiteScreensHasNoSeam() throws {
        let c = try composer(Self.whiteScreens("slide", background: "#000000"))
        let rows = 0..<Int(c.storyboard.device.chrome.statusBarHeight)
        func band(_ i: Int) throws -> [UInt32] {
            let b = try render(c, i)
            return rows.flatMap { y in Array(UnsafeBufferPointer(start: b.row(y), count: b.width)) }
        }
        let first = try band(0)
        for i in 1..<c.frameCount { XCTAssertTrue(try band(i) == first, "frame \(i): the status band changed") }
    }

    // MARK: components over context

    /// Material's dialog (`material-fade` with a scrim) leaves the status bar as the inbox under
    /// it has it: dark icons in every frame (a page sheet's light-on-black gap is iOS's, for
    /// sheets only). The clock's box always holds near-black ink.
    func testDialogKeepsThePresentersStatusBar() throws {
        let s = try PresetLoader.load(path: PresetContinuityTests.presetsDirectory + "/catalog/material-fade.json",
                                      overrides: Overrides(scale: 1), images: PresetImages.folder, fonts: InstalledFonts())
        let c = FrameComposer(storyboard: s)
        let k = s.scale, h = Int((s.device.chrome.statusBarHeight * k).rounded())
        for i in 0..<c.frameCount {
            let b = try render(c, i)
            var darkest = 255
            for y in 0..<h { for x in Int(24 * k)..<Int(64 * k) { darkest = min(darkest, Int(b.rgba(x: x, y: y).g)) } }
            XCTAssertLessThan(darkest, 70, "frame \(i): the clock is not dark")
        }
    }

    /// AndroidX's fragment animations fade the old fragment over the activity's window background
    /// (the app's colour), never over the preset's background.
    func testFragmentsFadeOverTheAppsBackground() throws {
        let path = PresetContinuityTests.presetsDirectory + "/catalog/android-fragment.json"
        let s = try PresetLoader.load(path: path, overrides: Overrides(scale: 0.5), images: PresetImages.folder, fonts: InstalledFonts())
        var magenta = s
        magenta.background = .color(Color(r: 1, g: 0, b: 1))
        let c = FrameComposer(storyboard: s), m = FrameComposer(storyboard: magenta)
        for i in 0..<c.frameCount {
            XCTAssertTrue(try render(c, i).isIdentical(to: try render(m, i)), "frame \(i): the preset's background shows")
        }
    }

    // MARK: back button

    /// UIKit titles the back button with the previous screen's title, also when that title is
    /// the mock's own (no `title` in the preset), in the preset's language: "Messages" in English,
    /// "الرسائل" in Arabic — never a generic "Back" while the title fits.
    func testBackButtonCarriesThePreviousScreensDefaultTitle() throws {
        for locale in ["en", "ar"] {
            let c = try composer("""
                { "segue": 1, "name": "back", "device": "iphone-13", "scale": 1, "fps": 30, "locale": "\(locale)",
                  "screens": { "a": { "mock": "list", "seed": 1 }, "b": { "mock": "detail", "seed": 2 } }, "start": "a",
                  "timeline": [ { "hold": 0.1 }, { "push": "b", "transition": "uikit" }, { "hold": 0.1 } ] }
                """)
            func text(_ screen: String, _ id: String) throws -> String {
                let n = try XCTUnwrap(c.storyboard.screens[screen]?.find(id: id), "\(locale): \(screen).\(id)")
                guard case .text(let s, _) = n.kind else { XCTFail("\(locale): \(screen).\(id) is not text"); return "" }
                return s
            }
            XCTAssertEqual(try text("b", "backLabel"), try text("a", "title"), locale)
        }
    }

    /// Two white layers screens (their content below the status bar) and a push and pop in `style`.
    /// `chrome: false` leaves out the device's chrome (status bar, home indicator, display mask):
    /// more of the composed frame shows (the corners too), and no status-bar ink is judged.
    static func whiteScreens(_ style: String, background: String, chrome: Bool = true) -> String {
        """
        { "segue": 1, "name": "hero", "device": "iphone-13", "scale": 1, "fps": 30, "background": "\(background)",
          "overlays": { "chrome": \(chrome) },
          "screens": {
            "a": { "layers": [ { "type": "rect", "frame": [20, 300, 100, 100], "fill": "#FF3B30" } ] },
            "b": { "layers": [ { "type": "rect", "frame": [200, 500, 100, 100], "fill": "#007AFF" } ] } },
          "start": "a",
          "timeline": [ { "hold": 0.1 }, { "push": "b", "transition": "\(style)" }, { "pop": true, "transition": "\(style)" }, { "hold": 0.1 } ] }
        """
    }
}
