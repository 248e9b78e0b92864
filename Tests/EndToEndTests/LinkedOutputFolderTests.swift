import Foundation
import XCTest
import SegueTestSupport

/// `batch -o LINK` and `gallery -o LINK`, where LINK is a symbolic link to a folder elsewhere, are
/// refused as `frames -o LINK` is (exit 2, the link named, nothing written at its target), with
/// or without a trailing "/" (which would make the system follow the link).
final class LinkedOutputFolderTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws {
        dir = try temporaryFolder("linked-out")
        try FileManager.default.createDirectory(atPath: dir + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/out", withDestinationPath: dir + "/elsewhere")
        try CLI.write(BatchTests.preset(name: "small"), dir + "/p/small.json")
    }

    func run(_ args: [String]) throws -> CLI.Result { try CLI.run(args, in: dir) }
    func elsewhere() -> [String] { (FileManager.default.subpaths(atPath: dir + "/elsewhere") ?? []).sorted() }

    func assertRefused(_ args: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try run(args)
        XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)", file: file, line: line)
        XCTAssertTrue(r.stderr.contains("is a symbolic link"), "\(args): \(r.stderr)", file: file, line: line)
        XCTAssertEqual(elsewhere(), [], "\(args): nothing written at the link's target", file: file, line: line)
    }

    func testBatchRefusesALinkedOutputFolder() throws {
        try assertRefused(["batch", "p", "-o", "out", "--quiet"])
        try assertRefused(["batch", "p", "-o", "out/", "--gallery", "--quiet"])
        try assertRefused(["frames", "p/small.json", "--at", "0", "-o", "out/"])
        // The link's target itself is a plain folder: accepted.
        XCTAssertEqual(try run(["batch", "p", "-o", "elsewhere", "--quiet"]).status, 0)
    }

    func testGalleryRefusesALinkedOutputFolder() throws {
        XCTAssertEqual(try run(["batch", "p", "-o", "clips", "--manifest", "clips/m.json", "--quiet"]).status, 0)
        try assertRefused(["gallery", "clips/m.json", "-o", "out"])
        try assertRefused(["gallery", "clips/m.json", "-o", "out/"])
    }
}
