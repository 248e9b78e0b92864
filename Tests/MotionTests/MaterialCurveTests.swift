import XCTest
import Geometry
import Motion

/// Material's curves against AOSP's path data and Android's springs against their closed form,
/// both computed here from the published numbers (docs/ANDROID.md).
final class MaterialCurveTests: XCTestCase {
    /// A point of a cubic segment at parameter s, in Bernstein form.
    func bernstein(_ p: [(Double, Double)], _ s: Double) -> (x: Double, y: Double) {
        let u = 1 - s
        let w = [u * u * u, 3 * u * u * s, 3 * u * s * s, s * s * s]
        return (zip(w, p).map { $0 * $1.0 }.reduce(0, +), zip(w, p).map { $0 * $1.1 }.reduce(0, +))
    }

    /// fast_out_extra_slow_in.xml: M0,0 C0.05,0 0.133333,0.06 0.166666,0.4 C0.208333,0.82 0.25,1 1,1.
    let segment1 = [(0.0, 0.0), (0.05, 0.0), (0.133333, 0.06), (0.166666, 0.4)]
    let segment2 = [(0.166666, 0.4), (0.208333, 0.82), (0.25, 1.0), (1.0, 1.0)]

    func testEmphasizedRunsThroughTheAOSPPathPoints() throws {
        let t = try Timing(curve: try XCTUnwrap(Curve.named("emphasized")), duration: 1)
        for seg in [segment1, segment2] {
            for k in 0...20 {
                let (x, y) = bernstein(seg, Double(k) / 20)
                XCTAssertEqual(t.progress(at: x), y, accuracy: 1e-9, "at x \(x)")
            }
        }
        // The join: exactly the path's point, where one bezier could not pass.
        XCTAssertEqual(t.progress(at: 0.166666), 0.4, accuracy: 1e-12)
        XCTAssertEqual(t.progress(at: 1), 1)
        // Not a single bezier: the closest one-bezier approximations differ visibly.
        let single = try Timing(curve: .bezier(x1: 0.05, y1: 0, x2: 0.25, y2: 1), duration: 1)
        XCTAssertGreaterThan(abs(single.progress(at: 0.166666) - 0.4), 0.02)
    }

    func testEmphasizedSlopeAndStepScaling() throws {
        let t = try Timing(curve: .path(.fastOutExtraSlowIn), duration: 0.45)
        // Over 450 ms the progress at 225 ms is the path at x = 0.5.
        let mid = try Timing(curve: .path(.fastOutExtraSlowIn), duration: 1).progress(at: 0.5)
        XCTAssertEqual(t.progress(at: 0.225), mid, accuracy: 1e-12)
        // Slope at the join from the second segment's start tangent: (0.82 − 0.4)/(0.208333 − 0.166666).
        XCTAssertEqual(t.velocity(at: 0.45 * 0.1666661) * 0.45, 0.42 / 0.041667, accuracy: 0.05)
        XCTAssertEqual(t.velocity(at: 0), 0, accuracy: 1e-9)   // control point (0.05, 0) on the start's horizontal
    }

    func testMaterialBeziersByName() throws {
        let expected: [String: (Double, Double, Double, Double)] = [
            "emphasizedDecelerate": (0.05, 0.7, 0.1, 1), "emphasizedAccelerate": (0.3, 0, 0.8, 0.15),
            "standard": (0.2, 0, 0, 1), "standardDecelerate": (0, 0, 0, 1), "standardAccelerate": (0.3, 0, 1, 1),
            "legacy": (0.4, 0, 0.2, 1), "legacyDecelerate": (0, 0, 0.2, 1), "legacyAccelerate": (0.4, 0, 1, 1),
        ]
        for (name, p) in expected {
            let c = try XCTUnwrap(Curve.named(name), name)
            XCTAssertEqual(c, .bezier(x1: p.0, y1: p.1, x2: p.2, y2: p.3), name)
            XCTAssertTrue(Curve.names.contains(name))
        }
        // The iOS names keep their meaning: "default" is still CAMediaTimingFunction's default.
        XCTAssertEqual(Curve.named("default"), .standard)
    }

    /// x(t) = 1 − e^(−ζωt)(cos ωd t + ζω/ωd sin ωd t), underdamped, mass 1, ω = √k.
    func underdamped(_ z: Double, _ k: Double, _ t: Double) -> Double {
        let w = k.squareRoot(), wd = w * (1 - z * z).squareRoot()
        return 1 - exp(-z * w * t) * (cos(wd * t) + z * w / wd * sin(wd * t))
    }

    func testRatioStiffnessSpringClosedForm() {
        for (z, k) in [(0.75, 200.0), (0.9, 1400.0), (0.6, 800.0)] {
            let s = Spring.android(dampingRatio: z, stiffness: k)
            XCTAssertEqual(s.mass, 1)
            XCTAssertEqual(s.dampingRatio, z, accuracy: 1e-12)
            for t in stride(from: 0.01, through: 1.0, by: 0.07) {
                XCTAssertEqual(s.progress(at: t), underdamped(z, k, t), accuracy: 1e-9, "ζ \(z) k \(k) t \(t)")
            }
        }
        // Overdamped (SpringForce simulates ζ > 1): x = 1 + C1 e^(s1 t) + C2 e^(s2 t).
        let z = 1.5, k = 400.0, w = k.squareRoot()
        let s1 = w * (-z + (z * z - 1).squareRoot()), s2 = w * (-z - (z * z - 1).squareRoot())
        let c1 = s2 / (s1 - s2), c2 = -1 - c1
        let s = Spring.android(dampingRatio: z, stiffness: k)
        for t in [0.05, 0.2, 0.6] { XCTAssertEqual(s.progress(at: t), 1 + c1 * exp(s1 * t) + c2 * exp(s2 * t), accuracy: 1e-9) }
        // Critically damped effects token: 1 − e^(−ωt)(1 + ωt).
        let fx = Spring.android(dampingRatio: 1, stiffness: 1600)
        XCTAssertEqual(fx.progress(at: 0.05), 1 - exp(-2.0) * 3, accuracy: 1e-9)
    }

    func testM3SpringTokens() throws {
        let tokens: [String: (Double, Double)] = [
            "m3-spatial-fast": (0.9, 1400), "m3-spatial-default": (0.9, 700), "m3-spatial-slow": (0.9, 300),
            "m3-expressive-spatial-fast": (0.6, 800), "m3-expressive-spatial-default": (0.8, 380), "m3-expressive-spatial-slow": (0.8, 200),
            "m3-effects-fast": (1, 3800), "m3-effects-default": (1, 1600), "m3-effects-slow": (1, 800),
        ]
        for (name, (z, k)) in tokens {
            guard case .spring(let s)? = Curve.named(name) else { return XCTFail(name) }
            XCTAssertEqual(s.stiffness, k, name)
            XCTAssertEqual(s.dampingRatio, z, accuracy: 1e-12, name)
            // Lasts until settled: a natural duration.
            let d = try XCTUnwrap(Timing.naturalDuration(of: .spring(s)), name)
            XCTAssertLessThanOrEqual(abs(1 - s.progress(at: d + 0.01)), Spring.settlingEpsilon, name)
        }
    }
}
