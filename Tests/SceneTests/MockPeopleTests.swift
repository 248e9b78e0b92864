import XCTest
import Geometry
import Scene

/// Issue 28, mock realism: no name twice in one list (catalog/android-activity's Inbox showed
/// "Sophia Wang" three times) and every avatar's letter is the initial of the name beside it, in
/// every style and language the mocks speak.
final class MockPeopleTests: XCTestCase {
    /// The rows of a screen that show a person: (the name, the avatar's letter).
    func people(_ n: Node) -> [(name: String, letter: String)] {
        let texts = n.children.compactMap { c -> String? in if case .text(let s, _) = c.kind { return s } else { return nil } }
        if let avatar = n.children.first(where: { $0.id?.hasPrefix("avatar") == true }), let name = texts.first,
           case .text(let letter, _)? = avatar.children.first?.kind {
            return [(name, letter)]
        }
        return n.children.flatMap(people)
    }

    func testNoNameTwiceInAListAndLettersMatchNames() throws {
        for style in MockStyle.allCases {
            for locale in ["en", "de", "ar", "ja"] {
                for kind in ["list", "feed"] {
                    for seed in [6, 11, 41, 42, 61] {
                        let screen = try XCTUnwrap(Mocks.screen(kind: kind, size: Size(412, 915), seed: seed, style: style, locale: locale))
                        let shown = people(screen)
                        let what = "\(style) \(kind) seed \(seed) \(locale)"
                        XCTAssertGreaterThanOrEqual(shown.count, kind == "list" ? 10 : 2, what)
                        XCTAssertEqual(Set(shown.map(\.name)).count, shown.count, "\(what): \(shown.map(\.name))")
                        for p in shown { XCTAssertEqual(p.letter, String(p.name.prefix(1)), "\(what): \(p.name)") }
                    }
                }
            }
        }
    }
}
