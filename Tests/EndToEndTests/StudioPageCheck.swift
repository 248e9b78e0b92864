import Foundation
import Media
import XCTest
import SegueTestSupport

/// The studio page's end-to-end check, the same in every browser: Tests/Browser/studio_page.py
/// opens the page, scrubs, saves an edit and then a broken preset, drags a region and picks a
/// matrix combination; this compares what it read with the CLI's own output for the same inputs.
enum StudioPageCheck {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Browser/studio_page.py").path

    /// `browser`: chromium or firefox; `python`: the interpreter that has its driver.
    static func run(browser: String, python: String, tools: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        for tool in tools + [python] {
            guard FileManager.default.isExecutableFile(atPath: tool) else {
                return XCTFail("\(tool) is missing (scripts/test installs SEGUE_TEST_PACKAGES and SEGUE_TEST_PYPI from scripts/lib.sh)", file: file, line: line)
            }
        }
        let root = try CLI.tempDir("studio-page")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let dir = root + "/presets", preset = dir + "/p.json"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let original = StudioServerTests.preset
        let edited = original.replacingOccurrences(of: "#C83232", with: "#32A852")
        let broken = original.replacingOccurrences(of: "\"fps\": 10,", with: "\"fps\": \"ten\",")
        let matrix = original.replacingOccurrences(of: "\"fps\": 10,", with: "\"fps\": 10, \"matrix\": { \"background\": [\"#000000\", \"#FFFFFF\"], \"fps\": [10, 20] },")
        // A preset 9 folders down: past the listing's depth, so the page says where it stopped.
        let deep = (1...9).map { "d\($0)" }.joined(separator: "/")
        try FileManager.default.createDirectory(atPath: dir + "/" + deep, withIntermediateDirectories: true)
        for (name, text) in [("p.json", original), ("m.json", matrix), ("../edited.json", edited), ("../broken.json", broken), (deep + "/deep.json", original)] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
        }
        // The references, from the CLI: the frame at 0.4 s before and after the edit, the problems.
        XCTAssertEqual(try CLI.run(["frames", preset, "--at", "0.4", "-o", root + "/before", "--quiet"]).status, 0)
        XCTAssertEqual(try CLI.run(["frames", root + "/edited.json", "--at", "0.4", "-o", root + "/after", "--quiet"]).status, 0)
        let validate = try CLI.run(["validate", "presets/p.json"], in: root)   // as the page names it: the folder as given + ID
        XCTAssertEqual(validate.status, 0)
        XCTAssertEqual(try CLI.run(["frames", dir + "/m.json", "--only", "fps=20,background=#000000", "--at", "0", "-o", root + "/matrix", "--quiet"]).status, 0)

        let server = try StudioServer(["presets"], in: root)
        let r = try CLI.run([script, browser, server.url + "?p=p.json", preset, root + "/edited.json", root + "/broken.json", "4", "90"], executable: python)
        XCTAssertEqual(r.status, 0, r.stderr)
        let out = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], r.stdout + r.stderr)

        XCTAssertEqual(out["problemsAtStart"] as? String, "")
        XCTAssertEqual(out["cut"] as? String, "The listing stops at folders deeper than 8 levels: open a smaller folder to see the rest.")
        // The element overlay: the card's frame is stroked (its edge painted, its inside not).
        XCTAssertEqual(out["overlayOff"] as? Int, 0)
        XCTAssertGreaterThan(out["overlayOn"] as? Int ?? 0, 0)
        XCTAssertGreaterThan(out["cardEdgeAlpha"] as? Int ?? 0, 0)
        XCTAssertEqual(out["cardInsideAlpha"] as? Int, 0)
        XCTAssertEqual(out["overlayOffAgain"] as? Int, 0)
        XCTAssertTrue((out["url"] as? String ?? "").hasSuffix("?p=p.json&c=0&t=0.4"), "\(out["url"] ?? "")")
        XCTAssertEqual(out["steps"] as? [String], ["hold", "push b (uikit)"])
        XCTAssertEqual(out["plotWidth"] as? Int, 1400)
        try assertPixels(out["scrubbed"], equal: root + "/before/frame-00004.png", frame: "4")
        try assertPixels(out["edited"], equal: root + "/after/frame-00004.png", frame: "4")
        // Broken: the problems as validate prints them, shown over the last good frame.
        let invalid = try CLI.run(["validate", "presets/p.json"], in: root)
        XCTAssertEqual(invalid.status, 2)
        let lines = invalid.stderr.split(separator: "\n").filter { $0.hasPrefix("presets/p.json:") }.joined(separator: "\n")
        XCTAssertFalse(lines.isEmpty, invalid.stderr)
        XCTAssertEqual(out["problems"] as? String, lines)
        XCTAssertEqual(out["problemsShown"] as? Bool, true)
        try assertPixels(out["afterBroken"], equal: root + "/after/frame-00004.png", frame: "4")

        // The region: the drag's ends in CSS pixels, divided by CSS pixels per point, rounded.
        let drag = try XCTUnwrap(out["drag"] as? [String: Any])
        let k = try XCTUnwrap(drag["cssPerPoint"] as? Double), a = try XCTUnwrap(drag["from"] as? [Double]), b = try XCTUnwrap(drag["to"] as? [Double])
        XCTAssertEqual(k, (drag["width"] as? Double ?? 0) / 90, accuracy: 1e-6)   // the overlay covers the frame
        let x = (a[0] / k).rounded(), y = (a[1] / k).rounded()
        let w = (b[0] / k).rounded() - x, h = (b[1] / k).rounded() - y
        XCTAssertEqual(out["snippet"] as? String, "\"region\": { \"frame\": [\(Int(x)), \(Int(y)), \(Int(w)), \(Int(h))], \"cornerRadius\": 0 }")
        // The matrix's pickers, and the frame of the combination they pick.
        XCTAssertEqual(out["pickers"] as? [String], ["background", "fps"])
        try assertPixels(out["matrix"], equal: root + "/matrix/frame-00000.png", frame: "0")
        XCTAssertTrue((out["matrixStatus"] as? String ?? "").hasPrefix("frame 0 / 12 "), "\(out["matrixStatus"] ?? "")")   // 0.6 s at 20 fps
        XCTAssertEqual(out["console"] as? [String], [], "the page logged errors")

        let end = server.interrupt()
        XCTAssertEqual(end.status, 0, end.stderr)
    }


    /// The browser's RGBA readback of the shown frame equals the PNG the CLI wrote.
    static func assertPixels(_ shown: Any?, equal png: String, frame: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let s = try XCTUnwrap(shown as? [String: Any], file: file, line: line)
        XCTAssertEqual(s["frame"] as? String, frame, file: file, line: line)
        let reference = try ImageDecoder.decode(path: png)
        XCTAssertEqual(s["width"] as? Int, reference.width, file: file, line: line)
        XCTAssertEqual(s["height"] as? Int, reference.height, file: file, line: line)
        let rgba = try XCTUnwrap(Data(base64Encoded: s["rgba"] as? String ?? ""), file: file, line: line)
        XCTAssertEqual(rgba, Data(bytes: reference.pixels, count: reference.byteCount), "the shown frame's pixels", file: file, line: line)
    }
}
