import Foundation
import XCTest
import FramePipeline
import Geometry
import Presets
import Raster
import Scene
import SegueTestSupport

/// Issue 28, the review's catalog/fade-through: "← Photos". A Material small top app bar shows
/// the back arrow only on a screen reached by a push; a top-level destination (the start, like
/// the two ends of a fade through) has none, and its title sits at the 16 dp inset.
final class MaterialTopLevelBarTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try temporaryFolder("toplevel") }

    /// Start at a grid ("photos"), push another grid ("album") and pop.
    func story() throws -> Storyboard {
        try loadPreset(text: """
            { "segue": 1, "name": "top-level", "device": "pixel-8", "scale": 1, "fps": 30,
              "screens": { "photos": { "mock": "grid", "title": "Photos", "seed": 61 },
                           "album": { "mock": "grid", "title": "Album", "seed": 62 } },
              "start": "photos",
              "timeline": [ { "hold": 0.1 }, { "push": "album", "transition": "fade-through" }, { "hold": 0.1 } ] }
            """, in: dir)
    }

    /// The 24 dp box a back arrow takes in a small top app bar, if the bar has one.
    func arrows(_ screen: Node) throws -> [Node] {
        let bar = try XCTUnwrap(screen.find(id: "navBar"))
        return bar.children.filter { if case .group = $0.kind { return $0.frame == Rect(16, 20, 24, 24) } else { return false } }
    }

    func testOnlyAPushedScreenHasABackArrow() throws {
        let s = try story()
        let start = try XCTUnwrap(s.screens["photos"]), pushed = try XCTUnwrap(s.screens["album"])
        XCTAssertEqual(try arrows(start).count, 0, "the start screen is top-level: no back arrow")
        XCTAssertEqual(try arrows(pushed).count, 1, "a pushed screen has its back arrow")
        XCTAssertEqual(try XCTUnwrap(start.find(id: "title")).frame.minX, 16, "a top-level title sits at the 16 dp inset")
        XCTAssertEqual(try XCTUnwrap(pushed.find(id: "title")).frame.minX, 56, "a pushed screen's title follows the arrow")
    }

    /// In pixels: the pushed bar has an empty gap between its arrow (ending at 40 dp) and its title
    /// (from 56 dp); the top-level bar's title runs across that gap.
    func testTheTopLevelTitleRunsWhereTheArrowWas() throws {
        let s = try story()
        let c = FrameComposer(storyboard: s)
        let b = Bitmap(uncheckedWidth: s.pixelWidth, height: s.pixelHeight)
        let top = s.device.safeTop
        func inkInGap(_ frame: Int) -> Bool {
            c.render(frame: frame, into: b)
            return (Int(top + 20)..<Int(top + 44)).contains { y in (44..<54).contains { x in b.rgba(x: x, y: y).g < 128 } }
        }
        XCTAssertTrue(inkInGap(0), "the start screen's title should begin at 16 dp")
        XCTAssertFalse(inkInGap(c.frameCount - 1), "the pushed screen should show its arrow, then a gap, then its title")
    }
}
