import Foundation
import XCTest
import SegueTestSupport
import FramePipeline
import Geometry
import Media
import Presets
import Raster

/// Issue 20.5: a screen that names images is an outline until the first frame that shows it,
/// then built from its files; what it draws is what building it at resolve time drew.
final class DeferredScreenTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = try temporaryFolder("deferred")
        try PNGWriter.write(Bitmap(uncheckedWidth: 120, height: 80, fill: Color(r: 1, g: 0, b: 0)), to: dir + "/red.png")
        try PNGWriter.write(Bitmap(uncheckedWidth: 120, height: 80, fill: Color(r: 0, g: 0, b: 1)), to: dir + "/blue.png")
    }

    func storyboard() throws -> Storyboard {
        let text = """
        { "segue": 1, "name": "d", "device": { "width": 60, "height": 40, "scale": 2 }, "fps": 10,
          "screens": { "a": { "image": "red.png" }, "b": { "layers": [ { "type": "image", "image": "blue.png", "frame": [0, 0, 60, 40] } ] } },
          "start": "a", "timeline": [ { "push": "b", "duration": 0.2 } ] }
        """
        return try PresetCheck.run(text: text, file: dir + "/d.json", images: PresetImages.folder(dir), fonts: InstalledFonts(), defaultName: "d").storyboard
    }

    func testOutlinesHoldSizesAndBuiltScreensDrawTheFiles() throws {
        let s = try storyboard()
        XCTAssertEqual(Set(s.deferred.keys), ["a", "b"], "both screens name images")
        // The outline's image is a placeholder of the decoded size; the built one is the file.
        guard case .image(let placeholder, _)? = s.screens["a"]?.children.first?.kind else { return XCTFail("outline of a") }
        XCTAssertNil(placeholder as? Bitmap)
        XCTAssertEqual([placeholder.pixelWidth, placeholder.pixelHeight], [120, 80])
        let c = FrameComposer(storyboard: s)
        for (frame, want) in [(0, (UInt8(255), UInt8(0), UInt8(0))), (c.frameCount - 1, (UInt8(0), UInt8(0), UInt8(255)))] {
            let b = Bitmap(uncheckedWidth: 120, height: 80)
            c.render(frame: frame, into: b)
            for (x, y) in [(0, 0), (60, 40), (119, 79)] {
                let p = b.rgba(x: x, y: y)
                XCTAssertEqual([p.r, p.g, p.b, p.a], [want.0, want.1, want.2, UInt8(255)], "frame \(frame) at (\(x), \(y))")
            }
        }
        XCTAssertNil(c.failure)
    }

    func testAnImageBrokenAfterResolvingFailsTheRenderAndWritesNothing() throws {
        let s = try storyboard()
        // Cut short after it checked out: the header still reads, decoding fails.
        let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/blue.png"))
        try data.prefix(40).write(to: URL(fileURLWithPath: dir + "/blue.png"))
        var options = RenderOptions()
        options.progress = .none
        options.jobs = 2
        let out = dir + "/d.mp4"
        XCTAssertThrowsError(try RenderJob.run(s, to: out, options: options)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("screens.b.layers[0].image") && message.contains("blue.png"), message)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "a failed render leaves no output")
    }
}
