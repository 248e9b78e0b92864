import Foundation
import Geometry
import Presets
import Raster
import Scene
import XCTest

/// Issue 28.1: the status bar's glyphs have the device's shapes, measured on a rendered status
/// bar: Wi-Fi is a 90° fan from an apex at its bottom (SF Symbols "wifi": a sector and two bands;
/// Material's "signal_wifi_4_bar": one filled sector), Android's signal a right triangle rising
/// to the right (Material's "signal_cellular_4_bar", path M2 22h20V2z).
final class StatusBarGlyphTests: XCTestCase {
    /// Rendered ink (0…1 coverage) of one glyph of `device`'s status bar at 8 pixels per point,
    /// cropped to the glyph's box (2 pt margin), with that crop's origin in pixels.
    struct Ink {
        let k = 8.0
        var w = 0, h = 0
        var a: [Double] = []
        func at(_ x: Int, _ y: Int) -> Double { a[y * w + x] }
        var lit: [(x: Int, y: Int)] {
            (0..<h).flatMap { y in (0..<w).filter { at($0, y) > 0.5 }.map { (x: $0, y: y) } }
        }

        init(device: String, glyph: String) throws {
            let chrome = try XCTUnwrap(Device.named(device)).chrome
            let bar = chrome.statusBar(content: .black)
            let box = try XCTUnwrap(bar.frameOfDescendant(id: glyph)).insetBy(dx: -2, dy: -2)
            let bmp = try Bitmap(width: Int(box.width * k), height: Int(box.height * k))
            Renderer.render(bar, scale: k, into: bmp, transform: .translation(-box.minX, -box.minY))
            (w, h) = (bmp.width, bmp.height)
            a = (0..<h).flatMap { y in (0..<w).map { x in Double(bmp[x, y] >> 24) / 255 } }
        }
    }

    /// The fan's apex (the lowest lit row's middle) and, for every lit pixel farther than
    /// `minRadius` pixels from it, its angle from the vertical (degrees, positive to the right)
    /// and its distance.
    func polar(_ ink: Ink, minRadius: Double) -> (apex: Point, points: [(angle: Double, r: Double)]) {
        let lit = ink.lit
        let bottom = lit.map(\.y).max() ?? 0
        let row = lit.filter { $0.y == bottom }.map { Double($0.x) }
        let apex = Point(row.reduce(0, +) / Double(max(1, row.count)) + 0.5, Double(bottom) + 1)
        let pts = lit.map { p -> (angle: Double, r: Double) in
            let dx = Double(p.x) + 0.5 - apex.x, dy = apex.y - (Double(p.y) + 0.5)
            return (atan2(dx, dy) * 180 / .pi, (dx * dx + dy * dy).squareRoot())
        }
        return (apex, pts.filter { $0.r > minRadius })
    }

    /// Both Wi-Fi glyphs open 90° ± 15° upward from the apex, out to the same radius on both
    /// sides, and fill the wedge (Android solidly; iOS with its two gaps).
    func testWifiIsANinetyDegreeFanFromItsApex() throws {
        for (device, minFill, maxFill) in [("iphone-15-pro", 0.55, 0.85), ("iphone-se", 0.55, 0.85), ("iphone-13", 0.55, 0.85),
                                           ("pixel-8", 0.9, 1.05)] {
            let ink = try Ink(device: device, glyph: "wifi")
            let (_, pts) = polar(ink, minRadius: 2 * ink.k)
            let left = -(pts.map(\.angle).min() ?? 0), right = pts.map(\.angle).max() ?? 0
            XCTAssertEqual(left + right, 90, accuracy: 15, "\(device): the fan spans \(left + right)°")
            XCTAssertEqual(left, right, accuracy: 6, "\(device): the fan leans (\(left)° left, \(right)° right)")
            XCTAssertTrue(pts.allSatisfy { abs($0.angle) < 52.5 }, "\(device): ink outside the wedge")
            // Coverage of the wedge out to the glyph's radius: the ink's area over the sector's.
            let radius = pts.map(\.r).max() ?? 1
            let area = ink.a.reduce(0, +), sector = Double.pi * radius * radius * (left + right) / 360
            XCTAssertGreaterThan(area / sector, minFill, "\(device): \(area / sector) of the wedge lit")
            XCTAssertLessThan(area / sector, maxFill, "\(device): \(area / sector) of the wedge lit")
            // Near the radius, the outermost part reaches both edges of the wedge (an arc, not a dome's top).
            let outer = pts.filter { $0.r > radius * 0.85 }
            XCTAssertGreaterThan(-(outer.map(\.angle).min() ?? 0), 37, "\(device)"); XCTAssertGreaterThan(outer.map(\.angle).max() ?? 0, 37, "\(device)")
        }
    }

