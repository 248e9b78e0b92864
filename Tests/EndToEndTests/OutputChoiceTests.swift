import Foundation
import XCTest
import SegueTestSupport

/// Issue 13 items 4, 7, 8, 9: the output's extension picks the format (ffmpeg's rule), options
/// that would do nothing are refused, `validate` checks the output choice, and what `frames` and
/// `sheet` report is what they wrote.
final class OutputChoiceTests: XCTestCase {
    func setUpDir(_ name: String, _ text: String = OutputSafetyTests.preset) throws -> (dir: String, preset: String) {
        let dir = try temporaryFolder(name)
        let p = dir + "/p.json"
        FileManager.default.createFile(atPath: p, contents: Data(text.utf8))
        return (dir, p)
    }

    func codecName(_ path: String) throws -> (format: String, codec: String) {
        let probe = try CLI.probe(path, countFrames: false)
        let stream = (probe["streams"] as! [[String: Any]])[0]
        return ((probe["format"] as! [String: Any])["format_name"] as! String, stream["codec_name"] as! String)
    }

    // 13.4: the extension picks the format; a contradiction is exit 2 naming both.
    func testTheExtensionPicksTheFormat() throws {
        let (dir, p) = try setUpDir("ext")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cases: [(String, [String], String, String)] = [
            ("x.webm", [], "matroska,webm", "vp9"), ("p.mov", ["--codec", "prores"], "mov,mp4,m4a,3gp,3g2,mj2", "prores"),
            ("y.gif", [], "gif", "gif"), ("z.m4v", [], "mov,mp4,m4a,3gp,3g2,mj2", "h264"), ("h.mov", ["--codec", "hevc"], "mov,mp4,m4a,3gp,3g2,mj2", "hevc")]
        // Independent renders (each its own output): side by side.
        let renders = try concurrently(cases.count) { [args = cases.map { ["render", p, "-o", $0.0, "--quiet"] + $0.1 }] in try CLI.run(args[$0], in: dir) }
        for ((out, _, format, codec), r) in zip(cases, renders) {
            XCTAssertEqual(r.status, 0, "\(out): \(r.stderr)")
            let probed = try codecName(dir + "/" + out)
            XCTAssertEqual(probed.format, format, out); XCTAssertEqual(probed.codec, codec, out)
        }
        let r = try CLI.run(["render", p, "--format", "gif", "-o", "y.mp4"], in: dir)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("gif") && r.stderr.contains(".mp4"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/y.mp4"))
        let mkv = try CLI.run(["render", p, "-o", "a.mkv"], in: dir)
        XCTAssertEqual(mkv.status, 2, mkv.stderr)
        XCTAssertTrue(mkv.stderr.contains(".mkv") && mkv.stderr.contains("--format"), mkv.stderr)
        // The preset's output.format against the extension.
        let (dir2, q) = try setUpDir("ext2", OutputSafetyTests.preset.replacingOccurrences(of: "\"fps\": 10,", with: "\"fps\": 10, \"output\": { \"format\": \"webm\" },"))
        defer { try? FileManager.default.removeItem(atPath: dir2) }
        let c = try CLI.run(["render", q, "-o", "c.mp4"], in: dir2)
        XCTAssertEqual(c.status, 2, c.stderr)
        XCTAssertTrue(c.stderr.contains("output.format") && c.stderr.contains("webm") && c.stderr.contains(".mp4"), c.stderr)
    }

    // 13.4: sheet and plot write PNG or JPEG by extension; anything else is exit 2.
    func testSheetAndPlotWritePNGOrJPEGByExtension() throws {
        let (dir, p) = try setUpDir("stills")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let kinds: [(String, [UInt8])] = [("s.png", [0x89, 0x50, 0x4E, 0x47]), ("s.jpg", [0xFF, 0xD8, 0xFF]), ("s.jpeg", [0xFF, 0xD8, 0xFF])]
        // The six images are independent children: side by side.
        let outs = ["sheet", "plot"].flatMap { c in kinds.map { (c, $0.0) } }
        let made = try concurrently(outs.count) { [outs] in try CLI.run([outs[$0].0, p, "-o", dir + "/\(outs[$0].0)-\(outs[$0].1)", "--quiet"]) }
        for command in ["sheet", "plot"] {
            for (name, magic) in kinds {
                let out = dir + "/" + command + "-" + name
                let r = made[outs.firstIndex { $0 == (command, name) }!]
                XCTAssertEqual(r.status, 0, "\(command) \(name): \(r.stderr)")
                let head = [UInt8](FileManager.default.contents(atPath: out) ?? Data()).prefix(magic.count)
                XCTAssertEqual(Array(head), magic, "\(command) \(name) bytes")
                if name != "s.png" {
                    XCTAssertEqual(try codecName(out).codec, "mjpeg")
                }
            }
            let bad = try CLI.run([command, p, "-o", dir + "/s.gif"])
            XCTAssertEqual(bad.status, 2, bad.stderr)
            XCTAssertTrue(bad.stderr.contains(".gif"), bad.stderr)
        }
    }

    // 13.7: options that do nothing are refused; the crf range is the codec's everywhere.
    func testOptionsThatDoNothingAreRefused() throws {
        let (dir, p) = try setUpDir("noop")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cases: [([String], String)] = [
            (["--codec", "h264", "--format", "gif"], "codec"), (["--codec", "prores", "--format", "png"], "codec"),
            (["--crf", "20", "--format", "mov"], "crf"), (["--crf", "20", "--format", "gif"], "crf"),
            (["--x264-preset", "slow", "--format", "webm"], "preset"), (["--crf", "60"], "crf"),
            (["--crf", "60", "--format", "mp4"], "51"),
        ]
        let runs = cases.flatMap { c in [(c, ["render", p, "-o", dir + "/o"] + c.0), (c, ["batch", p, "-o", dir + "/out", "--progress", "none"] + c.0)] }
        // Refusals write nothing: independent children, side by side.
        let results = try concurrently(runs.count) { [commands = runs.map(\.1)] in try CLI.run(commands[$0]) }
        for (((args, word), full), r) in zip(runs, results) {
            XCTAssertEqual(r.status, 2, "\(full[0]) \(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(word), "\(full[0]) \(args): \(r.stderr)")
        }
        XCTAssertEqual(results.count, 14)
        // VP9's crf is 0…63 for render and batch alike.
        XCTAssertEqual(try CLI.run(["render", p, "--crf", "60", "-o", "v.webm", "--quiet"], in: dir).status, 0)
        XCTAssertEqual(try CLI.run(["batch", p, "--crf", "60", "--format", "webm", "-o", dir + "/b", "--quiet"]).status, 0)
    }

    // 13.8: validate checks the output choice and names the file.
    func testValidateChecksTheOutputChoice() throws {
        let text = OutputSafetyTests.preset.replacingOccurrences(of: "\"fps\": 10,", with: "\"fps\": 10, \"background\": \"transparent\",")
        let (dir, p) = try setUpDir("validate", text)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let v = try CLI.run(["validate", p])
        XCTAssertEqual(v.status, 2, v.stderr)
        XCTAssertTrue(v.stderr.contains(p) && v.stderr.contains("transparen"), v.stderr)
        let r = try CLI.run(["render", p], in: dir)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("p.json"), "render's message names the file: \(r.stderr)")
        XCTAssertEqual(try CLI.run(["render", p, "-o", "t.webm", "--quiet"], in: dir).status, 0, "a format with alpha renders")
    }

    // 13.9: a time past the end is exit 2 with the duration; duplicates are written and reported once.
    func testFramesAndSheetReportWhatTheyWrote() throws {
        let (dir, p) = try setUpDir("report")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let late = try CLI.run(["frames", p, "--at", "5", "-o", dir + "/late"])
        XCTAssertEqual(late.status, 2, late.stderr)
        XCTAssertTrue(late.stderr.contains("0.300"), "names the duration: \(late.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/late"))
        let huge = try CLI.run(["frames", p, "--at", "1e308", "-o", dir + "/huge"])
        XCTAssertEqual(huge.status, 2, huge.stderr)
        let dup = try CLI.run(["frames", p, "--at", "0.1,0.1", "-o", dir + "/dup"])
        XCTAssertEqual(dup.status, 0, dup.stderr)
        XCTAssertTrue(dup.stderr.contains(": 1 frame"), dup.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/dup"), ["frame-00001.png"])
        let sheet = try CLI.run(["sheet", p, "--count", "400", "-o", dir + "/s.png"])
        XCTAssertEqual(sheet.status, 0, sheet.stderr)
        XCTAssertTrue(sheet.stderr.contains(": 4 frames"), "what was written: \(sheet.stderr)")
        let json = try CLI.run(["frames", p, "--all", "-o", dir + "/all", "--progress", "json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertTrue(json.stderr.contains("\"event\":\"done\""), json.stderr)
        let quiet = try CLI.run(["frames", p, "--all", "-o", dir + "/q", "--quiet"])
        XCTAssertEqual(quiet.stderr, "")
    }

    // 13.10: with --progress json every fatal error is also one error event on stderr.
    func testFatalErrorsAreJSONEvents() throws {
        let (dir, p) = try setUpDir("jsonerr")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for args in [["render", p, "--crf", "99", "--progress", "json"], ["render", dir + "/missing.json", "--progress", "json"],
                     ["batch", p, "--progress", "json"], ["frames", p, "--at", "9", "-o", dir + "/f", "--progress=json"]] {
            let r = try CLI.run(args, in: dir)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            let events = r.stderr.split(separator: "\n").filter { $0.hasPrefix("{") }
            XCTAssertEqual(events.count, 1, "\(args): \(r.stderr)")
            let e = try JSONSerialization.jsonObject(with: Data(events[0].utf8)) as! [String: Any]
            XCTAssertEqual(e["event"] as? String, "error")
            XCTAssertEqual(e["exitCode"] as? Int, 2)
            XCTAssertFalse((e["message"] as? String ?? "").isEmpty)
        }
    }
}
