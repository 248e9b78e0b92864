import Geometry
import Presets
import Raster
import Scene
import XCTest

/// Issue 28: in a right-to-left layout Android's cellular-signal triangle rises to the left.
/// SettingsLib's SignalDrawable mirrors its own canvas when its layout direction is RTL
/// (`draw`: translate by the width, scale x by −1); the Wi-Fi fan and the upright battery are
/// symmetric and have nothing to mirror.
final class RightToLeftAndroidSignalTests: XCTestCase {
    let k = 8.0

    /// The signal glyph's coverage (0…1) at `k` pixels per point, cropped to its box.
    func signal(device: String, rightToLeft: Bool) throws -> (w: Int, h: Int, a: [Double]) {
        var chrome = try XCTUnwrap(Device.named(device)).chrome
        chrome.rightToLeft = rightToLeft
        let bar = chrome.statusBar(content: .black)
        let box = try XCTUnwrap(bar.frameOfDescendant(id: "signal"))
        let bmp = try Bitmap(width: Int(box.width * k), height: Int(box.height * k))
        Renderer.render(bar, scale: k, into: bmp, transform: .translation(-box.minX, -box.minY))
        return (bmp.width, bmp.height, (0..<bmp.height).flatMap { y in (0..<bmp.width).map { x in Double(bmp[x, y] >> 24) / 255 } })
    }

    func testSignalTriangleRisesTowardTheLeadingEdge() throws {
        for device in ["pixel-8", "pixel-9"] {
            let rtl = try signal(device: device, rightToLeft: true)
            // Each column's ink grows linearly from the right edge to the left: h·(w − x − ½)/w.
            for x in 0..<rtl.w {
                let column = (0..<rtl.h).reduce(0.0) { $0 + rtl.a[$1 * rtl.w + x] }
                let expected = Double(rtl.h) * (Double(rtl.w - x) - 0.5) / Double(rtl.w)
                XCTAssertEqual(column, expected, accuracy: 1.5, "\(device) column \(x)")
            }
            // It is the left-to-right glyph mirrored, pixel for pixel.
            let ltr = try signal(device: device, rightToLeft: false)
            XCTAssertEqual(ltr.w, rtl.w)
            var worst = 0.0
            for y in 0..<rtl.h { for x in 0..<rtl.w { worst = max(worst, abs(rtl.a[y * rtl.w + x] - ltr.a[y * ltr.w + ltr.w - 1 - x])) } }
            XCTAssertLessThan(worst, 0.02, "\(device): the right-to-left triangle is not the mirror image")
        }
    }
}
