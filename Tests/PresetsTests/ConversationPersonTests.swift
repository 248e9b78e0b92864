import XCTest
import Presets
import Scene

/// A conversation opened from a list is with a person the list shows (issue 28, "one story"): a
/// `message` mock without a title, pushed from a `list` mock, is titled with the list's first row.
final class ConversationPersonTests: XCTestCase {
    func resolve(device: String, listSeed: Int, message: String) throws -> Storyboard {
        try resolveListAndChat(device: device, listSeed: listSeed, message: message)
    }

    func texts(_ node: Node) -> [String] { shownTexts(node) }

    func testTheConversationIsWithTheListsFirstRow() throws {
        for device in ["iphone-13", "pixel-8"] {
            for seed in [0, 11, 12, 31, 63, 77] {
                let s = try resolve(device: device, listSeed: seed, message: #"{ "mock": "message", "seed": \#(seed + 1) }"#)
                let row = try XCTUnwrap(s.screens["list"]?.find(id: "cell0"), "\(device) seed \(seed)")
                let person = Mocks.firstListRow(seed: seed).person
                // Independent of the helper: the row itself shows the name.
                XCTAssertTrue(texts(row).contains(person), "\(device) seed \(seed): row 0 shows \(texts(row)), not \(person)")
                let chat = try XCTUnwrap(s.screens["chat"])
                XCTAssertTrue(texts(chat).contains(person), "\(device) seed \(seed): the conversation is not with \(person)")
            }
        }
    }

    func testAGivenTitleWins() throws {
        let s = try resolve(device: "iphone-13", listSeed: 11, message: #"{ "mock": "message", "title": "Zed Q", "seed": 12 }"#)
        let chat = try XCTUnwrap(s.screens["chat"])
        XCTAssertTrue(texts(chat).contains("Zed Q"))
        XCTAssertFalse(texts(chat).contains(Mocks.firstListRow(seed: 11).person), "the given title replaces the row's person")
    }
}
