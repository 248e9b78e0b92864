import Foundation
import XCTest
import FramePipeline
import Geometry
import Presets
import Raster
import Scene
import SegueTestSupport

/// Issue 28, review 5: a photo page's "Today H:MM" is its post's age counted back from the time
/// the status bar shows. Android's status bar reads 12:30, but the Material page counted back from
/// the iOS mocks' 9:41, so a card "8 min ago" opened a post "Today 9:33".
final class PhotoPageTimeTests: XCTestCase {
    /// "12:30" → 750 (minutes after midnight).
    func minutes(_ clock: String) throws -> Int {
        let parts = clock.split(separator: ":").compactMap { Int($0) }
        XCTAssertEqual(parts.count, 2, clock)
        return try XCTUnwrap(parts.first) * 60 + XCTUnwrap(parts.last)
    }

    /// The time on the page's author row, in minutes after midnight.
    func shownTime(_ page: Node, _ label: String) throws -> Int {
        let when = try XCTUnwrap(page.find(id: "author")?.children[2].kind.textString, label)
        XCTAssertTrue(when.hasPrefix("Today "), "\(label): \(when)")
        return try minutes(String(when.dropFirst("Today ".count)))
    }

    func testTheMaterialPageCountsBackFromAndroidsClock() throws {
        let now = try minutes(StatusBarClock.american.android)
        for size in [Size(411.43, 914.29), Size(360, 780)] {
            for seed in [3, 21, 51, 71, 91] {
                let feed = try XCTUnwrap(Mocks.screen(kind: "feed", size: size, seed: seed, style: .material))
                for photo in [0, 2] {
                    let label = "\(size) seed \(seed) photo \(photo)"
                    guard let page = Mocks.screen(kind: "detail", size: size, seed: seed, photo: photo, style: .material) else { continue }
                    let card = try XCTUnwrap(feed.children.first { $0.id?.hasPrefix("cell") == true && $0.find(id: "photo\(photo)") != nil }, label)
                    let age = try XCTUnwrap(card.children[2].kind.textString, label)
                    XCTAssertTrue(age.hasSuffix(" min ago"), "\(label): \(age)")
                    let ago = try XCTUnwrap(Int(age.prefix { $0.isNumber }), label)
                    XCTAssertEqual(try shownTime(page, label), now - ago, "\(label): \(age) under \(StatusBarClock.american.android)")
                }
            }
        }
    }

    /// The iOS photo page keeps counting back from 9:41, the iOS status bar's time.
    func testTheIOSPageCountsBackFromIOSsClock() throws {
        let now = try minutes(StatusBarClock.american.time)
        for seed in [3, 21, 91] {
            let page = try XCTUnwrap(Mocks.screen(kind: "detail", size: Size(390, 844), seed: seed, photo: 1))
            let shown = try shownTime(page, "seed \(seed)")
            XCTAssertLessThan(shown, now, "seed \(seed)")
            XCTAssertGreaterThan(shown, now - 60, "seed \(seed): within the hour before 9:41")
        }
    }

    /// Every shipped Android photo page: the time is the card's age before 12:30.
    func testShippedAndroidPhotoPages() throws {
        let now = try minutes(StatusBarClock.american.android)
        for (file, card, page) in try PhotoPageCaptionTests.shippedPages() {
            let ago = try XCTUnwrap(card.children[2].kind.textString.flatMap { Int($0.prefix { $0.isNumber }) }, file)
            XCTAssertEqual(try shownTime(page, file), now - ago, file)
        }
    }
}
