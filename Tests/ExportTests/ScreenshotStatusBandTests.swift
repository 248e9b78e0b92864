import Foundation
import FramePipeline
import Media
import Presets
import Raster
import SegueTestSupport
import XCTest

/// Issue 28, the third frame-by-frame review: the story screenshots (stories/screenshots,
/// stories/own-screenshots) were rendered by Segue before its status-bar glyphs were fixed, and
/// a screenshot's status band is held as it is, so every frame of both stories showed the old
/// Wi-Fi glyph (a half dome with a dot) where an iPhone shows its 90° fan. Each shipped
/// screenshot's status band is, pixel for pixel, the status bar Segue draws for its device over
/// the band's own colour (a `layers` screen of that colour, rendered at the screenshot's scale).
final class ScreenshotStatusBandTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try temporaryFolder("bands") }

    /// (asset, pixels per point) of every iPhone 13 screenshot a shipped story shows.
    static let assets = [("assets/inbox.png", 2.0), ("assets/thread.png", 2.0), ("assets/own-screenshots/grid.png", 3.0),
                         ("assets/own-screenshots/grid-empty.png", 3.0), ("assets/own-screenshots/detail.png", 3.0)]

    /// Segue's own status bar on iphone-13 over `color`, at `scale` pixels per point.
    func drawnBand(over color: UInt32, scale: Double) throws -> Bitmap {
        let hex = String(format: "#%02X%02X%02X", color & 0xFF, (color >> 8) & 0xFF, (color >> 16) & 0xFF)
        let s = try loadPreset(text: """
            { "segue": 1, "name": "band", "device": "iphone-13", "fps": 30,
              "screens": { "a": { "background": "\(hex)", "layers": [] } }, "start": "a", "timeline": [ { "hold": 0.1 } ] }
            """, in: dir, name: "band.json", overrides: Overrides(scale: scale / 3))
        let c = FrameComposer(storyboard: s), b = try Bitmap(width: s.pixelWidth, height: s.pixelHeight)
        c.render(frame: 0, into: b)
        return b
    }

    func testEveryStoryScreenshotCarriesTheDevicesStatusBar() throws {
        for (asset, scale) in Self.assets {
            let shot = try ImageDecoder.decode(path: PresetContinuityTests.presetsDirectory + "/stories/" + asset)
            let rows = Int(47 * scale)
            // The band's colour: its first pixel (the corner, left of the clock).
            let drawn = try drawnBand(over: shot.row(0)[0], scale: scale)
            XCTAssertEqual(drawn.width, shot.width, asset)
            var worst = 0, inked = 0
            for y in 0..<rows { for x in 0..<shot.width {
                let p = shot.rgba(x: x, y: y), q = drawn.rgba(x: x, y: y)
                worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
                if q.r < 128 { inked += 1 }
            } }
            XCTAssertGreaterThan(inked, 200, "\(asset): the drawn band has a clock and icons")
            XCTAssertLessThanOrEqual(worst, 2, "\(asset): its status band differs from the device's status bar by \(worst)/255")
        }
    }
}
