import Foundation
import XCTest
import SegueTestSupport

/// scripts/package's tarball needs nothing from the system but glibc. The tarball is made once per
/// test run from the development build (`--binary SEGUE_BIN`: no second build; that binary links
/// the Swift runtime dynamically, so the runtime's libraries are bundled and hidden too), or taken
/// from SEGUE_PACKAGE=path/to/tarball (a release built with --static-swift-stdlib).
/// The unpacked tarball runs in a private mount namespace (scripts/package.d/run-hidden) where the
/// system's copies of every bundled library, the Swift runtime, the fonts and fontconfig's
/// configuration are hidden; it is started through a symlink, from a folder whose name has spaces
/// and quotes, with CDPATH set and an LD_LIBRARY_PATH that names a decoy libavcodec, and its
/// output bytes must equal the development build's.
final class PackageTests: XCTestCase {
    static var root: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }
    nonisolated(unsafe) static var made: String?

    /// The tarball (made once per test run, into .build/package-tests: not a temporary folder, so
    /// that nothing is left in /tmp whichever test class made it).
    static func tarball() throws -> String {
        if let t = ProcessInfo.processInfo.environment["SEGUE_PACKAGE"], !t.isEmpty { return t }
        if let m = made { return m }
        let dist = root.path + "/.build/package-tests"
        let r = try CLI.run([root.path + "/scripts/package", "--fast", "--binary", CLI.binary, "--out", dist], executable: CLI.which("bash"))
        guard r.status == 0, let t = r.stdout.split(separator: "\n").last.map(String.init) else {
            throw PackageFailed(description: "scripts/package failed (exit \(r.status)): \(r.stderr.suffix(3000))")
        }
        made = t
        return t
    }

    /// Unpacks the tarball into DIR/it's a "release" folder/ and returns the release's root.
    static func unpack(into dir: String) throws -> String {
        let tar = try Self.tarball()
        let folder = dir + "/it's a \"release\" folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        XCTAssertEqual(try CLI.run(["-xzf", tar, "-C", folder], executable: CLI.which("tar")).status, 0)
        let top = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasPrefix("segue-") })
        return folder + "/" + top
    }

    func testTheTarballCarriesItsLibrariesAndChecksums() throws {
        let tar = try Self.tarball()
        XCTAssertTrue(tar.hasSuffix("-linux-x86_64.tar.gz"), tar)
        // SHA256SUMS beside the tarball, checked by sha256sum itself.
        let sums = (tar as NSString).deletingLastPathComponent
        let check = try CLI.run(["--check", "--strict", "SHA256SUMS"], in: sums, executable: CLI.which("sha256sum"))
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains((tar as NSString).lastPathComponent + ": OK"), check.stdout)

        let dir = try temporaryFolder("package")
        let home = try Self.unpack(into: dir)
        for f in ["bin/segue", "libexec/segue", "lib/GLIBC_FLOOR", "lib/VERSIONS", "etc/fonts/fonts.conf", "README.md", "action.yml",
                  "docs/CI.md", "presets/stories/segue-demo.json", "VERSION"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: home + "/" + f), f)
        }
        let fonts = try FileManager.default.contentsOfDirectory(atPath: home + "/share/fonts")
        XCTAssertTrue(fonts.contains { $0.hasPrefix("Inter") }, "\(fonts)")
        // Every library any bundled ELF file needs is in lib/, or is glibc's (libc6's files).
        let glibc = Set(try CLI.run(["-L", "libc6"], executable: CLI.which("dpkg-query")).stdout.split(separator: "\n").map { String($0.split(separator: "/").last ?? "") })
        let bundled = Set(try FileManager.default.contentsOfDirectory(atPath: home + "/lib"))
        let elves = [home + "/libexec/segue"] + bundled.filter { $0.contains(".so") }.map { home + "/lib/" + $0 }
        for elf in elves {
            let d = try CLI.run(["-d", elf], executable: CLI.which("readelf")).stdout
            for line in d.split(separator: "\n") where line.contains("(NEEDED)") {
                let so = String(line.split(separator: "[").last?.dropLast() ?? "")
                XCTAssertTrue(bundled.contains(so) || glibc.contains(so), "\(elf) needs \(so), which is neither bundled nor glibc's")
            }
            // RPATH (searched before LD_LIBRARY_PATH), never RUNPATH.
            XCTAssertTrue(d.contains("(RPATH)") && d.contains("$ORIGIN"), "\(elf): \(d.split(separator: "\n").filter { $0.contains("PATH") })")
        }
        // The dlopened libavfilter and the text libraries are there too.
        for prefix in ["libavcodec.so", "libavfilter.so", "libswscale.so", "libfreetype.so", "libharfbuzz.so", "libfontconfig.so"] {
            XCTAssertTrue(bundled.contains { $0.hasPrefix(prefix) }, "\(prefix) in \(bundled.sorted())")
        }
        XCTAssertFalse(bundled.contains("libc.so.6") || bundled.contains("libm.so.6"))
    }

    func testTheTarballRunsWithTheSystemLibrariesHiddenAndMatchesTheDevelopmentBuild() throws {
        guard getuid() == 0 else { throw XCTSkip("a private mount namespace needs root (CI runs as root)") }
        let dir = try temporaryFolder("package-hidden")
        let home = try Self.unpack(into: dir)
        let work = dir + "/a \"work\" folder's name"
        try FileManager.default.createDirectory(atPath: work + "/bin dir", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: work + "/bin dir/segue", withDestinationPath: home + "/bin/segue")
        // A decoy libavcodec where LD_LIBRARY_PATH points first: the RPATH must win.
        try FileManager.default.createDirectory(atPath: dir + "/decoy libs", withIntermediateDirectories: true)
        let bundled = try FileManager.default.contentsOfDirectory(atPath: home + "/lib")
        for so in bundled where so.hasPrefix("libavcodec.so") || so.hasPrefix("libfreetype.so") {
            try Data("not a library".utf8).write(to: URL(fileURLWithPath: dir + "/decoy libs/" + so))
        }
        let gifPreset = Self.root.path + "/presets/catalog/fade.json"
        let outputs = ["demo.mp4": ["render", "-o", "OUT", "--scale", "0.25", "--fps", "15", "--quiet"],
                       "fade.gif": ["render", gifPreset, "-o", "OUT", "--scale", "0.25", "--fps", "10", "--quiet"]]
        for (name, args) in outputs {
            let dev = try CLI.run(args.map { $0 == "OUT" ? dir + "/dev-" + name : $0 })
            XCTAssertEqual(dev.status, 0, dev.stderr)
        }
        let environment = ["PATH": "/usr/bin:/bin", "HOME": dir, "CDPATH": "/usr:/:.",
                           "LD_LIBRARY_PATH": "\(dir)/decoy libs::/no such folder:\(dir)/decoy libs/"]
        let hidden = Self.root.path + "/scripts/package.d/run-hidden"
        // The development build cannot start in there: the libraries really are hidden.
        let devInside = try CLI.run([hidden, home, CLI.binary, "--version"], in: work, executable: CLI.which("python3"), environment: environment)
        XCTAssertNotEqual(devInside.status, 0, devInside.stdout)
        for (name, args) in outputs {
            let r = try CLI.run([hidden, home, "bin dir/segue"] + args.map { $0 == "OUT" ? dir + "/tarball-" + name : $0 },
                                in: work, executable: CLI.which("python3"), environment: environment)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(FileManager.default.contents(atPath: dir + "/tarball-" + name), FileManager.default.contents(atPath: dir + "/dev-" + name),
                           "\(name): the tarball's bytes differ from the development build's")
        }
        // --version through the symlink names every bundled library with its version.
        let version = try CLI.run([hidden, home, "bin dir/segue", "--version"], in: work, executable: CLI.which("python3"), environment: environment)
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertTrue(version.stdout.hasPrefix("segue \(try String(contentsOfFile: home + "/VERSION", encoding: .utf8))"), version.stdout)
        for so in bundled where so.contains(".so") { XCTAssertTrue(version.stdout.contains("\n\(so) "), "\(so) in \(version.stdout)") }
        XCTAssertTrue(version.stdout.contains("libavcodec"), version.stdout)
    }

    func testTheLauncherStatesItsGlibcFloor() throws {
        let dir = try temporaryFolder("package-glibc")
        let home = try Self.unpack(into: dir)
        let floor = try String(contentsOfFile: home + "/lib/GLIBC_FLOOR", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertNotNil(floor.range(of: #"^2\.[0-9]+$"#, options: .regularExpression), floor)
        let system = try CLI.run(["GNU_LIBC_VERSION"], executable: CLI.which("getconf")).stdout.split(separator: " ").last.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        // A floor above this system's glibc: a clear message and exit 1, nothing started.
        try "99.1\n".write(toFile: home + "/lib/GLIBC_FLOOR", atomically: false, encoding: .utf8)
        let r = try CLI.run(["render", "-o", dir + "/x.mp4"], in: dir, executable: home + "/bin/segue", environment: ["PATH": "/usr/bin:/bin", "HOME": dir])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "segue: this build needs glibc 99.1 or newer; this system has glibc \(system) (build Segue from source with scripts/segue instead)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/x.mp4"))
        // The floor itself (and a lower one) passes.
        for f in [floor, "2.0"] {
            try (f + "\n").write(toFile: home + "/lib/GLIBC_FLOOR", atomically: false, encoding: .utf8)
            let ok = try CLI.run(["list", "demos"], in: dir, executable: home + "/bin/segue", environment: ["PATH": "/usr/bin:/bin", "HOME": dir])
            XCTAssertEqual(ok.status, 0, "floor \(f): \(ok.stderr)")
        }
    }

    /// action.yml's install step (scripts/action/install) with the tarball as a release asset.
    func testTheActionInstallsTheTarballAndChecksIt() throws {
        let tar = try Self.tarball()
        let runner = try ActionScriptTests.runner()
        let dir = runner.dir
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A stand-in for `gh release download` (GitHub cannot be reached from the tests): it copies
        // the release's files into --dir, as gh does.
        let sums = (tar as NSString).deletingLastPathComponent + "/SHA256SUMS"
        try CLI.write("#!/bin/sh\nwhile [ $# -gt 0 ]; do [ \"$1\" = --dir ] && d=$2; shift; done\ncp \"$RELEASE_TARBALL\" \"$RELEASE_SUMS\" \"$d/\"\n", dir + "/bin/gh")
        chmod(dir + "/bin/gh", 0o755)
        let env = ["PATH": dir + "/bin:/usr/bin:/bin", "SEGUE_REPO": "owner/segue", "SEGUE_REF": "v1", "RELEASE_TARBALL": tar, "RELEASE_SUMS": sums]
        let r = try runner.run("install", env)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("using the release tarball"), r.stderr)
        let bin = try XCTUnwrap(try runner.outputs()["bin"])
        XCTAssertEqual(try String(contentsOfFile: dir + "/path", encoding: .utf8), (bin as NSString).deletingLastPathComponent + "\n")
        XCTAssertTrue(bin.hasPrefix(dir + "/runner temp/segue/"), bin)
        XCTAssertEqual(try CLI.run(["list", "demos"], executable: bin).status, 0)
        // A tarball that does not match SHA256SUMS stops the step (no fallback build).
        try CLI.write(String(repeating: "0", count: 64) + "  " + (tar as NSString).lastPathComponent + "\n", dir + "/bad sums/SHA256SUMS")
        let bad = try runner.run("install", env.merging(["RELEASE_SUMS": dir + "/bad sums/SHA256SUMS"]) { $1 })
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("does not match the release's SHA256SUMS"), bad.stderr)
    }
}

struct PackageFailed: Error, CustomStringConvertible { var description: String }
