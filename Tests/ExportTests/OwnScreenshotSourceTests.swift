import Foundation
import FramePipeline
import Geometry
import Media
import Presets
import Raster
import Scene
import SegueTestSupport
import XCTest

/// Issue 28, the fifth frame-by-frame review: stories/own-screenshots (a Photos grid whose photo
/// flies into its page) opened an article from a photo — "From update this", "Sophia Wang · 13 min
/// read", a "Continue" button — under a back button titled "Back": PNGs drawn by an older Segue,
/// before a `detail` with `photo` became that photo's page. Its three screenshots are now Segue's
/// own drawing of a grid and of its photo 4's page, from a preset kept beside this test
/// (Tests/Fixtures/story-screenshots): the first and last frames at the assets' 3 pixels per
/// point, and the grid with photo 4's slot left empty in iOS's placeholder grey.
final class OwnScreenshotSourceTests: XCTestCase {
    static let fixture = "Tests/Fixtures/story-screenshots/own-screenshots-source.json"
    /// UIKit's systemGray5 in light mode (#E5E5EA): the slot a photo leaves while it flies.
    static let emptySlot = Color(r: 229 / 255.0, g: 229 / 255.0, b: 234 / 255.0)

    func load(_ path: String) throws -> Storyboard {
        try PresetLoader.load(path: path, overrides: Overrides(), images: PresetImages.folder, fonts: InstalledFonts())
    }

    func texts(_ n: Node) -> [String] { (n.kind.textString.map { [$0] } ?? []) + n.children.flatMap(texts) }

    func testThePhotoOpensItsOwnPageUnderABackButtonNamedForTheGrid() throws {
        let s = try load(CLI.root.appendingPathComponent(Self.fixture).path)
        let grid = try XCTUnwrap(s.screens["grid"]), page = try XCTUnwrap(s.screens["detail"])
        XCTAssertNotNil(grid.find(id: "photo4"), "the first screenshot is a grid")
        let shown = texts(page)
        XCTAssertFalse(shown.contains { $0.contains("min read") || $0 == "Continue" }, "a photo's page, not an article: \(shown)")
        XCTAssertTrue(shown.contains("Photos"), "the back button says the grid's title: \(shown)")
        XCTAssertNotNil(page.find(id: "comment0"), "the page has the photo's comments")
        try StoryScreenshotSourceTests.assertFirstAndLastFrames(of: s, are: "own-screenshots/grid.png", "own-screenshots/detail.png")
    }

    func testTheEmptyGridIsTheGridWithThePhotosSlotInPlaceholderGrey() throws {
        let story = try load(PresetContinuityTests.presetsDirectory + "/stories/own-screenshots.json")
        let source = try load(CLI.root.appendingPathComponent(Self.fixture).path)
        let slot = try XCTUnwrap(story.screens["grid"]?.frameOfDescendant(id: "photo4"))
        let photo = try XCTUnwrap(source.screens["grid"]?.frameOfDescendant(id: "photo4"))
        XCTAssertEqual(slot.minX, photo.minX, accuracy: 0.01, "the story's photo4 is the grid's")
        XCTAssertEqual(slot.minY, photo.minY, accuracy: 0.01)
        XCTAssertEqual(slot.width, photo.width, accuracy: 0.01)
        let folder = PresetContinuityTests.presetsDirectory + "/stories/assets/own-screenshots/"
        let expected = try ImageDecoder.decode(path: folder + "grid.png")
        let k = Double(expected.width) / 390
        let x0 = Int((slot.minX * k).rounded()), x1 = Int((slot.maxX * k).rounded())
        let y0 = Int((slot.minY * k).rounded()), y1 = Int((slot.maxY * k).rounded())
        let grey = Self.emptySlot.premultipliedPixel
        for y in y0..<y1 { for x in x0..<x1 { expected.row(y)[x] = grey } }
        ImageDiff.assertMatches(try ImageDecoder.decode(path: folder + "grid-empty.png"), expected, "own-screenshots/grid-empty.png")
    }
}
