import Foundation
import XCTest
import FramePipeline
import Geometry
import Presets
import Raster
import Scene
import SegueTestSupport

/// Issue 28: every shipped story that opens a feed's post opens *that* post — the `detail` with
/// `"post": N` shows the card's author (same name, same avatar letter and colour), its age, its
/// counts, its pictures in the card's layout, the whole text, and comments by other people in age
/// order. Checked on the resolved element trees of weibo-feed, the 000 seeds and every
/// matrix-demo clip (en/de/ar, light/dark, three iPhones), and on the Material form.
final class FeedPostTests: XCTestCase {
    static let stories = ["stories/weibo-feed.json", "seeds/000-pan-back-cancelled.json", "seeds/000-pan-back-finished.json"]

    func load(_ name: String, only: String? = nil) throws -> Storyboard {
        try PresetLoader.load(path: PresetContinuityTests.presetsDirectory + "/" + name, overrides: Overrides(scale: 0.25), only: only,
                              images: PresetImages.folder, fonts: InstalledFonts())
    }

    func texts(_ n: Node) -> [String] { (n.kind.textString.map { [$0] } ?? []) + n.children.flatMap(texts) }

    /// The first number written in `s` (ASCII digits: the mocks' counts and ages).
    func number(_ s: String) -> Int? { Int(String(s.drop { !$0.isASCII || !$0.isNumber }.prefix { $0.isASCII && $0.isNumber })) }

    /// Checks that `post` opens `card` (the feed's `cell0`), whatever the language and direction.
    func checkOpens(_ card: Node, _ post: Node, _ label: String) throws {
        // The card's own texts (name, age, text, counts) are all on the post.
        let cardTexts = texts(card), postTexts = texts(post)
        for t in cardTexts { XCTAssertTrue(postTexts.contains(t), "\(label): the post shows the card's \"\(t)\"") }
        // The same avatar: same colour, same letter, same size.
        let avatar = try XCTUnwrap(card.children.first { $0.id?.hasPrefix("avatar") == true }, label)
        let opened = try XCTUnwrap(post.find(id: avatar.id!), "\(label): the post has the card's \(avatar.id!)")
        XCTAssertEqual(opened.fill, avatar.fill, "\(label): avatar colour")
        XCTAssertEqual(texts(opened), texts(avatar), "\(label): avatar letter")
        // The same pictures in the card's layout: same ids, sizes, fills, and the same offsets from
        // the first picture (iOS: the same places across too, the card spanning the screen).
        let photos = card.allIDs.filter { $0.hasPrefix("photo") }
        XCTAssertFalse(photos.isEmpty, label)
        let first = (try XCTUnwrap(card.frameOfDescendant(id: photos[0])), try XCTUnwrap(post.frameOfDescendant(id: photos[0]), label))
        for id in photos {
            let a = try XCTUnwrap(card.find(id: id)), b = try XCTUnwrap(post.find(id: id), "\(label): \(id)")
            XCTAssertEqual(a.frame.size, b.frame.size, "\(label) \(id)")
            XCTAssertEqual(a.fill, b.fill, "\(label) \(id): the same picture")
            let fa = try XCTUnwrap(card.frameOfDescendant(id: id)), fb = try XCTUnwrap(post.frameOfDescendant(id: id))
            XCTAssertEqual(fa.minX - first.0.minX, fb.minX - first.1.minX, accuracy: 1e-9, "\(label) \(id): the card's layout")
            XCTAssertEqual(fa.minY - first.0.minY, fb.minY - first.1.minY, accuracy: 1e-9, "\(label) \(id): the card's layout")
            if card.frame.width == post.frame.width { XCTAssertEqual(fa.minX, fb.minX, accuracy: 1e-9, "\(label) \(id): same column") }
        }
        // An opened post, not an article.
        XCTAssertFalse(postTexts.contains { $0.contains("min read") || $0 == "Continue" }, "\(label): \(postTexts)")
        try checkComments(post, author: try XCTUnwrap(card.children[1].kind.textString), postAge: number(card.children[2].kind.textString ?? "") ?? 0, label)
    }

