import Foundation
import XCTest
import SegueTestSupport
import FramePipeline
import Media
import Presets
import Raster

/// `overlays.frame` (issue 33.3): the device body drawn around the screen. Checked against Skia
/// (scripts/golden-references draws the body from docs/SHARING.md's metrics and layout rules, the
/// screen's layers, the display's rounded clip and the camera: frame-iphone, a Dynamic Island
/// iPhone; frame-pixel, a punch-hole Pixel), for even sizes on every device, for the screen's
/// pixels being the unframed render's (whole and band by band), and for the title's text.
final class DeviceFrameTests: XCTestCase {
    func storyboard(_ text: String, _ name: String = "frame", overrides: Overrides = Overrides()) throws -> Storyboard {
        try loadPreset(text: text, in: try temporaryFolder(name), name: "\(name).json", overrides: overrides)
    }

    func frame(_ s: Storyboard, _ i: Int) -> Bitmap {
        let b = Bitmap(uncheckedWidth: s.pixelWidth, height: s.pixelHeight)
        FrameComposer(storyboard: s).render(frame: i, into: b)
        return b
    }

    /// Within GoldenFrameTests' shape tolerance (measured: worst 4 levels, no pixel past 4).
    func testDeviceFramesMatchSkia() throws {
        for name in ["frame-iphone", "frame-pixel"] {
            let dir = GoldenFrameTests.goldenDirectory
            let segue = frame(try PresetLoader.load(path: dir + "/\(name).json", images: PresetImages.folder, fonts: InstalledFonts()), 0)
            let skia = try ImageDecoder.decode(path: dir + "/\(name).png")
            XCTAssertEqual(segue.width, skia.width, name); XCTAssertEqual(segue.height, skia.height, name)
            guard segue.width == skia.width, segue.height == skia.height else { continue }
            let d = GoldenFrameTests.compare(segue, skia)
            XCTAssertTrue(GoldenFrameTests.withinTolerance(d), "\(name): \(d.over * 100) % off by > 4, worst \(d.worst) at \(d.at)")
        }
    }

    /// The comparison sees a frame of another finish.
    func testAnotherFinishFailsTheGolden() throws {
        let dir = GoldenFrameTests.goldenDirectory
        let text = try String(contentsOfFile: dir + "/frame-iphone.json", encoding: .utf8).replacingOccurrences(of: "titanium", with: "black")
        let d = GoldenFrameTests.compare(frame(try storyboard(text), 0), try ImageDecoder.decode(path: dir + "/frame-iphone.png"))
        XCTAssertFalse(GoldenFrameTests.withinTolerance(d), "a black body where the golden is titanium (worst \(d.worst))")
    }

    /// Every device, with and without text, at scales that round both ways: an even canvas that
    /// holds the body, its buttons and the screen.
    func testFramedCanvasIsEvenAndHoldsTheBodyOnEveryDevice() {
        var texts = Overlays()
        texts.title = MarketingText(text: "Title", size: MarketingText.titleSize)
        texts.subtitle = MarketingText(text: "Subtitle", size: MarketingText.subtitleSize)
        for device in Device.all {
            for scale in [device.scale, 1, 0.37, 0.5] {
                for (overlays, caption) in [(Overlays(), 0), (texts, 30)] {
                    let screen = device.pixelSize(scale: scale)
                    let f = DeviceFraming.layout(overlays, frame: FrameOverlay(), body: device.body, scale: scale, screen: screen, caption: caption)
                    let what = "\(device.name) at \(scale)"
                    XCTAssertEqual(f.width % 2, 0, what); XCTAssertEqual(f.height % 2, 0, what)
                    let depth = Int((DeviceBody.buttonDepth * scale).rounded(.up))
                    XCTAssertGreaterThanOrEqual(f.screenX - f.side - depth, 0, what)
                    XCTAssertLessThanOrEqual(f.screenX + screen.width + f.side + depth, f.width, what)
                    XCTAssertGreaterThanOrEqual(f.screenY - f.top - depth, overlays.title == nil ? 0 : f.textBand.upperBound, what)
                    XCTAssertLessThanOrEqual(f.captionY + caption, f.height, what)
                    XCTAssertEqual(f.textBand.isEmpty, overlays.title == nil, what)
                }
            }
        }
    }

    static func story(device: String, overlays: String) -> String {
        """
        { "segue": 1, "name": "framed", "device": "\(device)", "scale": 1, "fps": 30, "background": "#102030", "overlays": \(overlays),
          "screens": { "list": { "mock": "list", "title": "Inbox", "seed": 3 }, "detail": { "mock": "detail", "title": "Mail", "seed": 4 } },
          "start": "list", "timeline": [ { "hold": 0.2 }, { "push": "detail", "transition": "uikit", "duration": 0.5 },
                                         { "pop": true, "transition": "pan-back", "gesture": { "from": [40, 400], "to": [300, 420], "duration": 0.4 } } ] }
        """
    }

