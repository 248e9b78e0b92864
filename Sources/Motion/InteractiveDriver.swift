// The interactive step shared by every gesture-driven transition (docs/TRANSITIONS.md): progress follows
// the finger, then at release a rule decides finish/cancel and a completion animation takes the
// progress to exactly 1 or 0, leaving at the finger's speed.
import Geometry

/// How finger translation (finger − touch-down point) maps to transition progress. Supplied by the
/// transition; must be pure.
public struct ProgressMapping: Sendable {
    public let progressForTranslation: @Sendable (MotionPoint) -> Double
    public init(_ progressForTranslation: @escaping @Sendable (MotionPoint) -> Double) {
        self.progressForTranslation = progressForTranslation
    }

    /// translation.x / width, clamped to [0, 1] (UINavigationController's edge-swipe pop).
    public static func horizontal(width: Double) -> ProgressMapping {
        ProgressMapping { t in min(max(t.x / width, 0), 1) }
    }
    /// −translation.y / distance (dragging up), clamped to [0, 1].
    public static func upward(distance: Double) -> ProgressMapping {
        ProgressMapping { t in min(max(-t.y / distance, 0), 1) }
    }
    /// |translation| / distance in any direction, clamped to [0, 1].
    public static func distance(_ distance: Double) -> ProgressMapping {
        ProgressMapping { t in min(max(t.length / distance, 0), 1) }
    }
}

public enum ReleaseDecision: Sendable, Hashable { case finish, cancel }

/// The preset's `release`: the transition's own rule, or forced.
public enum ReleaseMode: Sendable, Hashable { case auto, finish, cancel }

/// What a release rule sees when the finger lifts.
public struct ReleaseState: Sendable, Hashable {
    public let progress: Double
    /// d progress / dt at release (progress per second).
    public let progressVelocity: Double
    public let translation: MotionPoint
    /// Finger velocity at release (pt/s).
    public let velocity: MotionPoint
}

/// A transition's finish/cancel rule.
public struct ReleaseRule: Sendable {
    public let decide: @Sendable (ReleaseState) -> ReleaseDecision
    public init(_ decide: @escaping @Sendable (ReleaseState) -> ReleaseDecision) { self.decide = decide }

    /// UIKit's "augmented" edge-swipe rule (transitions.md §3.2): project the progress T seconds
    /// ahead with the normalized velocity v = velocity.x / width and pop iff
    /// p + v·T > min(187.5 / width, 0.5). (UIKit also adds ½·ā·T²; a scripted finger has no
    /// measured acceleration, so that term is 0.)
    public static func uikitEdgePop(width: Double, duration T: Double = 0.35) -> ReleaseRule {
        ReleaseRule { s in
            s.progress + s.velocity.x / width * T > min(187.5 / width, 0.5) ? .finish : .cancel
        }
    }
    /// Finish iff progress > threshold.
    public static func progress(greaterThan threshold: Double) -> ReleaseRule {
        ReleaseRule { s in s.progress > threshold ? .finish : .cancel }
    }
    /// Finish iff translation.x > fraction × width (pan-back's `threshold`).
    public static func translationX(greaterThan fraction: Double, width: Double) -> ReleaseRule {
        ReleaseRule { s in s.translation.x > fraction * width ? .finish : .cancel }
    }
}

/// How the progress travels from the release value to its target (1 or 0).
public enum Completion: Sendable {
    /// UIPercentDrivenInteractiveTransition with UIKit's system-pop completionSpeed
    /// max(r, T·|v|/width): remaining time = min(T, r / |v|) with r the remaining progress and v the
    /// progress velocity (never slower than T, never slower than the finger), shaped by `curve` as
    /// it looks over T (a layer playing faster, like completionSpeed does).
    case percentDriven(duration: Double, curve: Curve)
    /// A fixed settle time shaped by `curve` (pan-back: 0.3 s easeInOut).
    case fixed(duration: Double, curve: Curve)
    /// A spring whose initial velocity is chosen so the progress leaves at the finger's speed.
    /// `duration` is required for UIView springs, optional (default: settling) for the others.
    case spring(Curve, duration: Double?)
    /// The curve as it is over a fixed time, leaving at its own speed: a platform animation that
    /// starts afresh at release (AOSP's predictive-back commit animator) rather than continuing
    /// the finger.
    case exact(duration: Double, curve: Curve)
    /// One completion when the release finishes, another when it cancels.
    indirect case byDecision(finish: Completion, cancel: Completion)
}

