import Foundation
import Presets
import Raster
import XCTest
import SegueTestSupport
@testable import FramePipeline

/// Issue 28.2, right to left: the back label that comes out of a large title starts at the large
/// title's type size and shrinks to its own (Flutter's TextStyleTween), as it does left to right.
/// (A mirrored item is a group around its text, so its type size is carried with the item.)
final class RightToLeftBarTitleTests: XCTestCase {
    func composer(_ direction: String, in dir: String) throws -> FrameComposer {
        let json = """
        { "segue": 1, "device": "iphone-13", "scale": 1, "fps": 30, "direction": "\(direction)",
          "screens": { "a": { "mock": "list", "seed": 1, "tint": "#FF0000", "title": "Inbox" },
                       "b": { "mock": "detail", "seed": 2, "tint": "#FF0000" } },
          "start": "a", "timeline": [ { "hold": 0.1 }, { "push": "b", "transition": "uikit" }, { "hold": 0.1 } ] }
        """
        return FrameComposer(storyboard: try loadPreset(text: json, in: dir, name: "\(direction).json"))
    }

    /// The height of the red (tint) ink in the bar's rows and the given columns, at half its peak.
    static func inkHeight(_ b: Bitmap, columns: Range<Int>) -> (height: Int, peak: Double) {
        func red(_ p: UInt32) -> Double { let c = Bitmap.unpack(p); return max(0, (Double(c.r) - (Double(c.g) + Double(c.b)) / 2) / 255) }
        let rows = 47..<143
        let peak = rows.flatMap { y in columns.map { red(b[$0, y]) } }.max() ?? 0
        let inked = rows.filter { y in columns.contains { red(b[$0, y]) > peak / 2 } }
        return ((inked.max() ?? 0) - (inked.min() ?? 0) + 1, peak)
    }

    func testBackLabelGrowsOutOfTheLargeTitleInBothDirections() throws {
        let dir = try temporaryFolder("rtl-bar")
        let ltr = try composer("ltr", in: dir), rtl = try composer("rtl", in: dir)
        let w = ltr.storyboard.pixelWidth
        let a = try Bitmap(width: w, height: ltr.storyboard.pixelHeight), b = try Bitmap(width: w, height: ltr.storyboard.pixelHeight)
        ltr.render(frame: ltr.frameCount - 1, into: a)
        let rest = Self.inkHeight(a, columns: 24..<200).height
        var compared = 0, larger = 0
        for i in 0..<ltr.frameCount {
            ltr.render(frame: i, into: a); rtl.render(frame: i, into: b)
            let l = Self.inkHeight(a, columns: 24..<200), r = Self.inkHeight(b, columns: (w - 200)..<(w - 24))
            guard l.peak > 0.2 && r.peak > 0.2 else { continue }
            compared += 1
            XCTAssertEqual(Double(l.height), Double(r.height), accuracy: 3, "frame \(i): back label \(l.height) px tall left to right, \(r.height) right to left")
            if r.height > rest + 2 { larger += 1 }
        }
        XCTAssertGreaterThan(compared, 3)
        XCTAssertGreaterThan(larger, 0, "the back label was never larger than its own \(rest) px")
    }
}
