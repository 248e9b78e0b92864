import Foundation
import XCTest
import SegueTestSupport

/// The release tarball carries every face text draws with, so a Material mock (Roboto) and an
/// Arabic app (Noto, and DejaVu Sans for the symbols no Noto face has) look in the release as
/// they do in a development build. `fonts-roboto` is a metapackage whose files are in
/// fonts-roboto-unhinted: the tarball once had no Roboto at all and drew every Android mock in
/// Inter, and it had no DejaVu Sans, so "،" in a Latin run of an Arabic screen drew a .notdef box.
final class PackageFontsTests: XCTestCase {
    /// The families Raster asks fontconfig for by name (Text, FontFallback, the mocks' styles).
    static let families = ["Inter", "Roboto", "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans CJK SC",
                           "Noto Color Emoji", "DejaVu Sans"]

    func testEveryFamilyTextDrawsWithIsInTheTarball() throws {
        let home = try PackageTests.unpack(into: try temporaryFolder("package-fonts"))
        let environment = ["FONTCONFIG_FILE": home + "/etc/fonts/fonts.conf", "HOME": home, "PATH": "/usr/bin:/bin"]
        for family in Self.families {
            let r = try CLI.run(["--format=%{family}\n%{file}", family], executable: CLI.which("fc-match"), environment: environment)
            XCTAssertEqual(r.status, 0, r.stderr)
            let lines = r.stdout.split(separator: "\n").map(String.init)
            XCTAssertTrue(lines.first?.split(separator: ",").contains { $0 == family } == true, "\(family): the tarball's fontconfig answers \(r.stdout)")
            XCTAssertTrue(lines.last?.hasPrefix(home + "/share/fonts/") == true, "\(family) from \(lines.last ?? "?")")
        }
    }

    func testMaterialAndArabicFramesMatchTheDevelopmentBuild() throws {
        guard getuid() == 0 else { throw XCTSkip("a private mount namespace needs root (CI runs as root)") }
        let dir = try temporaryFolder("package-fonts-hidden")
        let home = try PackageTests.unpack(into: dir)
        let hidden = PackageTests.root.path + "/scripts/package.d/run-hidden"
        // android-activity: a Material conversation (Roboto); rtl-arabic at 2.8 s: the settings
        // screen whose subtitle "Apple ID، iCloud، …" is a Latin run holding Arabic commas.
        let shots = [("android", "presets/catalog/android-activity.json", "0.5"), ("arabic", "presets/stories/rtl-arabic.json", "2.8")]
        for (name, preset, time) in shots {
            let args = ["frames", PackageTests.root.path + "/" + preset, "--at", time, "--scale", "0.25", "--jobs", "1", "--quiet", "-o"]
            let dev = try CLI.run(args + [dir + "/dev-" + name])
            XCTAssertEqual(dev.status, 0, dev.stderr)
            let tarball = try CLI.run([hidden, home, home + "/bin/segue"] + args + [dir + "/tarball-" + name], in: dir,
                                      executable: CLI.which("python3"), environment: ["PATH": "/usr/bin:/bin", "HOME": dir])
            XCTAssertEqual(tarball.status, 0, tarball.stderr)
            let frame = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: dir + "/dev-" + name).first)
            XCTAssertEqual(FileManager.default.contents(atPath: dir + "/tarball-\(name)/" + frame),
                           FileManager.default.contents(atPath: dir + "/dev-\(name)/" + frame),
                           "\(preset) at \(time) s: the tarball draws other pixels than the development build")
        }
    }
}
