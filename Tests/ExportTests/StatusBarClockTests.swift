import Foundation
@testable import Presets
import Raster
import Scene
import XCTest
import SegueTestSupport
@testable import FramePipeline

/// Issue 28.1: the status bar's time is written as the system's locale writes it — CLDR's hour
/// cycle ("j"): a German iPhone SE shows "09:41", an American one "9:41 AM".
final class StatusBarClockTests: XCTestCase {
    /// The clock per locale follows CLDR's "jmm" pattern as Foundation expands it.
    func testClockFollowsTheLocalesHourCycle() {
        XCTAssertEqual(StatusBarClock.of(locale: nil), .american)
        for code in ["en", "en-US"] { XCTAssertEqual(StatusBarClock.of(locale: code).iosTime(dayPeriod: true), "9:41 AM") }
        for code in ["de", "de-AT", "en-GB"] { XCTAssertEqual(StatusBarClock.of(locale: code).iosTime(dayPeriod: true), "09:41") }
        XCTAssertEqual(StatusBarClock.of(locale: "ja").iosTime(dayPeriod: true), "9:41")
        // The ears never show a day period.
        XCTAssertEqual(StatusBarClock.of(locale: "en").iosTime(dayPeriod: false), "9:41")
        // The pattern's day period goes with the spaces beside it; quoted literals stay.
        XCTAssertEqual("h:mm a".withoutDayPeriod, "h:mm")
        XCTAssertEqual("a h:mm".withoutDayPeriod, "h:mm")
        XCTAssertEqual("HH 'a' mm".withoutDayPeriod, "HH 'a' mm")
    }

    func texts(_ n: Node) -> [String] {
        if case .text(let s, _) = n.kind { return [s] }
        return n.children.flatMap(texts)
    }

    /// The status bar the export draws for a preset on `device` in `locale`.
    func statusBarTexts(device: String, locale: String?) throws -> [String] {
        let dir = try temporaryFolder("clock")
        let loc = locale.map { #""locale": "\#($0)","# } ?? ""
        let json = """
            { "segue": 1, "name": "clock", "device": "\(device)", \(loc) "scale": 1, "fps": 30,
              "screens": { "a": { "mock": "list", "seed": 1 } }, "start": "a", "timeline": [ { "hold": 0.1 } ] }
            """
        let storyboard = try loadPreset(text: json, in: dir)
        return texts(ChromeLayers(storyboard: storyboard).chrome.statusBar(content: .black))
    }

    func testHomeButtonIPhoneShowsTheLocalesTime() throws {
        XCTAssertEqual(try statusBarTexts(device: "iphone-se", locale: "de"), ["09:41"])
        XCTAssertEqual(try statusBarTexts(device: "iphone-se", locale: "en"), ["9:41 AM"])
        XCTAssertEqual(try statusBarTexts(device: "iphone-se", locale: nil), ["9:41 AM"])
        XCTAssertEqual(try statusBarTexts(device: "iphone-se", locale: "ja"), ["9:41"])
        // The ears of a notched or Dynamic Island iPhone never show a day period.
        XCTAssertEqual(try statusBarTexts(device: "iphone-15-pro", locale: "de"), ["09:41"])
        XCTAssertEqual(try statusBarTexts(device: "iphone-13", locale: "en"), ["9:41"])
    }
}
