import XCTest
@testable import Raster
import Geometry
import Scene

final class CoverageTests: XCTestCase {
    private func area(of node: Node, _ w: Int = 64, _ h: Int = 64, scale: Double = 1) -> Double {
        let b = Bitmap(uncheckedWidth: w, height: h)
        Renderer.render(node, scale: scale, into: b)
        return coveredArea(b)
    }

    func testFractionalRectCoversExactArea() {
        let r = Rect(3.3, 4.7, 20.25, 11.6)
        let a = area(of: .rect(r, .white))
        XCTAssertEqual(a, r.width * r.height, accuracy: r.width * r.height * 0.01)
        // Exact at the corner pixel: x coverage 0.7 × y coverage 0.3.
        let b = Bitmap(uncheckedWidth: 64, height: 64)
        Renderer.render(.rect(r, .white), scale: 1, into: b)
        XCTAssertEqual(Int(b[3, 4] >> 24), Int((0.7 * 0.3 * 255).rounded()))
        XCTAssertEqual(b[10, 10] >> 24, 255)
        XCTAssertEqual(b[2, 10], 0)
    }

    func testRoundedRectAndEllipseCoverTheirArea() {
        let r = Rect(5.4, 6.1, 40.3, 30.7), rad = 9.3
        let exact = r.width * r.height - (4 - Double.pi) * rad * rad
        XCTAssertEqual(area(of: .rect(r, .white, cornerRadius: rad)), exact, accuracy: exact * 0.01)
        let e = Node(kind: .ellipse, frame: Rect(7.5, 3.25, 41, 23.5), fill: .solid(.white))
        let ea = Double.pi * 41 / 2 * 23.5 / 2
        XCTAssertEqual(area(of: e), ea, accuracy: ea * 0.01)
        // Small: a 3 px circle.
        let c = Node(kind: .ellipse, frame: Rect(10.2, 10.7, 3, 3), fill: .solid(.white))
        XCTAssertEqual(area(of: c), Double.pi * 2.25, accuracy: Double.pi * 2.25 * 0.01)
    }

    func testRotatedRectCoversItsArea() {
        var n = Node.rect(Rect(20, 20, 24.5, 17.3), .white, cornerRadius: 4)
        n.transform = LayerTransform(rotate: 33)
        let exact = 24.5 * 17.3 - (4 - Double.pi) * 16
        XCTAssertEqual(area(of: n), exact, accuracy: exact * 0.01)
    }

    func testScaledDrawingCoversScaledArea() {
        let r = Rect(1.1, 2.2, 10.3, 7.7)
        XCTAssertEqual(area(of: .rect(r, .white, cornerRadius: 2), 64, 64, scale: 3),
                       (r.width * r.height - (4 - .pi) * 4) * 9, accuracy: r.width * r.height * 9 * 0.01)
    }

    func testBorderIsInsideBounds() {
        var n = Node.rect(Rect(10, 10, 30, 20), .clear)
        n.fill = nil
        n.border = Border(width: 2, color: .white)
        let b = Bitmap(uncheckedWidth: 64, height: 64)
        Renderer.render(n, scale: 1, into: b)
        XCTAssertEqual(coveredArea(b), 30 * 20 - 26 * 16, accuracy: 1)
        XCTAssertEqual(b[9, 15], 0)      // outside
        XCTAssertEqual(b[10, 15] >> 24, 255)
        XCTAssertEqual(b[12, 15], 0)     // inside the hole
    }
}
