import Foundation
import XCTest
import FramePipeline
import Geometry
import Presets
import Raster
import Scene
import SegueTestSupport

/// Issue 28, review 5: a Material photo page opened from a feed card shows the card's post whole.
/// The card shows up to three lines of it; the page cut it to one line ending in "…", so the page
/// opened to read the post showed less than the card. The page's caption box now holds the whole
/// text as the renderer lays it out, and the counts and comments sit below it.
final class PhotoPageCaptionTests: XCTestCase {
    /// The caption of `page` is `card`'s text, laid out whole in its box, above the counts.
    func checkWholeCaption(_ page: Node, card: Node, _ label: String) throws {
        let caption = try XCTUnwrap(page.find(id: "caption"), "\(label): a caption")
        guard case .text(let s, var style) = caption.kind else { return XCTFail("\(label): the caption is a text") }
        XCTAssertEqual(s, card.children[3].kind.textString, "\(label): the card's text")
        let shown = style.lines
        style.lines = 0
        let laid = Renderer.layoutText(s, style: style, width: caption.frame.width)
        XCTAssertLessThanOrEqual(laid.lines.count, shown, "\(label): every line of \(s) is shown (\(laid.lines))")
        XCTAssertLessThanOrEqual(shown - laid.lines.count, 1, "\(label): at most one empty line under it")
        XCTAssertLessThanOrEqual(Double(laid.lines.count) * laid.lineHeight, caption.frame.height + 1, "\(label): its box holds it")
        let likes = try XCTUnwrap(page.children.first { $0.kind.textString?.hasPrefix("Like ") == true }, "\(label): the counts")
        XCTAssertGreaterThanOrEqual(likes.frame.minY, caption.frame.maxY, "\(label): the counts are below the caption")
    }

    func card(holding photo: Int, in feed: Node) throws -> Node {
        try XCTUnwrap(feed.children.first { $0.id?.hasPrefix("cell") == true && $0.find(id: "photo\(photo)") != nil })
    }

    /// Pixel 8, Pixel 9, Galaxy S24; light and dark; several seeds, each card's first photo.
    func testTheMaterialPhotoPageShowsThePostWhole() throws {
        var multiLine = 0
        for size in [Size(411.43, 914.29), Size(411.43, 923.43), Size(360, 780)] {
            for dark in [false, true] {
                for seed in [3, 21, 51, 53, 71, 91] {
                    let feed = try XCTUnwrap(Mocks.screen(kind: "feed", size: size, dark: dark, seed: seed, style: .material))
                    for photo in [0, 2] {
                        let label = "\(size) dark \(dark) seed \(seed) photo \(photo)"
                        guard let page = Mocks.screen(kind: "detail", size: size, dark: dark, seed: seed, photo: photo, style: .material) else { continue }
                        try checkWholeCaption(page, card: try card(holding: photo, in: feed), label)
                        if case .text(_, let style)? = page.find(id: "caption")?.kind, style.lines > 1 { multiLine += 1 }
                    }
                }
            }
        }
        XCTAssertGreaterThan(multiLine, 20, "posts of two or three lines were checked")
    }

    /// The shipped Android presets whose detail is a feed photo's page: each page with the feed
    /// card it was opened from (the card by the same author).
    static func shippedPages() throws -> [(file: String, card: Node, page: Node)] {
        let root = PresetContinuityTests.presetsDirectory
        return try [("catalog/container-transform", "feed", "detail"), ("catalog/shared-axis-x", "s1", "s2"),
                    ("catalog/shared-axis-y", "s1", "s2"), ("stories/android-feed", "feed", "detail")].map { file, feedID, pageID in
            let source = try PresetLoader.source(path: "\(root)/\(file).json")
            let s = try PresetLoader.check(source, nil, overrides: Overrides(scale: 0.25), images: PresetImages.folder,
                                           fonts: InstalledFonts()).storyboard
            let feed = try XCTUnwrap(s.screens[feedID], file), page = try XCTUnwrap(s.screens[pageID], file)
            let name = try XCTUnwrap(page.find(id: "author")?.children[1].kind.textString, file)
            let card = try XCTUnwrap(feed.children.first { $0.id?.hasPrefix("cell") == true && $0.children[1].kind.textString == name }, file)
            return (file, card, page)
        }
    }

    func testShippedMaterialPhotoPagesShowThePostWhole() throws {
        let pages = try Self.shippedPages()
        XCTAssertEqual(pages.count, 4)
        for (file, card, page) in pages { try checkWholeCaption(page, card: card, file) }
    }
}
