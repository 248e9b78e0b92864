import XCTest
@testable import Raster
import Geometry
import Scene

final class ShadowTests: XCTestCase {
    func testRectShadowClosedFormMatchesGaussianMass() {
        // A shadow's total alpha is the shape's area × opacity (a blur preserves mass).
        var n = Node.rect(Rect(40, 40, 30, 20), .clear)
        n.fill = .solid(Color(white: 1, alpha: 1))
        n.shadow = Shadow(color: .black, opacity: 0.5, radius: 4, offset: Point(0, 6))
        let b = Bitmap(uncheckedWidth: 160, height: 160)
        Renderer.render(n, scale: 1, into: b)
        // Below the card: shadow present; far away: nothing.
        XCTAssertGreaterThan(b[55, 63] >> 24, 20)
        XCTAssertEqual(b[5, 5], 0)
        var only = Node.rect(Rect(40, 40, 30, 20), .black); only.fill = .solid(.black)
        only.shadow = Shadow(color: .black, opacity: 1, radius: 4, offset: Point(0, 50))
        let b2 = Bitmap(uncheckedWidth: 160, height: 200)
        Renderer.render(only, scale: 1, into: b2)
        var mass = 0.0
        for y in 75..<160 { for x in 0..<160 { mass += Double(b2[x, y] >> 24) / 255 } }
        XCTAssertEqual(mass, 600, accuracy: 600 * 0.02)
    }

    func testRoundedAndMaskShadowsHaveMass() {
        for isRect in [true, false] {
            var n = Node(kind: isRect ? .rect : .ellipse, frame: Rect(40, 20, 40, 40), fill: .solid(.black), cornerRadius: 10)
            n.shadow = Shadow(color: .black, opacity: 1, radius: 3, offset: Point(0, 70))
            let b = Bitmap(uncheckedWidth: 120, height: 160)
            Renderer.render(n, scale: 1, into: b)
            var mass = 0.0
            for y in 70..<160 { for x in 0..<120 { mass += Double(b[x, y] >> 24) / 255 } }
            let area = isRect ? 1600 - (4 - Double.pi) * 100 : Double.pi * 400
            XCTAssertEqual(mass, area, accuracy: area * 0.03, "rect \(isRect)")
        }
    }
}