/// One interactive step on the step's own clock: [0, releaseTime] drag, then the completion.
///
/// Continuity at release: position is continuous by construction (the completion starts at the
/// release progress). Speed is continuous too: a spring completion gets the initial velocity
/// w / Δ (w the progress velocity at release, Δ the remaining signed distance), solved through the
/// end-normalization of `Timing`; a curve completion c(u) (u = τ / T_c) gets a Hermite correction
/// q(u) = c(u) + (s − c′(0))·u(1 − u)², with s = w·T_c / Δ, which changes neither end value nor the
/// end slope. The finger's velocity at release is `Gesture.releaseVelocity`; for sampled gestures
/// that is UIKit's smoothed value, which differs from the last segment's slope (every sample of a
/// piecewise-linear path is already a speed kink), and an explicit velocity override is honoured
/// even though the scripted path did not move that fast.
public struct InteractiveDriver: Sendable {
    public let gesture: Gesture
    public let mapping: ProgressMapping
    public let decision: ReleaseDecision
    /// The step time at which the finger lifts (= gesture.duration).
    public let releaseTime: Double
    public let releaseProgress: Double
    /// d progress / dt at release, from the mapping and the release velocity.
    public let releaseProgressVelocity: Double
    public let completionDuration: Double
    public var totalDuration: Double { releaseTime + completionDuration }
    /// 1 for finish, 0 for cancel.
    public var target: Double { decision == .finish ? 1 : 0 }

    private enum Shape: Sendable {
        case still
        case curve(Timing, timeScale: Double, correction: Double) // q(u) = c(u) + correction·h(u)
        case spring(Timing)
    }
    private let shape: Shape

    public init(gesture: Gesture, mapping: ProgressMapping, rule: ReleaseRule, release: ReleaseMode = .auto,
                completion: Completion) throws(MotionError) {
        self.gesture = gesture
        self.mapping = mapping
        releaseTime = gesture.duration
        let start = gesture.start, lift = gesture.end, v = gesture.releaseVelocity
        let map = mapping.progressForTranslation
        let p = map(lift - start)
        // Backward difference along the release velocity: the side the drag came from, so a
        // clamped mapping at its limit reports the speed it actually had.
        let h = 1e-6
        let w = (p - map(lift - start - v * h)) / h
        guard p.isFinite, w.isFinite else { throw .invalidGesture("the progress mapping returned a non-finite value") }
        releaseProgress = p
        releaseProgressVelocity = w
        let state = ReleaseState(progress: p, progressVelocity: w, translation: lift - start, velocity: v)
        switch release {
        case .auto: decision = rule.decide(state)
        case .finish: decision = .finish
        case .cancel: decision = .cancel
        }
        let delta = (decision == .finish ? 1 : 0) - p
        var completion = completion
        if case let .byDecision(f, c) = completion { completion = decision == .finish ? f : c }

        switch completion {
        case .byDecision: throw .invalidCurve("a completion per decision cannot nest another")
        case let .exact(T, curve):
            guard T.isFinite, T > 0 else { throw .invalidDuration("completion duration must be greater than 0 (got \(T))") }
            shape = abs(delta) < 1e-12 ? .still : .curve(try Timing(curve: curve, duration: T), timeScale: 1, correction: 0)
            completionDuration = T
        case let .percentDriven(T, curve), let .fixed(T, curve):
            guard T.isFinite, T > 0 else { throw .invalidDuration("completion duration must be greater than 0 (got \(T))") }
            var tc = T
            var isFixed = true
            if case .percentDriven = completion {
                isFixed = false
                if w != 0 { tc = min(T, abs(delta) / abs(w)) }
            }
            if abs(delta) < 1e-12 || tc <= 0 {
                // Released at the target: nothing to animate. A fixed settle still takes its time.
                shape = .still
                completionDuration = isFixed ? T : 0
                return
            }
            let timing = try Timing(curve: curve, duration: T)
            let slopeNeeded = w * tc / delta                 // dq/du at u = 0
            let slopeCurve = timing.velocity(at: 0) * T       // dc/du at u = 0
            shape = .curve(timing, timeScale: T / tc, correction: slopeNeeded - slopeCurve)
            completionDuration = tc
        case let .spring(curve, duration):
            guard curve.isSpring else { throw .invalidCurve("a spring completion needs a spring curve") }
            if abs(delta) < 1e-12 { shape = .still; completionDuration = 0; return }
            let timing = try InteractiveDriver.springMatching(curve, duration: duration, velocity: w / delta)
            shape = .spring(timing)
            completionDuration = timing.duration
        }
    }

    /// Finds the spring's initial velocity v0 whose end-normalized Timing leaves at `velocity`
    /// (progress of the completion per second). Timing's velocity at 0 is v0 / p(D; v0), nearly
    /// linear in v0, so a secant iteration converges in a few steps.
    static func springMatching(_ curve: Curve, duration: Double?, velocity target: Double) throws(MotionError) -> Timing {
        func make(_ v0: Double) throws(MotionError) -> Timing {
            try Timing(curve: curve.withInitialVelocity(v0), duration: duration)
        }
        var x0 = target, t0 = try make(x0)
        var f0 = t0.velocity(at: 0) - target
        if f0 == 0 { return t0 }
        var x1 = target - f0, t1 = try make(x1)
        var f1 = t1.velocity(at: 0) - target
        for _ in 0..<30 {
            if abs(f1) <= 1e-12 * max(1, abs(target)) || f1 == f0 { break }
            let x2 = x1 - f1 * (x1 - x0) / (f1 - f0)
            guard x2.isFinite else { break }
            x0 = x1; f0 = f1; t0 = t1
            x1 = x2; t1 = try make(x1); f1 = t1.velocity(at: 0) - target
        }
        return abs(f1) <= abs(f0) ? t1 : t0
    }

