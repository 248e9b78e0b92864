import Foundation
import Presets
import XCTest
import Raster
import SegueTestSupport

/// Tests/Fixtures/invalid/NAME.json holds one problem each; NAME.expect says where: line 1 the
/// JSON path the problem must be reported at (empty: the file itself, e.g. broken JSON), line 2 a
/// fragment of the message. Each preset is checked in process (the exact path) and through the
/// CLI (`segue validate` and `segue render`: exit 2, file and path on stderr, nothing written).
final class InvalidPresetCorpusTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/invalid").path

    struct Case { var file: String; var path: String; var fragment: String }

    static func cases() throws -> [Case] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            let expect = (folder as NSString).appendingPathComponent(String(name.dropLast(5)) + ".expect")
            let lines = try String(contentsOfFile: expect, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return Case(file: name, path: lines[0], fragment: lines.count > 1 ? lines[1] : "")
        }
    }

    func testCorpusIsLargeAndEveryFileHasAnExpectation() throws {
        let all = try Self.cases()
        XCTAssertGreaterThanOrEqual(all.count, 40)
        for c in all { XCTAssertFalse(c.fragment.isEmpty, "\(c.file).expect has no message fragment") }
    }

    func testEveryPresetIsRefusedAtItsPath() throws {
        for c in try Self.cases() {
            let file = (Self.folder as NSString).appendingPathComponent(c.file)
            let problems = PresetLoader.validate(path: file, images: folderImages, fonts: InstalledFonts()).problems
            XCTAssertFalse(problems.isEmpty, "\(c.file): accepted")
            XCTAssertTrue(problems.contains { $0.path == c.path && $0.message.contains(c.fragment) || $0.path == c.path && $0.description.contains(c.fragment) },
                          "\(c.file): expected \(c.path.isEmpty ? "(file)" : c.path): …\(c.fragment)…, got:\n\(problems.map(\.description).joined(separator: "\n"))")
            XCTAssertTrue(problems.allSatisfy { $0.file == file }, "\(c.file): every problem names the file")
            // One problem each: the corpus pins single checks, not cascades.
            XCTAssertEqual(problems.count, 1, "\(c.file): \(problems.map(\.description))")
        }
    }

    /// The CLI, when it is built (swift build -c release, or SEGUE_BIN).
    static var binary: String? {
        if let b = ProcessInfo.processInfo.environment["SEGUE_BIN"], !b.isEmpty { return b }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for config in ["release", "debug"] {
            let p = root.appendingPathComponent(".build/\(config)/segue").path
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    /// The three commands that must refuse `file`: `validate`, and `render` without and with `-o`.
    static func refusals(_ file: String) -> [[String]] {
        [["validate", file], ["render", file, "--progress", "none"], ["render", file, "-o", "out.mp4", "--progress", "none"]]
    }

    func testCLIRefusesEveryPresetWithExit2AndWritesNothing() throws {
        guard let binary = Self.binary else { throw XCTSkip("segue is not built") }
        let fm = FileManager.default
        let work = try temporaryFolder("corpus")
        let before = Set(try fm.subpathsOfDirectory(atPath: Self.folder))
        let cases = try Self.cases()
        // The children (three a preset) are independent and spend most of their life starting up,
        // so presets run side by side, each in a folder of its own that must stay empty.
        let runs = try concurrently(cases.count) { k in
            let dir = work + "/\(k)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
            let file = (Self.folder as NSString).appendingPathComponent(cases[k].file)
            let results = try Self.refusals(file).map { try CLI.run($0, in: dir, executable: binary) }
            return (results: results, left: names(in: dir))
        }
        for (c, run) in zip(cases, runs) {
            let file = (Self.folder as NSString).appendingPathComponent(c.file)
            // FILE:LINE:COLUMN: path: (the position is absent only for problems of the file itself).
            let located = try NSRegularExpression(pattern: "^" + NSRegularExpression.escapedPattern(for: file) + "(:[0-9]+:[0-9]+)?: "
                                                  + (c.path.isEmpty ? "" : NSRegularExpression.escapedPattern(for: c.path) + ": "), options: [.anchorsMatchLines])
            for (args, r) in zip(Self.refusals(file), run.results) {
                XCTAssertEqual(r.status, 2, "\(args.joined(separator: " ")): \(r.stderr)")
                XCTAssertNotNil(located.firstMatch(in: r.stderr, range: NSRange(r.stderr.startIndex..., in: r.stderr)),
                                "\(args[0]) \(c.file): expected \"\(located.pattern)\" in:\n\(r.stderr)")
                XCTAssertTrue(r.stderr.contains(c.fragment), "\(args[0]) \(c.file): expected \"\(c.fragment)\" in:\n\(r.stderr)")
            }
            XCTAssertEqual(run.left, [], "\(c.file): render wrote something")
        }
        XCTAssertEqual(runs.count, cases.count)
        XCTAssertEqual(Set(try fm.subpathsOfDirectory(atPath: Self.folder)), before, "nothing written beside the presets")
    }
}