    /// iOS: the column above the apex crosses three parts (the apex's sector and two bands), as
    /// SF Symbols' "wifi"; Android's is one solid run.
    func testWifiPartsAlongTheFansAxis() throws {
        for (device, parts) in [("iphone-15-pro", 3), ("iphone-se", 3), ("pixel-8", 1)] {
            let ink = try Ink(device: device, glyph: "wifi")
            let (apex, _) = polar(ink, minRadius: 0)
            let x = Int(apex.x)
            var runs = 0, inside = false
            for y in 0..<ink.h {
                let on = ink.at(x, y) > 0.5
                if on && !inside { runs += 1 }
                inside = on
            }
            XCTAssertEqual(runs, parts, "\(device): \(runs) parts above the apex")
        }
    }

    /// Android's signal: a solid right triangle, lit count per column growing linearly from the
    /// left to a full column at the right, the bottom row lit across.
    func testAndroidSignalIsARightTriangleRisingToTheRight() throws {
        for device in ["pixel-8", "pixel-9"] {
            let ink = try Ink(device: device, glyph: "signal")
            let cols = (0..<ink.w).map { x in (0..<ink.h).reduce(0.0) { $0 + ink.at(x, $1) } }
            let lit = cols.indices.filter { cols[$0] > 0.25 }
            let first = try XCTUnwrap(lit.first), last = try XCTUnwrap(lit.last)
            let height = cols[last], width = Double(last - first + 1)
            XCTAssertEqual(height, width, accuracy: 2, "\(device): not isosceles (\(width) × \(height) px)")
            for x in first...last {
                let expected = height * (Double(x - first) + 0.5) / width
                XCTAssertEqual(cols[x], expected, accuracy: 1.5, "\(device): column \(x - first)")
            }
            // The triangle's ink is half its box.
            XCTAssertEqual(cols.reduce(0, +), width * height / 2, accuracy: width * 0.5, device)
        }
    }

    /// The glyphs keep their places: each lies inside the box its predecessor used, and mirrored
    /// bars (a right-to-left language) keep them whole.
    func testGlyphsStayInTheirSlots() throws {
        let pixel = try XCTUnwrap(Device.named("pixel-8")).chrome
        let bar = pixel.statusBar(content: .black)
        let w = pixel.size.width, mid = pixel.statusBarHeight / 2 + 2
        let wifi = try XCTUnwrap(bar.frameOfDescendant(id: "wifi")), signal = try XCTUnwrap(bar.frameOfDescendant(id: "signal"))
        XCTAssertEqual(wifi.midX, w - 78, accuracy: 0.01); XCTAssertEqual(signal.midX, w - 56.5, accuracy: 0.01)
        XCTAssertEqual(signal.maxY, mid + 5, accuracy: 0.01); XCTAssertLessThan(wifi.maxX, signal.minX)
        var rtl = pixel
        rtl.rightToLeft = true
        let mirrored = try XCTUnwrap(rtl.statusBar(content: .black).frameOfDescendant(id: "wifi"))
        XCTAssertEqual(mirrored.midX, w - wifi.midX, accuracy: 0.01)
    }
}
