import Foundation
import Presets
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
        XCTAssertEqual(StatusBarClock.of(locale: nil), .twelveHour)
        XCTAssertEqual(StatusBarClock.of(locale: "en"), .twelveHour)
        XCTAssertEqual(StatusBarClock.of(locale: "en-US"), .twelveHour)
        XCTAssertEqual(StatusBarClock.of(locale: "de"), .twentyFourHourPadded)
        XCTAssertEqual(StatusBarClock.of(locale: "de-AT"), .twentyFourHourPadded)
        XCTAssertEqual(StatusBarClock.of(locale: "en-GB"), .twentyFourHourPadded)
        XCTAssertEqual(StatusBarClock.of(locale: "ja"), .twentyFourHour)
        // The pattern itself: quoted literals are not hours.
        XCTAssertEqual(StatusBarClock(pattern: "HH:mm"), .twentyFourHourPadded)
        XCTAssertEqual(StatusBarClock(pattern: "h:mm a"), .twelveHour)
        XCTAssertEqual(StatusBarClock(pattern: "H:mm"), .twentyFourHour)
    }

    func texts(_ n: Node) -> [String] {
        if case .text(let s, _) = n.kind { return [s] }
        return n.children.flatMap(texts)
    }

    /// The status bar the export draws for a preset on `device` in `locale`.
    func statusBarTexts(device: String, locale: String?) throws -> [String] {
        let dir = try temporaryFolder("clock")
        let path = dir + "/p.json"
        let loc = locale.map { #""locale": "\#($0)","# } ?? ""
        let json = """
            { "segue": 1, "name": "clock", "device": "\(device)", \(loc) "scale": 1, "fps": 30,
              "screens": { "a": { "mock": "list", "seed": 1 } }, "start": "a", "timeline": [ { "hold": 0.1 } ] }
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let storyboard = try PresetLoader.load(path: path, images: PresetImages.folder, fonts: InstalledFonts())
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
