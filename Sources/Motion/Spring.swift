// Damped harmonic springs evaluated in closed form (transitions.md §1.1). Never integrated:
// a frame is a pure function of time, so frames render in any order, bit-identically.
import Geometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A spring m·x″ + c·x′ + k·x = 0 driving normalized progress p = 1 + x from 0 to 1.
///
/// `initialVelocity` is relative: fractions of the total distance per second (UIKit's and
/// CASpringAnimation's convention), so a 200 pt move started at 100 pt/s has velocity 0.5.
public struct Spring: Sendable, Hashable {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double
    public let initialVelocity: Double
    /// Pre-iOS 17 CASpringAnimation (and UIKit's system spring) never simulate overdamping: an
    /// overdamped spring behaves as the critically damped spring with the same ω0. SwiftUI springs
    /// with negative bounce do overdamp.
    public let allowsOverdamping: Bool

    /// The settling threshold used by `settlingDuration`, as a fraction of the distance. 0.001 is
    /// the epsilon of SwiftUI's `settlingDuration` and of UIKit's duration→ω solver.
    public static let settlingEpsilon = 0.001

    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0,
                allowsOverdamping: Bool = false) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
        self.initialVelocity = initialVelocity; self.allowsOverdamping = allowsOverdamping
    }

    /// Undamped natural frequency ω0 = √(k/m).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// Damping ratio ζ = c / (2√(km)) as configured (before any overdamping clamp).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// The damping ratio actually simulated: clamped to 1 when overdamping is not allowed.
    public var effectiveDampingRatio: Double { allowsOverdamping ? dampingRatio : min(dampingRatio, 1) }

    public var isValid: Bool {
        mass.isFinite && stiffness.isFinite && damping.isFinite && initialVelocity.isFinite
            && mass > 0 && stiffness > 0 && damping > 0
    }

    /// Within this distance of ζ = 1 the critical closed form is used: the under/overdamped forms
    /// divide by ωd or (s2 − s1), which vanish there, and the difference is below 1e-9.
    private static let criticalBand = 1e-9

    private enum Regime { case under(lambda: Double, wd: Double), critical(w0: Double), over(s1: Double, s2: Double) }

    private var regime: Regime {
        let w0 = naturalFrequency, z = effectiveDampingRatio
        if abs(z - 1) < Self.criticalBand { return .critical(w0: w0) }
        if z < 1 { return .under(lambda: z * w0, wd: w0 * (1 - z * z).squareRoot()) }
        let r = (z * z - 1).squareRoot()
        return .over(s1: w0 * (-z + r), s2: w0 * (-z - r))
    }

    /// Displacement x(t) = p(t) − 1 and its derivative, with x(0) = −1, x′(0) = v0.
    public func state(at t: Double) -> (displacement: Double, velocity: Double) {
        let v0 = initialVelocity
        switch regime {
        case let .under(l, wd):
            // x = e^(−λt)·(A cos ωd t + B sin ωd t), A = −1, B = (v0 − λ)/ωd.
            let e = exp(-l * t), c = cos(wd * t), s = sin(wd * t)
            let a = -1.0, b = (v0 - l) / wd
            let x = e * (a * c + b * s)
            let v = e * ((b * wd - l * a) * c - (a * wd + l * b) * s)
            return (x, v)
        case let .critical(w0):
            // x = e^(−ω0 t)·(−1 + (v0 − ω0)·t).
            let e = exp(-w0 * t), b = v0 - w0
            let x = e * (-1 + b * t)
            let v = e * (b - w0 * (-1 + b * t))
            return (x, v)
        case let .over(s1, s2):
            // x = C1 e^(s1 t) + C2 e^(s2 t), C1 + C2 = −1, s1 C1 + s2 C2 = v0.
            let c1 = (v0 + s2) / (s1 - s2)
            let c2 = -1 - c1
            let e1 = exp(s1 * t), e2 = exp(s2 * t)
            return (c1 * e1 + c2 * e2, c1 * s1 * e1 + c2 * s2 * e2)
        }
    }

    /// Progress p(t) = 1 + x(t): 0 at t = 0, tending to 1. Not clamped (springs overshoot).
    public func progress(at t: Double) -> Double { t <= 0 ? 0 : 1 + state(at: t).displacement }

    /// dp/dt in distances per second.
    public func velocity(at t: Double) -> Double { state(at: max(t, 0)).velocity }

    /// Time after which |1 − p(t)| ≤ `settlingEpsilon` for good: the last time the displacement
    /// exceeds ε ("how small all subsequent values need to be", SwiftUI's definition; Apple does
    /// not publish CASpringAnimation's rule). Apple's documentation example (m 1, k 100, c 5)
    /// reads "≈ 2.85 s"; this definition gives 2.69 s, and 0.505 s for the system spring
    /// (matching the observation that curve 7 "lasts 0.5 s").
    ///
    /// Method: an exponential bound B(t) ≥ |x(t)| gives a time after which |x| < ε surely; from
    /// there a backward scan (step ≤ 1/32 of a period) finds the last excursion and bisection
    /// pins its end to 1e-12 s.
    public func settlingDuration(epsilon: Double = Spring.settlingEpsilon) -> Double {
        let upper = settlingUpperBound(epsilon)
        guard upper > 0, upper.isFinite else { return max(upper, 0) }
        var step = upper / 4096
        if case let .under(_, wd) = regime { step = min(step, 2 * Double.pi / wd / 32) }
        var t = upper
        while t > 0 {
            let prev = max(t - step, 0)
            if abs(state(at: prev).displacement) > epsilon {
                var lo = prev, hi = t
                for _ in 0..<200 where hi - lo > 1e-12 {
                    let mid = 0.5 * (lo + hi)
                    if abs(state(at: mid).displacement) > epsilon { lo = mid } else { hi = mid }
                }
                return hi
            }
            t = prev
        }
        return 0
    }

    private func settlingUpperBound(_ eps: Double) -> Double {
        let v0 = initialVelocity
        switch regime {
        case let .under(l, wd):
            let amp = (1 + ((v0 - l) / wd) * ((v0 - l) / wd)).squareRoot()
            return max(log(amp / eps) / l, 0)
        case let .critical(w0):
            // (1 + |v0 − ω0| t)·e^(−ω0 t) ≤ ε: double until it holds (the bound decays eventually).
            let b = abs(v0 - w0)
            var t = 1 / w0
            while (1 + b * t) * exp(-w0 * t) > eps { t *= 2 }
            return t
        case let .over(s1, s2):
            let c1 = (v0 + s2) / (s1 - s2), c2 = -1 - c1
            return max(log((abs(c1) + abs(c2)) / eps) / -s1, 0)
        }
    }
}

