// A curve bound to a duration: the progress function of one timeline step (docs/TRANSITIONS.md).
import Geometry

/// Progress of a step as a pure function of time since the step began.
///
/// Contract (docs/TRANSITIONS.md): exactly 0 for t ≤ 0 and exactly 1 for t ≥ `duration`, so a step never
/// jumps into the following hold.
///
/// Springs and the end of the step: a spring only approaches 1 (the system spring is at 0.988 at
/// the UIKit push duration 0.35 s, still moving at 0.2 /s: 1.3 pt a frame on a 390 pt screen,
/// then a dead stop in the hold). `progress` therefore adds to the closed form p(t) the cubic
/// a(u), u = t / D, with a(0) = a'(0) = 0 (the spring's start and initial velocity are kept),
/// a(1) = 1 − p(D) and a'(1) = −p'(D)·D: the step touches 1 exactly at D and arrives at rest, so
/// its last frames settle into the hold (issue 28). The correction is as small as what the
/// spring had left (system: 0.012 at most). `rawProgress` is the uncorrected closed form.
public struct Timing: Sendable {
    public let curve: Curve
    public let duration: Double

    private enum Kind: Sendable {
        case bezier(CubicBezier)
        case spring(Spring, gap: Double, slope: Double)
        case path(EasingPath)
    }
    private let kind: Kind

    /// - Parameter duration: the step's length; nil asks for the curve's natural duration, which
    ///   only springs without their own duration semantics have (system, caSpring, swiftUISpring,
    ///   spring: the settling time, `Spring.settlingDuration`). Bézier curves and UIView springs
    ///   throw when it is missing.
    public init(curve: Curve, duration: Double?) throws(MotionError) {
        try curve.validate()
        let d: Double
        if let duration {
            guard duration.isFinite, duration > 0 else {
                throw .invalidDuration("duration must be greater than 0 (got \(duration))")
            }
            d = duration
        } else if let natural = Timing.naturalDuration(of: curve) {
            d = natural
        } else {
            throw .invalidDuration("curve \(Timing.label(curve)) needs a duration: only springs (system, mass/stiffness/damping, duration/bounce) have a natural length")
        }
        self.curve = curve
        self.duration = d
        if let b = curve.bezier {
            kind = .bezier(b)
        } else if case .path(let e) = curve {
            kind = .path(e)
        } else if let s = curve.spring(duration: d) {
            let end = s.progress(at: d)
            guard end.isFinite, end > 1e-6 else {
                throw .invalidDuration("duration \(d) s is too short for this spring to leave its start (progress \(end) at the end)")
            }
            kind = .spring(s, gap: 1 - end, slope: s.velocity(at: d) * d)
        } else {
            throw .invalidCurve("unsupported curve \(curve)")
        }
    }

    /// The settling time for springs that define their own length; nil when a duration is needed.
    public static func naturalDuration(of curve: Curve) -> Double? {
        guard !curve.requiresDuration, (try? curve.validate()) != nil,
              let s = curve.spring(duration: nil) else { return nil }
        let t = s.settlingDuration()
        return t > 0 ? t : nil
    }

    static func label(_ c: Curve) -> String { c.displayName }

    /// The un-normalized curve: Bézier y(t/D) (clamped, 1 after the end) or the spring's closed
    /// form p(t), which continues past D.
    public func rawProgress(at t: Double) -> Double {
        if !(t > 0) { return 0 }
        switch kind {
        case let .bezier(b): return b.value(at: t / duration)
        case let .path(e): return e.value(at: t / duration)
        case let .spring(s, _, _): return s.progress(at: t)
        }
    }

    /// Progress in the step: 0 for t ≤ 0, exactly 1 for t ≥ duration.
    public func progress(at t: Double) -> Double {
        if !(t > 0) { return 0 }
        if t >= duration { return 1 }
        switch kind {
        case let .bezier(b): return b.value(at: t / duration)
        case let .path(e): return e.value(at: t / duration)
        case let .spring(s, gap, slope): return s.progress(at: t) + Timing.landing(t / duration, gap: gap, slope: slope).value
        }
    }

    /// The cubic that lands a cut spring at 1 and at rest (see the type's comment): its value at
    /// u and its derivative by u, for the gap 1 − p(D) and the spring's slope p'(D)·D at the end.
    static func landing(_ u: Double, gap: Double, slope: Double) -> (value: Double, slope: Double) {
        let u2 = u * u, u3 = u2 * u
        return (gap * (3 * u2 - 2 * u3) - slope * (u3 - u2), gap * (6 * u - 6 * u2) - slope * (3 * u2 - 2 * u))
    }

    /// d progress / dt (per second) of `progress`, on the closed interval [0, duration] (at the
    /// ends, the one-sided derivative of the curve); 0 outside it, where progress is constant.
    public func velocity(at t: Double) -> Double {
        if t < 0 || t > duration { return 0 }
        switch kind {
        case let .bezier(b): return b.slope(at: t / duration) / duration
        case let .path(e): return e.slope(at: t / duration) / duration
        case let .spring(s, gap, slope): return s.velocity(at: t) + Timing.landing(t / duration, gap: gap, slope: slope).slope / duration
        }
    }
}
