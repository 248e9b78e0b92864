import Foundation
import Geometry
import Media
import Presets
import Raster
import Scene
import XCTest
import SegueTestSupport
@testable import FramePipeline

/// Issue 28.1–2: the device's chrome is drawn once, above the frame, fixed; a screenshot's bands
/// are held; a page sheet shows the status bar in its gap; UIKit's navigation bar stays put.
final class DeviceChromeTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = try temporaryFolder("chrome")
    }

    func composer(_ json: String) throws -> FrameComposer {
        FrameComposer(storyboard: try loadPreset(text: json, in: dir))
    }

    /// The pixels of `rows` in every frame of the composer's story.
    func bands(_ c: FrameComposer, rows: Range<Int>) throws -> [[UInt32]] {
        let b = try Bitmap(width: c.storyboard.pixelWidth, height: c.storyboard.pixelHeight)
        return (0..<c.frameCount).map { i in
            c.render(frame: i, into: b)
            return rows.flatMap { y in Array(UnsafeBufferPointer(start: b.row(y), count: b.width)) }
        }
    }

    static func preset(_ screens: String, _ steps: String, overlays: String = "{}") -> String {
        """
        { "segue": 1, "name": "chrome", "device": "iphone-13", "scale": 1, "fps": 30, "overlays": \(overlays),
          "screens": { \(screens) }, "start": "a",
          "timeline": [ { "hold": 0.1 }, \(steps), { "hold": 0.1 } ] }
        """
    }

    /// Two light mocks whose bars match: the status bar's band never changes during a push or a
    /// pop (transitions that move content under the status bar, such as Hero's zoom, show that
    /// content there, as on a phone, so only the bar's own pixels are fixed).
    func testStatusBandIsPixelIdenticalThroughAMockPush() throws {
        for transition in ["uikit", "cross-dissolve"] {
            let c = try composer(Self.preset(#""a": { "mock": "list", "seed": 1 }, "b": { "mock": "grid", "seed": 2 }"#,
                                             #"{ "push": "b", "transition": "\#(transition)" }, { "pop": true, "transition": "\#(transition)" }"#))
            let frames = try bands(c, rows: 0..<47)
            XCTAssertGreaterThan(frames.count, 10)
            for (i, f) in frames.enumerated() { XCTAssertTrue(f == frames[0], "\(transition): frame \(i)'s status bar band moved") }
            // …and it holds a status bar: dark ink where the clock is.
            XCTAssertGreaterThan(frames[0].filter { $0 & 0xFF < 80 }.count, 40, "\(transition): no clock drawn")
        }
    }

    /// No frame has two status bars: the screens carry none of their own (no clock text, no home
    /// indicator in any mock's tree) and every frame of every transition draws exactly one, the
    /// chrome's, with at most one home indicator.
    func testEveryFrameHasOneStatusBar() throws {
        func texts(_ n: Node) -> [String] {
            if case .text(let s, _) = n.kind { return [s] }
            return n.children.flatMap(texts)
        }
        for transition in ["uikit", "slide", "zoom", "sheet", "pan-back", "fade-through"] {
            let step = transition == "sheet" ? #"{ "present": "b", "transition": "sheet" }, { "dismiss": true, "transition": "sheet" }"#
                                             : #"{ "push": "b", "transition": "\#(transition)" }, { "pop": true, "transition": "\#(transition)" }"#
            let c = try composer(Self.preset(#""a": { "mock": "list", "seed": 1 }, "b": { "mock": "detail", "seed": 2 }"#, step))
            for (id, screen) in c.storyboard.screens {
                XCTAssertFalse(texts(screen).contains { $0.contains("9:41") }, "\(id) draws a clock of its own")
                XCTAssertNil(screen.find(id: "homeIndicator"), "\(id) draws a home indicator of its own")
            }
            for i in 0..<c.frameCount {
                let layers = c.plan(frame: i).overlays
                XCTAssertEqual(layers.filter { $0.id == "statusBar" }.count, 1, "\(transition): frame \(i)")
                XCTAssertEqual(layers.filter { $0.id == "homeIndicator" }.count, 1, "\(transition): frame \(i)")
            }
        }
    }

    /// A screenshot's status-bar and home-indicator bands stay while the screenshots move, unless
    /// the screen says `"chrome": "slides"`.
    func testScreenshotBandsAreHeld() throws {
        // Two screenshots with the same status bar (a dark "clock" block) and different content.
        for (name, color) in [("one", Color(hex: "#D04030")!), ("two", Color(hex: "#3060D0")!)] {
            let b = try Bitmap(width: 390, height: 844, fill: color)
            let white = Color.white.premultipliedPixel, ink = Color.black.premultipliedPixel
            for y in 0..<47 { for x in 0..<390 { b.row(y)[x] = (y > 15 && y < 30 && x > 40 && x < 90) ? ink : white } }
            for y in 810..<844 { for x in 0..<390 { b.row(y)[x] = (y > 830 && y < 836 && x > 128 && x < 262) ? ink : white } }
            try PNGWriter.write(b, to: dir + "/\(name).png")
        }
        for chrome in ["held", "slides"] {
            let c = try composer(Self.preset(#""a": { "image": "one.png", "chrome": "\#(chrome)" }, "b": { "image": "two.png", "chrome": "\#(chrome)" }"#,
                                             #"{ "push": "b", "transition": "uikit" }"#))
            let top = try bands(c, rows: 0..<47), bottom = try bands(c, rows: 810..<844)
            let moved = top.contains { $0 != top[0] } || bottom.contains { $0 != bottom[0] }
            XCTAssertEqual(moved, chrome == "slides", "chrome \(chrome)")
        }
    }

    /// A page sheet: the status bar sits in the black gap in white, the sheet's content starts at
    /// its top edge, and the home indicator is drawn over the sheet.
    func testSheetGapShowsTheStatusBar() throws {
        let json = Self.preset(#""a": { "mock": "list", "seed": 1 }, "b": { "mock": "list", "seed": 2, "title": "New" }"#,
                               #"{ "present": "b", "transition": "sheet" }"#)
        let c = try composer(json)
        let last = c.frameCount - 1
        let b = try Bitmap(width: c.storyboard.pixelWidth, height: c.storyboard.pixelHeight)
        c.render(frame: last, into: b)
        var white = 0, black = 0
        for y in 0..<47 { for x in 0..<390 { let p = b.row(y)[x] & 0xFF; if p > 200 { white += 1 } else if p < 20 { black += 1 } } }
        XCTAssertGreaterThan(white, 100, "white status bar items in the gap")
        XCTAssertGreaterThan(black, 390 * 30, "the gap is black")
        XCTAssertEqual(c.storyboard.screens["b"]?.find(id: "navBar")?.frame.minY, 0, "the sheet's content starts at its top edge")
        let home = b.row(844 - 11)[195] & 0xFF
        XCTAssertLessThan(home, 40, "the home indicator is drawn over the white sheet")
    }

    /// UIKit push and interactive pop between two screens with inline navigation bars: the bar's
    /// background rows (above and below its items) do not change in any frame.
    func testNavigationBarBackgroundStaysInUIKitPushAndPop() throws {
        let c = try composer(Self.preset(#""a": { "mock": "detail", "seed": 1, "title": "One" }, "b": { "mock": "detail", "seed": 2, "title": "Two" }"#,
            #"{ "push": "b", "transition": "uikit" }, { "pop": true, "transition": "uikit", "gesture": { "from": [10, 400], "to": [250, 400], "duration": 0.3 } }"#))
        for rows in [47..<56, 83..<90] {
            let frames = try bands(c, rows: rows)
            for (i, f) in frames.enumerated() { XCTAssertTrue(f == frames[0], "rows \(rows): frame \(i) moved the bar's background") }
        }
        // The items do animate: the title rows change mid-push.
        let titles = try bands(c, rows: 60..<78)
        XCTAssertTrue(titles.contains { $0 != titles[0] })
    }
}
