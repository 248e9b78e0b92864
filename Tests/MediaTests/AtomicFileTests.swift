import Foundation
import XCTest
import SegueTestSupport
import Raster
@testable import Media

final class AtomicFileTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws { dir = try temporaryFolder("media") }

    func testCommitReplacesAndDiscardKeepsDestination() throws {
        let dest = dir + "/out.bin"
        try Data("old".utf8).write(to: URL(fileURLWithPath: dest))
        let a = try AtomicFile(destination: dest)
        let name = URL(fileURLWithPath: a.temporaryPath).lastPathComponent
        XCTAssertTrue(name.hasPrefix(".out.bin.\(getpid())."), name)
        XCTAssertEqual(URL(fileURLWithPath: a.temporaryPath).deletingLastPathComponent().path, URL(fileURLWithPath: dir).path)
        XCTAssertTrue(AtomicFile.pendingPaths.contains(a.temporaryPath))
        try Data("new".utf8).write(to: URL(fileURLWithPath: a.temporaryPath))
        XCTAssertEqual(try String(contentsOfFile: dest, encoding: .utf8), "old")
        try a.commit()
        XCTAssertEqual(try String(contentsOfFile: dest, encoding: .utf8), "new")
        XCTAssertFalse(AtomicFile.pendingPaths.contains(a.temporaryPath))
        XCTAssertThrowsError(try a.commit())

        let b = try AtomicFile(destination: dest)
        try Data("newer".utf8).write(to: URL(fileURLWithPath: b.temporaryPath))
        b.discard()
        XCTAssertEqual(try String(contentsOfFile: dest, encoding: .utf8), "new")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["out.bin"])
    }

    func testDiscardAllPendingRemovesEveryTemporary() throws {
        let files = try (0..<3).map { try AtomicFile(destination: dir + "/f\($0).mp4") }
        let enc = try VideoEncoder(destination: dir + "/clip.mp4", settings: EncoderSettings(width: 16, height: 16, fps: 30))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).count, 4)
        // As a DispatchSource signal handler would: from another thread.
        DispatchQueue.global().sync { AtomicFile.discardAllPending() }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [])
        XCTAssertThrowsError(try files[0].commit())
        XCTAssertThrowsError(try enc.finish())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [])
    }

    func testUnwritableDirectoryThrows() throws {
        // Missing parents are created (issue 13.5); a parent that is a file cannot be.
        FileManager.default.createFile(atPath: dir + "/plain", contents: Data())
        XCTAssertThrowsError(try AtomicFile(destination: dir + "/plain/x")) { XCTAssertTrue("\($0)".contains("plain"), "\($0)") }
        XCTAssertThrowsError(try AtomicFile(destination: dir)) { XCTAssertTrue("\($0)".contains("folder"), "\($0)") }
        try FileManager.default.removeItem(atPath: dir + "/plain")
        if getuid() != 0 {   // root ignores permissions
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: dir)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: dir) }
            XCTAssertThrowsError(try AtomicFile(destination: dir + "/x"))
        }
    }
}
