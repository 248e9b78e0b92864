import Foundation
import XCTest
import SegueTestSupport
import Media
import Raster

/// The CLI with screenshot elements (issue 15): a wrong-size screenshot says how it was fitted,
/// once per file; the committed own-screenshots story renders its shared elements; a bad
/// element is exit 2 with its JSON path.
final class ScreenshotElementCLITests: XCTestCase {
    func shot(_ path: String, width: Int, height: Int, _ color: UInt32) throws {
        let b = Bitmap(uncheckedWidth: width, height: height)
        for i in 0..<b.count { b.pixels[i] = color }
        try PNGWriter.write(b, to: path)
    }

    func testAWrongSizeScreenshotSaysHowItWasFittedOncePerFile() throws {
        let dir = try temporaryFolder("fit")
        // A 2x shot (40 × 60 px) of a 20 × 30 pt device drawn at 3x (60 × 90 px), used by two screens.
        try shot(dir + "/2x.png", width: 40, height: 60, 0xFF20_4080)
        try shot(dir + "/3x.png", width: 60, height: 90, 0xFF80_4020)
        try """
        { "segue": 1, "device": { "width": 20, "height": 30, "scale": 3 }, "fps": 10,
          "screens": { "a": { "image": "2x.png", "elements": { "e": { "frame": [2, 2, 10, 10] } } },
                       "b": { "image": "2x.png", "fit": "fill" }, "c": { "image": "3x.png" } },
          "start": "a", "timeline": [ { "hold": 0.1 }, { "push": "c", "transition": "fade", "duration": 0.1 } ] }
        """.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["frames", "p.json", "--at", "0", "-o", "out"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let notes = r.stderr.split(separator: "\n").filter { $0.hasPrefix("note: 2x.png") }
        XCTAssertEqual(notes.count, 1, r.stderr)
        XCTAssertTrue(notes.first?.contains("is 40×60 px, the canvas 60×90 px: fit \"fill\" scaled by 1.5 to fill it") == true, r.stderr)
        XCTAssertFalse(r.stderr.contains("3x.png"), "a screenshot at the canvas's size is not mentioned")
        let quiet = try CLI.run(["frames", "p.json", "--at", "0", "-o", "out2", "--quiet"], in: dir)
        XCTAssertFalse(quiet.stderr.contains("note:"), quiet.stderr)
    }

    func testABadElementIsExitTwoWithItsPath() throws {
        let dir = try temporaryFolder("bad-element")
        try shot(dir + "/s.png", width: 60, height: 90, 0xFFFF_FFFF)
        try """
        { "segue": 1, "device": { "width": 20, "height": 30, "scale": 3 },
          "screens": { "a": { "image": "s.png", "elements": { "e": { "frame": [15, 2, 10, 10] } } } },
          "start": "a", "timeline": [ { "hold": 0.1 } ] }
        """.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "p.json", "-o", "x.mp4"], in: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("screens.a.elements.e.frame: the element must lie inside the screen"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/x.mp4"))
    }

    func testTheOwnScreenshotsStoryFliesThePhotoBetweenTheScreenshots() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let story = root.appendingPathComponent("presets/stories/own-screenshots.json").path
        let dir = try temporaryFolder("own")
        // Frame 48 (t 0.8) is inside the push; the photo is over the detail's hero slot area.
        let r = try CLI.run(["frames", story, "--at", "0,0.8,1.3", "-o", dir + "/f"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("note:"), "the story's screenshots are at the canvas's size")
        let assets = root.appendingPathComponent("presets/stories/assets/own-screenshots").path
        let grid = try ImageDecoder.decode(path: assets + "/grid.png"), detail = try ImageDecoder.decode(path: assets + "/detail.png")
        XCTAssertTrue(try ImageDecoder.decode(path: dir + "/f/frame-00000.png").isIdentical(to: grid), "the still is the grid screenshot")
        XCTAssertTrue(try ImageDecoder.decode(path: dir + "/f/frame-00078.png").isIdentical(to: detail), "then the detail screenshot")
        let mid = try ImageDecoder.decode(path: dir + "/f/frame-00048.png")
        XCTAssertFalse(mid.isIdentical(to: grid)); XCTAssertFalse(mid.isIdentical(to: detail))
    }
}
