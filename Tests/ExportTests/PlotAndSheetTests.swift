import Foundation
import XCTest
import FramePipeline
import Presets
import Raster

final class PlotAndSheetTests: XCTestCase {
    func testPlotDrawsTheCurveWhereTheProgressIs() throws {
        let p = try PresetDecoder.decode(text: FrameComposerTests.preset, file: "t.json", defaultName: "t")
        let s = try Resolver(file: "t.json", images: PresetImages.folder(NSTemporaryDirectory())).resolve(p)
        let n = ProgressPlot.scene(s, width: 1000, height: 500)
        let b = Bitmap(uncheckedWidth: 1000, height: 500)
        Renderer.render(n, scale: 1, into: b)
        // Plot area: left 70, right 30, top 70, bottom 60 → 900 × 370; progress −0.05…1.05.
        func x(_ t: Double) -> Int { Int(70 + 900 * t / s.duration) }
        func y(_ p: Double) -> Int { Int(70 + 370 * (1.05 - p) / 1.1) }
        func isCurve(_ px: Int, _ py: Int) -> Bool {
            (-2...2).contains { dy in let c = b.rgba(x: px, y: py + dy); return c.b > 200 && c.r < 80 }
        }
        // Halfway through the linear... the push uses the default system curve: progress at 0.25 s into it.
        let step = s.steps[1]
        let t = step.start + 0.25
        XCTAssertTrue(isCurve(x(t), y(step.progress(at: 0.25))), "curve at its progress")
        XCTAssertFalse(isCurve(x(t), y(step.progress(at: 0.25)) + 40), "and not elsewhere")
        XCTAssertFalse(isCurve(x(0.1), y(0.5)), "nothing during the first hold")
    }

    func testContactSheetPicksEvenlySpacedFrames() {
        XCTAssertEqual(ContactSheet.frames(count: 5, total: 101), [0, 25, 50, 75, 100])
        XCTAssertEqual(ContactSheet.frames(count: 10, total: 4), [0, 1, 2, 3])
        XCTAssertEqual(ContactSheet.frames(count: 1, total: 50), [0])
    }
}
