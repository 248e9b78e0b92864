import Foundation
import Media
import Raster
import XCTest
import SegueTestSupport

/// The rest of issue 31 through the CLI: import's refusals, a dump's error with its file, line
/// and the preset's JSON path, `inspect`'s element table and `--show-elements`.
final class ImportCLITests: XCTestCase {
    func testImportNeverOverwritesWithoutForceAndRefusesWhatItCannotPlace() throws {
        let dir = try ImportTests.folder(ImportTests.flow("appium-ios"))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "keep me".write(toFile: dir + "/story.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["import", "shots", "-o", "story.json"], in: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("story.json: exists; give --force"), r.stderr)
        let kept: String = try String(contentsOfFile: dir + "/story.json", encoding: .utf8)
        XCTAssertEqual(kept, "keep me")
        XCTAssertEqual(try CLI.run(["import", "shots", "-o", "story.json", "--force"], in: dir).status, 0)
        XCTAssertTrue(try String(contentsOfFile: dir + "/story.json", encoding: .utf8).contains("\"magic-move\""))
        let names: [String] = try FileManager.default.contentsOfDirectory(atPath: dir)
        XCTAssertFalse(names.contains { $0.hasPrefix(".") }, "no temporary file stays: \(names)")
        // Outside the folder the preset could not read its screenshots.
        let outside = try CLI.run(["import", dir + "/shots", "-o", NSTemporaryDirectory() + "segue-import-\(getpid())/x.json"])
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.stderr.contains("or a folder above it"), outside.stderr)
        // A size no device has: the nearest devices, and --device.
        try ImportTests.shot(dir + "/shots/03-odd.png", 100, 200, [])
        let odd = try CLI.run(["import", "shots", "-o", "odd.json"], in: dir)
        XCTAssertEqual(odd.status, 2)
        XCTAssertTrue(odd.stderr.contains("03-odd.png is 100×200 px but 01-grid.png is 1170×2532 px"), odd.stderr)
        try FileManager.default.removeItem(atPath: dir + "/shots/01-grid.png")
        try FileManager.default.removeItem(atPath: dir + "/shots/02-detail.png")
        let none = try CLI.run(["import", "shots", "-o", "odd.json"], in: dir)
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("no device has 100×200 px screenshots; did you mean"), none.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/odd.json"))
    }

    func testADumpOfAnotherScreenIsAProblemAtItsLineWithTheJSONPath() throws {
        // iOS dumps beside Android-sized screenshots.
        let dir = try ImportTests.folder(ImportTests.flow("appium-ios"))
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
        { "segue": 1, "device": "pixel-8", "screens": { "g": { "image": "shots/01-grid.png", "hierarchy": "shots/01-grid.xml" } },
          "start": "g", "timeline": [ { "hold": 0.1 } ] }
        """.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["validate", "p.json"], in: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("shots/01-grid.xml:3:3: screens.g.hierarchy: the dump's screen is 1023.75×2215.5 px (390×844 pt at scale 2.625) but the screenshot is 1170×2532 px"), r.stderr)
        // A missing dump names the preset's path.
        try FileManager.default.removeItem(atPath: dir + "/shots/01-grid.xml")
        let missing = try CLI.run(["validate", "p.json"], in: dir)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("p.json:1:99: screens.g.hierarchy: hierarchy \"shots/01-grid.xml\" not found"), missing.stderr)
    }

    func testInspectListsElementsWithTheirOriginsAndShowElementsDrawsThem() throws {
        let f = ImportTests.flow("uiautomator")
        let dir = try ImportTests.folder(f)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertEqual(try CLI.run(["import", "shots", "-o", "story.json"], in: dir).status, 0)
        try """
        { "segue": 1, "device": "pixel-8", "fps": 10,
          "screens": { "g": { "image": "shots/01-grid.png", "hierarchy": "shots/01-grid.xml",
                              "elements": { "badge": { "frame": [10, 20, 30, 40] } } } },
          "start": "g", "timeline": [ { "hold": 0.1 } ] }
        """.write(toFile: dir + "/p.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["inspect", "p.json"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let photo = try XCTUnwrap(lines.first { $0.hasPrefix("  photo_5 ") }, r.stdout)
        // [362,662][718,1018] px at 2.625 px/pt.
        XCTAssertEqual(photo.split(separator: " ").map(String.init), ["photo_5", "137.905", "252.190", "135.619", "135.619", "shots/01-grid.xml:10"])
        let badge = try XCTUnwrap(lines.first { $0.hasPrefix("  badge ") }, r.stdout)
        XCTAssertTrue(badge.hasSuffix("screens.g.elements.badge"), "the hand-written badge replaces the dump's: \(badge)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("  badge#2 ") && $0.hasSuffix("shots/01-grid.xml:26") }, r.stdout)
        // --show-elements: the outline is drawn over the red photo, inside its frame.
        for (flag, out) in [([] as [String], "plain"), (["--show-elements"], "marked")] {
            let s = try CLI.run(["frames", "p.json", "--at", "0", "-o", out, "--quiet"] + flag, in: dir)
            XCTAssertEqual(s.status, 0, s.stderr)
        }
        let plain = try ImageDecoder.decode(path: dir + "/plain/frame-00000.png"), marked = try ImageDecoder.decode(path: dir + "/marked/frame-00000.png")
        let edge: UInt32 = marked.row(800)[363], inside: UInt32 = marked.row(800)[540], before: UInt32 = plain.row(800)[363]
        let red: UInt32 = ImportTests.red
        XCTAssertEqual(before, red)
        XCTAssertEqual(edge & 0xFF_FFFF, UInt32(0x95_2DFF), "#FF2D95 on the frame's edge")
        XCTAssertEqual(inside, red, "the photo itself is left as it is")
        let sheet = try CLI.run(["sheet", "story.json", "-o", "sheet.png", "--count", "4", "--show-elements"], in: dir)
        XCTAssertEqual(sheet.status, 0, sheet.stderr)
    }
}
