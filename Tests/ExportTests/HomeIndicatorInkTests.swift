import Foundation
import Geometry
import Presets
import Raster
import Scene
import SegueTestSupport
import XCTest
@testable import FramePipeline

/// Issue 28: the home indicator (iOS) and the gesture handle (Android) stay legible over the
/// content beneath them, as both platforms adapt them: a dark screen's white indicator turns dark
/// over a white photo at the bottom; Android's handle follows SystemUI's median-luma sampling and
/// its 1.7 s tint animation.
final class HomeIndicatorInkTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try temporaryFolder("home-ink") }

    /// A preset of one dark layers screen (white ink by its appearance) whose bottom is a white
    /// "photo", on `device`, written to the test's folder; its path.
    func darkOverWhite(device: String, more: String = "") throws -> String {
        let path = dir + "/\(device).json"
        let json = """
            { "segue": 1, "name": "\(device)", "device": "\(device)", "scale": 1, "fps": 30,
              "screens": { "a": { "background": "#111111", "layers": [
                { "type": "rect", "frame": [0, 600, 1000, 400], "fill": "#FFFFFF" } ] } \(more) },
              "start": "a", "timeline": [ { "hold": 0.2 } ] }
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The PNG `segue frames` writes for `preset` at t, decoded by ffmpeg (rgb24), with its width.
    func decodedFrame(_ preset: String, at t: Double) throws -> (rgb: [UInt8], width: Int) {
        let out = dir + "/frames-\(UUID().uuidString)"
        let r = try CLI.run(["frames", preset, "--at", "\(t)", "-o", out, "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let png = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: out).first { $0.hasSuffix(".png") })
        let probe = try CLI.probe(out + "/" + png, countFrames: false)
        let stream = try XCTUnwrap((probe["streams"] as? [[String: Any]])?.first)
        let w = try XCTUnwrap(stream["width"] as? Int)
        let d = try CLI.tool("ffmpeg", ["-v", "error", "-i", out + "/" + png, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        return ([UInt8](d.stdoutData), w)
    }

    /// The contrast between the indicator and what surrounds it inside `box` (pixels): the
    /// surround is the box's median luminance, the ink the pixel farthest from it.
    func inkContrast(_ frame: (rgb: [UInt8], width: Int), box: IRect) -> (contrast: Double, surround: Double) {
        var lums: [Double] = []
        for y in box.y0..<box.y1 {
            for x in box.x0..<box.x1 {
                let i = (y * frame.width + x) * 3
                lums.append(StatusBarInkTests.luminance(frame.rgb[i], frame.rgb[i + 1], frame.rgb[i + 2]))
            }
        }
        let surround = lums.sorted()[lums.count / 2]
        let ink = lums.max { abs($0 - surround) < abs($1 - surround) }!
        return (StatusBarInkTests.contrast(ink, surround), surround)
    }

    /// The indicator's box with 4 points around it, in pixels at scale 1.
    func indicatorBox(_ device: String) throws -> IRect {
        let f = try XCTUnwrap(Device.named(device)?.chrome.homeIndicator(content: .black)).frame.insetBy(dx: -4, dy: -4)
        return IRect(covering: f)
    }

    func testIndicatorOverAWhitePhotoOnADarkScreenIsDark() throws {
        for device in ["iphone-15", "pixel-8"] {
            let frame = try decodedFrame(try darkOverWhite(device: device), at: 0.1)
            let (contrast, surround) = inkContrast(frame, box: try indicatorBox(device))
            XCTAssertGreaterThan(surround, 0.9, "\(device): the white photo is under the indicator")
            XCTAssertGreaterThan(contrast, 3, "\(device): the indicator vanishes over the photo (\(contrast):1)")
        }
    }

    /// Pan-back at 1.6 s: the drag has uncovered the preset's black backdrop under the light
    /// screens' dark indicator, which now turns light (on the left half of the indicator: the
    /// card's white edge is under its right end).
    func testIndicatorOverTheUncoveredBackdropIsLight() throws {
        let preset = PresetContinuityTests.presetsDirectory + "/catalog/pan-back.json"
        let s = try PresetLoader.load(path: preset, images: PresetImages.folder, fonts: InstalledFonts())
        let c = FrameComposer(storyboard: s)
        XCTAssertLessThan(c.chrome.look(s.state(at: 1.6)).homeLight, 0.5, "the appearance is dark ink")
        let f = try XCTUnwrap(c.chrome.chrome.homeIndicator(content: .black)).frame, k = s.scale
        let box = IRect(covering: Rect((f.minX + 4) * k, (f.minY - 4) * k, (f.width / 2 - 4) * k, (f.height + 8) * k))
        let (contrast, surround) = inkContrast(try decodedFrame(preset, at: 1.6), box: box)
        XCTAssertLessThan(surround, 0.02, "the black backdrop is under the indicator")
        XCTAssertGreaterThan(contrast, 3, "the indicator vanishes over the backdrop (\(contrast):1)")
    }

    /// The frames' gesture-handle inks (0 black … 1 white) of a composed story.
    func handleInks(_ c: FrameComposer) -> [Double] {
        (0..<c.storyboard.frameCount()).map { i in
            let plan = c.plan(state: c.storyboard.state(at: c.storyboard.time(ofFrame: i)), time: c.storyboard.time(ofFrame: i))
            guard let n = plan.overlays.first(where: { $0.id == "homeIndicator" }), case .solid(let col) = n.fill else { return -1 }
            return col.r
        }
    }

    /// Android: a push from a light list to a black screen turns the handle white as SystemUI
    /// does — once the median under it falls below 0.5, over 1.7 s, easing out (LINEAR_OUT_SLOW_IN
    /// starts at five times the linear pace, under 0.06 a frame at 60 fps).
    func testAndroidHandleTintFollowsSystemUI() throws {
        let json = """
            { "segue": 1, "name": "handle", "device": "pixel-8", "scale": 0.5, "fps": 60,
              "screens": { "list": { "mock": "list", "seed": 1 }, "black": { "background": "#000000", "layers": [] } },
              "start": "list", "timeline": [ { "hold": 0.2 }, { "push": "black", "transition": "android-activity" }, { "hold": 2.2 } ] }
            """
        let s = try loadPreset(text: json, in: dir, name: "handle.json")
        let inks = handleInks(FrameComposer(storyboard: s))
        XCTAssertFalse(inks.contains(-1), "a handle in every frame")
        XCTAssertEqual(inks.first!, 0, "dark handle over the light list")
        XCTAssertEqual(inks.last!, 1, accuracy: 1e-9, "light handle over black, settled")
        let steps = zip(inks, inks.dropFirst()).map { $1 - $0 }
        XCTAssertTrue(steps.allSatisfy { $0 >= -1e-12 }, "the handle only lightens")
        XCTAssertLessThanOrEqual(steps.max()!, 0.06, "no jump: \(steps.max()!)")
        // It moves for 1.7 s (102 frames).
        let start = try XCTUnwrap(inks.firstIndex { $0 > 0 }) - 1, end = try XCTUnwrap(inks.firstIndex { $0 >= 1 - 1e-9 })
        XCTAssertEqual(Double(end - start) / 60, 1.7, accuracy: 2.0 / 60, "the tint's duration")
        // Each frame on the way is LINEAR_OUT_SLOW_IN, the cubic Bézier (0, 0) (0.2, 1), at its
        // share of the 1.7 s, solved here by bisection on the curve's x.
        func linearOutSlowIn(_ x: Double) -> Double {
            var lo = 0.0, hi = 1.0
            for _ in 0..<60 {
                let u = (lo + hi) / 2, bx = 3 * (1 - u) * u * u * 0.2 + u * u * u
                if bx < x { lo = u } else { hi = u }
            }
            let u = (lo + hi) / 2
            return 3 * (1 - u) * u * u + u * u * u
        }
        for k in 1..<(end - start) {
            XCTAssertEqual(inks[start + k], linearOutSlowIn(Double(k) / 60 / 1.7), accuracy: 1e-6, "frame \(k) of the tint")
        }
    }

    /// Ordinary presets keep the appearance's ink: a uikit push between two light screens keeps
    /// the indicator black, and an Android story over light screens keeps the handle dark.
    func testLegibleIndicatorsKeepTheAppearancesInk() throws {
        for preset in ["catalog/uikit.json", "catalog/android-activity.json"] {
            let s = try PresetLoader.load(path: PresetContinuityTests.presetsDirectory + "/" + preset, overrides: Overrides(scale: 0.5),
                                          images: PresetImages.folder, fonts: InstalledFonts())
            let c = FrameComposer(storyboard: s)
            let inks = handleInks(c)
            for (i, ink) in inks.enumerated() {
                let look = c.chrome.look(s.state(at: s.time(ofFrame: i)))
                XCTAssertEqual(ink, look.homeLight, accuracy: 1e-9, "\(preset) frame \(i)")
            }
        }
    }
}
