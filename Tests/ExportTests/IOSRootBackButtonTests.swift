import Foundation
import XCTest
import FramePipeline
import Geometry
import Presets
import Raster
import Scene
import SegueTestSupport

/// Issue 28, "the iOS small navigation bar always shows a back chevron": a root screen (the start,
/// or one presented rather than pushed) has no back button; a pushed screen's back button is
/// titled with the previous screen's title. The same rule as Material's top-level bar
/// (Resolver.pushedScreens).
final class IOSRootBackButtonTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try temporaryFolder("rootback") }

    /// Start at a detail ("about"), push another detail ("licences"), pop, present a third.
    func story() throws -> Storyboard {
        try loadPreset(text: """
            { "segue": 1, "name": "root-back", "device": "iphone-13", "scale": 1, "fps": 30,
              "screens": { "about": { "mock": "detail", "title": "About", "seed": 71 },
                           "licences": { "mock": "detail", "title": "Licences", "seed": 72 },
                           "note": { "mock": "detail", "title": "Note", "seed": 73 } },
              "start": "about",
              "timeline": [ { "hold": 0.1 }, { "push": "licences", "transition": "uikit" }, { "hold": 0.1 },
                            { "pop": true, "transition": "uikit" }, { "present": "note", "transition": "cover" }, { "hold": 0.1 } ] }
            """, in: dir)
    }

    func testOnlyAPushedScreenHasABackButton() throws {
        let s = try story()
        for id in ["about", "note"] {
            let screen = try XCTUnwrap(s.screens[id])
            XCTAssertNil(screen.find(id: "backChevron"), "\(id) is not pushed: no back chevron")
            XCTAssertNil(screen.find(id: "backLabel"), "\(id) is not pushed: no back label")
        }
        let pushed = try XCTUnwrap(s.screens["licences"])
        XCTAssertNotNil(pushed.find(id: "backChevron"))
        guard case .text(let back, _)? = pushed.find(id: "backLabel")?.kind else { return XCTFail("a back label") }
        XCTAssertEqual(back, "About", "titled with the previous screen's title")
    }

    /// In pixels: the tint's blue in the back chevron's box, on the first frame (the root: none),
    /// in the middle of the push (fading in) and on the pushed screen (all of it).
    func testTheChevronShowsOnlyOnThePushedScreen() throws {
        let s = try story()
        let c = FrameComposer(storyboard: s)
        let b = Bitmap(uncheckedWidth: s.pixelWidth, height: s.pixelHeight)
        let px = s.scale, top = s.device.safeTop
        func blue(_ frame: Int) -> Int {
            c.render(frame: frame, into: b)
            var n = 0
            for y in Int((top + 10) * px)..<Int((top + 34) * px) {
                for x in Int(6 * px)..<Int(22 * px) {
                    let p = b.rgba(x: x, y: y)
                    if Int(p.b) > 180 && Int(p.r) < 120 { n += 1 }
                }
            }
            return n
        }
        let push = try XCTUnwrap(s.steps.first { $0.operation == .push })
        let end = Int(((push.start + push.duration) * Double(s.fps)).rounded()) + 1
        XCTAssertEqual(blue(0), 0, "the root screen shows no chevron")
        XCTAssertGreaterThan(blue(end), Int(20 * px * px), "the pushed screen shows its chevron")
    }
}
