import XCTest
import Presets
import Scene
import Geometry

/// The conversation a list row opens continues that row (issue 28, "one story"): a designer stepping
/// through a push reads the row "Liu Yang · 9:12 · With light and soon…" and expects the chat to end
/// with that message, under a day header no later than 9:12 (it ended with another message, headed
/// "Today 9:28", before). Read from the built screens: the list's own row 0 against the chat's bubbles.
final class ConversationRowTests: XCTestCase {
    func resolve(device: String, listSeed: Int, message: String, locale: String?) throws -> Storyboard {
        try resolveListAndChat(device: device, listSeed: listSeed, message: message, locale: locale)
    }

    func texts(_ node: Node) -> [String] { shownTexts(node) }

    /// "9:04" anywhere in `s` → minutes after midnight.
    func minutes(_ s: String) -> Int? {
        guard let r = s.range(of: #"\d{1,2}:\d\d"#, options: .regularExpression) else { return nil }
        let parts = s[r].split(separator: ":").compactMap { Int($0) }
        return parts[0] * 60 + parts[1]
    }

    /// The chat's bubbles in order (bubble0 is the oldest), each with the text it shows.
    func bubbleTexts(_ chat: Node) -> [String] {
        let bubbles = chat.children.filter { $0.id?.hasPrefix("bubble") == true }
            .sorted { Int($0.id!.dropFirst(6))! < Int($1.id!.dropFirst(6))! }
        return bubbles.map { texts($0).joined(separator: " ") }
    }

    func testTheChatEndsWithTheRowsMessageAfterItsHeader() throws {
        let cases: [(String, String?)] = [("iphone-13", nil), ("iphone-se", "de"), ("iphone-15", "ar"), ("pixel-8", nil), ("pixel-8", "de")]
        for (device, locale) in cases {
            for seed in [0, 5, 11, 31, 63, 77] {
                let what = "\(device) \(locale ?? "en") seed \(seed)"
                let s = try resolve(device: device, listSeed: seed, message: #"{ "mock": "message", "seed": \#(seed + 1) }"#, locale: locale)
                let rowTexts = texts(try XCTUnwrap(s.screens["list"]?.find(id: "cell0"), what))
                let rowTime = try XCTUnwrap(rowTexts.lazy.compactMap(minutes).first, "\(what): no time in \(rowTexts)")
                // The row's preview is its longest text (the initial, the name and the time are shorter).
                let preview = try XCTUnwrap(rowTexts.max { $0.count < $1.count })
                let chat = try XCTUnwrap(s.screens["chat"], what)
                let bubbles = bubbleTexts(chat)
                XCTAssertGreaterThanOrEqual(bubbles.count, 3, "\(what): a conversation, not one line")
                XCTAssertEqual(bubbles.last, preview, "\(what): the chat does not end with the message its row previews")
                let header = try XCTUnwrap(texts(chat).first { minutes($0) != nil }, "\(what): no day header")
                let headerTime = try XCTUnwrap(minutes(header))
                XCTAssertLessThanOrEqual(headerTime, rowTime, "\(what): the chat starts (\(header)) after its last message (\(String(format: "%d:%02d", rowTime / 60, rowTime % 60)))")
                XCTAssertGreaterThan(headerTime, rowTime - 60, "\(what): the chat's header is an hour before its last message")
            }
        }
    }

    func testATitledChatKeepsItsOwnMessages() throws {
        // A chat the preset titles is not the row's: it keeps the seed's own bubbles and header.
        let titled = try resolve(device: "iphone-13", listSeed: 11, message: #"{ "mock": "message", "title": "Zed Q", "seed": 12 }"#, locale: nil)
        let alone = try XCTUnwrap(Mocks.screen(kind: "message", size: Size(390, 844), title: "Zed Q", seed: 12, statusHeight: 47, gestureHeight: 34))
        XCTAssertEqual(bubbleTexts(try XCTUnwrap(titled.screens["chat"])), bubbleTexts(alone))
        XCTAssertEqual(texts(try XCTUnwrap(titled.screens["chat"])).first { minutes($0) != nil },
                       texts(alone).first { minutes($0) != nil })
    }
}
