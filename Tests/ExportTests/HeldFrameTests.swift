import Foundation
import XCTest
import SegueTestSupport
import FramePipeline
import Presets
import Raster

/// Held stills are rendered once and sent again (RenderJob's HeldFrames). Every frame a render
/// reuses must equal the same frame rendered fresh (StillsJob draws every frame on its own), also
/// when screen ids and captions look like the parts of a joined key.
final class HeldFrameTests: XCTestCase {
    func renderBothWays(_ preset: String, name: String) throws -> (reused: [Data], fresh: [Data]) {
        let dir = try temporaryFolder("held-" + name)
        let storyboard = try loadPreset(text: preset, in: dir, name: "\(name).json")
        var options = RenderOptions()
        options.format = .png
        options.jobs = 2
        options.progress = .none
        try RenderJob.run(storyboard, to: dir + "/reused", options: options)
        let fresh = try StillsJob.run(storyboard, selection: .all, directory: dir + "/fresh", jobs: 2)
        let reused = try FileManager.default.contentsOfDirectory(atPath: dir + "/reused").sorted()
        XCTAssertEqual(reused.count, fresh.count)
        return (try reused.map { try Data(contentsOf: URL(fileURLWithPath: dir + "/reused/" + $0)) },
                try fresh.map { try Data(contentsOf: URL(fileURLWithPath: $0)) })
    }

    func assertSame(_ frames: (reused: [Data], fresh: [Data]), file: StaticString = #filePath, line: UInt = #line) {
        for (i, (a, b)) in zip(frames.reused, frames.fresh).enumerated() {
            XCTAssertEqual(a, b, "frame \(i): the reused frame differs from a fresh render", file: file, line: line)
        }
    }

    /// A screen named like the presented state ("presented 1") held before step 1 presents a sheet.
    func testAScreenNamedLikeAPresentedStateIsNotReusedForIt() throws {
        let preset = """
        { "segue": 1, "name": "held-presented", "device": { "width": 40, "height": 60, "scale": 1 }, "fps": 10,
          "screens": { "presented 1": { "background": "#2040C0", "layers": [] },
                       "sheet": { "background": "#F0E020", "layers": [] } },
          "start": "presented 1",
          "timeline": [ { "hold": 0.2 }, { "present": "sheet", "transition": "sheet", "duration": 0.2 }, { "hold": 0.3 } ] }
        """
        let frames = try renderBothWays(preset, name: "held-presented")
        XCTAssertNotEqual(frames.fresh.first, frames.fresh.last, "the sheet must show at the end")
        assertSame(frames)
    }

    /// Screen "x|y" without a caption, then screen "x" under the caption "y|".
    func testCaptionsAndIdsWithTheSeparatorDoNotCollide() throws {
        let preset = """
        { "segue": 1, "name": "held-caption", "device": { "width": 200, "height": 120, "scale": 1 }, "fps": 10,
          "overlays": { "caption": true },
          "screens": { "x|y": { "background": "#2040C0", "layers": [] },
                       "x": { "background": "#20C040", "layers": [] } },
          "start": "x|y",
          "timeline": [ { "hold": 0.2 }, { "push": "x", "transition": "fade", "duration": 0.1 },
                        { "hold": 0.3, "caption": "y|" } ] }
        """
        let frames = try renderBothWays(preset, name: "held-caption")
        assertSame(frames)
    }
}
