import Foundation
import XCTest
import Raster
@testable import Media

final class AtomicFileTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws { dir = try makeTempDir() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

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

final class ParallelConversionTests: XCTestCase {
    /// Export's pattern: one converter per worker, frames converted on several threads, written
    /// in order by one encoder thread — the file equals a serial encode byte for byte.
    func testParallelConvertersGiveTheSameFile() throws {
        let dir = try makeTempDir(); defer { try? FileManager.default.removeItem(atPath: dir) }
        var s = EncoderSettings(width: 63, height: 47, fps: 30); s.threads = 1
        let bitmaps = (0..<24).map { movingRectFrame($0, width: 63, height: 47) }
        try encode(bitmaps, to: dir + "/serial.mp4", settings: s)

        let enc = try VideoEncoder(destination: dir + "/parallel.mp4", settings: s)
        let workers = 4
        let converters = (0..<workers).map { _ in enc.makeConverter() }
        final class Slots: @unchecked Sendable {   // each index written by exactly one worker
            let frames: UnsafeMutableBufferPointer<VideoFrame?>
            init(_ n: Int) { frames = .allocate(capacity: n); frames.initialize(repeating: nil) }
            deinit { frames.deinitialize(); frames.deallocate() }
        }
        let slots = Slots(bitmaps.count)
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            for i in stride(from: w, to: bitmaps.count, by: workers) {
                slots.frames[i] = try? converters[w].convert(bitmaps[i])
            }
        }
        for f in slots.frames { try enc.write(XCTUnwrap(f)) }
        try enc.finish()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/serial.mp4")),
                       try Data(contentsOf: URL(fileURLWithPath: dir + "/parallel.mp4")))
    }
}
