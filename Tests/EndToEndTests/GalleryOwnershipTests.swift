import Foundation
import XCTest
import SegueTestSupport

/// A gallery is a derived output (README: "a gallery's files … replace an existing file only when
/// it is Segue's own"): it never replaces a page of the user's at DIR/index.html, and it shows a
/// clip only where this batch wrote one — never the file that sits at an invalid, skipped or
/// failed preset's output path.
final class GalleryOwnershipTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws { dir = try temporaryFolder("gallery-owner") }

    func run(_ args: [String]) throws -> CLI.Result { try CLI.run(args, in: dir) }
    func write(_ text: String, _ rel: String) throws { try CLI.write(text, dir + "/" + rel) }
    func read(_ rel: String) -> String? { FileManager.default.contents(atPath: dir + "/" + rel).map { String(decoding: $0, as: UTF8.self) } }
    func tree(_ rel: String) -> [String] { (FileManager.default.subpaths(atPath: dir + "/" + rel) ?? []).sorted() }

    func testAUsersIndexPageIsNotReplaced() throws {
        try write(BatchTests.preset(name: "small"), "p/small.json")
        XCTAssertEqual(try run(["batch", "p", "-o", "out", "--manifest", "out/m.json", "--quiet"]).status, 0)
        try write("<p>my own page</p>\n", "site/index.html")
        let r = try run(["gallery", "out/m.json", "-o", "site"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("site/index.html: exists and is not a page segue gallery wrote"), r.stderr)
        XCTAssertEqual(read("site/index.html"), "<p>my own page</p>\n")
        XCTAssertEqual(tree("site"), ["index.html"], "nothing written beside the refused page")
        // batch --gallery into a folder holding the user's page: refused before rendering anything.
        try write("<p>mine too</p>\n", "out2/index.html")
        let b = try run(["batch", "p", "-o", "out2", "--gallery", "--quiet"])
        XCTAssertEqual(b.status, 2, b.stderr)
        XCTAssertTrue(b.stderr.contains("out2/index.html: exists and is not a page segue gallery wrote"), b.stderr)
        XCTAssertEqual(read("out2/index.html"), "<p>mine too</p>\n")
        XCTAssertEqual(tree("out2"), ["index.html"])
        // The gallery's own page is replaced, as before.
        XCTAssertEqual(try run(["gallery", "out/m.json", "-o", "g", "--quiet"]).status, 0)
        let again = try run(["gallery", "out/m.json", "-o", "g", "--quiet"])
        XCTAssertEqual(again.status, 0, again.stderr)
    }

    func testAFileAtAnInvalidPresetsOutputIsNotShownAsItsClip() throws {
        try write(BatchTests.preset(name: "good"), "p/good.json")
        try write(BatchTests.preset(name: "theirs"), "p/theirs.json")
        try write("not a clip of Segue's\n", "out/theirs.mp4")
        let batch = try run(["batch", "p", "-o", "out", "--manifest", "out/m.json", "--keep-going", "--quiet"])
        XCTAssertEqual(batch.status, 2, batch.stderr)
        let r = try run(["gallery", "out/m.json", "-o", "g", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let files = tree("g/index_files")
        XCTAssertFalse(files.contains { $0.hasSuffix("-theirs.mp4") }, "\(files)")
        XCTAssertTrue(files.contains { $0.hasSuffix("-good.mp4") }, "\(files)")
        let page = read("g/index.html") ?? ""
        XCTAssertFalse(page.contains("theirs.mp4\""), "the page links no clip for the invalid preset")
        XCTAssertEqual(read("out/theirs.mp4"), "not a clip of Segue's\n")
    }
}
