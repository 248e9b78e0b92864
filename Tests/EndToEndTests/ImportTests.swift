import Foundation
import Media
import Raster
import XCTest
import SegueTestSupport

/// `segue import` end to end (issue 31): the grid → detail flow's dumps in every format
/// (Tests/Fixtures/hierarchies/flow) beside screenshots drawn here — white, grey cells, the
/// fifth photo red on both screens — import into a magic-move whose flying photo, measured in the
/// rendered frames, lands on the detail hero's numbers from the dump within one pixel.
final class ImportTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let flows = root.appendingPathComponent("Tests/Fixtures/hierarchies/flow").path

    /// A box in pixels: x0, y0 inclusive, x1, y1 exclusive.
    struct Box: Equatable { var x0, y0, x1, y1: Double }

    struct Flow {
        var format: String, ext: String, device: String, width: Int, height: Int, photo: String
        var cells: [Box], cell: Box, hero: Box
    }

    /// A grid of `count` square cells `side` px wide, `step` px apart, from `top`, cut at `bottom`.
    static func grid(_ count: Int, side: Int, step: Int, top: Int, bottom: Int) -> [Box] {
        (0..<count).map { i in
            let x = i % 3 * step, y = top + i / 3 * step
            return Box(x0: Double(x), y0: Double(y), x1: Double(x + side), y1: Double(min(bottom, y + side)))
        }
    }
    static let iosCells = grid(15, side: 384, step: 393, top: 450, bottom: 2532)
    static let androidCells = grid(18, side: 356, step: 362, top: 300, bottom: 2400)

    static func flow(_ format: String) -> Flow {
        switch format {
        case "uiautomator", "appium-android":
            return Flow(format: format, ext: "xml", device: "pixel-8", width: 1080, height: 2400, photo: "photo_5", cells: androidCells,
                        cell: androidCells[4], hero: Box(x0: 0, y0: 273, x1: 1080, y1: 1083))
        default:
            return Flow(format: format, ext: format == "xcuitest" ? "txt" : format == "maestro-ios" ? "json" : "xml", device: "iphone-13",
                        width: 1170, height: 2532, photo: "photo-5", cells: iosCells, cell: iosCells[4], hero: Box(x0: 0, y0: 273, x1: 1170, y1: 1149))
        }
    }

    static let white: UInt32 = 0xFFFF_FFFF, grey: UInt32 = 0xFFC8_C8C8, red: UInt32 = 0xFF00_00FF   // RGBA8, R in the low byte

    static func shot(_ path: String, _ w: Int, _ h: Int, _ boxes: [(Box, UInt32)]) throws {
        let b = Bitmap(uncheckedWidth: w, height: h)
        for i in 0..<b.count { b.pixels[i] = Self.white }
        for (box, c) in boxes {
            for y in Int(box.y0)..<Int(box.y1) { let row = b.row(y); for x in Int(box.x0)..<Int(box.x1) { row[x] = c } }
        }
        try PNGWriter.write(b, to: path)
    }

    /// A folder `shots` holding the flow's two screenshots and dumps.
    static func folder(_ f: Flow) throws -> String {
        let dir = try CLI.tempDir("import-\(f.format)")
        try FileManager.default.createDirectory(atPath: dir + "/shots", withIntermediateDirectories: true)
        for name in ["01-grid", "02-detail"] {
            try FileManager.default.copyItem(atPath: "\(Self.flows)/\(f.format)/\(name).\(f.ext)", toPath: "\(dir)/shots/\(name).\(f.ext)")
        }
        try Self.shot(dir + "/shots/01-grid.png", f.width, f.height, f.cells.map { ($0, $0 == f.cell ? Self.red : Self.grey) })
        try Self.shot(dir + "/shots/02-detail.png", f.width, f.height, [(f.hero, Self.red)])
        return dir
    }

    static func json(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// The box of the clearly red pixels (more than about 60 % covered) of a PNG frame.
    static func redBox(_ path: String) throws -> Box {
        let b = try ImageDecoder.decode(path: path)
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for y in 0..<b.height {
            let row = b.row(y)
            for x in 0..<b.width {
                let p = row[x]
                if p & 0xFF > 150 && (p >> 8) & 0xFF < 100 && (p >> 16) & 0xFF < 100 { x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y) }
            }
        }
        XCTAssertGreaterThanOrEqual(x1, 0, "\(path) shows the flying photo")
        return Box(x0: Double(x0), y0: Double(y0), x1: Double(x1 + 1), y1: Double(y1 + 1))
    }

    func assertClose(_ a: Box, _ b: Box, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for (p, q, edge) in [(a.x0, b.x0, "left"), (a.y0, b.y0, "top"), (a.x1, b.x1, "right"), (a.y1, b.y1, "bottom")] {
            XCTAssertEqual(p, q, accuracy: 1, "\(what): \(edge) edge", file: file, line: line)
        }
    }

    static func lerp(_ a: Box, _ b: Box, _ p: Double) -> Box {
        Box(x0: a.x0 + (b.x0 - a.x0) * p, y0: a.y0 + (b.y0 - a.y0) * p, x1: a.x1 + (b.x1 - a.x1) * p, y1: a.y1 + (b.y1 - a.y1) * p)
    }

    func testEveryFormatImportsAMagicMoveThatLandsOnTheHero() throws {
        for format in ["uiautomator", "appium-android", "appium-ios", "maestro-ios", "xcuitest"] {
            let f = Self.flow(format)
            let dir = try Self.folder(f)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let r = try CLI.run(["import", "shots", "-o", "story.json"], in: dir)
            XCTAssertEqual(r.status, 0, "\(format): \(r.stderr)")
            let story = try Self.json(dir + "/story.json")
            XCTAssertEqual(story["device"] as? String, f.device, format)
            let screens = try XCTUnwrap(story["screens"] as? [String: [String: String]], format)
            XCTAssertEqual(screens["01-grid"], ["image": "shots/01-grid.png", "hierarchy": "shots/01-grid.\(f.ext)"], format)
            var timeline = try XCTUnwrap(story["timeline"] as? [[String: Any]], format)
            XCTAssertEqual(timeline.count, 3, format)
            XCTAssertEqual(timeline[1]["transition"] as? String, "magic-move", format)
            XCTAssertEqual(timeline[1]["match"] as? [[String]], [[f.photo, f.photo]], format)
            XCTAssertEqual(try CLI.run(["validate", "story.json"], in: dir).status, 0, format)
            // The flight's path, sampled on a linear curve at progress 0.25 and 0.75 (t = 0.5 + p).
            timeline[1]["curve"] = "linear"; timeline[1]["duration"] = 1
            var linear = story; linear["timeline"] = timeline
            try JSONSerialization.data(withJSONObject: linear).write(to: URL(fileURLWithPath: dir + "/linear.json"))
            let frames = try CLI.run(["frames", "linear.json", "--at", "0.75,1.25", "-o", "f", "--quiet"], in: dir)
            XCTAssertEqual(frames.status, 0, "\(format): \(frames.stderr)")
            let a = try Self.redBox(dir + "/f/frame-00045.png"), b = try Self.redBox(dir + "/f/frame-00075.png")
            assertClose(a, Self.lerp(f.cell, f.hero, 0.25), "\(format) at p 0.25")
            assertClose(b, Self.lerp(f.cell, f.hero, 0.75), "\(format) at p 0.75")
            // Where the measured motion ends: b + (b − a) / 2 is progress 1.
            let landing = Box(x0: b.x0 + (b.x0 - a.x0) / 2, y0: b.y0 + (b.y0 - a.y0) / 2, x1: b.x1 + (b.x1 - a.x1) / 2, y1: b.y1 + (b.y1 - a.y1) / 2)
            assertClose(landing, f.hero, "\(format): the photo lands on the hero of the dump")
        }
    }

    /// The shipped own-screenshots story's screenshots with hand-written Appium dumps (the hero
    /// carries the cell's identifier) import into a push whose every frame is the story's push.
    func testImportingTheOwnScreenshotsReproducesTheStorysFrames() throws {
        let dir = try temporaryFolder("import-own")
        let assets = Self.root.appendingPathComponent("presets/stories/assets/own-screenshots").path
        try FileManager.default.createDirectory(atPath: dir + "/own", withIntermediateDirectories: true)
        for n in ["grid", "detail"] { try FileManager.default.copyItem(atPath: "\(assets)/\(n).png", toPath: "\(dir)/own/\(n).png") }
        func dump(_ name: String, _ frame: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <AppiumAUT>
              <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Photos" label="Photos" visible="true" x="0" y="0" width="390" height="844">
                <XCUIElementTypeImage type="XCUIElementTypeImage" name="\(name)" label="Photo" visible="true" \(frame)/>
              </XCUIElementTypeApplication>
            </AppiumAUT>
            """
        }
        // The story's own frames: grid photo4 [130.667, 273.667, 128.666, 128.666], detail hero [0, 91, 390, 292.5].
        try dump("photo4", "x=\"130.667\" y=\"273.667\" width=\"128.666\" height=\"128.666\"").write(toFile: dir + "/own/grid.xml", atomically: true, encoding: .utf8)
        try dump("photo4", "x=\"0\" y=\"91\" width=\"390\" height=\"292.5\"").write(toFile: dir + "/own/detail.xml", atomically: true, encoding: .utf8)
        // Lexical order would put detail first: name them as a UI test run would, in order.
        for (from, to) in [("grid", "1-grid"), ("detail", "2-detail")] {
            for ext in ["png", "xml"] { try FileManager.default.moveItem(atPath: "\(dir)/own/\(from).\(ext)", toPath: "\(dir)/own/\(to).\(ext)") }
        }
        let r = try CLI.run(["import", "own", "-o", "imported.json"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        // The shipped story, its push alone between the import's holds, the cell's stand-in its
        // default (the import has no second screenshot of the empty slot).
        var story = try Self.json(Self.root.appendingPathComponent("presets/stories/own-screenshots.json").path)
        var screens = try XCTUnwrap(story["screens"] as? [String: [String: Any]])
        for (id, var s) in screens {
            s["image"] = "own/" + (id == "grid" ? "1-grid.png" : "2-detail.png")
            if var els = s["elements"] as? [String: [String: Any]] {
                for k in els.keys { els[k]?["hidden"] = nil }
                s["elements"] = els
            }
            screens[id] = s
        }
        story["screens"] = screens
        let push = try XCTUnwrap((story["timeline"] as? [[String: Any]])?[1])
        XCTAssertEqual(push["transition"] as? String, "magic-move")
        story["timeline"] = [["hold": 0.5], push, ["hold": 0.8]]
        story["overlays"] = nil
        try JSONSerialization.data(withJSONObject: story).write(to: URL(fileURLWithPath: dir + "/reference.json"))
        for p in ["imported", "reference"] {
            let f = try CLI.run(["frames", "\(p).json", "--every", "6", "-o", p, "--quiet"], in: dir)
            XCTAssertEqual(f.status, 0, f.stderr)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/reference").sorted()
        XCTAssertEqual(names.count, 20, "115 frames, every sixth")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/imported").sorted(), names)
        for n in names {
            let a = try ImageDecoder.decode(path: "\(dir)/imported/\(n)"), b = try ImageDecoder.decode(path: "\(dir)/reference/\(n)")
            XCTAssertTrue(a.isIdentical(to: b), n)
        }
    }
}
