import Geometry
import Raster
import Scene
import XCTest

/// A hidden screenshot region's default stand-in (issue 29.2): a scene instruction, filled in when
/// the screen is drawn with the region hidden, with the per-channel median of the ring of pixels
/// just outside the region in the screenshot as drawn.
final class SurroundingColorsTests: XCTestCase {
    static func pixel(_ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 { r | g << 8 | b << 16 | 0xFF00_0000 }
    static let navy = pixel(20, 30, 90), grey = pixel(128, 128, 128), white = pixel(255, 255, 255), red = pixel(200, 0, 0)

    /// 10×6 px: navy, a red 3×2 element at (3, 2), the 14-pixel ring around it 10 grey and 4 white
    /// (median: grey).
    static func screenshot() -> Bitmap {
        let b = Bitmap(uncheckedWidth: 10, height: 6)
        for y in 0..<6 { for x in 0..<10 { b.row(y)[x] = navy } }
        var ring: [(Int, Int)] = []
        for x in 2...6 { ring.append((x, 1)); ring.append((x, 4)) }
        for y in 2...3 { ring.append((2, y)); ring.append((6, y)) }
        for (i, (x, y)) in ring.enumerated() { b.row(y)[x] = i % 4 == 0 && i < 16 ? white : grey }
        for y in 2...3 { for x in 3...5 { b.row(y)[x] = red } }
        b.markOpaque()
        return b
    }

    func testAHiddenRegionShowsTheMedianOfItsRing() {
        let shot = Self.screenshot()
        XCTAssertEqual((0..<6).flatMap { y in (0..<10).map { shot.row(y)[$0] } }.filter { $0 == Self.white }.count, 4)
        let full = Rect(0, 0, 10, 6), element = Rect(3, 2, 3, 2)
        let screen = Node(id: "s", kind: .rect, frame: full, fill: .solid(.white), clips: true, children: [.image(shot, frame: full)])
        let colors = SurroundingColors(screen: screen, scale: 1, frames: [element])
        var withRegion = screen
        withRegion.children.append(.region(id: "e", frame: element, cornerRadius: 0,
                                           standIn: Node(kind: .rect, frame: Rect(0, 0, 3, 2), fill: .surrounding(colors, index: 0))))
        let hidden = ElementSnapshot.hiddenScreen(withRegion, hiding: ["e"], width: 10, height: 6, scale: 1)
        for y in 0..<6 {
            for x in 0..<10 {
                let inside = (3...5).contains(x) && (2...3).contains(y)
                XCTAssertEqual(hidden.row(y)[x], inside ? Self.grey : shot.row(y)[x], "(\(x), \(y))")
            }
        }
    }

    func testAScreenshotIsMeasuredOnceForAllItsRegions() {
        let colors = SurroundingColors(screen: Node(frame: Rect(0, 0, 1, 1)), scale: 1, frames: [Rect(0, 0, 1, 1), Rect(0, 0, 1, 1)])
        var measured = 0
        let measure: (SurroundingColors) -> [Color] = { _ in measured += 1; return [.black, .white] }
        XCTAssertEqual(colors.color(1, measuring: measure), .white)
        XCTAssertEqual(colors.color(0, measuring: measure), .black)
        XCTAssertEqual(measured, 1)
    }
}