    /// Completion progress q(τ) ∈ "0 → 1" of the remaining distance, τ since release.
    private func completionFraction(_ tau: Double) -> (q: Double, dq: Double) {
        switch shape {
        case .still: return (1, 0)
        case let .curve(timing, scale, k):
            let u = tau / completionDuration
            let h = u * (1 - u) * (1 - u), dh = (1 - u) * (1 - 3 * u)
            let c = timing.progress(at: tau * scale)
            let dc = timing.velocity(at: tau * scale) * scale * completionDuration // dc/du
            return (c + k * h, (dc + k * dh) / completionDuration)
        case let .spring(timing):
            return (timing.progress(at: tau), timing.velocity(at: tau))
        }
    }

    /// Transition progress at step time t: the mapping while the finger is down, then the
    /// completion; exactly `target` (1 or 0) from `totalDuration` on.
    public func progress(at t: Double) -> Double {
        if t < releaseTime { return mapping.progressForTranslation(gesture.position(at: t) - gesture.start) }
        // Compare against the same rounded sum callers see as `totalDuration`, so the last frame
        // of the step is exactly the target (t − releaseTime can round below completionDuration).
        let tau = t - releaseTime
        if t >= totalDuration || tau >= completionDuration { return target }
        return releaseProgress + (target - releaseProgress) * completionFraction(tau).q
    }

    /// d progress / dt after release (analytic); during the drag, a central difference of the mapping.
    public func progressVelocity(at t: Double) -> Double {
        if t < releaseTime {
            let h = 1e-6
            return (progress(at: min(t + h, releaseTime - 1e-12)) - progress(at: t - h)) / (min(t + h, releaseTime - 1e-12) - (t - h))
        }
        let tau = t - releaseTime
        if t >= totalDuration || tau >= completionDuration { return 0 }
        return (target - releaseProgress) * completionFraction(tau).dq
    }

    /// The finger for the touch overlay: its position (it stays where it lifted) …
    public func fingerPosition(at t: Double) -> MotionPoint { gesture.position(at: min(t, releaseTime)) }
    /// … and whether it is on the glass: from touch-down (t = 0) until release.
    public func isFingerDown(at t: Double) -> Bool { t >= 0 && t < releaseTime }
}

extension InteractiveDriver {
    /// UINavigationController's edge-swipe pop (docs/TRANSITIONS.md, `uikit`): progress = translation.x /
    /// width; UIKit's projected decision; completion min(T, remaining / speed) with `curve`.
    public static func uikitEdgePop(gesture: Gesture, width: Double, release: ReleaseMode = .auto,
                                    duration T: Double = 0.35, curve: Curve = .system) throws(MotionError) -> InteractiveDriver {
        try InteractiveDriver(gesture: gesture, mapping: .horizontal(width: width),
                              rule: .uikitEdgePop(width: width, duration: T), release: release,
                              completion: .percentDriven(duration: T, curve: curve))
    }

    /// Threshold pan (pan-back seeds): finish iff translation.x > threshold × width; settle in a
    /// fixed time with a curve. `mapping` defaults to translation.x / width.
    public static func thresholdPan(gesture: Gesture, width: Double, threshold: Double = 0.5,
                                    settle: Double = 0.3, curve: Curve = .easeInOut,
                                    mapping: ProgressMapping? = nil, release: ReleaseMode = .auto) throws(MotionError) -> InteractiveDriver {
        try InteractiveDriver(gesture: gesture, mapping: mapping ?? .horizontal(width: width),
                              rule: .translationX(greaterThan: threshold, width: width), release: release,
                              completion: .fixed(duration: settle, curve: curve))
    }

    /// Spring completion (shrink-dismiss): progress = finger distance / distance; finish iff
    /// progress > threshold; a UIView spring (ζ, over `duration`) whose initial velocity is
    /// replaced by the finger's so the hand-off has no speed jump.
    public static func springDismiss(gesture: Gesture, distance: Double = 200, threshold: Double = 0.5,
                                     damping: Double = 0.5, velocity: Double = 0.5, duration: Double = 0.6,
                                     mapping: ProgressMapping? = nil, release: ReleaseMode = .auto) throws(MotionError) -> InteractiveDriver {
        try InteractiveDriver(gesture: gesture, mapping: mapping ?? .distance(distance),
                              rule: .progress(greaterThan: threshold), release: release,
                              completion: .spring(.uiviewSpring(damping: damping, velocity: velocity), duration: duration))
    }
}