extension Spring {
    /// UIKit's `UIView.animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:)`:
    /// mass 1, stiffness ω², damping 2ζω, with ω solved so that the envelope of the sine term
    /// reaches 0.001 at the duration (transitions.md §1.2). Duration is clamped to [0.01, 10] s and
    /// ζ to [0.001, 1] as UIKit does (ζ > 1 is not expressible there).
    public static func uiView(duration: Double, dampingRatio: Double, initialVelocity v0: Double) -> Spring {
        let d = min(max(duration, 0.01), 10)
        let z = min(max(dampingRatio, 0.001), 1)
        let w = uiViewOmega(duration: d, dampingRatio: z, initialVelocity: v0)
        return Spring(mass: 1, stiffness: w * w, damping: 2 * z * w, initialVelocity: v0)
    }

    /// Solves f(ω) = envelope(ω, D) − 0.001 = 0 by Newton from 5/D (UIKit's convention, which
    /// picks the largest root when positive velocities make several exist); falls back to a
    /// bracketing bisection on the largest sign change if Newton diverges.
    static func uiViewOmega(duration d: Double, dampingRatio z: Double, initialVelocity v0: Double) -> Double {
        let eps = 0.001
        func f(_ w: Double) -> Double {
            if z >= 1 { return (1 + (w - v0) * d) * exp(-w * d) - eps }
            let q = (1 - z * z).squareRoot()
            return ((z * w - v0) / (w * q)) * exp(-z * w * d) - eps
        }
        func df(_ w: Double) -> Double {
            if z >= 1 { return exp(-w * d) * (d - d * (1 + (w - v0) * d)) }
            let q = (1 - z * z).squareRoot()
            let g = (z * w - v0) / (w * q), dg = v0 / (w * w * q)
            return exp(-z * w * d) * (dg - z * d * g)
        }
        var w = 5 / d
        var converged = false
        for _ in 0..<64 {
            let fw = f(w), dw = df(w)
            guard dw != 0, fw.isFinite, dw.isFinite else { break }
            let next = w - fw / dw
            guard next.isFinite, next > 0 else { break }
            if abs(next - w) <= 1e-12 * next { w = next; converged = true; break }
            w = next
        }
        if converged, abs(f(w)) < 1e-9 { return w }
        // Fallback: f → −ε as ω → ∞. Walk down from a large ω to the last sign change, bisect.
        var hi = 1000 / d
        while f(hi) > 0 { hi *= 2 }
        var lo = hi
        while lo > 1e-6 && f(lo) <= 0 { lo /= 1.05 }
        if f(lo) <= 0 { return 5 / d }
        hi = lo * 1.05
        for _ in 0..<200 where hi - lo > 1e-13 * hi {
            let mid = 0.5 * (lo + hi)
            if f(mid) > 0 { lo = mid } else { hi = mid }
        }
        return 0.5 * (lo + hi)
    }

    /// SwiftUI / iOS 17 `Spring(duration:bounce:)` (transitions.md §1.3): mass 1,
    /// k = (2π/duration)², ζ = 1 − bounce (bounce ≥ 0) or 1/(1 + bounce) (bounce < 0, overdamped).
    public static func swiftUI(duration: Double, bounce: Double, initialVelocity: Double = 0) -> Spring {
        let k = (2 * Double.pi / duration) * (2 * Double.pi / duration)
        let z = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        return Spring(mass: 1, stiffness: k, damping: 2 * z * k.squareRoot(),
                      initialVelocity: initialVelocity, allowsOverdamping: true)
    }

    /// UIKit's navigation ("curve 7") spring: mass 3, stiffness 1000, damping 500 (ζ ≈ 4.56),
    /// clamped to critical damping as CASpringAnimation does: ω0 = √(1000/3) ≈ 18.257 rad/s.
    public static let system = Spring(mass: 3, stiffness: 1000, damping: 500)
}
