import Foundation
import XCTest

/// scripts/package's tarball, unpacked into a temporary folder, run with a clean environment
/// (`env -i PATH=/usr/bin:/bin`: no Swift toolchain, no LD_LIBRARY_PATH): it renders the demo,
/// needs no Swift runtime library, lists only runtime (non -dev) packages, and its launcher names a
/// missing library before the dynamic loader would. SEGUE_PACKAGE=path/to/tarball tests that one;
/// otherwise scripts/package builds it (incrementally, in .build/static).
final class PackageTests: XCTestCase {
    static var root: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }

    func tarball() throws -> String {
        if let t = ProcessInfo.processInfo.environment["SEGUE_PACKAGE"], !t.isEmpty { return t }
        let out = try CLI.tempDir("dist")
        let r = try CLI.run([Self.root.path + "/scripts/package", "--out", out], executable: CLI.which("bash"))
        XCTAssertEqual(r.status, 0, String(r.stderr.suffix(3000)))
        return try XCTUnwrap(r.stdout.split(separator: "\n").last.map(String.init), r.stderr)
    }

    func clean(_ args: [String], in dir: String) throws -> CLI.Result {
        try CLI.run(["-i", "PATH=/usr/bin:/bin", "HOME=\(dir)"] + args, in: dir, executable: CLI.which("env"))
    }

    func testTheTarballRendersTheDemoWithoutTheToolchain() throws {
        let tar = try tarball()
        XCTAssertTrue(tar.hasSuffix("-linux-x86_64.tar.gz"), tar)
        let dir = try CLI.tempDir("package")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertEqual(try CLI.run(["-xzf", tar, "-C", dir], executable: CLI.which("tar")).status, 0)
        let top = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: dir).first { $0.hasPrefix("segue-") })
        let home = dir + "/" + top
        for f in ["bin/segue", "libexec/segue", "install-deps", "lib/needs", "README.md", "action.yml", "docs/CI.md", "presets/stories/segue-demo.json", "VERSION"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: home + "/" + f), f)
        }
        // No Swift runtime library is needed: it is linked in.
        let elf = try CLI.run(["-d", home + "/libexec/segue"], executable: CLI.which("readelf"))
        let needed = elf.stdout.split(separator: "\n").filter { $0.contains("NEEDED") }
        XCTAssertFalse(needed.isEmpty)
        for n in needed { XCTAssertFalse(n.contains("swift") || n.contains("Foundation") || n.contains("dispatch"), String(n)) }
        // install-deps lists runtime packages only, with FFmpeg's libraries, text and fonts among them.
        let deps = try clean([home + "/install-deps", "--list"], in: dir)
        XCTAssertEqual(deps.status, 0, deps.stderr)
        let packages = deps.stdout.split(separator: "\n").map(String.init)
        XCTAssertFalse(packages.contains { $0.hasSuffix("-dev") }, "\(packages)")
        for p in ["libavcodec", "libavformat", "libavfilter", "libswscale", "libavutil", "libfreetype", "libharfbuzz", "libfontconfig", "fonts-inter"] {
            XCTAssertTrue(packages.contains { $0.hasPrefix(p) }, "\(p) in \(packages)")
        }

        // The demo, rendered from the unpacked folder with a clean environment.
        XCTAssertEqual(try clean([home + "/bin/segue", "--version"], in: dir).stdout, "segue \(try String(contentsOfFile: home + "/VERSION", encoding: .utf8))")
        let r = try clean([home + "/bin/segue", "render", "-o", dir + "/demo.mp4", "--scale", "0.25", "--fps", "15", "--quiet"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let inspect = try clean([home + "/bin/segue", "inspect", "--scale", "0.25", "--fps", "15"], in: dir)
        let frames = try XCTUnwrap(inspect.stdout.split(separator: "\n").first?.split(separator: ",").last?.split(separator: " ").first.flatMap { Int($0) }, inspect.stdout)
        let probe = try CLI.probe(dir + "/demo.mp4")
        let stream = try XCTUnwrap((probe["streams"] as? [[String: Any]])?.first)
        XCTAssertEqual(stream["codec_name"] as? String, "h264")
        XCTAssertEqual(Int(stream["nb_read_frames"] as? String ?? ""), frames)

        // A library that is not installed is named, with its package, before anything starts.
        let needs = home + "/lib/needs"
        try (try String(contentsOfFile: needs, encoding: .utf8) + "libsegue-absent.so.3 libsegue-absent3\n").write(toFile: needs, atomically: true, encoding: .utf8)
        let missing = try clean([home + "/bin/segue", "render", "-o", dir + "/x.mp4"], in: dir)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("missing runtime libraries: libsegue-absent.so.3 (libsegue-absent3)"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("install-deps"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/x.mp4"))
    }
}
