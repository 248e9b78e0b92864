import Foundation
import XCTest
import FramePipeline
import Geometry
import Presets
import Raster
import Scene
import SegueTestSupport

/// Issue 28: a `detail` with `"photo": N` is a photo opened, not an article. Its hero stays
/// exactly where the article's hero is (navigation-zoom, magic-move and shrink-dismiss land on that
/// frame); under it, who posted the photo, a caption, the counts and comments — no byline "N min
/// read", no "Continue" button. And no shipped preset shows an article's furniture anywhere.
final class PhotoDetailPageTests: XCTestCase {
    func texts(_ n: Node) -> [String] { (n.kind.textString.map { [$0] } ?? []) + n.children.flatMap(texts) }

    func isArticle(_ all: [String]) -> Bool { all.contains { $0.contains("min read") || $0 == "Continue" } }

    func testTheHeroStaysAndThePageIsAPhotos() throws {
        for (style, size) in [(MockStyle.ios, Size(390, 844)), (.ios, Size(375, 667)), (.material, Size(412, 915))] {
            for (seed, wanted) in [(3, 4), (21, 1), (91, 0)] {
                // The photos a Material detail can name are the feed's (fewer than the grid's).
                let photo = min(wanted, Mocks.detailPhoto(wanted, size: size, seed: seed, style: style).count - 1)
                let label = "\(style) \(size) seed \(seed) photo \(photo)"
                let article = try XCTUnwrap(Mocks.screen(kind: "detail", size: size, seed: seed, style: style), label)
                let page = try XCTUnwrap(Mocks.screen(kind: "detail", size: size, seed: seed, photo: photo, style: style), label)
                XCTAssertTrue(isArticle(texts(article)), "\(label): the plain detail is still an article")
                XCTAssertEqual(page.frameOfDescendant(id: Mocks.heroID), article.frameOfDescendant(id: Mocks.heroID), "\(label): the hero's frame")
                XCTAssertEqual(page.find(id: Mocks.heroID)?.cornerRadius, article.find(id: Mocks.heroID)?.cornerRadius, label)
                XCTAssertFalse(isArticle(texts(page)), "\(label): \(texts(page))")
                // Who posted it, just under the photo, with an avatar lettered with their name.
                let author = try XCTUnwrap(page.find(id: "author"), label)
                let hero = try XCTUnwrap(page.frameOfDescendant(id: Mocks.heroID))
                XCTAssertGreaterThanOrEqual(author.frame.minY, hero.maxY, label)
                XCTAssertLessThan(author.frame.minY, hero.maxY + 20, label)
                let avatar = try XCTUnwrap(author.children.first { $0.id?.hasPrefix("avatar") == true }, label)
                let name = try XCTUnwrap(author.children[1].kind.textString)
                XCTAssertEqual(texts(avatar).first, String(name.prefix(1)), label)
                XCTAssertNotNil(page.find(id: "caption"), label)
                XCTAssertNotNil(page.find(id: "comment0"), "\(label): comments")
            }
        }
    }

    /// On Material the photo belongs to a feed post: the page names that post's author.
    func testTheMaterialPhotoNamesItsPostsAuthor() throws {
        let size = Size(412, 915)
        let feed = try XCTUnwrap(Mocks.screen(kind: "feed", size: size, seed: 91, style: .material))
        let page = try XCTUnwrap(Mocks.screen(kind: "detail", size: size, seed: 91, photo: 0, style: .material))
        let card = try XCTUnwrap(feed.children.first { $0.find(id: "photo0") != nil })
        XCTAssertEqual(page.find(id: "author")?.children[1].kind.textString, card.children[1].kind.textString)
        XCTAssertEqual(texts(try XCTUnwrap(page.find(id: "author")?.children.first)), texts(card.children[0]), "the card's avatar")
        // The post's text as the caption, and the card's counts.
        XCTAssertEqual(page.find(id: "caption")?.kind.textString, card.children[3].kind.textString)
        let counts = texts(card).filter { $0.hasPrefix("Like ") || $0.hasPrefix("Comment ") }
        XCTAssertEqual(counts.count, 2)
        for c in counts { XCTAssertTrue(page.children.contains { $0.kind.textString == c }, "the card's \(c)") }
    }

    /// Every catalog, story and seed preset: no screen reads as an article.
    func testNoShippedPresetShowsAnArticle() throws {
        let all = try shippedScreens()
        for (name, screen) in all { XCTAssertFalse(isArticle(texts(screen)), "\(name): \(texts(screen))") }
        XCTAssertGreaterThan(all.count, 80)
    }
}
