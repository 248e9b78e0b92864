import Foundation
import XCTest
import SegueTestSupport

/// A folder that cannot be listed or created is reported with the system's reason (strerror), as
/// every other I/O error is — not Foundation's "The operation could not be completed." wrapper.
final class SystemReasonTests: XCTestCase {
    func testImportOfAMissingFolderSaysSo() throws {
        let dir = try temporaryFolder("reason")
        let r = try CLI.run(["import", "shots/", "-o", "story.json"], in: dir)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("shots/: cannot list the folder: No such file or directory"), r.stderr)
        XCTAssertFalse(r.stderr.contains("could not be completed"), r.stderr)
    }

    func testABatchFolderUnderAFileSaysSo() throws {
        let dir = try temporaryFolder("reason")
        try CLI.write(BatchTests.preset(name: "small"), dir + "/p/small.json")
        try CLI.write("x\n", dir + "/file")
        let r = try CLI.run(["batch", "p", "-o", "file/out", "--quiet"], in: dir)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("-o file/out: cannot create the folder file/out: Not a directory"), r.stderr)
        XCTAssertFalse(r.stderr.contains("could not be completed"), r.stderr)
        let cache = try CLI.run(["batch", "p", "-o", "out", "--cache", "file/cache", "--quiet"], in: dir)
        XCTAssertEqual(cache.status, 2, cache.stderr)
        XCTAssertTrue(cache.stderr.contains("--cache file/cache: cannot create the folder file/cache: Not a directory"), cache.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: dir + "/file"), Data("x\n".utf8))
    }
}
