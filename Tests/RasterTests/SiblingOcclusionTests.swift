import Foundation
import Geometry
import Scene
import XCTest
@testable import Raster

/// Issue 27.7, the rest: a screen of N opaque sibling layers narrowed each sibling's drawing by
/// every later one, N² narrowings per draw; and a matched pair that grows looked its element up
/// by walking the screen, N walks for N pairs. The areas are now found in one backward pass
/// (exactly what narrowing by each later occluder in turn gives, checked here against that
/// fold), and a pair's element comes from the caller's index.
final class SiblingOcclusionTests: XCTestCase {
    /// Narrowing by each later occluder in turn: the rule `narrowed` must reproduce.
    func fold(_ whole: IRect, _ occluders: [(Int, IRect)], after i: Int) -> IRect {
        var w = whole
        for (j, r) in occluders where j > i { w = w.subtracting(r) }
        return w
    }

    func testTheOnePassAreasAreTheFoldOfEveryLaterOccluder() {
        var rng = SystemRandomNumberGenerator()
        let whole = IRect(x0: 0, y0: 0, x1: 40, y1: 30)
        for trial in 0..<400 {
            let count = Int.random(in: 1...24, using: &rng)
            var occluders: [(Int, IRect)] = []
            for j in 1..<max(2, count) where Bool.random(using: &rng) {
                // Small rects, bands spanning the whole at an edge, and whole covers.
                let x0 = Int.random(in: -5...40, using: &rng), y0 = Int.random(in: -5...30, using: &rng)
                let wide = Int.random(in: 0...3, using: &rng) == 0, tall = Int.random(in: 0...3, using: &rng) == 0
                let r = IRect(x0: wide ? -1 : x0, y0: tall ? -1 : y0, x1: wide ? 41 : x0 + Int.random(in: 1...20, using: &rng),
                              y1: tall ? 31 : y0 + Int.random(in: 1...20, using: &rng))
                if j < count { occluders.append((j, r)) }
            }
            let got = Context.narrowed(whole, by: occluders, count: count)
            for i in 0..<count { XCTAssertEqual(got[i], fold(whole, occluders, after: i), "trial \(trial), child \(i) of \(count): \(occluders)") }
        }
    }

    /// Thousands of opaque siblings (a `layers` screen of 4 000 cells) draw what drawing each with
    /// a plain fold draws: the same pixels as the layers drawn one by one without narrowing.
    func testManyOpaqueSiblingsDrawTheirPixels() throws {
        let n = 4000
        var cells: [Node] = []
        for k in 0..<n {
            let frame = Rect(Double((k % 64) * 3), Double((k / 64) * 3), 4, 4)
            let colour = Color(r: Double(k % 7) / 7, g: Double(k % 11) / 11, b: 0.5)
            cells.append(Node.rect(frame, colour, id: "e\(k)"))
        }
        let screen = Node(kind: .group, frame: Rect(0, 0, 200, 200), children: cells)
        let drawn = Renderer.snapshot(screen, scale: 1)
        // Reference: each cell alone composited in order (later cells over earlier ones).
        let reference = try Bitmap(width: 200, height: 200)
        for c in cells { Renderer.render(Node(kind: .group, frame: Rect(0, 0, 200, 200), children: [c]), scale: 1, into: reference, transform: .identity) }
        XCTAssertEqual([drawn.width, drawn.height], [200, 200])
        for y in 0..<200 { XCTAssertEqual(memcmp(drawn.row(y), reference.row(y), 200 * 4), 0, "row \(y)"); if memcmp(drawn.row(y), reference.row(y), 200 * 4) != 0 { break } }
    }

    /// A growing pair draws its element from the index entry it is given: the screen here has no
    /// such element to find, so only the given node can produce the sharper picture.
    func testAGrowingPairUsesTheElementItIsGiven() {
        let layer = Node.rect(Rect(0, 0, 10, 10), Color(r: 1, g: 0, b: 0), id: "x")
        let element = ScreenElement(id: "x", frame: Rect(0, 0, 10, 10), cornerRadius: 0, isRegion: false)
        let small = Bitmap(uncheckedWidth: 10, height: 10), big = Bitmap(uncheckedWidth: 40, height: 40)
        let empty = Node(kind: .group, frame: Rect(0, 0, 100, 100))
        let given = MatchedPicture.sharp(.init(screen: empty, id: "x", image: small, found: (layer, element)),
                                         covering: .init(screen: empty, id: "y", image: big), scale: 1)
        XCTAssertEqual([given.width, given.height], [40, 40])
        let lookedUp = MatchedPicture.sharp(.init(screen: empty, id: "x", image: small), covering: .init(screen: empty, id: "y", image: big), scale: 1)
        XCTAssertTrue(lookedUp === small)   // nothing to find: the picture as it was
    }
}
