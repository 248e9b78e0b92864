import Foundation
import XCTest
import FramePipeline
import Geometry
import Presets
import Raster
import Scene
import SegueTestSupport

/// Issue 28, mock realism: the screen an inbox opens is a conversation, not an article ("Harper ·
/// 10 min read" and a "Continue" button in catalog/android-activity's "Message"): the other
/// person's name, bubbles on both sides, the message field.
final class MockConversationTests: XCTestCase {
    func texts(_ n: Node) -> [String] {
        (n.kind.textString.map { [$0] } ?? []) + n.children.flatMap(texts)
    }

    func testAConversationHasBubblesFromBothSidesAndAMessageField() throws {
        for (style, size) in [(MockStyle.ios, Size(390, 844)), (.material, Size(412, 915))] {
            for seed in [12, 42] {
                let screen = try XCTUnwrap(Mocks.screen(kind: "message", size: size, seed: seed, style: style))
                let bubbles = screen.children.filter { $0.id?.hasPrefix("bubble") == true }
                XCTAssertGreaterThanOrEqual(bubbles.count, 4, "\(style) \(seed)")
                let mine = bubbles.filter { $0.frame.maxX > size.width - 17 }, theirs = bubbles.filter { $0.frame.minX < 17 }
                XCTAssertFalse(mine.isEmpty || theirs.isEmpty, "\(style) \(seed): bubbles on both sides")
                XCTAssertEqual(mine.count + theirs.count, bubbles.count, "each bubble on one side")
                let field = try XCTUnwrap(screen.find(id: "messageField"), "\(style)")
                XCTAssertLessThanOrEqual(bubbles.map(\.frame.maxY).max() ?? 0, field.frame.minY, "\(style) \(seed): above the field")
                let all = texts(screen)
                XCTAssertFalse(all.contains { $0.contains("min read") || $0 == "Continue" }, "\(style) \(seed): \(all)")
                // Titled with a person's name: the name is one of the cast.
                guard case .text(let title, _)? = screen.find(id: "title")?.kind else { return XCTFail("a title") }
                XCTAssertTrue(title.split(separator: " ").count <= 2 && title.first?.isUppercase == true, title)
            }
        }
    }

    /// A bubble holds its whole message in every language: the Japanese "はまもなく。" and the
    /// German three-liners were cut short when bubbles were sized from the English text.
    func testBubblesHoldTheirWholeMessageInEveryLanguage() throws {
        for style in MockStyle.allCases {
            for locale in ["en", "de", "ar", "he", "ja"] {
                for seed in [12, 42, 77] {
                    let screen = try XCTUnwrap(Mocks.screen(kind: "message", size: Size(390, 844), seed: seed, style: style, locale: locale))
                    for bubble in screen.children where bubble.id?.hasPrefix("bubble") == true {
                        let label = try XCTUnwrap(bubble.children.first)
                        guard case .text(let s, var textStyle) = label.kind else { XCTFail("a text"); continue }
                        let lines = textStyle.lines
                        textStyle.lines = 0
                        let laid = Renderer.layoutText(s, style: textStyle, width: label.frame.width)
                        XCTAssertLessThanOrEqual(laid.lines.count, lines, "\(locale) \(seed) \(bubble.id!): \(s) in \(label.frame.width) pt")
                    }
                }
            }
        }
    }

    /// Every shipped preset that opens an inbox row opens a conversation, and its back button
    /// (iOS) says where it came from.
    func testShippedInboxesOpenConversations() throws {
        for name in ["catalog/android-activity.json", "catalog/uikit.json", "catalog/predictive-back.json", "stories/segue-demo.json"] {
            let s = try PresetLoader.load(path: PresetContinuityTests.presetsDirectory + "/" + name, overrides: Overrides(scale: 0.25),
                                          images: PresetImages.folder, fonts: InstalledFonts())
            let detail = try XCTUnwrap(s.screens["detail"], name)
            XCTAssertNotNil(detail.find(id: "bubble0"), "\(name): a conversation")
            XCTAssertNil(detail.find(id: "hero"), "\(name): not an article")
        }
    }
}

extension Node.Kind {
    var textString: String? { if case .text(let s, _) = self { return s } else { return nil } }
}
