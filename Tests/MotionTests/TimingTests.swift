import Geometry
import XCTest
@testable import Motion

final class TimingTests: XCTestCase {
    let curves: [Curve] = [
        .linear, .easeIn, .easeOut, .easeInOut, .standard, .system,
        .bezier(x1: 0.68, y1: -0.6, x2: 0.32, y2: 1.6),
        .uiviewSpring(damping: 0.5, velocity: 0), .uiviewSpring(damping: 1, velocity: 2),
        .caSpring(mass: 1, stiffness: 100, damping: 10, velocity: 0),
        .swiftUISpring(duration: 0.5, bounce: 0.3), .swiftUISpring(duration: 0.5, bounce: -0.4),
    ]

    func testExactEndpointsForEveryCurve() throws {
        for c in curves {
            for d in [0.01, 0.35, 0.6, 2.0] {
                let t = try Timing(curve: c, duration: d)
                XCTAssertEqual(t.progress(at: 0), 0, "\(c)")
                XCTAssertEqual(t.progress(at: -1), 0, "\(c)")
                XCTAssertEqual(t.progress(at: d), 1, "\(c) d \(d)")
                XCTAssertEqual(t.progress(at: d + 0.5), 1, "\(c)")
                // No visible jump into the hold: the last 60 fps frame before D is close to 1.
                XCTAssertEqual(t.progress(at: d - 1e-6), 1, accuracy: 1e-3, "\(c) d \(d)")
            }
            if Timing.naturalDuration(of: c) != nil {
                let t = try Timing(curve: c, duration: nil)
                XCTAssertEqual(t.progress(at: t.duration), 1)
                XCTAssertEqual(t.rawProgress(at: t.duration), 1, accuracy: 1.0001e-3)
            }
        }
    }

    func testMonotoneWhereItShouldBe() throws {
        let monotone: [Curve] = [.linear, .easeIn, .easeOut, .easeInOut, .standard, .system,
                                 .uiviewSpring(damping: 1, velocity: 0), .swiftUISpring(duration: 0.5, bounce: 0)]
        for c in monotone {
            let t = try Timing(curve: c, duration: 0.35)
            var prev = 0.0
            for i in 1...700 {
                let p = t.progress(at: Double(i) * 0.0005)
                XCTAssertGreaterThanOrEqual(p, prev, "\(c) at \(i)")
                prev = p
            }
        }
        // An underdamped spring must overshoot (the test of the test: monotone checks can fail).
        let bouncy = try Timing(curve: .uiviewSpring(damping: 0.3, velocity: 0), duration: 1)
        XCTAssertGreaterThan((1...99).map { bouncy.progress(at: Double($0) / 100) }.max()!, 1.1)
    }

    func testDurationRequiredOrNatural() throws {
        for c in [Curve.linear, .easeInOut, .bezier(x1: 0.1, y1: 0, x2: 0.2, y2: 1), .uiviewSpring(damping: 0.7, velocity: 0)] {
            XCTAssertThrowsError(try Timing(curve: c, duration: nil)) { e in
                XCTAssertTrue("\(e)".contains("needs a duration"), "\(e)")
            }
        }
        XCTAssertThrowsError(try Timing(curve: .linear, duration: 0))
        XCTAssertThrowsError(try Timing(curve: .linear, duration: -1))
        XCTAssertThrowsError(try Timing(curve: .linear, duration: .infinity))
        XCTAssertThrowsError(try Timing(curve: .uiviewSpring(damping: 0, velocity: 0), duration: 1))
        XCTAssertThrowsError(try Timing(curve: .caSpring(mass: 0, stiffness: 1, damping: 1, velocity: 0), duration: nil))
        let sys = try Timing(curve: .system, duration: nil)
        XCTAssertEqual(sys.duration, 0.505, accuracy: 0.002)
        XCTAssertGreaterThan(try Timing(curve: .caSpring(mass: 1, stiffness: 100, damping: 5, velocity: 0), duration: nil).duration, 2)
    }

    /// A cut spring lands at 1 and at rest: the closed form plus the cubic a(u) with a(0) = a'(0) = 0,
    /// a(1) = 1 − p(D), a'(1) = −p'(D)·D (checked against that definition, written out here).
    func testCutSpringLandsAtOneAndAtRest() throws {
        let t = try Timing(curve: .system, duration: 0.35)
        let end = t.rawProgress(at: 0.35)
        XCTAssertEqual(end, 0.988, accuracy: 5e-4)
        let h = 1e-6, slope = (t.rawProgress(at: 0.35) - t.rawProgress(at: 0.35 - h)) / h * 0.35
        for x in [0.05, 0.1, 0.2, 0.3] {
            let u = x / 0.35
            let a = (1 - end) * (3 * u * u - 2 * u * u * u) - slope * (u * u * u - u * u)
            XCTAssertEqual(t.progress(at: x), t.rawProgress(at: x) + a, accuracy: 1e-6)
        }
        XCTAssertEqual(t.velocity(at: 0.35), 0, accuracy: 1e-9)
        XCTAssertEqual(t.velocity(at: 0), t.rawProgress(at: 1e-7) / 1e-7, accuracy: 1e-3)
        // The UIKit push on a 390 pt screen at 60 fps: the frame before the last within 0.5 pt of rest
        // (the rescaled closed form moved 1.3 pt there, then stopped dead).
        XCTAssertLessThan((1 - t.progress(at: 0.35 - 1.0 / 60)) * 390, 0.5)
        let e = try Timing(curve: .easeInOut, duration: 0.5)
        XCTAssertEqual(e.rawProgress(at: 0.25), 0.5, accuracy: 1e-9)
    }

    func testVelocityIsDerivativeOfProgress() throws {
        for c in curves {
            let t = try Timing(curve: c, duration: 0.6)
            for x in [0.03, 0.1, 0.25, 0.4, 0.55] {
                let h = 1e-6
                let fd = (t.progress(at: x + h) - t.progress(at: x - h)) / (2 * h)
                XCTAssertEqual(t.velocity(at: x), fd, accuracy: 1e-4 * max(1, abs(fd)), "\(c) t \(x)")
            }
            XCTAssertEqual(t.velocity(at: 0.7), 0)
        }
    }

    func testDeterministic() throws {
        let a = try Timing(curve: .swiftUISpring(duration: 0.5, bounce: 0.3), duration: nil)
        let b = try Timing(curve: .swiftUISpring(duration: 0.5, bounce: 0.3), duration: nil)
        XCTAssertEqual(a.duration.bitPattern, b.duration.bitPattern)
        for x in stride(from: 0.0, to: 1.0, by: 0.013) {
            XCTAssertEqual(a.progress(at: x).bitPattern, b.progress(at: x).bitPattern)
        }
    }
}
