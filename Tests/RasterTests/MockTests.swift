import XCTest
@testable import Raster
import Geometry
import Scene

final class MockTests: XCTestCase {
    private func render(_ kind: String, seed: Int, dark: Bool = false, scale: Double = 1) -> Bitmap {
        let n = Mocks.screen(kind: kind, size: Size(390, 844), title: nil, tint: nil, dark: dark, seed: seed, items: nil)!
        let b = Bitmap(uncheckedWidth: Int(390 * scale), height: Int(844 * scale))
        Renderer.render(n, scale: scale, into: b)
        return b
    }

    func testMocksAreDeterministicAndSeeded() {
        for (kind, _) in Mocks.kinds {
            let a = render(kind, seed: 3), b = render(kind, seed: 3), c = render(kind, seed: 4)
            XCTAssertTrue(a.isIdentical(to: b), "\(kind) same seed")
            XCTAssertFalse(a.isIdentical(to: c), "\(kind) different seed")
            XCTAssertTrue(a.isOpaque, "\(kind) opaque screen")
        }
        XCTAssertNil(Mocks.screen(kind: "nope", size: Size(390, 844), title: nil, tint: nil, dark: false, seed: 0, items: nil))
    }

    func testNamedElementsAndDarkMode() {
        let feed = Mocks.screen(kind: "feed", size: Size(390, 844), title: nil, tint: nil, dark: false, seed: 1, items: nil)!
        XCTAssertNotNil(feed.find(id: "avatar0")); XCTAssertNotNil(feed.find(id: "photo0")); XCTAssertNotNil(feed.find(id: "statusBar"))
        let detail = Mocks.screen(kind: "detail", size: Size(390, 844), title: nil, tint: nil, dark: false, seed: 1, items: nil)!
        XCTAssertNotNil(detail.frameOfDescendant(id: "hero"))
        let light = render("list", seed: 1), dark = render("list", seed: 1, dark: true)
        XCTAssertGreaterThan(Bitmap.unpack(light[200, 400]).r, 200)
        XCTAssertLessThan(Bitmap.unpack(dark[380, 700]).r, 60)
    }

    /// Writes the mocks at 3× to /tmp/segue-mocks for looking at (not an assertion).
    func testWriteMockPNGs() throws {
        guard ProcessInfo.processInfo.environment["SEGUE_WRITE_MOCKS"] != nil else { throw XCTSkip("set SEGUE_WRITE_MOCKS=1") }
        try? FileManager.default.createDirectory(atPath: "/tmp/segue-mocks", withIntermediateDirectories: true)
        for (kind, _) in Mocks.kinds {
            for dark in [false, true] { writePNG(render(kind, seed: 7, dark: dark, scale: 3), "/tmp/segue-mocks/\(kind)\(dark ? "-dark" : "").png") }
        }
    }
}
