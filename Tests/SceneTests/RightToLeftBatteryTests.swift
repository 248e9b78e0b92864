import Geometry
import Scene
import XCTest

/// In a right-to-left system language the status bar's items trade sides, and the battery glyph
/// keeps its shape: its terminal stays at the body's right (docs/CHROME.md says why: no public
/// source says iOS flips it, and Apple's guidance is not to flip icons of real-world objects).
final class RightToLeftBatteryTests: XCTestCase {
    /// The battery: the bordered body with its fill, and the terminal drawn right after it.
    func battery(_ bar: Node) throws -> (body: Rect, terminal: Rect) {
        let i = try XCTUnwrap(bar.children.firstIndex { $0.border != nil && $0.children.count == 1 }, "no battery body")
        return (bar.children[i].frame, bar.children[i + 1].frame)
    }

    func testBatteryKeepsPointingRightWhenItemsTradeSides() throws {
        for layout in [DeviceChrome.Layout.notch, .dynamicIsland, .homeButton, .tablet] {
            var chrome = DeviceChrome(layout: layout, size: Size(390, 844), statusBarHeight: layout == .homeButton ? 20 : 47,
                                      homeBandHeight: 34, cornerRadius: 47)
            let ltr = try battery(chrome.statusBar(content: .black))
            chrome.rightToLeft = true
            let bar = chrome.statusBar(content: .black)
            let rtl = try battery(bar)
            // The item moved across the bar: left of the centre, where it was right of it…
            XCTAssertGreaterThan(ltr.body.midX, 195, "\(layout)")
            XCTAssertLessThan(rtl.body.midX, 195, "\(layout)")
            XCTAssertEqual(rtl.body.minX, 390 - ltr.terminal.maxX, accuracy: 1e-9, "\(layout): the item's mirrored place")
            // …and the battery is the leftmost item, its terminal still at the body's right.
            let glyphs = bar.children.filter { if case .text = $0.kind { return false } else { return true } }
            XCTAssertLessThanOrEqual(rtl.body.minX, glyphs.map(\.frame.minX).min()!, "\(layout)")
            XCTAssertGreaterThanOrEqual(rtl.terminal.minX, rtl.body.maxX, "\(layout): the terminal points left")
            XCTAssertEqual(rtl.terminal.minX - rtl.body.maxX, ltr.terminal.minX - ltr.body.maxX, accuracy: 1e-9, "\(layout)")
        }
    }
}
