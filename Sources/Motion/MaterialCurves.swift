// Material 3 and Android's named easings and springs (docs/ANDROID.md; MDC
// `lib/java/com/google/android/material/motion/res/values/tokens.xml`, the M3 spec, Compose).

/// The Material and Android curves a preset can name, and their `segue list curves` rows.
public enum MaterialCurves {
    /// Cubic beziers by name. Emphasized decelerate/accelerate use the spec's (and Compose's,
    /// Flutter's) control points; MDC's tokens.xml has (0.1,0.7,0.1,1) and (0.3,0,0.8,0.2).
    static let beziers: [(name: String, points: (Double, Double, Double, Double))] = [
        ("emphasizedDecelerate", (0.05, 0.7, 0.1, 1)),
        ("emphasizedAccelerate", (0.3, 0, 0.8, 0.15)),
        ("standard", (0.2, 0, 0, 1)),
        ("standardDecelerate", (0, 0, 0, 1)),
        ("standardAccelerate", (0.3, 0, 1, 1)),
        // Material 2's curves, kept in M3 as "legacy": fast_out_slow_in, linear_out_slow_in, fast_out_linear_in.
        ("legacy", (0.4, 0, 0.2, 1)),
        ("legacyDecelerate", (0, 0, 0.2, 1)),
        ("legacyAccelerate", (0.4, 0, 1, 1)),
    ]

    /// M3 motion-scheme springs (damping ratio, stiffness; mass 1): "standard" spatial 0.9 with
    /// 1400/700/300, "expressive" spatial 0.6/800, 0.8/380, 0.8/200; effects 1.0 with 3800/1600/800
    /// in both schemes (docs/ANDROID.md, M3 tokens).
    static let springs: [(name: String, dampingRatio: Double, stiffness: Double)] = [
        ("m3-spatial-fast", 0.9, 1400), ("m3-spatial-default", 0.9, 700), ("m3-spatial-slow", 0.9, 300),
        ("m3-expressive-spatial-fast", 0.6, 800), ("m3-expressive-spatial-default", 0.8, 380),
        ("m3-expressive-spatial-slow", 0.8, 200),
        ("m3-effects-fast", 1, 3800), ("m3-effects-default", 1, 1600), ("m3-effects-slow", 1, 800),
    ]

    /// Names in listing order.
    public static var names: [String] { ["emphasized"] + beziers.map(\.name) + springs.map(\.name) }

    /// Whether the name is a spring token (which, like other springs, lasts until settled).
    public static func isSpring(_ name: String) -> Bool { springs.contains { $0.name == name } }

    public static func curve(named name: String) -> Curve? {
        if name == "emphasized" { return .path(.fastOutExtraSlowIn) }
        if let b = beziers.first(where: { $0.name == name }) {
            return .bezier(x1: b.points.0, y1: b.points.1, x2: b.points.2, y2: b.points.3)
        }
        if let s = springs.first(where: { $0.name == name }) {
            return .spring(.android(dampingRatio: s.dampingRatio, stiffness: s.stiffness))
        }
        return nil
    }

    static var namedCatalog: [CurveDescription] {
        [CurveDescription(name: "emphasized", summary: "Material 3 emphasized = AOSP fast_out_extra_slow_in: two cubic segments through (0.166666, 0.4)")]
            + beziers.map { b in
                CurveDescription(name: b.name, summary: "Material cubic bezier (\(b.points.0), \(b.points.1), \(b.points.2), \(b.points.3))")
            }
            + springs.map { s in
                CurveDescription(name: s.name, summary: "M3 spring: damping ratio \(s.dampingRatio), stiffness \(Int(s.stiffness)) (mass 1); lasts until settled")
            }
    }

    static let parametricCatalog = [CurveDescription(name: "{\"spring\": {\"dampingRatio\", \"stiffness\"}}",
                                                     summary: "Android/Compose spring (mass 1); ratio > 1 overdamps; without duration lasts until settled")]
}

extension Spring {
    /// Android's `SpringForce` / Compose's `spring(dampingRatio, stiffness)`: mass 1, damping
    /// 2ζ√k. Overdamping (ζ > 1) is simulated, as SpringForce does.
    public static func android(dampingRatio z: Double, stiffness k: Double, initialVelocity: Double = 0) -> Spring {
        Spring(mass: 1, stiffness: k, damping: 2 * z * k.squareRoot(), initialVelocity: initialVelocity, allowsOverdamping: true)
    }
}
