import Foundation
import XCTest
import SegueTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 27.1–27.4, 27.10, 27.12: nothing Segue copies, links or serves comes from outside the
/// folder it belongs to or through a symbolic link; every path it writes obeys the rules of -o;
/// derived outputs replace only Segue's own files; the gallery is written all or nothing.
final class HostilePathTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws { dir = try temporaryFolder("hostile-paths") }

    func write(_ text: String, _ rel: String) throws {
        let path = dir + "/" + rel
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
    func read(_ rel: String) -> Data? { FileManager.default.contents(atPath: dir + "/" + rel) }
    func run(_ args: [String]) throws -> CLI.Result { try CLI.run(args, in: dir) }
    func presets(_ names: [String]) throws {
        for n in names { try write(BatchTests.preset(name: n), "p/\(n).json") }
    }
    /// Every file below `rel` (recursive), for "nothing outside got in" checks.
    func tree(_ rel: String) -> [String] { (FileManager.default.subpaths(atPath: dir + "/" + rel) ?? []).sorted() }

    // MARK: 27.1 contained files

    func testABaselineSymlinkIsRefusedAndNothingLeaksIntoTheGallery() throws {
        try presets(["small", "other"])
        try write("[core] secret = 1\n", "secret/config")
        try FileManager.default.createDirectory(atPath: dir + "/base/sub", withIntermediateDirectories: true)
        XCTAssertEqual(symlink("../secret/config", dir + "/base/small.mp4"), 0)
        XCTAssertEqual(symlink("../secret", dir + "/base/linked"), 0)
        let r = try run(["batch", "p", "-o", "out", "--baseline", "base", "--gallery", "--manifest", "out/m.json", "--keep-going"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("base/small.mp4: is a symbolic link"), r.stderr)
        let m = String(decoding: read("out/m.json") ?? Data(), as: UTF8.self)
        XCTAssertTrue(m.contains("\"status\": \"failed\", \"error\": \"the baseline is refused: base/small.mp4: is a symbolic link"), m)
        XCTAssertTrue(m.contains("\"name\": \"other\", \"output\": \"out/other.mp4\", \"status\": \"new\""), m)
        for f in tree("out") {
            XCTAssertNotEqual(read("out/" + f), read("secret/config"), "out/\(f) holds the secret")
        }
        XCTAssertFalse(tree("out/index_files").contains { $0.contains("baseline") }, "\(tree("out/index_files"))")
    }

    func testGalleryManifestEntriesOutsideTheirFolderAreRefused() throws {
        try presets(["small"])
        XCTAssertEqual(try run(["batch", "p", "-o", "out", "--manifest", "out/m.json", "--quiet"]).status, 0)
        try write("secret\n", "secret.txt")
        func manifest(_ extra: String) -> String {
            "{\"manifest\": 1, \"presets\": [{\"input\": \"p/small.json\", \"name\": \"small\", \"status\": \"ok\", \(extra)}]}"
        }
        for (field, bad) in [("output", "/etc/passwd"), ("output", "../secret.txt"), ("diff", "../secret.txt"), ("baseline", "/etc/passwd"),
                             ("baseline", "../secret.txt")] {
            let clip = field == "output" ? "" : "\"output\": \"out/small.mp4\", "
            try write(manifest(clip + "\"\(field)\": \"\(bad)\""), "out/evil.json")
            let r = try run(["gallery", "out/evil.json", "-o", "site"])
            XCTAssertEqual(r.status, 2, "\(field) \(bad): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("\(bad): is outside"), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/site"), "\(field) \(bad): a refused gallery wrote site/")
        }
        let good = String(decoding: read("out/m.json")!, as: UTF8.self)
        // A link inside the manifest's folder is refused too; the real file is accepted.
        XCTAssertEqual(symlink("../secret.txt", dir + "/out/link.mp4"), 0)
        try write(good.replacingOccurrences(of: "out/small.mp4", with: "out/link.mp4"), "out/evil.json")
        let l = try run(["gallery", "out/evil.json", "-o", "site"])
        XCTAssertEqual(l.status, 2, l.stderr)
        XCTAssertTrue(l.stderr.contains("out/link.mp4: is a symbolic link"), l.stderr)
        XCTAssertEqual(try run(["gallery", "out/m.json", "-o", "site", "--quiet"]).status, 0)
        XCTAssertEqual(read("site/index_files/000-small.mp4"), read("out/small.mp4"))
    }

    func testACacheEntryReplacedByASymlinkIsNotServed() throws {
        try presets(["small"])
        XCTAssertEqual(try run(["batch", "p", "-o", "out", "--cache", "cache", "--quiet"]).status, 0)
        let entry = try XCTUnwrap(tree("cache").first { $0.hasSuffix(".mp4") })
        try write("not a clip\n", "outside.mp4")
        try FileManager.default.removeItem(atPath: dir + "/cache/" + entry)
        XCTAssertEqual(symlink(dir + "/outside.mp4", dir + "/cache/" + entry), 0)
        // The record beside it made to match the outside file: still not served.
        let hash = try CLI.sha256sum([dir + "/outside.mp4"]).values.first!
        try write(hash, "cache/" + entry + ".sha256")
        try FileManager.default.removeItem(atPath: dir + "/out")
        let r = try run(["batch", "p", "-o", "out", "--cache", "cache", "--manifest", "m.json", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let m = String(decoding: read("m.json")!, as: UTF8.self)
        XCTAssertTrue(m.contains("\"status\": \"ok\""), m)
        XCTAssertNotEqual(read("out/small.mp4"), read("outside.mp4"))
        XCTAssertEqual(read("outside.mp4"), Data("not a clip\n".utf8), "the link's target is untouched")
    }

    // MARK: 27.2 every written path obeys -o's rules

    func testManifestDiffSheetAndPlotNeverReplaceInputsOrOutputs() throws {
        try write(BatchTests.preset(name: "c1", image: "a.png"), "p/c1.json")
        XCTAssertEqual(try CLI.run(["-v", "error", "-f", "lavfi", "-i", "color=c=red:s=60x40", "-frames:v", "1", dir + "/p/a.png"],
                                   executable: CLI.which("ffmpeg")).status, 0)
        XCTAssertEqual(try run(["batch", "p", "-o", "out", "--quiet"]).status, 0)
        let before = ["p/c1.json", "p/a.png", "out/c1.mp4"].map { read($0) }
        for target in ["p/c1.json", "out/c1.mp4", "p/a.png"] {
            let r = try run(["batch", "p", "-o", "out", "--manifest", target, "--quiet"])
            XCTAssertEqual(r.status, 2, "--manifest \(target): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("--manifest \(target)"), r.stderr)
        }
        // An output of this run that does not exist yet is refused too, before rendering.
        try FileManager.default.removeItem(atPath: dir + "/out")
        let fresh = try run(["batch", "p", "-o", "out", "--manifest", "out/c1.mp4", "--quiet"])
        XCTAssertEqual(fresh.status, 2, fresh.stderr)
        XCTAssertTrue(fresh.stderr.contains("is the output of"), fresh.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out/c1.mp4"))
        XCTAssertEqual(try run(["batch", "p", "-o", "out", "--quiet"]).status, 0)
        for tool in ["sheet", "plot"] {
            let r = try run([tool, "p/c1.json", "-o", "p/a.png", "--quiet"])
            XCTAssertEqual(r.status, 2, "\(tool): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("an image of the preset"), r.stderr)
        }
        XCTAssertEqual(["p/c1.json", "p/a.png", "out/c1.mp4"].map { read($0) }, before)
        // --diff FILE: a clear usage error, not NSCocoaErrorDomain.
        try write("notes\n", "notes.txt")
        let d = try run(["compare", "p/c1.json", "out/c1.mp4", "--diff", "notes.txt", "--threshold", "1000"])
        XCTAssertEqual(d.status, 2, d.stderr)
        XCTAssertTrue(d.stderr.contains("--diff notes.txt: is a file; --diff takes a folder"), d.stderr)
        XCTAssertFalse(d.stderr.contains("NSCocoaErrorDomain"), d.stderr)
        XCTAssertEqual(read("notes.txt"), Data("notes\n".utf8))
        XCTAssertEqual(mkfifo(dir + "/fifo", 0o644), 0)
        let f = try run(["compare", "p/c1.json", "out/c1.mp4", "--diff", "fifo"])
        XCTAssertEqual(f.status, 2, f.stderr)
        XCTAssertTrue(f.stderr.contains("FIFO"), f.stderr)
    }

    // MARK: 27.3 derived outputs replace only Segue's own files

    func testBatchReplacesOnlyItsOwnFiles() throws {
        try presets(["a", "b"])
        try write("my notes\n", "out/a.mp4")
        let r = try run(["batch", "p", "-o", "out", "--keep-going", "--manifest", "m.json", "--quiet"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("out/a.mp4: exists and was not written by Segue"), r.stderr)
        XCTAssertEqual(read("out/a.mp4"), Data("my notes\n".utf8))
        let m = String(decoding: read("m.json")!, as: UTF8.self)
        XCTAssertTrue(m.contains("\"name\": \"a\", \"output\": \"out/a.mp4\", \"status\": \"invalid\""), m)
        // Segue's own clips (tagged) are replaced on the next run; so is a GIF the manifest recorded.
        try FileManager.default.removeItem(atPath: dir + "/out/a.mp4")
        XCTAssertEqual(try run(["batch", "p", "-o", "out", "--quiet"]).status, 0)
        XCTAssertEqual(try run(["batch", "p", "-o", "out", "--quiet"]).status, 0)
        XCTAssertEqual(try run(["batch", "p", "-o", "gifs", "--format", "gif", "--manifest", "g.json", "--quiet"]).status, 0)
        XCTAssertEqual(try run(["batch", "p", "-o", "gifs", "--format", "gif", "--manifest", "g.json", "--quiet"]).status, 0)
        let noRecord = try run(["batch", "p", "-o", "gifs", "--format", "gif", "--quiet"])
        XCTAssertEqual(noRecord.status, 2, "a GIF carries no tag: without the manifest it is not known as Segue's")
    }

    // MARK: 27.4, 27.10 the gallery folder

    func testGalleryFolderHazardsAreRefusedAndNothingIsLeft() throws {
        try presets(["small"])
        XCTAssertEqual(try run(["batch", "p", "-o", "out", "--manifest", "out/m.json", "--quiet"]).status, 0)
        // index_files a link to a folder outside: refused, the outside untouched.
        try FileManager.default.createDirectory(atPath: dir + "/g1", withIntermediateDirectories: true)
        try write("keep\n", "elsewhere/000-small.poster.png")
        XCTAssertEqual(symlink("../elsewhere", dir + "/g1/index_files"), 0)
        let l = try run(["gallery", "out/m.json", "-o", "g1"])
        XCTAssertEqual(l.status, 2, l.stderr)
        XCTAssertEqual(read("elsewhere/000-small.poster.png"), Data("keep\n".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/g1"), ["index_files"])
        // A user's folder where a gallery file goes: refused, not deleted.
        try write("mine\n", "g2/index_files/000-small.mp4/mine.txt")
        let u = try run(["gallery", "out/m.json", "-o", "g2"])
        XCTAssertEqual(u.status, 2, u.stderr)
        XCTAssertEqual(read("g2/index_files/000-small.mp4/mine.txt"), Data("mine\n".utf8))
        XCTAssertEqual(tree("g2"), ["index_files", "index_files/000-small.mp4", "index_files/000-small.mp4/mine.txt"])
        // -o a file, a device, a FIFO: a usage error, nothing written, no hang.
        try write("x\n", "file")
        XCTAssertEqual(mkfifo(dir + "/fifo", 0o644), 0)
        for target in ["file", "/dev/zero", "fifo"] {
            let r = try run(["gallery", "out/m.json", "-o", target])
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertTrue(r.stderr.contains("a gallery is written into a folder"), r.stderr)
        }
        XCTAssertEqual(read("file"), Data("x\n".utf8))
        // A good gallery, written again over itself: only its files, no temporaries left.
        XCTAssertEqual(try run(["gallery", "out/m.json", "-o", "g3", "--quiet"]).status, 0)
        XCTAssertEqual(try run(["gallery", "out/m.json", "-o", "g3", "--quiet"]).status, 0)
        XCTAssertEqual(tree("g3"), ["index.html", "index_files", "index_files/000-small.mp4", "index_files/000-small.plot.png",
                                    "index_files/000-small.poster.png", "index_files/000-small.sheet.png"])
    }

    func testAFIFOBaselineFailsThatPresetWithoutHanging() throws {
        try presets(["small"])
        try FileManager.default.createDirectory(atPath: dir + "/base", withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(dir + "/base/small.mp4", 0o644), 0)
        let child = try CLI.start(["batch", dir + "/p", "-o", dir + "/out", "--baseline", dir + "/base"])
        if !child.waitForExit(timeout: 60) { child.signal(SIGKILL); XCTFail("hung on a FIFO baseline") }
        let stderr = child.finish()
        XCTAssertEqual(child.process.terminationStatus, 1)
        XCTAssertTrue(stderr.contains("is a FIFO (named pipe), not a regular file"), stderr)
    }

    // MARK: 27.12 collisions and a baseline that is the output

    func testCollisionsAndSelfBaselineAreFoundBeforeRendering() throws {
        try presets(["small"])
        let same = try run(["batch", "p", "-o", "out", "--baseline", "out"])
        XCTAssertEqual(same.status, 2, same.stderr)
        XCTAssertTrue(same.stderr.contains("is the output folder"), same.stderr)
        try write(BatchTests.preset(name: "index_files").replacingOccurrences(of: "\"fps\": 10,", with: "\"fps\": 10, \"output\": { \"format\": \"png\" },"), "q/i.json")
        let g = try run(["batch", "q", "-o", "out2", "--gallery"])
        XCTAssertEqual(g.status, 2, g.stderr)
        XCTAssertTrue(g.stderr.contains("out2/index_files: written by q/i.json and by the gallery"), g.stderr)
        try write(BatchTests.preset(name: "x"), "r/a.json")
        try write(BatchTests.preset(name: "x").replacingOccurrences(of: "\"fps\": 10,", with: "\"fps\": 10, \"output\": { \"format\": \"webm\" },"), "r/b.json")
        try FileManager.default.createDirectory(atPath: dir + "/base", withIntermediateDirectories: true)
        let d = try run(["batch", "r", "-o", "out3", "--baseline", "base"])
        XCTAssertEqual(d.status, 2, d.stderr)
        XCTAssertTrue(d.stderr.contains("out3/x.diff.png: written by the diff strip of r/a.json and by the diff strip of r/b.json"), d.stderr)
        XCTAssertEqual(tree("out2") + tree("out3"), [])
    }

    func testAMatrixVariableInOutputFormatNamesEachClipsFile() throws {
        let preset = BatchTests.preset(name: "m").replacingOccurrences(of: "\"fps\": 10,", with: "\"fps\": 10, \"output\": { \"format\": \"$f\" }, \"matrix\": { \"vars.f\": [\"mp4\", \"webm\"] },")
        try write(preset, "p/m.json")
        let r = try run(["batch", "p", "-o", "out", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(tree("out"), ["m-mp4.mp4", "m-webm.webm"])
        XCTAssertEqual((try CLI.probe(dir + "/out/m-webm.webm")["streams"] as? [[String: Any]])?.first?["codec_name"] as? String, "vp9")
        try write(preset.replacingOccurrences(of: "\"webm\"]", with: "\"xyz\"]"), "q/m.json")
        let bad = try run(["batch", "q", "-o", "out2"])
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("output.format: expected one of mp4") && bad.stderr.contains("(got \"xyz\") [in combination vars.f=xyz]"), bad.stderr)
        XCTAssertFalse(bad.stderr.contains("$f"), bad.stderr)
    }
}
