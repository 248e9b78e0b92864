import Foundation
import XCTest
import SegueTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// DESIGN §4–§5 under faults: a full disk, an unwritable destination, a destination folder that
/// disappears mid-render, truncated/corrupt images and a decompression bomb. Each must give a
/// clear error and the right exit code (1 I/O failure, 2 bad input), leave nothing partial, keep
/// an existing destination and not spike memory.
final class FaultTests: XCTestCase {
    /// A small, fast preset with one image screen (`img`, a file name relative to the preset).
    static func imagePreset(_ img: String) -> String {
        """
        { "segue": 1, "name": "img", "device": { "width": 60, "height": 40, "scale": 2 }, "fps": 10,
          "screens": { "a": { "image": "\(img)", "fit": "fill" }, "b": { "mock": "list" } },
          "start": "a", "timeline": [ { "push": "b", "duration": 0.3 }, { "hold": 0.1 } ] }
        """
    }

    func write(_ text: String, _ dir: String, _ name: String = "p.json") -> String {
        let path = dir + "/" + name
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    func temporaries(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasPrefix(".") }
    }

    // MARK: images

    func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c >> 1) ^ (0xEDB8_8320 & (0 &- (c & 1))) }
        }
        return ~c
    }

    func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// A valid PNG signature and IHDR (correct CRC) claiming w×h RGB, then a real zlib stream of a
    /// few zero rows and IEND: tiny on disk, w×h×4 bytes if anyone believed it.
    func bombPNG(width: Int, height: Int) -> Data {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ body: [UInt8]) {
            let t = Array(type.utf8)
            out += be32(body.count) + t + body + be32(Int(crc32(t + body)))
        }
        chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
        // zlib: stored block of 1 KiB of zeros (not a full image: FFmpeg must never get this far).
        let raw = [UInt8](repeating: 0, count: 1024)
        var z: [UInt8] = [0x78, 0x01, 0x01, UInt8(raw.count & 0xFF), UInt8(raw.count >> 8), UInt8(~raw.count & 0xFF), UInt8((~raw.count >> 8) & 0xFF)] + raw
        var a: UInt32 = 1, b: UInt32 = 0
        for x in raw { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        z += be32(Int(b << 16 | a))
        chunk("IDAT", z)
        chunk("IEND", [])
        return Data(out)
    }

    func makeImage(_ dir: String, _ name: String, _ args: [String]) throws {
        let r = try CLI.run(["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=120x80", "-frames:v", "1"] + args + [dir + "/" + name],
                            executable: CLI.which("ffmpeg"))
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    func testDecompressionBombIsRejectedFastWithoutAllocating() throws {
        let dir = try temporaryFolder("bomb")
        FileManager.default.createFile(atPath: dir + "/bomb.png", contents: bombPNG(width: 60000, height: 60000))
        // Same for JPEG (SOF0 claims 60000×60000) and WebP (VP8X canvas 60000×60000).
        var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08] + [0xEA, 0x60, 0xEA, 0x60] + [0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        jpeg += [0xFF, 0xD9]
        FileManager.default.createFile(atPath: dir + "/bomb.jpg", contents: Data(jpeg))
        let w = 60000 - 1
        var webp: [UInt8] = Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0] + [0, 0, 0, 0]
        webp += [UInt8(w & 0xFF), UInt8(w >> 8 & 0xFF), UInt8(w >> 16 & 0xFF), UInt8(w & 0xFF), UInt8(w >> 8 & 0xFF), UInt8(w >> 16 & 0xFF)]
        FileManager.default.createFile(atPath: dir + "/bomb.webp", contents: Data(webp))
        // A baseline: the same preset with a real small image, for the memory comparison.
        try makeImage(dir, "ok.png", [])
        let okPreset = write(Self.imagePreset("ok.png"), dir, "ok.json")
        let ok = try runMeasured(["render", okPreset, "-o", dir + "/ok.mp4", "--progress", "none", "--jobs", "1"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        for img in ["bomb.png", "bomb.jpg", "bomb.webp"] {
            let preset = write(Self.imagePreset(img), dir, "\(img).json")
            let out = dir + "/\(img).mp4"
            let r = try runMeasured(["render", preset, "-o", out, "--progress", "none", "--jobs", "1"])
            XCTAssertEqual(r.status, 2, "\(img): a bad asset is bad input: \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("screens.a.image"), "\(img): names the JSON path: \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(img) && r.stderr.contains("60000"), "\(img): names the asset and its claimed size: \(r.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out))
            XCTAssertEqual(temporaries(dir), [])
            // 60000² × 4 B is 13 GiB: the child must stay at the size of a tiny render.
            if Self.checksRSS { XCTAssertLessThan(r.maxRSSKiB, max(ok.maxRSSKiB, 64 * 1024) + 32 * 1024, "\(img): peak RSS \(r.maxRSSKiB) KiB vs \(ok.maxRSSKiB) KiB for a real render") }
            XCTAssertLessThan(r.cpuSeconds, 5, img)
        }
    }

    func testTruncatedAndCorruptImagesAreBadInput() throws {
        let dir = try temporaryFolder("corrupt")
        try makeImage(dir, "full.png", [])
        try makeImage(dir, "full.jpg", [])
        try makeImage(dir, "full.webp", ["-c:v", "libwebp"])
        var cases: [(String, Data)] = []
        for name in ["full.png", "full.jpg", "full.webp"] {
            let d = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
            let ext = (name as NSString).pathExtension
            cases.append(("trunc-header.\(ext)", d.prefix(20)))
            cases.append(("trunc-half.\(ext)", d.prefix(d.count / 2)))
            var flipped = [UInt8](d)
            for i in stride(from: 40, to: flipped.count, by: 7) { flipped[i] ^= 0x5A }
            cases.append(("corrupt.\(ext)", Data(flipped)))
        }
        cases.append(("empty.png", Data()))
        cases.append(("text.png", Data("not an image at all".utf8)))
        for (name, data) in cases {
            FileManager.default.createFile(atPath: dir + "/" + name, contents: data)
            let preset = write(Self.imagePreset(name), dir, "\(name).json")
            let out = dir + "/\(name).mp4"
            let r = try CLI.run(["render", preset, "-o", out, "--progress", "none"])
            // Some corruptions still decode to an image (FFmpeg conceals errors): that is fine,
            // as long as it is never a crash and nothing partial is left.
            XCTAssertTrue(r.status == 2 || r.status == 0, "\(name): exit \(r.status): \(r.stderr)")
            if r.status == 2 {
                XCTAssertTrue(r.stderr.contains(name) && r.stderr.contains("screens.a.image"), "\(name): clear error: \(r.stderr)")
                XCTAssertFalse(FileManager.default.fileExists(atPath: out), name)
            }
            XCTAssertEqual(temporaries(dir), [], name)
        }
        // The header-level cases can never decode, and validate (headers only, issue 20.4) says so;
        // a file cut after its header (trunc-half.png) is found by render, above.
        for name in ["trunc-header.png", "trunc-header.jpg", "trunc-header.webp", "empty.png", "text.png"] {
            let r = try CLI.run(["validate", dir + "/\(name).json"])
            XCTAssertEqual(r.status, 2, "\(name): \(r.stderr)")
        }
    }

    // MARK: the destination

    /// Mounts a tmpfs at `dir` (root only, and only where mount(2) is allowed); nil otherwise.
    func mountTmpfs(_ dir: String, options: String) throws -> Bool {
        guard getuid() == 0 else { return false }
        let r = try CLI.run(["-t", "tmpfs", "-o", options, "tmpfs", dir], executable: "/bin/mount")
        return r.status == 0
    }
    func unmount(_ dir: String) { _ = try? CLI.run([dir], executable: "/bin/umount") }

    func testFullDiskIsAnIOFailureAndLeavesNothing() throws {
        let dir = try temporaryFolder("fulldisk")
        let mnt = dir + "/small"
        try FileManager.default.createDirectory(atPath: mnt, withIntermediateDirectories: true)
        guard try mountTmpfs(mnt, options: "size=2m") else {
            throw XCTSkip("full-disk test needs root and permission to mount a tmpfs (mount -t tmpfs -o size=2m); skipped")
        }
        defer { unmount(mnt) }
        FileManager.default.createFile(atPath: mnt + "/keep.mp4", contents: Data("keep me".utf8))
        // The demo at full size is far more than 2 MiB: lossless H.264, ProRes, PNG frames, GIF's spill file.
        for (format, extra) in [("mp4", ["--crf", "0"]), ("png", []), ("gif", []), ("mov", [])] {
            let out = mnt + (format == "mp4" ? "/keep.mp4" : "/out.\(format)")
            let r = try CLI.run(["render", "-o", out, "--format", format, "--progress", "none", "--slow-motion", "2"] + extra)
            XCTAssertEqual(r.status, 1, "\(format): a full disk is an I/O failure: \(r.stderr)")
            // FFmpeg says "No space left on device"; Foundation (png frames) "There isn’t enough space".
            XCTAssertTrue(r.stderr.contains("No space left") || r.stderr.contains("enough space"), "\(format): says why: \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("Fatal error"), r.stderr)
            XCTAssertEqual(temporaries(mnt), [], "\(format): no temporary left")
            XCTAssertEqual(FileManager.default.contents(atPath: mnt + "/keep.mp4"), Data("keep me".utf8), "\(format): existing file untouched")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: mnt), ["keep.mp4"], format)
        }
    }

    func testUnwritableDestinationIsAnIOFailure() throws {
        let dir = try temporaryFolder("readonly")
        let ro = dir + "/ro"
        try FileManager.default.createDirectory(atPath: ro, withIntermediateDirectories: true)
        var mounted = false
        if getuid() == 0 {
            // Root ignores permission bits: use a read-only tmpfs instead.
            guard try mountTmpfs(ro, options: "size=1m,ro") else {
                throw XCTSkip("running as root without mount permission: cannot make a read-only folder; skipped")
            }
            mounted = true
        } else {
            chmod(ro, 0o555)
        }
        defer { if mounted { unmount(ro) } else { chmod(ro, 0o755) } }
        let preset = write(RenderTests.pushPreset, dir)
        for format in ["mp4", "png", "gif", "mov"] {
            let out = ro + "/out" + (format == "png" ? "" : ".\(format)")
            let r = try CLI.run(["render", preset, "-o", out, "--format", format, "--progress", "none"])
            XCTAssertEqual(r.status, 1, "\(format): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(out) && (r.stderr.contains("Read-only") || r.stderr.contains("Permission denied")), "\(format): clear error: \(r.stderr)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: ro), [], format)
        }
        // A destination folder that cannot be created (its parent is a file) is the same kind of
        // failure; a missing one is created (issue 13.5, OutputSafetyTests).
        FileManager.default.createFile(atPath: dir + "/plain", contents: Data())
        let r = try CLI.run(["render", preset, "-o", dir + "/plain/missing/out.mp4", "--progress", "none"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("missing/out.mp4") && r.stderr.contains(dir + "/plain"), r.stderr)
    }

    func testDestinationFolderDisappearingMidRender() throws {
        for format in ["mp4", "png", "gif"] {
            let dir = try temporaryFolder("vanish-\(format)")
            let sub = dir + "/sub"
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            let out = sub + "/out" + (format == "png" ? "" : ".\(format)")
            // The folder goes once the encoder has written two frames into its temporary.
            let child = try CLI.start(["render", "-o", out, "--format", format, "--scale", "0.25", "--slow-motion", "3", "--progress", "json"])
            awaitCondition(timeout: 120) { !temporaries(sub).isEmpty || !child.isRunning }
            child.stderr.wait(timeout: 120) { Progress.lastFrame(in: $0) >= 2 }
            XCTAssertTrue(child.isRunning, "\(format): still rendering when the folder goes")
            // The renderer may add files (png frames) while the tree is removed: retry until gone.
            for _ in 0..<100 where FileManager.default.fileExists(atPath: sub) {
                try? FileManager.default.removeItem(atPath: sub)
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: sub), "\(format): removed")
            let stderr = child.finish()
            XCTAssertEqual(child.process.terminationReason, .exit, "\(format): no crash: \(stderr)")
            XCTAssertEqual(child.process.terminationStatus, 1, "\(format): an I/O failure: \(stderr)")
            XCTAssertTrue(stderr.contains(out), "\(format): names the destination: \(stderr)")
            XCTAssertFalse(stderr.contains("Fatal error"), stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: sub), "\(format): nothing recreated")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [], format)
        }
    }
}