    /// Comments by other people, each once, ages in order and none older than the post.
    func checkComments(_ screen: Node, author: String, postAge: Int, _ label: String) throws {
        let comments = screen.children.filter { $0.id?.hasPrefix("comment") == true }
        // A tall post leaves the comments below the fold (a phone shows them once scrolled).
        let top = [screen.find(id: "counts"), screen.find(id: "postBody")].compactMap { $0?.frame.maxY }.max() ?? 0
        let bottom = screen.find(id: "actionBar")?.frame.minY ?? screen.frame.height - 34
        if top + 60 < bottom { XCTAssertGreaterThanOrEqual(comments.count, 1, "\(label): comments") }
        let names = try comments.map { try XCTUnwrap($0.children[1].kind.textString) }
        XCTAssertEqual(Set(names).count, names.count, "\(label): each commenter once: \(names)")
        XCTAssertFalse(names.contains(author), "\(label): the author does not comment: \(names)")
        let ages = comments.compactMap { $0.children[3].kind.textString.flatMap(number) }
        XCTAssertEqual(ages.count, comments.count, label)
        XCTAssertEqual(ages, ages.sorted(), "\(label): newest first")
        XCTAssertLessThanOrEqual(ages.max() ?? 0, postAge, "\(label): no comment older than the post")
        for c in comments {
            let avatar = try XCTUnwrap(c.children.first, label)
            XCTAssertEqual(texts(avatar).first, try XCTUnwrap(c.children[1].kind.textString).first.map(String.init), "\(label): avatar letter")
        }
    }

    /// The whole text fits the lines the post gives it (the card cuts it to three).
    func checkWholeText(_ card: Node, _ post: Node, _ label: String) throws {
        guard case .text(let s, var style)? = card.children.dropFirst(3).first?.kind else { return XCTFail("\(label): the card's text") }
        let node = try XCTUnwrap(post.find(id: "postBody")?.children.first { $0.kind.textString == s }, "\(label): the whole text")
        guard case .text(_, let shown) = node.kind else { return }
        style.lines = 0
        let laid = Renderer.layoutText(s, style: style, width: node.frame.width)
        XCTAssertLessThanOrEqual(laid.lines.count, shown.lines, "\(label): \(s)")
        XCTAssertLessThanOrEqual(Double(laid.lines.count) * style.font.size * 1.2, node.frame.height + 1, "\(label): its box holds it")
    }

    func testShippedStoriesOpenTheTappedPost() throws {
        for name in Self.stories {
            let s = try load(name)
            let post = try XCTUnwrap(s.screens["post"] ?? s.screens["detail"], name)
            let card = try XCTUnwrap(s.screens["feed"]?.find(id: "cell0"), name)
            try checkOpens(card, post, name)
            try checkWholeText(card, post, name)
        }
    }

    /// Every matrix-demo clip: German expansion, Arabic names and mirroring, dark, the SE.
    func testEveryMatrixDemoClipOpensTheTappedPost() throws {
        for device in ["iphone-15", "iphone-se", "iphone-16-pro"] {
            for dark in [false, true] {
                for locale in ["en", "de", "ar"] {
                    let only = "device=\(device),dark=\(dark),transition=pan-back,locale=\(locale)"
                    let s = try load("stories/matrix-demo.json", only: only)
                    let post = try XCTUnwrap(s.screens["detail"], only)
                    let card = try XCTUnwrap(s.screens["feed"]?.find(id: "cell0"), only)
                    try checkOpens(card, post, only)
                    try checkWholeText(card, post, only)
                    if locale == "ar" {
                        // Mirrored as the feed is: the avatar on the right, the name right-aligned.
                        let avatar = try XCTUnwrap(post.frameOfDescendant(id: "avatar0"))
                        XCTAssertGreaterThan(avatar.minX, post.frame.width / 2, only)
                        XCTAssertFalse(texts(post).contains("Follow"), "\(only): translated")
                    }
                }
            }
        }
    }

    /// The Material form opens the Material feed's card the same way.
    func testTheMaterialPostIsTheMaterialFeedsCard() throws {
        for (seed, n) in [(91, 0), (7, 1), (42, 1)] {
            for locale in ["en", "ar"] {
                let size = Size(412, 915)
                let direction: LayoutDirection = locale == "ar" ? .rtl : .ltr
                let feed = try XCTUnwrap(Mocks.screen(kind: "feed", size: size, seed: seed, style: .material, locale: locale, direction: direction))
                let post = try XCTUnwrap(Mocks.screen(kind: "detail", size: size, seed: seed, post: n, style: .material, locale: locale,
                                                      direction: direction))
                let card = try XCTUnwrap(feed.find(id: "cell\(n)"))
                try checkOpens(card, post, "material \(seed) \(n) \(locale)")
            }
        }
        XCTAssertNil(Mocks.screen(kind: "detail", size: Size(412, 915), seed: 91, post: 40, style: .material))
        XCTAssertNil(Mocks.screen(kind: "detail", size: Size(390, 844), seed: 91, post: 40))
    }
}
