import Foundation
@testable import Media
import Raster
import XCTest
import SegueTestSupport
import Vocabulary

/// DESIGN §7 in Media: what a destination may be (OutputDestination), the commit refused once a
/// signal has been recorded (Interruption), and the one table of formats and codecs (OutputFormats).
final class OutputRulesTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws { dir = try temporaryFolder("media") }
    override func tearDown() { Interruption.record(0) }

    func testSegueFrameNames() {
        for ok in ["frame-00000.png", "frame-123456.png"] { XCTAssertTrue(OutputDestination.isSegueFrameName(ok), ok) }
        for bad in ["frame-0000.png", "frame-0000a.png", "Frame-00000.png", "frame-00000.png.bak", "notes.txt", "frame-٠٠٠٠٠.png"] {
            XCTAssertFalse(OutputDestination.isSegueFrameName(bad), bad)
        }
    }

    func testAFolderOfForeignFilesIsRefusedBeforeAndAtTheCommit() throws {
        let out = dir + "/frames"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: out + "/frame-00000.png", contents: Data("old".utf8))
        let d = try AtomicDirectory(destination: out)   // only our frames: accepted
        FileManager.default.createFile(atPath: d.temporaryPath + "/frame-00000.png", contents: Data("new".utf8))
        // The user drops a file in meanwhile: the commit refuses and leaves both files.
        FileManager.default.createFile(atPath: out + "/mine.txt", contents: Data("mine".utf8))
        XCTAssertThrowsError(try d.commit()) { XCTAssertTrue("\($0)".contains("mine.txt"), "\($0)") }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), ["frame-00000.png", "mine.txt"])
        XCTAssertEqual(FileManager.default.contents(atPath: out + "/frame-00000.png"), Data("old".utf8))
        XCTAssertThrowsError(try AtomicDirectory(destination: out))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["frames"], "no temporary left")
    }

    func testMissingParentsAreCreatedAndUnmakeableOnesNamed() throws {
        let f = try AtomicFile(destination: dir + "/a/b/c.bin")
        try Data("x".utf8).write(to: URL(fileURLWithPath: f.temporaryPath))
        try f.commit()
        XCTAssertEqual(FileManager.default.contents(atPath: dir + "/a/b/c.bin"), Data("x".utf8))
        FileManager.default.createFile(atPath: dir + "/plain", contents: Data())
        XCTAssertThrowsError(try AtomicFile(destination: dir + "/plain/x/y.bin")) { e in
            XCTAssertTrue("\(e)".contains(dir + "/plain"), "\(e)")
            XCTAssertFalse("\(e)".contains(".tmp"), "\(e)")
        }
    }

    func testASignalRecordedBeforeTheCommitLeavesTheDestinationUntouched() throws {
        let dest = dir + "/out.mp4"
        FileManager.default.createFile(atPath: dest, contents: Data("keep".utf8))
        let f = try AtomicFile(destination: dest)
        try Data("new".utf8).write(to: URL(fileURLWithPath: f.temporaryPath))
        Interruption.record(SIGTERM)
        XCTAssertThrowsError(try f.commit()) { XCTAssertEqual(($0 as? InterruptedError)?.signal, SIGTERM, "\($0)") }
        XCTAssertEqual(FileManager.default.contents(atPath: dest), Data("keep".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["out.mp4"], "the temporary is gone")
        // A record of the interruption (the batch manifest) is still written.
        let m = try AtomicFile(destination: dir + "/manifest.json")
        try m.commit(evenAfterSignal: true)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/manifest.json"))
        Interruption.record(0)
        let g = try AtomicFile(destination: dest)
        try Data("new".utf8).write(to: URL(fileURLWithPath: g.temporaryPath))
        try g.commit()
        XCTAssertEqual(FileManager.default.contents(atPath: dest), Data("new".utf8))
    }

    func testTheTableDrivesEveryRule() {
        func fields(_ f: OutputFormat?, _ c: VideoCodec?, crf: Int? = nil, preset: String? = nil, alpha: Bool = false) -> [OutputFormats.Field] {
            OutputFormats.problems(format: f, codec: c, crf: crf, preset: preset, transparent: alpha).map(\.field)
        }
        XCTAssertEqual(fields(.gif, .h264), [.codec])
        XCTAssertEqual(fields(.png, .prores), [.codec])
        XCTAssertEqual(fields(.mov, nil, crf: 20), [.crf], "mov's default codec is ProRes: no crf")
        XCTAssertEqual(fields(.gif, nil, crf: 20), [.crf])
        XCTAssertEqual(fields(.webm, nil, preset: "slow"), [.preset])
        XCTAssertEqual(fields(.webm, nil, crf: 63), [])
        XCTAssertEqual(fields(.mp4, nil, crf: 52), [.crf])
        XCTAssertEqual(fields(.mp4, .hevc, crf: 51, preset: "slow"), [])
        XCTAssertEqual(fields(.mp4, nil, alpha: true), [.background])
        XCTAssertEqual(fields(.mov, .h264, alpha: true), [.background])
        XCTAssertEqual(fields(nil, .h264, alpha: true), [.background])
        XCTAssertEqual(fields(nil, nil, crf: 63), [])
        XCTAssertEqual(fields(nil, nil, crf: 64), [.crf])
        XCTAssertEqual(fields(.null, .prores, crf: 30), [])
        for f in OutputFormat.allCases { for c in VideoCodec.allCases { XCTAssertEqual(f.accepts(c), fields(f, c).isEmpty, "\(f) \(c)") } }
        XCTAssertEqual(OutputFormats.videoFormat(forExtension: "M4V"), .mp4)
        XCTAssertNil(OutputFormats.videoFormat(forExtension: "mkv"))
    }

    func testJPEGStillsAreJPEG() throws {
        let b = Bitmap(uncheckedWidth: 33, height: 17)
        b.pixels.update(repeating: Bitmap.pack(r: 200, g: 40, b: 90, a: 255), count: 33 * 17)
        try StillWriter.write(b, to: dir + "/s.jpg")
        let data = try XCTUnwrap(FileManager.default.contents(atPath: dir + "/s.jpg"))
        XCTAssertEqual(Array(data.prefix(3)), [0xFF, 0xD8, 0xFF])
        XCTAssertThrowsError(try StillWriter.kind(for: dir + "/s.gif"))
    }
}
