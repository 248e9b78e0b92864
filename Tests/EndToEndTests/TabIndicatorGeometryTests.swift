import Foundation
import XCTest
import SegueTestSupport

/// Material 3's navigation bar as Segue draws it, measured in the PNG it writes (scale 1: one
/// pixel per dp): the active indicator is 64 × 32 dp, fully rounded, 12 dp below the bar's top,
/// centred on its destination's equal share of the width (MDC-Android's
/// `m3_bottom_nav_item_active_indicator_width`/`_height`, `m3_bottom_nav_item_padding_top`), the
/// bar 80 dp over the 24 dp gesture area; right to left, the destinations' order mirrors.
final class TabIndicatorGeometryTests: XCTestCase {
    static func preset(direction: String) -> String {
        """
        { "segue": 1, "name": "tabs", "device": "pixel-8", "scale": 1, "fps": 10, "direction": "\(direction)",
          "screens": { "a": { "mock": "grid", "title": "Photos", "tabs": ["Photos", "For you", "Albums", "Search"], "tab": 2 } },
          "start": "a", "timeline": [ { "hold": 0.2 } ] }
        """
    }

    /// The box of pixels of the light scheme's secondary container (#E8DEF8) in the bar.
    func indicatorBox(direction: String) throws -> (box: (x0: Int, y0: Int, x1: Int, y1: Int), rgb: [UInt8], width: Int, barTop: Int) {
        let dir = try temporaryFolder("tabgeometry")
        try CLI.write(Self.preset(direction: direction), dir + "/p.json")
        let r = try CLI.run(["frames", dir + "/p.json", "--at", "0", "-o", dir + "/f", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // 1080 / 2.625 = 411.43 dp wide, 914.29 high: the canvas is 411 × 914 px at scale 1.
        let (w, h) = (411, 914)
        let rgb = try CLI.decodeFrame(dir + "/f/frame-00000.png", index: 0, width: w, height: h)
        let barTop = Int((2400 / 2.625 - 24 - 80).rounded(.down))
        var box = (x0: w, y0: h, x1: -1, y1: -1)
        for y in barTop..<h {
            for x in 0..<w {
                let i = (y * w + x) * 3
                if abs(Int(rgb[i]) - 0xE8) <= 2 && abs(Int(rgb[i + 1]) - 0xDE) <= 2 && abs(Int(rgb[i + 2]) - 0xF8) <= 2 {
                    box = (min(box.x0, x), min(box.y0, y), max(box.x1, x + 1), max(box.y1, y + 1))
                }
            }
        }
        return (box, rgb, w, barTop)
    }

    func check(direction: String, slot: Int) throws {
        let (b, rgb, w, barTop) = try indicatorBox(direction: direction)
        XCTAssertEqual(Double(b.x1 - b.x0), 64, accuracy: 1, "indicator width (64 dp)")
        XCTAssertEqual(Double(b.y1 - b.y0), 32, accuracy: 1, "indicator height (32 dp)")
        XCTAssertEqual(Double(b.y0), Double(barTop) + 12, accuracy: 1, "12 dp below the bar's top")
        let share = 1080 / 2.625 / 4
        XCTAssertEqual(Double(b.x0 + b.x1) / 2, (Double(slot) + 0.5) * share, accuracy: 1, "centred on its destination")
        // Full rounding: the box's corners are the bar's colour, the middle of its sides the indicator's.
        func g(_ x: Int, _ y: Int) -> Int { Int(rgb[(y * w + x) * 3 + 1]) }
        XCTAssertEqual(g(b.x0, b.y0), 0xED, accuracy: 3, "the top-left corner is rounded off (surface container #F3EDF7)")
        XCTAssertEqual(g(b.x1 - 1, b.y1 - 1), 0xED, accuracy: 3, "the bottom-right corner is rounded off")
        XCTAssertEqual(g(b.x0, (b.y0 + b.y1) / 2), 0xDE, accuracy: 3, "the left side's middle is the indicator")
    }

    func testTheIndicatorHasMaterialsSizeAndPlace() throws { try check(direction: "ltr", slot: 2) }

    func testRightToLeftMirrorsTheDestinations() throws { try check(direction: "rtl", slot: 1) }
}
