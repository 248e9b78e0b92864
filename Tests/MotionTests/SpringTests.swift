import Geometry
import XCTest
import Foundation
@testable import Motion

/// RK4 integration of m x'' + c x' + k x = 0 with tiny steps: a slow reference for the closed
/// forms (Motion itself never integrates).
private func integrate(m: Double, k: Double, c: Double, v0: Double, until t: Double) -> Double {
    var x = -1.0, v = v0
    let n = max(Int(t / 1e-5), 1), h = t / Double(n)
    func acc(_ x: Double, _ v: Double) -> Double { (-k * x - c * v) / m }
    for _ in 0..<n {
        let k1x = v, k1v = acc(x, v)
        let k2x = v + h / 2 * k1v, k2v = acc(x + h / 2 * k1x, v + h / 2 * k1v)
        let k3x = v + h / 2 * k2v, k3v = acc(x + h / 2 * k2x, v + h / 2 * k2v)
        let k4x = v + h * k3v, k4v = acc(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return 1 + x
}

final class SpringTests: XCTestCase {
    /// transitions.md §1.2 worked table (D, ζ, v0) → (stiffness, damping).
    func testUIViewSpringWorkedTable() {
        let rows: [(d: Double, z: Double, v: Double, k: Double, c: Double)] = [
            (3.0, 0.25, 0, 54.834, 3.702), (0.5, 0.8, 0, 323.59, 28.78), (0.5, 1.0, 0, 341.02, 36.93),
            (0.35, 1.0, 0, 695.97, 52.76), (0.4, 0.7, 0, 605.12, 34.44), (0.5, 0.8, 5, 283.18, 26.93),
            (1.0, 0.5, 0, 161.72, 12.72),
        ]
        for r in rows {
            let s = Spring.uiView(duration: r.d, dampingRatio: r.z, initialVelocity: r.v)
            XCTAssertEqual(s.mass, 1)
            XCTAssertEqual(s.stiffness, r.k, accuracy: r.k * 1e-3, "row \(r)")
            XCTAssertEqual(s.damping, r.c, accuracy: r.c * 1e-3, "row \(r)")
        }
        // Framer's readme: duration 3, damping 0.25 → tension 54.8336, friction 3.7025.
        let f = Spring.uiView(duration: 3, dampingRatio: 0.25, initialVelocity: 0)
        XCTAssertEqual(f.stiffness, 54.8336, accuracy: 1e-3)
        XCTAssertEqual(f.damping, 3.7025, accuracy: 1e-3)
    }

    func testSwiftUIDurationBounce() {
        // Apple's documentation: Spring(duration: 0.5, bounce: 0.3) → stiffness 157.9, damping 17.6.
        let s = Spring.swiftUI(duration: 0.5, bounce: 0.3)
        XCTAssertEqual(s.mass, 1)
        XCTAssertEqual(s.stiffness, 157.9, accuracy: 0.05)
        XCTAssertEqual(s.damping, 17.6, accuracy: 0.05)
        XCTAssertEqual(s.dampingRatio, 0.7, accuracy: 1e-12)
        XCTAssertEqual(Spring.swiftUI(duration: 0.5, bounce: -0.5).dampingRatio, 2, accuracy: 1e-12)
    }

    func testSystemRawProgress() throws {
        let timing = try Timing(curve: .system, duration: 0.35)
        let expected: [(Double, Double, Double)] = [
            (0.1, 0.545, 5e-4), (0.2, 0.879, 5e-4), (0.3, 0.973, 5e-4), (0.35, 0.988, 5e-4), (0.5, 0.9989, 5e-5),
        ]
        for (t, p, tol) in expected {
            XCTAssertEqual(timing.rawProgress(at: t), p, accuracy: tol, "t = \(t)")
        }
        XCTAssertEqual(Spring.system.naturalFrequency, (1000.0 / 3).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(Spring.system.effectiveDampingRatio, 1)
    }

    func testClosedFormsMatchIntegration() {
        let cases: [(m: Double, k: Double, c: Double, v: Double, overdamp: Bool)] = [
            (1, 100, 5, 0, false), (1, 100, 10, 3, false), (1, 100, 20, 0, false), (1, 100, 20, -4, false),
            (1, 100, 20, 30, false), (2, 300, 120, 1, true), (1, 157.9, 40, 0, true),
        ]
        for cs in cases {
            let s = Spring(mass: cs.m, stiffness: cs.k, damping: cs.c, initialVelocity: cs.v, allowsOverdamping: cs.overdamp)
            // What the integrator must see: overdamping clamped to critical unless allowed.
            let cEff = cs.overdamp ? cs.c : min(cs.c, 2 * (cs.k * cs.m).squareRoot())
            for t in [0.05, 0.2, 0.6] {
                let ref = integrate(m: cs.m, k: cs.k, c: cEff, v0: cs.v, until: t)
                XCTAssertEqual(s.progress(at: t), ref, accuracy: 1e-8, "spring \(cs) t \(t)")
                let h = 1e-6
                let fd = (s.progress(at: t + h) - s.progress(at: t - h)) / (2 * h)
                XCTAssertEqual(s.velocity(at: t), fd, accuracy: 1e-4)
            }
            // x'(0) = v0
            XCTAssertEqual(s.velocity(at: 0), cs.v, accuracy: 1e-9)
        }
    }

    func testOverdampedCASpringIsClampedToCritical() {
        let clamped = Spring(mass: 3, stiffness: 1000, damping: 500)
        let critical = Spring(mass: 3, stiffness: 1000, damping: 2 * (3000.0).squareRoot())
        for t in [0.05, 0.1, 0.3] { XCTAssertEqual(clamped.progress(at: t), critical.progress(at: t), accuracy: 1e-12) }
        // Without the clamp the slow pole would leave it far behind (transitions.md §1.4: 0.63 at 0.5 s).
        let free = Spring(mass: 3, stiffness: 1000, damping: 500, allowsOverdamping: true)
        XCTAssertEqual(free.progress(at: 0.5), 0.63, accuracy: 0.01)
    }

    func testSettlingDurationIsLastExcursionAboveEpsilon() {
        let springs = [Spring.system, Spring(mass: 1, stiffness: 100, damping: 5), Spring(mass: 1, stiffness: 100, damping: 15),
                       Spring(mass: 1, stiffness: 200, damping: 10, initialVelocity: 8), Spring.swiftUI(duration: 0.5, bounce: -0.3)]
        for s in springs {
            let settle = s.settlingDuration()
            // Brute force: scan 10 s backwards at 10 µs for the last |x| > 0.001.
            var t = 10.0
            while t > 0 && abs(1 - s.progress(at: t)) <= 0.001 { t -= 1e-5 }
            XCTAssertEqual(settle, t, accuracy: 2e-5, "spring \(s)")
        }
        // System: (1 + ω0 t) e^(−ω0 t) = 0.001, solved by bisection here.
        let w0 = (1000.0 / 3).squareRoot()
        var lo = 0.1, hi = 2.0
        for _ in 0..<100 { let m = (lo + hi) / 2; if (1 + w0 * m) * exp(-w0 * m) > 0.001 { lo = m } else { hi = m } }
        XCTAssertEqual(Spring.system.settlingDuration(), lo, accuracy: 1e-9)
        XCTAssertEqual(Timing.naturalDuration(of: .system) ?? 0, lo, accuracy: 1e-9)
    }
}
