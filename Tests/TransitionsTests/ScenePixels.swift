import XCTest
import Geometry
import Raster
import Scene

/// Drawing a transition's scene at scale 1 over black and checking its pixels against colours
/// worked out in the test (components 0…1, within 2 of 255).
extension XCTestCase {
    func renderScene(_ n: Node, _ size: Size) -> Bitmap {
        let b = Bitmap(uncheckedWidth: Int(size.width), height: Int(size.height), fill: .black)
        Renderer.render(n, scale: 1, into: b)
        return b
    }

    func assertPixel(_ b: Bitmap, _ x: Int, _ y: Int, _ c: (Double, Double, Double), tol: Double = 2, line: UInt = #line) {
        let px = b.rgba(x: x, y: y)
        XCTAssertEqual(Double(px.r), c.0 * 255, accuracy: tol, "r at (\(x),\(y))", line: line)
        XCTAssertEqual(Double(px.g), c.1 * 255, accuracy: tol, "g at (\(x),\(y))", line: line)
        XCTAssertEqual(Double(px.b), c.2 * 255, accuracy: tol, "b at (\(x),\(y))", line: line)
    }
}
