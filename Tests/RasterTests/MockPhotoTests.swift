import XCTest
import Raster
import Geometry
import Scene

/// The detail mock's `photo: N` (issue 15): its hero is the grid mock's photoN for the same seed,
/// shown as aspect fill shows a square picture in a 4:3 frame, and nothing else on the page moves.
final class MockPhotoTests: XCTestCase {
    let size = Size(390, 844)

    func snapshot(_ screen: Node, _ id: String) throws -> Bitmap {
        try XCTUnwrap(ElementSnapshot.render(screen, id: id, scale: 1)).bitmap
    }

    /// Mean absolute channel difference between the hero and the cell at the same picture points:
    /// the hero (W × 0.75 W) shows the square picture's full width and its middle 3/4 of height.
    func meanDifference(hero: Bitmap, cell: Bitmap) -> Double {
        var total = 0.0, n = 0
        for i in 1..<20 {
            for j in 1..<20 {
                let u = Double(i) / 20, v = Double(j) / 20
                let hp = hero.rgba(x: Int(u * Double(hero.width)), y: Int(v * Double(hero.height)))
                let pv = 0.5 + (v - 0.5) * 0.75
                let cp = cell.rgba(x: Int(u * Double(cell.width)), y: Int(pv * Double(cell.height)))
                total += (abs(Double(hp.r) - Double(cp.r)) + abs(Double(hp.g) - Double(cp.g)) + abs(Double(hp.b) - Double(cp.b))) / 3
                n += 1
            }
        }
        return total / Double(n)
    }

    func testHeroIsTheGridsPhotoAtTheHerosSize() throws {
        let grid = try XCTUnwrap(Mocks.screen(kind: "grid", size: size, seed: 3))
        let detail = try XCTUnwrap(Mocks.screen(kind: "detail", size: size, seed: 3, photo: 4))
        let hero = try snapshot(detail, "hero")
        XCTAssertEqual([hero.width, hero.height], [390, 293])
        XCTAssertLessThan(meanDifference(hero: hero, cell: try snapshot(grid, "photo4")), 6, "the same picture")
        XCTAssertGreaterThan(meanDifference(hero: hero, cell: try snapshot(grid, "photo5")), 20, "another cell is another picture")
        // The sun stays round: the hero's picture is scaled uniformly (390 / 128.67 both ways).
        let plain = try XCTUnwrap(Mocks.screen(kind: "detail", size: size, seed: 3))
        XCTAssertGreaterThan(meanDifference(hero: try snapshot(plain, "hero"), cell: try snapshot(grid, "photo4")), 20,
                             "without photo the hero is its own picture")
    }

    /// The hero keeps the article's frame and the bar above it does not change (what is under the
    /// hero is a photo's page since issue 28: PhotoDetailPageTests).
    func testTheBarAndTheHerosFrameStayAndUnknownPhotosAreNil() throws {
        let a = try XCTUnwrap(Mocks.screen(kind: "detail", size: size, seed: 8))
        let b = try XCTUnwrap(Mocks.screen(kind: "detail", size: size, seed: 8, photo: 2))
        XCTAssertEqual(a.frameOfDescendant(id: "hero"), b.frameOfDescendant(id: "hero"))
        let ba = Bitmap(uncheckedWidth: 390, height: 844), bb = Bitmap(uncheckedWidth: 390, height: 844)
        Renderer.render(a, scale: 1, into: ba); Renderer.render(b, scale: 1, into: bb)
        // Above the hero (the status-bar band and the 44 pt bar: 91 pt) the page is the same.
        for y in 0..<91 {
            for x in 0..<390 where ba[x, y] != bb[x, y] { XCTFail("pixel (\(x), \(y)) changed"); return }
        }
        XCTAssertFalse(ba.isIdentical(to: bb))
        XCTAssertNil(Mocks.screen(kind: "detail", size: size, seed: 8, photo: 500))
        XCTAssertEqual(Mocks.gridPhotoCount(size: size, seed: 8), 18)
    }
}
