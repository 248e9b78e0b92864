import Foundation
import XCTest
import SegueTestSupport
import Media

/// `segue gallery` and `batch --gallery` draw every clip's poster, sheet and plot from the preset
/// it was rendered from — a matrix clip's from its own combination — and never from a preset edited
/// since: the manifest records each preset's SHA-256, and a card whose preset no longer matches is
/// marked stale (or, with --refuse-stale, the gallery is refused).
final class GalleryStaleTests: XCTestCase {
    func testMatrixClipsGetTheirImagesAndEditedPresetsAreStale() throws {
        let dir = try temporaryFolder("gallery-stale")
        try FileManager.default.createDirectory(atPath: dir + "/p", withIntermediateDirectories: true)
        try Data(MatrixRecipeTests.matrixPreset.utf8).write(to: URL(fileURLWithPath: dir + "/p/mx.json"))
        try Data(MatrixRecipeTests.plainPreset.utf8).write(to: URL(fileURLWithPath: dir + "/p/plain.json"))
        let r = try CLI.run(["batch", "p", "-o", "out", "--manifest", "out/manifest.json", "--gallery", "--quiet"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let m = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/out/manifest.json"))) as? [String: Any])
        let entries = try XCTUnwrap(m["presets"] as? [[String: Any]])
        let plainHash = try CLI.run([dir + "/p/plain.json"], executable: CLI.which("sha256sum")).stdout.prefix(64)
        XCTAssertEqual(entries.first { $0["name"] as? String == "plain" }?["presetSha256"] as? String, String(plainHash))
        // Every clip, the 8 of the matrix included, has its poster, sheet and plot.
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/out/index_files")
        for kind in [".poster.png", ".sheet.png", ".plot.png"] {
            XCTAssertEqual(files.filter { $0.hasSuffix(kind) }.count, 9, "\(kind): \(files.sorted())")
        }
        // A matrix clip's poster is its own combination's frame (90 px wide, dark), not another's.
        let name = "mx-90-dark-fade"
        let poster = try XCTUnwrap(files.first { $0.hasSuffix("-\(name).poster.png") })
        XCTAssertEqual(try ImageDecoder.decode(path: dir + "/out/index_files/" + poster).width, 90)
        XCTAssertFalse(try String(contentsOfFile: dir + "/out/index.html", encoding: .utf8).contains("class=\"stale\""))

        // The plain preset edited after the render: marked stale, no images from its new text.
        try Data(MatrixRecipeTests.plainPreset.replacingOccurrences(of: "#336699", with: "#FF00FF").utf8).write(to: URL(fileURLWithPath: dir + "/p/plain.json"))
        let g = try CLI.run(["gallery", "out/manifest.json", "-o", "review", "--quiet"], in: dir)
        XCTAssertEqual(g.status, 0, g.stderr)
        let page = try String(contentsOfFile: dir + "/review/index.html", encoding: .utf8)
        XCTAssertEqual(page.components(separatedBy: "<p class=\"stale\">").count - 1, 1)
        let reviewed = try FileManager.default.contentsOfDirectory(atPath: dir + "/review/index_files")
        XCTAssertFalse(reviewed.contains { $0.contains("plain.") && $0.hasSuffix(".png") }, "\(reviewed.sorted())")
        XCTAssertEqual(reviewed.filter { $0.hasSuffix(".poster.png") }.count, 8)
        let refused = try CLI.run(["gallery", "out/manifest.json", "-o", "refused", "--refuse-stale"], in: dir)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("p/plain.json: edited after its clip was rendered"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/refused/index.html"))
    }
}
