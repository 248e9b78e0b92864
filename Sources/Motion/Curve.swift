// The timing curves a preset can name (docs/PRESETS.md). A Curve is a description; `Timing` turns it
// plus a duration into a progress function.
import Geometry

/// A timing curve. Cases mirror the preset format; evaluation lives in `Timing`.
public enum Curve: Sendable, Hashable {
    case linear
    /// CAMediaTimingFunction easeIn (0.42, 0, 1, 1).
    case easeIn
    /// CAMediaTimingFunction easeOut (0, 0, 0.58, 1).
    case easeOut
    /// CAMediaTimingFunction easeInEaseOut (0.42, 0, 0.58, 1).
    case easeInOut
    /// CAMediaTimingFunction default (0.25, 0.1, 0.25, 1); named "default" in presets.
    case standard
    /// UIKit's navigation spring (mass 3, stiffness 1000, damping 500) treated as critically
    /// damped, ω0 = √(1000/3). Natural duration: its settling time (≈ 0.505 s).
    case system
    /// A cubic Bézier; x1, x2 must be in [0, 1], y1, y2 are free.
    case bezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// UIView spring semantics: settles (envelope 0.001) at the step's duration, which is
    /// therefore required. `velocity` is relative (distances per second).
    case uiviewSpring(damping: Double, velocity: Double)
    /// CASpringAnimation (overdamping clamped to critical, as before iOS 17). Natural duration:
    /// the settling time. `velocity` is relative (distances per second).
    case caSpring(mass: Double, stiffness: Double, damping: Double, velocity: Double)
    /// SwiftUI `Spring(duration:bounce:)`; negative bounce overdamps. Natural duration: the
    /// settling time (the `duration` parameter is SwiftUI's perceptual duration, not the end).
    case swiftUISpring(duration: Double, bounce: Double)
    /// An explicit spring in closed form (what the others reduce to). Natural duration: the
    /// settling time.
    case spring(Spring)
    /// A path of cubic segments (Material's emphasized: AOSP fast_out_extra_slow_in).
    case path(EasingPath)

    /// Control points for the Bézier cases (linear is (0,0,1,1)); nil for springs.
    public var bezier: CubicBezier? {
        switch self {
        case .linear: return CubicBezier(0, 0, 1, 1)
        case .easeIn: return CubicBezier(0.42, 0, 1, 1)
        case .easeOut: return CubicBezier(0, 0, 0.58, 1)
        case .easeInOut: return CubicBezier(0.42, 0, 0.58, 1)
        case .standard: return CubicBezier(0.25, 0.1, 0.25, 1)
        case let .bezier(x1, y1, x2, y2): return CubicBezier(x1, y1, x2, y2)
        case .system, .uiviewSpring, .caSpring, .swiftUISpring, .spring, .path: return nil
        }
    }

    public var isSpring: Bool {
        switch self {
        case .system, .uiviewSpring, .caSpring, .swiftUISpring, .spring: return true
        default: return false
        }
    }

    /// Whether the curve has no length of its own, so a step using it needs a `duration`.
    public var requiresDuration: Bool {
        switch self {
        case .system, .caSpring, .swiftUISpring, .spring: return false
        default: return true
        }
    }

    /// The spring this curve evaluates, for a step of the given duration (UIView springs derive
    /// their stiffness from it). Nil for Bézier curves.
    public func spring(duration: Double?) -> Spring? {
        switch self {
        case .system: return .system
        case let .caSpring(m, k, c, v): return Spring(mass: m, stiffness: k, damping: c, initialVelocity: v)
        case let .swiftUISpring(d, b): return .swiftUI(duration: d, bounce: b)
        case let .spring(s): return s
        case let .uiviewSpring(z, v):
            guard let duration else { return nil }
            return .uiView(duration: duration, dampingRatio: z, initialVelocity: v)
        default: return nil
        }
    }

