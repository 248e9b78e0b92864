import Foundation
import XCTest
import SegueTestSupport
import FramePipeline
import Media
import Presets
import Raster

/// Frames checked against another rasterizer. Tests/Fixtures/golden/NAME.json is a one-screen
/// preset of layers (rounded rects and borders, angled gradients, shadows, rotated and scaled
/// images, group opacity); NAME.png is the same layers drawn by Skia (scripts/golden-references,
/// from the preset format's semantics, not from Segue's code). Segue's frame 0 must match it.
///
/// The tolerance: exact-area coverage is what both compute, but they round differently where two
/// anti-aliased edges cross in one pixel (Skia composites supersamples, Segue coverages) and in
/// 8-bit blending (±1–3 levels). Measured on these scenes: at most 0.20 % of pixels differ by more
/// than 4 levels (groups; all on edges), the worst by 22 (an image's rotated edge), mean |Δ| ≤ 0.26
/// (groups: ±1 over the whole group layer). The bounds below sit above that; a shape moved by one
/// point, or the shadow that used to be missing under a rounded card's corners (1.6 % of the
/// shadows scene off by more than 4, the worst by 48), break them.
final class GoldenFrameTests: XCTestCase {
    static var goldenDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/golden").path
    }

    /// Pixels off by more than 4 levels, the worst channel difference and the mean |Δ|.
    static func compare(_ a: Bitmap, _ b: Bitmap) -> ImageDifference { ImageDifference(a, b, threshold: 4) }

    func render(_ name: String) throws -> (segue: Bitmap, skia: Bitmap) {
        let dir = Self.goldenDirectory
        let storyboard = try PresetLoader.load(path: dir + "/\(name).json", images: PresetImages.folder, fonts: InstalledFonts())
        let composer = FrameComposer(storyboard: storyboard)
        let frame = Bitmap(uncheckedWidth: storyboard.pixelWidth, height: storyboard.pixelHeight)
        composer.render(frame: 0, into: frame)
        let reference = try ImageDecoder.decode(path: dir + "/\(name).png")
        XCTAssertEqual(reference.width, frame.width); XCTAssertEqual(reference.height, frame.height)
        return (frame, reference)
    }

    func check(_ name: String, text: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws {
        let (segue, skia) = try render(name)
        guard segue.width == skia.width, segue.height == skia.height else { return }
        print("golden \(name): \(Self.compare(segue, skia))")
        ImageDiff.assertMatches(segue, skia, "golden-\(name)", accept: text ? Self.withinTextTolerance : Self.withinTolerance, file: file, line: line)
    }

    static func withinTolerance(_ d: ImageDifference) -> Bool { d.over <= 0.005 && d.worst <= 28 && d.mean <= 0.35 }

    /// Text: the same worst and mean, more pixels past 4 levels — every glyph is all edges, and
    /// FreeType rounds outline points to 1/64 pixel where Skia keeps floats. Measured on rtl-text:
    /// 0.74 % of pixels off by more than 4, worst 20, mean 0.10; the same lines one pixel lower
    /// (a baseline rounded the other way) give 5.4 %, worst 255, mean 4.6.
    static func withinTextTolerance(_ d: ImageDifference) -> Bool { d.over <= 0.015 && d.worst <= 28 && d.mean <= 0.35 }

    func testRoundedRectsEllipsesAndBorders() throws { try check("rounded-rects") }
    func testAngledGradients() throws { try check("gradients") }
    func testShadows() throws { try check("shadows") }
    func testRotatedAndScaledImages() throws { try check("rotated-images") }
    func testGroupOpacityAndRotatedShapes() throws { try check("groups") }
    /// Hebrew and Arabic lines (right to left, Noto faces per script, Arabic joined), laid out
    /// and drawn by the script from the documented text rules with HarfBuzz and Skia's outlines.
    func testRightToLeftTextAgainstSkia() throws { try check("rtl-text", text: true) }

    /// The comparison itself can fail: the same scene moved by one point is far outside it.
    func testTheToleranceCatchesAOnePointShift() throws {
        let dir = Self.goldenDirectory
        let text = try String(contentsOfFile: dir + "/rounded-rects.json", encoding: .utf8)
            .replacingOccurrences(of: "[10.3, 12.6, 84.5, 58.2]", with: "[11.3, 12.6, 84.5, 58.2]")
        let storyboard = try loadPreset(text: text, in: try temporaryFolder("golden-moved"), name: "rounded-rects.json")
        let frame = Bitmap(uncheckedWidth: storyboard.pixelWidth, height: storyboard.pixelHeight)
        FrameComposer(storyboard: storyboard).render(frame: 0, into: frame)
        let d = Self.compare(frame, try ImageDecoder.decode(path: dir + "/rounded-rects.png"))
        XCTAssertFalse(Self.withinTolerance(d), "a shape moved by 1 pt must fail the golden comparison (worst \(d.worst))")
    }
}
