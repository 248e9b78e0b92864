import Geometry
import XCTest
import Foundation
@testable import Motion

/// Reference Bézier evaluation written the slow, obvious way: Bernstein polynomials and plain
/// bisection on the parameter. Independent of Motion's Newton solver.
func slowBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
    func bern(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if bern(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return bern(y1, y2, (lo + hi) / 2)
}

final class CurveTests: XCTestCase {
    func testNamedCurvesControlPoints() throws {
        func cp(_ c: Curve) throws -> [Double] {
            let b = try XCTUnwrap(c.bezier)
            return [b.x1, b.y1, b.x2, b.y2]
        }
        XCTAssertEqual(try cp(XCTUnwrap(Curve.named("linear"))), [0, 0, 1, 1])
        XCTAssertEqual(try cp(XCTUnwrap(Curve.named("easeIn"))), [0.42, 0, 1, 1])
        XCTAssertEqual(try cp(XCTUnwrap(Curve.named("easeOut"))), [0, 0, 0.58, 1])
        XCTAssertEqual(try cp(XCTUnwrap(Curve.named("easeInOut"))), [0.42, 0, 0.58, 1])
        XCTAssertEqual(try cp(XCTUnwrap(Curve.named("default"))), [0.25, 0.1, 0.25, 1])
        XCTAssertEqual(Curve.named("system"), .system)
        XCTAssertNil(Curve.named("bouncy"))
        XCTAssertNil(Curve.named("EaseIn"))
        for name in Curve.names { XCTAssertNotNil(Curve.named(name), name) }
        XCTAssertTrue(Curve.catalog.map(\.name).starts(with: Curve.names))
    }

    func testBezierAgainstSlowBisection() throws {
        let curves: [[Double]] = [
            [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1], [0.25, 0.1, 0.25, 1],
            [0.4, 0, 0.2, 1], [0, 1, 1, 0], [0.68, -0.6, 0.32, 1.6], [0, 0, 0, 1],
            [1, 0, 1, 1], [0.5, 2, 0.5, -1], [0.1, 0.9, 0.2, 1.0], [0.9, 0, 0.1, 1],
        ]
        for c in curves {
            let b = try XCTUnwrap(CubicBezier(c[0], c[1], c[2], c[3]))
            var maxErr = 0.0
            for i in 0...1000 {
                let x = Double(i) / 1000
                let err = abs(b.value(at: x) - slowBezier(c[0], c[1], c[2], c[3], x))
                maxErr = max(maxErr, err)
            }
            XCTAssertLessThan(maxErr, 1e-7, "curve \(c)")
        }
    }

    /// (1, 0, 0, 1) has x'(½) = 0: y(x) has a vertical tangent there, and x(s) − ½ = 4(s − ½)³ is
    /// below double rounding for |s − ½| < 3e-6, so no double-precision solver (nor the reference)
    /// can pin y to 1e-7 at x = ½. What can be demanded is backward accuracy: the parameter found
    /// reproduces x to rounding (checked in Float80, independent of Motion's Horner form), and y
    /// is within the conditioning limit 1.5·(1e-16/4)^(1/3) ≈ 5e-6.
    func testBezierVerticalTangentIsBackwardAccurate() throws {
        let b = try XCTUnwrap(CubicBezier(1, 0, 0, 1))
        for i in 0...1000 {
            let x = Double(i) / 1000
            let s = Float80(b.parameter(forX: x))
            let xs = 3 * (1 - s) * (1 - s) * s + s * s * s
            XCTAssertLessThan(abs(xs - Float80(x)), 1e-15, "x \(x)")
            XCTAssertEqual(b.value(at: x), slowBezier(1, 0, 0, 1, x), accuracy: 6e-6)
        }
    }

    func testBezierRejectsBadX() {
        XCTAssertNil(CubicBezier(1.2, 0, 0.5, 1))
        XCTAssertNil(CubicBezier(0.2, 0, -0.1, 1))
        XCTAssertNil(CubicBezier(.nan, 0, 0.5, 1))
        XCTAssertThrowsError(try Timing(curve: .bezier(x1: 1.5, y1: 0, x2: 0.5, y2: 1), duration: 1))
        XCTAssertNoThrow(try Timing(curve: .bezier(x1: 0.5, y1: -2, x2: 0.5, y2: 3), duration: 1))
    }

    func testBezierSlopeMatchesFiniteDifference() throws {
        let b = try XCTUnwrap(CubicBezier(0.42, 0, 0.58, 1))
        for x in stride(from: 0.05, through: 0.95, by: 0.05) {
            let h = 1e-6
            let fd = (slowBezier(0.42, 0, 0.58, 1, x + h) - slowBezier(0.42, 0, 0.58, 1, x - h)) / (2 * h)
            XCTAssertEqual(b.slope(at: x), fd, accuracy: 1e-5)
        }
        // easeOut ends flat, easeIn starts flat.
        XCTAssertEqual(try XCTUnwrap(Curve.easeOut.bezier).slope(at: 1), 0, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(Curve.easeIn.bezier).slope(at: 0), 0, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(Curve.linear.bezier).slope(at: 0.3), 1, accuracy: 1e-12)
    }
}
