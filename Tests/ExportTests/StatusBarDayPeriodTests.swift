import Foundation
import FramePipeline
import Geometry
@testable import Presets
import Raster
import Scene
import SegueTestSupport
import XCTest

/// Issue 28: the status bar's time is the locale's own — its hour cycle, its day period ("ص"/"م"
/// in Arabic, before the time in Korean and Chinese) and its digits (CLDR's default numbering
/// system: Arabic-Indic in ar-SA and ar-EG), checked against Foundation's own formatting and on
/// the rendered bar, where bidi puts an Arabic day period left of the digits.
final class StatusBarDayPeriodTests: XCTestCase {
    /// Foundation's 9:41 (or 12:30) for `code` through its localized-template path, no-break
    /// spaces as spaces; `dayPeriod: false` drops the AM/PM symbol it wrote.
    func foundation(_ code: String, hour: Int = 9, minute: Int = 41, dayPeriod: Bool = true) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: code)
        f.timeZone = TimeZone(identifier: "UTC")
        f.setLocalizedDateFormatFromTemplate("jmm")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = f.timeZone
        let date = calendar.date(from: DateComponents(year: 2020, month: 6, day: 1, hour: hour, minute: minute))!
        var s = f.string(from: date).replacingOccurrences(of: "\u{202F}", with: " ").replacingOccurrences(of: "\u{00A0}", with: " ")
        if !dayPeriod { s = s.replacingOccurrences(of: hour < 12 ? f.amSymbol : f.pmSymbol, with: "").trimmingCharacters(in: .whitespaces) }
        return s
    }

    func testClockIsFoundationsTimeInTheLocale() {
        for code in ["en", "en-GB", "de", "ja", "he", "ar", "ar-SA", "ar-EG", "ar-MA", "ko", "zh-TW"] {
            let clock = StatusBarClock.of(locale: code)
            XCTAssertEqual(clock.withDayPeriod, foundation(code), code)
            XCTAssertEqual(clock.time, foundation(code, dayPeriod: false), code)
            XCTAssertEqual(clock.android, foundation(code, hour: 12, minute: 30, dayPeriod: false), code)
        }
        // What that means, spelled out: Arabic's day period, Arabic-Indic digits where CLDR's
        // default numbering system is "arab", the period first in Korean and Chinese.
        XCTAssertEqual(StatusBarClock.of(locale: "ar").withDayPeriod, "9:41 ص")
        XCTAssertEqual(StatusBarClock.of(locale: "ar-SA").withDayPeriod, "٩:٤١ ص")
        XCTAssertEqual(StatusBarClock.of(locale: "ar-EG").time, "٩:٤١")
        XCTAssertEqual(StatusBarClock.of(locale: "ar-EG").android, "١٢:٣٠")
        XCTAssertEqual(StatusBarClock.of(locale: "ko").withDayPeriod, "오전 9:41")
        XCTAssertEqual(StatusBarClock.of(locale: "zh-TW").withDayPeriod, "上午9:41")
        XCTAssertEqual(StatusBarClock.of(locale: "en").withDayPeriod, "9:41 AM")
        XCTAssertNil(StatusBarClock.of(locale: "de").language, "plain ASCII times keep their text style")
        XCTAssertEqual(StatusBarClock.of(locale: "ar").language, "ar")
    }

    /// The times a loaded preset's status bar shows.
    func barTexts(device: String, locale: String) throws -> [String] {
        let json = """
            { "segue": 1, "name": "t", "device": "\(device)", "locale": "\(locale)", "scale": 1, "fps": 30,
              "screens": { "a": { "mock": "list", "seed": 1 } }, "start": "a", "timeline": [ { "hold": 0.1 } ] }
            """
        let storyboard = try loadPreset(text: json, in: try temporaryFolder("day-period"))
        var chrome = storyboard.device.chrome
        chrome.clock = storyboard.clock
        return chrome.statusBar(content: .black).children.compactMap { if case .text(let s, _) = $0.kind { return s } else { return nil } }
    }

    func testPresetsLocaleReachesTheBar() throws {
        XCTAssertEqual(try barTexts(device: "iphone-se", locale: "ar"), ["9:41 ص"])
        XCTAssertEqual(try barTexts(device: "iphone-15-pro", locale: "ar-SA"), ["٩:٤١"])
        XCTAssertEqual(try barTexts(device: "pixel-8", locale: "ar-EG"), ["١٢:٣٠"])
    }

    /// Ink columns (any coverage) of `node` rendered at 4 px/pt into a `width` × `height` pt canvas.
    func inkColumns(_ node: Node, width: Double, height: Double) throws -> [Int] {
        let k = 4.0
        let bmp = try Bitmap(width: Int(width * k), height: Int(height * k))
        Renderer.render(node, scale: k, into: bmp)
        return (0..<bmp.width).filter { x in (0..<bmp.height).contains { bmp[x, $0] >> 24 > 40 } }
    }

    /// A home-button iPhone in Saudi Arabic, left-to-right and right-to-left: the time stays in
    /// the middle of the bar, and reads "٩:٤١ ص" from the right, its day period at the left of
    /// the digits, each part as wide as it is alone.
    func testArabicDayPeriodSitsLeftOfTheDigits() throws {
        for rightToLeft in [false, true] {
            var chrome = try XCTUnwrap(Device.named("iphone-se")).chrome
            chrome.clock = StatusBarClock.of(locale: "ar-SA")
            chrome.rightToLeft = rightToLeft
            let bar = chrome.statusBar(content: .black)
            let time = try XCTUnwrap(bar.children.first { if case .text = $0.kind { return true } else { return false } })
            guard case .text(_, let style) = time.kind else { return XCTFail() }
            let cols = try inkColumns(time, width: chrome.size.width, height: chrome.statusBarHeight)
            let mid = chrome.size.width * 2
            XCTAssertLessThan(abs(Double(cols.first! + cols.last!) / 2 - mid), 4 * 4, "the time is centred")
            // The widest gap between ink columns is the space between the two parts.
            let gaps = zip(cols, cols.dropFirst()).map { ($0, $1) }.max { $0.1 - $0.0 < $1.1 - $1.0 }!
            let left = gaps.0 - cols.first! + 1, right = cols.last! - gaps.1 + 1
            func alone(_ s: String) throws -> Int {
                let c = try inkColumns(Node(kind: .text(s, style), frame: Rect(0, 0, 100, 16)), width: 100, height: 16)
                return c.last! - c.first! + 1
            }
            XCTAssertEqual(Double(left), Double(try alone("ص")), accuracy: 3, "rtl \(rightToLeft): the day period is at the left")
            XCTAssertEqual(Double(right), Double(try alone("٩:٤١")), accuracy: 3, "rtl \(rightToLeft): the digits are at the right")
        }
    }
}