    /// Inside the display (between its rounded corners' rows) the framed frame holds exactly the
    /// unframed frame's pixels: during a push, and during a drag with its touch dot.
    func testScreenInsideTheFrameIsTheUnframedRender() throws {
        for device in ["iphone-15-pro", "pixel-8"] {
            let plain = try storyboard(Self.story(device: device, overlays: #"{ "touches": true }"#), "plain")
            let framed = try storyboard(Self.story(device: device, overlays: #"{ "touches": true, "frame": { "color": "silver" } }"#), "framed")
            let f = try XCTUnwrap(framed.framing)
            XCTAssertEqual(framed.screenPixelWidth, plain.pixelWidth); XCTAssertEqual(framed.screenPixelHeight, plain.pixelHeight)
            let r = Int((framed.device.cornerRadius * framed.scale).rounded(.up)) + 1
            for i in [10, 28] {
                let a = frame(plain, i), b = frame(framed, i)
                var differing = 0
                for y in r..<(plain.pixelHeight - r) {
                    for x in 0..<plain.pixelWidth where a[x, y] != b[f.screenX + x, f.screenY + y] { differing += 1 }
                }
                XCTAssertEqual(differing, 0, "\(device) frame \(i): pixels of the screen that differ from the unframed render")
                XCTAssertNotEqual(a[plain.pixelWidth / 2, plain.pixelHeight / 2], b[1, 1], "the backdrop is not the screen")
            }
        }
    }

    /// Band by band (as a yuv420p render draws) gives the whole draw's pixels, caption band included.
    func testBandsGiveTheWholeFramedFrame() throws {
        let s = try storyboard(Self.story(device: "iphone-15-pro",
                                          overlays: #"{ "caption": true, "touches": true, "frame": true, "title": "Swipe back" }"#), "bands")
        let composer = FrameComposer(storyboard: s)
        for i in [5, 12, 28] {
            let plan = composer.plan(frame: i)
            let whole = Bitmap(uncheckedWidth: s.pixelWidth, height: s.pixelHeight)
            composer.render(plan, into: whole)
            let band = UnsafeMutablePointer<UInt32>.allocate(capacity: 64 * s.pixelWidth)
            defer { band.deallocate() }
            var y0 = 0, differing = 0
            while y0 < s.pixelHeight {
                let y1 = min(s.pixelHeight, y0 + 64)
                let view = Bitmap(width: s.pixelWidth, height: s.pixelHeight, rows: y0..<y1, band: band)
                composer.render(plan, into: view, rows: y0..<y1)
                for y in y0..<y1 { for x in 0..<s.pixelWidth where view[x, y] != whole[x, y] { differing += 1 } }
                y0 = y1
            }
            XCTAssertEqual(differing, 0, "frame \(i): band pixels that differ from the whole draw")
        }
    }

    /// The title and subtitle are drawn in their band, in their colour, over the backdrop; the
    /// band is not there without them.
    func testTitleTextIsDrawnInItsBand() throws {
        let titled = ##"{ "frame": true, "title": { "text": "Swipe back anywhere", "color": "#FFFFFF", "background": "#203040" }, "subtitle": "One gesture" }"##
        let s = try storyboard(Self.story(device: "pixel-8", overlays: titled), "titled")
        let plain = try storyboard(Self.story(device: "pixel-8", overlays: #"{ "frame": true }"#), "untitled")
        let f = try XCTUnwrap(s.framing)
        XCTAssertGreaterThan(f.textBand.count, 0)
        XCTAssertTrue(abs(s.pixelHeight - plain.pixelHeight - f.textBand.count) <= 1, "the band adds its rows (and the canvas stays even)")
        XCTAssertEqual(f.textBand.lowerBound, 0, "the title goes above the device by default")
        let b = frame(s, 0)
        var white = 0, outside = 0
        for y in 0..<s.pixelHeight {
            for x in 0..<s.pixelWidth {
                let p = b.rgba(x: x, y: y)
                guard p.r > 230 && p.g > 230 && p.b > 230 else { continue }
                if f.textBand.contains(y) { white += 1 } else if y < f.screenY - f.top || y >= f.captionY { outside += 1 }
            }
        }
        XCTAssertGreaterThan(white, 400, "white glyph pixels in the text band")
        XCTAssertEqual(outside, 0, "no text outside the band around the device")
        let backdrop = b.rgba(x: 2, y: s.pixelHeight - 3)
        XCTAssertEqual([backdrop.r, backdrop.g, backdrop.b], [0x20, 0x30, 0x40], "the title's background fills the canvas")
    }
}
