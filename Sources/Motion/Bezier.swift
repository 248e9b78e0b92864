// Cubic Bézier timing functions (CAMediaTimingFunction semantics): the curve runs from (0,0) to (1,1)
// through two control points; x is normalized time, y is progress.
import Geometry

/// A CSS/CAMediaTimingFunction-style cubic Bézier `y(x)`.
///
/// Why a dedicated solver: x(s) is a cubic in the curve parameter s, so `y(x)` needs x(s) = x
/// inverted. Newton's method converges in a handful of steps almost everywhere, but stalls where
/// x'(s) ≈ 0 (e.g. easeOut's first control point (0, 0) makes x'(0) = 0). Because x1, x2 ∈ [0, 1]
/// keep x(s) monotone, bisection on [0, 1] always converges; it is the fallback whenever Newton
/// steps leave the interval, hit a flat spot or fail to converge. Newton stops on a step below
/// 1e-13 and bisection runs to adjacent doubles, so the progress error is < 1e-12 wherever y(x) is
/// well conditioned. Where x'(s) = 0 inside the curve (e.g. (1, 0, 0, 1)) y(x) has a vertical
/// tangent and double rounding of x(s) alone limits any solver to ~5e-6; the parameter is then
/// still exact to rounding (backward accurate).
public struct CubicBezier: Sendable, Hashable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// x1 and x2 must lie in [0, 1] (otherwise x(s) is not monotone and y(x) is not a function);
    /// y1, y2 are free (overshoot / anticipation). Returns nil for invalid or non-finite input.
    public init?(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        guard [x1, y1, x2, y2].allSatisfy({ $0.isFinite }),
              (0...1).contains(x1), (0...1).contains(x2) else { return nil }
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    // Bernstein form rewritten as a·s³ + b·s² + c·s for each coordinate.
    @inline(__always) private static func coefficients(_ p1: Double, _ p2: Double) -> (Double, Double, Double) {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return (a, b, c)
    }

    @inline(__always) private static func eval(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let (a, b, c) = coefficients(p1, p2)
        return ((a * s + b) * s + c) * s
    }

    @inline(__always) private static func derivative(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let (a, b, c) = coefficients(p1, p2)
        return (3 * a * s + 2 * b) * s + c
    }

    /// The curve parameter s ∈ [0, 1] with x(s) = x.
    public func parameter(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // Newton from s = x (exact for the linear curve). Converged means the *step* is tiny, not
        // the x residual: near a vertical tangent a tiny residual still hides a large s error.
        var s = x
        for _ in 0..<8 {
            let err = Self.eval(x1, x2, s) - x
            if err == 0 { return s }
            let d = Self.derivative(x1, x2, s)
            if abs(d) < 1e-6 { break }          // flat spot: Newton would jump; bisect instead
            let next = s - err / d
            if !(next > 0 && next < 1) { break } // left the interval
            if abs(next - s) < 1e-13 { return next }
            s = next
        }
        // Bisection to adjacent doubles (≤ 64 halvings): the fallback is rare, so take it all the way.
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 {
            let mid = 0.5 * (lo + hi)
            if mid <= lo || mid >= hi { break }
            if Self.eval(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return 0.5 * (lo + hi)
    }

    /// Progress at normalized time x (clamped to [0, 1]; exactly 0 and 1 at the ends).
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.eval(y1, y2, parameter(forX: x))
    }

    /// dy/dx at normalized time x ∈ [0, 1]. Where x'(s) vanishes (a control point on the end's
    /// horizontal) the slope is the limit y'(s)/x'(s), evaluated a hair inside the interval.
    public func slope(at x: Double) -> Double {
        let xc = min(max(x, 0), 1)
        var s = parameter(forX: xc)
        var dx = Self.derivative(x1, x2, s)
        if abs(dx) < 1e-9 {
            s = min(max(s, 1e-7), 1 - 1e-7)
            dx = Self.derivative(x1, x2, s)
            if abs(dx) < 1e-300 { return 0 }
        }
        return Self.derivative(y1, y2, s) / dx
    }
}