    /// The same curve started at another relative velocity (distances per second). Used by the
    /// interactive driver to make a spring completion leave at the finger's speed. The system
    /// and SwiftUI springs become the equivalent explicit `.spring`. Bézier curves are returned
    /// unchanged.
    public func withInitialVelocity(_ v: Double) -> Curve {
        switch self {
        case .system: return .spring(Spring(mass: 3, stiffness: 1000, damping: 500, initialVelocity: v))
        case let .caSpring(m, k, c, _): return .caSpring(mass: m, stiffness: k, damping: c, velocity: v)
        case let .uiviewSpring(z, _): return .uiviewSpring(damping: z, velocity: v)
        case let .swiftUISpring(d, b): return .spring(.swiftUI(duration: d, bounce: b, initialVelocity: v))
        case let .spring(s):
            return .spring(Spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping,
                                  initialVelocity: v, allowsOverdamping: s.allowsOverdamping))
        default: return self
        }
    }

    /// Checks parameters; the message names what is wrong (for preset validation, docs/CLI.md).
    public func validate() throws(MotionError) {
        func finite(_ vals: Double...) -> Bool { vals.allSatisfy { $0.isFinite } }
        switch self {
        case let .bezier(x1, y1, x2, y2):
            guard finite(x1, y1, x2, y2) else { throw .invalidCurve("bezier control points must be finite numbers") }
            guard (0...1).contains(x1), (0...1).contains(x2) else {
                throw .invalidCurve("bezier x1 and x2 must be in [0, 1] (got \(x1), \(x2))")
            }
        case let .uiviewSpring(z, v):
            guard finite(z, v) else { throw .invalidCurve("spring damping and velocity must be finite numbers") }
            guard z > 0 && z <= 1 else { throw .invalidCurve("spring damping ratio must be in (0, 1] (got \(z))") }
        case let .caSpring(m, k, c, v):
            guard finite(m, k, c, v) else { throw .invalidCurve("spring mass, stiffness, damping and velocity must be finite numbers") }
            guard m > 0, k > 0, c > 0 else {
                throw .invalidCurve("spring mass, stiffness and damping must be greater than 0 (got \(m), \(k), \(c))")
            }
        case let .swiftUISpring(d, b):
            guard finite(d, b) else { throw .invalidCurve("spring duration and bounce must be finite numbers") }
            guard d > 0 else { throw .invalidCurve("spring duration must be greater than 0 (got \(d))") }
            guard b > -1 && b < 1 else { throw .invalidCurve("spring bounce must be in (-1, 1) (got \(b))") }
        case let .spring(s):
            guard s.isValid else { throw .invalidCurve("spring mass, stiffness and damping must be finite and greater than 0") }
        default: break
        }
    }
}

extension Curve {
    /// How the curve is named in messages, tables and plots: the preset name, or the form with
    /// its parameters.
    public var displayName: String {
        switch self {
        case .linear: return "linear"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .easeInOut: return "easeInOut"
        case .standard: return "default"
        case .system: return "system"
        case .bezier(let a, let b, let x, let y): return "bezier(\(a), \(b), \(x), \(y))"
        case .uiviewSpring(let z, let v): return "spring(damping \(z), velocity \(v))"
        case .caSpring(let m, let k, let d, let v): return "spring(mass \(m), stiffness \(k), damping \(d), velocity \(v))"
        case .swiftUISpring(let d, let b): return "spring(duration \(d), bounce \(b))"
        case .spring(let s) where s.mass == 1 && s.allowsOverdamping:
            return "spring(dampingRatio \(s.dampingRatio), stiffness \(s.stiffness))"
        case .spring: return "spring"
        case .path(let p): return p.name
        }
    }
}

/// A row of `segue list curves`.
public struct CurveDescription: Sendable, Hashable {
    public let name: String
    public let summary: String
}

extension Curve {
    /// The curves a preset can name with a plain string.
    public static func named(_ name: String) -> Curve? {
        switch name {
        case "linear": return .linear
        case "easeIn": return .easeIn
        case "easeOut": return .easeOut
        case "easeInOut": return .easeInOut
        case "default": return .standard
        case "system": return .system
        default: return MaterialCurves.curve(named: name)
        }
    }

    /// Names accepted by `named(_:)`, in listing order.
    public static let names = ["linear", "easeIn", "easeOut", "easeInOut", "default", "system"] + MaterialCurves.names

    /// Everything `segue list curves` prints: the named curves, then the parametric forms.
    public static let catalog: [CurveDescription] = iosCatalog.filter { names.contains($0.name) } + MaterialCurves.namedCatalog
        + iosCatalog.filter { !names.contains($0.name) } + MaterialCurves.parametricCatalog

    static let iosCatalog: [CurveDescription] = [
        .init(name: "linear", summary: "constant speed"),
        .init(name: "easeIn", summary: "cubic bezier (0.42, 0, 1, 1): starts slowly"),
        .init(name: "easeOut", summary: "cubic bezier (0, 0, 0.58, 1): ends slowly"),
        .init(name: "easeInOut", summary: "cubic bezier (0.42, 0, 0.58, 1): slow at both ends"),
        .init(name: "default", summary: "cubic bezier (0.25, 0.1, 0.25, 1): CAMediaTimingFunction default"),
        .init(name: "system", summary: "UIKit navigation spring (mass 3, stiffness 1000, damping 500), critically damped; settles in ~0.5 s"),
        .init(name: "{\"bezier\": [x1, y1, x2, y2]}", summary: "custom cubic bezier; x1, x2 in [0, 1]"),
        .init(name: "{\"spring\": {\"damping\", \"velocity\"}}", summary: "UIView spring: damping ratio in (0, 1], settles at the step's duration (the step's, else the transition's default)"),
        .init(name: "{\"spring\": {\"mass\", \"stiffness\", \"damping\", \"velocity\"}}", summary: "CASpringAnimation; overdamping clamped to critical; without duration lasts until settled"),
        .init(name: "{\"spring\": {\"duration\", \"bounce\"}}", summary: "SwiftUI spring; bounce in (-1, 1); without duration lasts until settled"),
    ]
}
