import Foundation
import XCTest
import FramePipeline
import Geometry
import Scene
import Presets
import Raster
import Transitions

/// The timeline's `detent` step on a 100 × 200 pt canvas (safeTop 20, topOffset 10): the medium
/// detent rests at y = 100, the large one at y = 30, so a drag between them travels 70 pt.
final class SheetDetentStepTests: XCTestCase {
    static func preset(_ steps: String) -> String {
        """
        { "segue": 1, "device": { "width": 100, "height": 200, "scale": 1 }, "fps": 20,
          "screens": { "a": { "background": "#FF0000", "layers": [] }, "b": { "background": "#0000FF", "layers": [] } },
          "start": "a",
          "timeline": [ { "present": "b", "transition": { "type": "sheet", "detent": "medium", "safeTop": 20, "topOffset": 10 } }, \(steps) ] }
        """
    }

    func resolve(_ text: String) throws -> Storyboard {
        let p = try PresetDecoder.decode(text: text, file: "d.json", defaultName: "d")
        return try Resolver(file: "d.json", images: PresetImages.folder(NSTemporaryDirectory())).resolve(p)
    }

    func problems(_ text: String) -> [String] {
        do { _ = try resolve(text); return [] } catch let e as PresetError { return e.problems.map { "\($0.path): \($0.message)" } } catch { return ["\(error)"] }
    }

    func render(_ c: FrameComposer, _ i: Int) -> Bitmap {
        let b = Bitmap(uncheckedWidth: 100, height: 200)
        c.render(frame: i, into: b)
        return b
    }

    func drag(_ from: Int, _ to: Int, _ extra: String = "") -> String {
        #"{ "detent": "large", "gesture": { "from": [50, \#(from)], "to": [50, \#(to)], "duration": 0.5, "curve": "easeOut"\#(extra) } }"#
    }

    func testDragUpFinishesAtLargeOrFallsBack() throws {
        // easeOut ends at rest: only the distance decides, half of the 70 pt way.
        let up = try resolve(Self.preset(drag(150, 110) + #", { "hold": 0.5 }"#))
        XCTAssertEqual(up.steps[1].driver?.decision, .finish)
        XCTAssertEqual(up.steps[1].driver?.releaseProgress ?? -1, 40.0 / 70, accuracy: 1e-12)
        let short = try resolve(Self.preset(drag(150, 130) + #", { "hold": 0.5 }"#))
        XCTAssertEqual(short.steps[1].driver?.decision, .cancel)
        // A flick decides too (projected 0.3 s): 20 pt + 0.3 s × 100 pt/s = 50 pt > 35.
        let flick = try resolve(Self.preset(drag(150, 130, #", "velocity": [0, -100]"#)))
        XCTAssertEqual(flick.steps[1].driver?.decision, .finish)
        // `release` forces either way.
        XCTAssertEqual(try resolve(Self.preset(drag(150, 110, #", "release": "cancel""#))).steps[1].driver?.decision, .cancel)
    }

    func testTheSheetStaysAtItsNewDetentAndDismissesFromIt() throws {
        let s = try resolve(Self.preset(#"{ "hold": 0.2 }, { "detent": "large", "duration": 0.5 }, { "hold": 0.2 }, { "dismiss": true, "transition": { "type": "sheet", "safeTop": 20, "topOffset": 10 } }, { "hold": 0.2 }, { "present": "b", "transition": { "type": "sheet", "detent": "medium", "safeTop": 20, "topOffset": 10 } }, { "dismiss": true, "transition": { "type": "sheet", "safeTop": 20, "topOffset": 10 } }"#))
        let c = FrameComposer(storyboard: s)
        func frameAt(_ t: Double) -> Int { Int((t * 20).rounded()) }
        // After the detent step (ends at 0.5 + 0.2 + 0.5 = 1.2 s): the large sheet, exactly.
        let large = SheetTransition(safeTop: 20, topOffset: 10)
        let a = c.snapshot(of: "a")!, b = c.snapshot(of: "b")!
        let expected = Bitmap(uncheckedWidth: 100, height: 200, fill: .black)
        Renderer.render(large.scene(TransitionFrame(from: .image(a, frame: Rect(0, 0, 100, 200)), to: .image(b, frame: Rect(0, 0, 100, 200)),
                                                    canvas: Size(100, 200), operation: .present, progress: 1)), scale: 1, into: expected)
        XCTAssertTrue(render(c, frameAt(1.3)).isIdentical(to: expected), "held at the large detent")
        // Half way through the detent step (linear in the system spring's time is not needed: read
        // the sheet's top from the step's own progress): top = 100 + (30 − 100)·q.
        let q = s.steps[2].progress(at: 0.25)
        let mid = render(c, frameAt(0.95))
        let top = 100 - 70 * q
        XCTAssertEqual(mid.rgba(x: 50, y: Int(top) + 2).b, 255)
        XCTAssertEqual(mid.rgba(x: 50, y: Int(top) - 2).b, 0)
        // The dismiss after it is from the large detent (the presenting screen un-shrinks); the
        // second one, without a detent, starts from medium, where the sheet was presented.
        XCTAssertEqual((s.steps[4].transition as? SheetTransition)?.detent, .large)
        XCTAssertEqual((s.steps[7].transition as? SheetTransition)?.detent, .medium)
    }

    func testProblems() {
        XCTAssertEqual(problems(Self.preset(#"{ "detent": "medium" }"#)), [#"timeline[1].detent: the sheet "b" is already at the medium detent"#])
        XCTAssertEqual(problems(Self.preset(#"{ "dismiss": true }, { "detent": "large" }"#)), [#"timeline[2].detent: nothing to move: "a" was not presented with the sheet transition"#])
        XCTAssertEqual(problems(Self.preset(#"{ "detent": "large", "transition": "sheet" }"#)),
                       [#"timeline[1].transition: a detent step moves the presented sheet as it was presented; remove "transition""#])
        XCTAssertEqual(problems(Self.preset(#"{ "detent": "big" }"#)).first?.hasPrefix("timeline[1].detent: "), true)
    }
}
