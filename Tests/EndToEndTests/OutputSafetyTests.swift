import Foundation
import XCTest
import SegueTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// DESIGN §7 outputs (issue 13 items 1–5, issue 20 item 7): Segue replaces only what it wrote,
/// `-o /dev/null` is the null sink, the output's extension picks the format, missing parent
/// folders are created, and a batch asked for a manifest always writes one.
final class OutputSafetyTests: XCTestCase {
    /// A small, fast preset (60×40, 0.3 s at 10 fps: frames 0…3).
    static let preset = """
    { "segue": 1, "name": "tiny", "device": { "width": 30, "height": 20, "scale": 2 }, "fps": 10,
      "screens": { "a": { "background": "#C83232", "layers": [] }, "b": { "background": "#3264C8", "layers": [] } },
      "start": "a", "timeline": [ { "push": "b", "duration": 0.3 } ] }
    """

    func setUpDir(_ name: String) throws -> (dir: String, preset: String) {
        let dir = try temporaryFolder(name)
        let p = dir + "/p.json"
        FileManager.default.createFile(atPath: p, contents: Data(Self.preset.utf8))
        return (dir, p)
    }

    /// Every file below `root` (relative path → bytes), folders as "path/".
    func tree(_ root: String) -> [String: Data] {
        var out: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return out }
        while let rel = walker.nextObject() as? String {
            let full = root + "/" + rel
            var isDir: ObjCBool = false
            FileManager.default.fileExists(atPath: full, isDirectory: &isDir)
            out[isDir.boolValue ? rel + "/" : rel] = isDir.boolValue ? Data() : FileManager.default.contents(atPath: full)
        }
        return out
    }

    /// A folder of the user's files, nested.
    func victim(_ dir: String) -> String {
        let v = dir + "/victim"
        try? FileManager.default.createDirectory(atPath: v + "/sub/deeper", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: v + "/notes.txt", contents: Data("important\n".utf8))
        FileManager.default.createFile(atPath: v + "/sub/photo.jpg", contents: Data([0xFF, 0xD8, 0xFF, 0x00, 1, 2, 3]))
        FileManager.default.createFile(atPath: v + "/sub/deeper/frame-00000.png", contents: Data("not a top-level frame".utf8))
        FileManager.default.createFile(atPath: v + "/frame-00001.png", contents: Data("looks like ours".utf8))
        return v
    }

    // 13.1: a png destination holding the user's files is refused, byte for byte untouched.
    func testPNGIntoAFolderOfUserFilesIsRefusedAndTouchesNothing() throws {
        let (dir, p) = try setUpDir("victim")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let v = victim(dir)
        let before = tree(v)
        for args in [["render", p, "--format", "png", "-o", v], ["frames", p, "--all", "-o", v]] {
            let r = try CLI.run(args)
            XCTAssertEqual(r.status, 2, "\(args[0]): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(v) && r.stderr.contains("notes.txt"), "\(args[0]) names the folder and a foreign entry: \(r.stderr)")
            XCTAssertEqual(tree(v), before, "\(args[0]): the folder is byte for byte as it was")
        }
        // batch: the output folder holds a folder named like the png output.
        let out = dir + "/out"
        try FileManager.default.createDirectory(atPath: out + "/tiny", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: out + "/tiny/keep.txt", contents: Data("mine".utf8))
        let r = try CLI.run(["batch", p, "-o", out, "--format", "png", "--progress", "none"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: out + "/tiny/keep.txt"), Data("mine".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out + "/tiny"), ["keep.txt"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix(".") }, [], "no temporaries")
    }

    // 13.1: a folder of Segue's own frames (and an empty one) is replaced.
    func testPNGReplacesAFolderOfItsOwnFrames() throws {
        let (dir, p) = try setUpDir("ownframes")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/frames"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        XCTAssertEqual(try CLI.run(["render", p, "--format", "png", "-o", out, "--quiet"]).status, 0, "an empty folder is taken")
        let first = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        XCTAssertEqual(first, ["frame-00000.png", "frame-00001.png", "frame-00002.png", "frame-00003.png"])
        FileManager.default.createFile(atPath: out + "/frame-00099.png", contents: Data("stale frame".utf8))
        let r = try CLI.run(["frames", p, "--at", "0", "-o", out, "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), ["frame-00000.png"], "the old frames are replaced")
    }

    // 20.7: device nodes, FIFOs, symbolic links and the preset itself are refused; /dev/null is the null sink.
    func testNonRegularDestinationsAreRefusedAndDevNullIsTheNullSink() throws {
        let (dir, p) = try setUpDir("devices")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/fifo.mp4"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let link = dir + "/link.mp4"
        FileManager.default.createFile(atPath: dir + "/target.mp4", contents: Data("target".utf8))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: dir + "/target.mp4")
        for (out, what) in [("/dev/full", "character device"), ("/dev/zero", "character device"), (fifo, "FIFO"), (link, "symbolic link"),
                            (p, "is the input"), ("", "output path")] {
            let r = try CLI.run(["render", p, "-o", out, "--quiet"])
            XCTAssertEqual(r.status, 2, "-o \(out): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(what), "-o \(out): \(r.stderr)")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: dir + "/target.mp4"), Data("target".utf8))
        XCTAssertEqual(FileManager.default.contents(atPath: p), Data(Self.preset.utf8), "the preset is untouched")
        var st = stat()
        XCTAssertEqual(lstat(fifo, &st), 0); XCTAssertEqual(st.st_mode & S_IFMT, S_IFIFO, "the FIFO is still a FIFO")
        for command in [["render", p], ["frames", p, "--all"], ["sheet", p], ["plot", p]] {
            let r = try CLI.run(command + ["-o", "/dev/null"], in: dir)
            XCTAssertEqual(r.status, 0, "\(command[0]) -o /dev/null: \(r.stderr)")
        }
        XCTAssertEqual(lstat("/dev/null", &st), 0); XCTAssertEqual(st.st_mode & S_IFMT, S_IFCHR, "/dev/null is still a device")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["fifo.mp4", "link.mp4", "p.json", "target.mp4"])
    }

    // 13.5: missing parent folders are created; a folder that cannot be made is named with the reason.
    func testMissingParentFoldersAreCreated() throws {
        let (dir, p) = try setUpDir("parents")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (args, out) in [(["render", p], "a/b/out.mp4"), (["sheet", p], "c/d/s.png"), (["plot", p], "e/f/p.png"), (["frames", p, "--all"], "g/h")] {
            let r = try CLI.run(args + ["-o", out, "--quiet"], in: dir)
            XCTAssertEqual(r.status, 0, "\(args[0]) -o \(out): \(r.stderr)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/" + out), out)
        }
        FileManager.default.createFile(atPath: dir + "/plain", contents: Data())
        let r = try CLI.run(["render", p, "-o", "plain/sub/out.mp4"], in: dir)
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("plain"), r.stderr)
        XCTAssertFalse(r.stderr.contains(".tmp"), "no temporary path in the message: \(r.stderr)")
    }

    // 13.2: batch into png folders, from --format and from the preset's output.format.
    func testBatchWritesPNGSequences() throws {
        let (dir, p) = try setUpDir("batchpng")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var r = try CLI.run(["batch", p, "-o", dir + "/out", "--format", "png", "--progress", "none", "--manifest", dir + "/m.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/out/tiny").sorted(), ["frame-00000.png", "frame-00001.png", "frame-00002.png", "frame-00003.png"])
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/m.json"))) as! [String: Any]
        let entry = (manifest["presets"] as! [[String: Any]])[0]
        XCTAssertEqual(entry["output"] as? String, dir + "/out/tiny")
        XCTAssertEqual(entry["status"] as? String, "ok")
        let q = dir + "/q.json"
        FileManager.default.createFile(atPath: q, contents: Data(Self.preset.replacingOccurrences(of: "\"fps\": 10,", with: "\"fps\": 10, \"output\": { \"format\": \"png\" },").utf8))
        r = try CLI.run(["batch", q, "-o", dir + "/out2", "--progress", "none"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/out2/tiny").count, 4)
    }

    // 13.3: a manifest is never silently missing (docs/CI.md's Kubernetes recipe writes into a new folder).
    func testBatchManifestIsWrittenInEveryOutcomeOrTheBatchFails() throws {
        let (dir, p) = try setUpDir("manifest")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var r = try CLI.run(["batch", p, "-o", dir + "/out/clips", "--manifest", dir + "/out/manifests/shard-2.json", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/out/manifests/shard-2.json"), "the manifest's folder is created")
        // An invalid preset, no --keep-going, a new -o folder: exit 2 and a manifest saying why.
        let bad = dir + "/bad.json"
        FileManager.default.createFile(atPath: bad, contents: Data(#"{ "segue": 1, "fps": 1000 }"#.utf8))
        r = try CLI.run(["batch", p, bad, "-o", dir + "/new/out", "--manifest", dir + "/new/out/m.json", "--progress", "none"])
        XCTAssertEqual(r.status, 2, r.stderr)
        let m = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/new/out/m.json"))) as! [String: Any]
        let entries = m["presets"] as! [[String: Any]]
        let invalid = try XCTUnwrap(entries.first { $0["input"] as? String == bad })
        XCTAssertEqual(invalid["status"] as? String, "invalid")
        XCTAssertFalse((invalid["problems"] as? [String] ?? []).isEmpty, "the problems are listed")
        XCTAssertEqual(m["exitCode"] as? Int, 2)
        // Clashing outputs stop the batch before rendering: the manifest still says so.
        let twin = dir + "/twin.json"
        FileManager.default.createFile(atPath: twin, contents: Data(Self.preset.utf8))
        r = try CLI.run(["batch", p, twin, "-o", dir + "/c", "--manifest", dir + "/c.json", "--quiet"])
        XCTAssertEqual(r.status, 2, r.stderr)
        let c = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/c.json"))) as! [String: Any]
        XCTAssertTrue((c["error"] as? String ?? "").contains("written by 2 presets"), "\(c)")
        // A manifest that cannot be written fails the batch.
        FileManager.default.createFile(atPath: dir + "/plain", contents: Data())
        r = try CLI.run(["batch", p, "-o", dir + "/d", "--manifest", dir + "/plain/m.json", "--quiet"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("manifest") && r.stderr.contains(dir + "/plain"), r.stderr)
    }
}
