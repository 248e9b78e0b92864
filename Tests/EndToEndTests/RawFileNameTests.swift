import Foundation
import XCTest
import SegueTestSupport

/// Issue 27.5, the rest: file names that are not UTF-8 (Linux allows any byte but '/' and NUL).
/// Swift decoded argv and folder listings with U+FFFD in their place, so `render bad\xFF.json`
/// said "no such file" and batch skipped the file. Now such a name is shown escaped (`\x{FF}`)
/// in every line — never U+FFFD, never the raw byte — and the file is read through its own
/// bytes. Real files with such names, made and named through /bin/sh's printf.
final class RawFileNameTests: XCTestCase {
    static let preset = """
    { "segue": 1, "name": "raw", "device": { "width": 60, "height": 40, "scale": 1 }, "fps": 10,
      "screens": { "a": { "mock": "list" }, "b": { "mock": "detail" } },
      "start": "a", "timeline": [ { "push": "b", "transition": "uikit", "duration": 0.2 } ] }
    """

    /// `script` run by sh in `dir`, `$SEGUE` the CLI.
    func sh(_ script: String, in dir: String) throws -> CLI.Result {
        try CLI.run(["-c", "SEGUE='\(CLI.binary)'; " + script], in: dir, executable: "/bin/sh")
    }

    /// Nothing printed holds U+FFFD (a raw byte that is not UTF-8 also decodes to it here).
    func assertClean(_ r: CLI.Result, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse((r.stdout + r.stderr).contains("\u{FFFD}"), "\(what): \(r.stdout)\(r.stderr)", file: file, line: line)
    }

    func testNamesThatAreNotUTF8AreShownEscapedAndTheirFilesRead() throws {
        let dir = try CLI.tempDir("raw-names")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/good", withIntermediateDirectories: true)
        try Data(Self.preset.utf8).write(to: URL(fileURLWithPath: dir + "/good/p.json"))
        try Data(Self.preset.replacingOccurrences(of: "\"fps\": 10", with: "\"fps\": 999").utf8).write(to: URL(fileURLWithPath: dir + "/broken.json"))
        let made = try sh(#"mv good/p.json "good/$(printf 'bad\377.json')" && mv broken.json "$(printf 'worse\376.json')""#, in: dir)
        XCTAssertEqual(made.status, 0, made.stderr)

        let ok = try sh(#""$SEGUE" validate "good/$(printf 'bad\377.json')""#, in: dir)
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(ok.stdout, "good/bad\\x{FF}.json: ok\n")
        assertClean(ok, "validate")

        let broken = try sh(#""$SEGUE" validate "$(printf 'worse\376.json')""#, in: dir)
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.hasPrefix("worse\\x{FE}.json:1:"), broken.stderr)
        XCTAssertTrue(broken.stderr.contains("fps"), broken.stderr)
        assertClean(broken, "invalid")

        let missing = try sh(#""$SEGUE" render "$(printf 'gone\375.json')" -o x.mp4"#, in: dir)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("gone\\x{FD}.json: no such file"), missing.stderr)
        assertClean(missing, "missing")

        // Rendered where the OS allows: the file is read through its own bytes.
        let render = try sh(#""$SEGUE" render "good/$(printf 'bad\377.json')" -o out.mp4 --quiet"#, in: dir)
        XCTAssertEqual(render.status, 0, render.stderr)
        let stream = try XCTUnwrap((try CLI.probe(dir + "/out.mp4")["streams"] as? [[String: Any]])?.first)
        XCTAssertEqual(stream["nb_read_frames"] as? String, "3")

        // An output is written under a UTF-8 name only: refused, named escaped.
        let rawOut = try sh(#""$SEGUE" render "good/$(printf 'bad\377.json')" -o "$(printf 'o\377.mp4')""#, in: dir)
        XCTAssertEqual(rawOut.status, 2)
        XCTAssertTrue(rawOut.stderr.contains("o\\x{FF}.mp4: the name is not UTF-8"), rawOut.stderr)
        assertClean(rawOut, "raw output")

        // Found in folders: validate lists both, batch renders the good one.
        let folder = try sh(#""$SEGUE" validate ."#, in: dir)
        XCTAssertEqual(folder.status, 2)
        XCTAssertTrue(folder.stdout.contains("./good/bad\\x{FF}.json: ok"), folder.stdout)
        XCTAssertTrue(folder.stderr.contains("./worse\\x{FE}.json:1:"), folder.stderr)
        assertClean(folder, "validate folder")
        let batch = try sh(#""$SEGUE" batch good -o outs --progress plain"#, in: dir)
        XCTAssertEqual(batch.status, 0, batch.stderr)
        XCTAssertTrue(batch.stderr.contains("bad\\x{FF}.json"), batch.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/outs/raw.mp4"))
        assertClean(batch, "batch")
    }
}
