import Motion

/// Preset curve syntax → Motion's curves.
public enum CurveMapping {
    public static func curve(_ spec: CurveSpec) -> Curve {
        switch spec {
        case .named(let n): return Curve.named(n) ?? .linear
        case .bezier(let a, let b, let c, let d): return .bezier(x1: a, y1: b, x2: c, y2: d)
        case .uiviewSpring(let z, let v): return .uiviewSpring(damping: z, velocity: v)
        case .caSpring(let m, let k, let c, let v): return .caSpring(mass: m, stiffness: k, damping: c, velocity: v)
        case .swiftUISpring(let d, let b): return .swiftUISpring(duration: d, bounce: b)
        case .ratioSpring(let z, let k): return .spring(.android(dampingRatio: z, stiffness: k))
        }
    }

    /// Springs that define their own length: without a step `duration` they last until settled
    /// (docs/PRESETS.md), rather than taking the transition's default duration.
    public static func hasOwnDuration(_ spec: CurveSpec) -> Bool {
        switch spec {
        case .caSpring, .swiftUISpring, .ratioSpring: return true
        case .named(let n): return MaterialCurves.isSpring(n)
        default: return false
        }
    }

    public static func name(_ spec: CurveSpec) -> String {
        switch spec {
        case .named(let n): return n
        default: return name(of: curve(spec))
        }
    }

    public static func name(of c: Curve) -> String { c.displayName }

    public static var catalog: [CurveDescription] { Curve.catalog }
}
