import Foundation
import Geometry
import Presets
import Raster
import Scene
import XCTest
import SegueTestSupport
@testable import FramePipeline

/// Issue 28: the status bar's items stay legible over what is composed under them. Pan-back,
/// weibo-feed and the custom keyframed card uncover the preset's black backdrop under a dark
/// clock; each item group then moves to the other ink, over several frames, while an ordinary
/// status band keeps the appearance's ink to the pixel.
final class StatusBarInkTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = try temporaryFolder("ink")
    }

    func load(_ preset: String, scale: Double? = nil) throws -> FrameComposer {
        let s = try PresetLoader.load(path: PresetContinuityTests.presetsDirectory + "/" + preset,
                                      overrides: Overrides(scale: scale), images: PresetImages.folder, fonts: InstalledFonts())
        return FrameComposer(storyboard: s)
    }

    /// WCAG 2 relative luminance of an 8-bit sRGB colour, computed here from the definition.
    static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
        func lin(_ c: UInt8) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }

    static func contrast(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }

    /// Pan-back at 1.3 s, the PNG Segue writes decoded by ffmpeg: in the clock's box the ink
    /// (the pixel farthest in luminance from the box's median, the surround) contrasts with the
    /// surround at least 4.5:1 (WCAG's text minimum), though the screens' appearance is dark ink
    /// and what is under the clock is the black backdrop.
    func testPanBackClockContrastsWithWhatIsUnderIt() throws {
        let c = try load("catalog/pan-back.json")
        let t = 1.3
        XCTAssertLessThan(c.chrome.look(c.storyboard.state(at: t)).statusLight, 0.5, "the appearance is dark ink")
        let r = try CLI.run(["frames", PresetContinuityTests.presetsDirectory + "/catalog/pan-back.json", "--at", "\(t)", "-o", dir, "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let png = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: dir).first { $0.hasSuffix(".png") })
        let w = c.storyboard.pixelWidth, h = c.storyboard.pixelHeight
        let d = try CLI.tool("ffmpeg", ["-v", "error", "-i", dir + "/" + png, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        XCTAssertEqual(d.stdoutData.count, w * h * 3, "decoded size")
        let rgb = [UInt8](d.stdoutData), box = c.chrome.ink.boxes[0]
        var lums: [Double] = []
        for y in box.y0..<box.y1 {
            for x in box.x0..<box.x1 {
                let i = (y * w + x) * 3
                lums.append(Self.luminance(rgb[i], rgb[i + 1], rgb[i + 2]))
            }
        }
        let surround = lums.sorted()[lums.count / 2]
        let ink = lums.max { abs($0 - surround) < abs($1 - surround) }!
        XCTAssertLessThan(surround, 0.02, "the clock is over the black backdrop")
        XCTAssertGreaterThan(Self.contrast(ink, surround), 4.5, "clock ink \(ink) over \(surround)")
    }

    /// The ink of each item group in frame i, read from the status bar Segue draws (0 black … 1 white).
    func inks(_ c: FrameComposer, frame i: Int) throws -> [Double] {
        let bar = try XCTUnwrap(c.plan(frame: i).overlays.first { $0.id == "statusBar" }, "frame \(i) has a status bar")
        var kids = bar.children[...]
        return c.chrome.chrome.statusBarGroups(content: .black).map { group in
            let first = kids.first!
            kids = kids.dropFirst(group.count)
            if case .text(_, let style) = first.kind { return style.color.r }
            if case .solid(let col)? = first.fill { return col.r }
            return first.border?.color.r ?? .nan
        }
    }

    /// While pan-back, weibo-feed and the custom card uncover the backdrop under the clock, the
    /// ink moves to white and back, by at most a bounded step between consecutive frames: it
    /// changes over several frames, never flips in one.
    func testInkMovesInBoundedStepsWhereTheBackdropIsUncovered() throws {
        for preset in ["catalog/pan-back.json", "stories/weibo-feed.json", "catalog/custom.json"] {
            let c = try load(preset, scale: 1)
            var previous = try inks(c, frame: 0), lightest = previous.max()!, steepest = 0.0
            for i in 1..<c.frameCount {
                let now = try inks(c, frame: i)
                for (a, b) in zip(previous, now) { steepest = max(steepest, abs(b - a)) }
                lightest = max(lightest, now.max()!)
                previous = now
            }
            XCTAssertGreaterThan(lightest, 0.9, "\(preset): the ink never turns over the backdrop")
            XCTAssertLessThanOrEqual(steepest, StatusBarInkTests.maximumStep, "\(preset): the ink jumps between frames")
        }
    }

    /// The rule averages its judgement over five frames (FrameComposer.legibilityReach), so a
    /// change is spread over at least five: a fifth of the way per frame, with room for rounding.
    static let maximumStep = 0.21

    /// A push between two light screens leaves the status band pixel-identical in every frame:
    /// the rule does not touch an ink that is legible over its own band.
    func testPushBetweenLightScreensKeepsTheStatusBand() throws {
        let json = DeviceChromeTests.preset(#""a": { "mock": "list", "seed": 1 }, "b": { "mock": "grid", "seed": 2 }"#,
                                            #"{ "push": "b", "transition": "uikit" }, { "pop": true, "transition": "uikit" }"#)
        let c = FrameComposer(storyboard: try loadPreset(text: json, in: dir))
        let rows = 0..<Int(c.chrome.statusRect.maxY * c.storyboard.scale)
        let b = try Bitmap(width: c.storyboard.pixelWidth, height: c.storyboard.pixelHeight)
        var first: [UInt32]?
        for i in 0..<c.frameCount {
            c.render(frame: i, into: b)
            let band = rows.flatMap { y in Array(UnsafeBufferPointer(start: b.row(y), count: b.width)) }
            if let first { XCTAssertTrue(band == first, "frame \(i): the status band changed") } else { first = band }
            XCTAssertEqual(try inks(c, frame: i), [0, 0], "frame \(i): the appearance's black ink")
        }
    }
}
