// Easing curves drawn as a path of cubic segments, like Android's PathInterpolator given path data
// (`core/res/res/interpolator/*.xml`). Material 3's "emphasized" is such a path: AOSP's
// fast_out_extra_slow_in, two cubic segments that no single bezier reproduces.
import Geometry

/// A y(x) easing made of cubic Bézier segments joined end to end from (0, 0) to (1, 1), each
/// monotone in x. Evaluated exactly: the segment holding x is solved for its curve parameter (the
/// same solver as `CubicBezier`), not sampled into a table as PathInterpolator does (it keeps
/// points 0.002 apart and interpolates linearly between them).
public struct EasingPath: Sendable, Hashable {
    /// One segment in absolute coordinates: start, two control points, end.
    public struct Segment: Sendable, Hashable {
        public let start: Point, control1: Point, control2: Point, end: Point
        /// The segment in its own unit box (x and y spans mapped to 0…1).
        let unit: CubicBezier

        public init?(_ start: Point, _ control1: Point, _ control2: Point, _ end: Point) {
            let dx = end.x - start.x, dy = end.y - start.y
            guard dx > 0, dy != 0,
                  let u = CubicBezier((control1.x - start.x) / dx, (control1.y - start.y) / dy,
                                      (control2.x - start.x) / dx, (control2.y - start.y) / dy) else { return nil }
            self.start = start; self.control1 = control1; self.control2 = control2; self.end = end; unit = u
        }

        func value(at x: Double) -> Double {
            start.y + (end.y - start.y) * unit.value(at: (x - start.x) / (end.x - start.x))
        }
        func slope(at x: Double) -> Double {
            unit.slope(at: (x - start.x) / (end.x - start.x)) * (end.y - start.y) / (end.x - start.x)
        }
    }

    /// The name presets use for it.
    public let name: String
    public let segments: [Segment]

    /// Segments must join (each starts where the previous ended), run from x = 0 to x = 1 and
    /// from y = 0 to y = 1; nil otherwise.
    public init?(name: String, _ segments: [Segment]) {
        guard let first = segments.first, let last = segments.last,
              first.start == Point(0, 0), last.end.x == 1, last.end.y == 1,
              zip(segments, segments.dropFirst()).allSatisfy({ $0.end == $1.start }) else { return nil }
        self.name = name; self.segments = segments
    }

    private func segment(at x: Double) -> Segment {
        segments.first { x <= $0.end.x } ?? segments[segments.count - 1]
    }

    /// Progress at normalized time x (clamped; exactly 0 and 1 at the ends).
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return segment(at: x).value(at: x)
    }

    /// dy/dx at normalized time x ∈ [0, 1].
    public func slope(at x: Double) -> Double { segment(at: min(max(x, 0), 1)).slope(at: min(max(x, 0), 1)) }

    /// AOSP `fast_out_extra_slow_in` (frameworks/base core/res/res/interpolator/fast_out_extra_slow_in.xml):
    /// `M0,0 C0.05,0 0.133333,0.06 0.166666,0.4 C0.208333,0.82 0.25,1 1,1` (docs/ANDROID.md).
    /// Material 3's "emphasized" and Flutter's `Curves.easeInOutCubicEmphasized` are this path.
    public static let fastOutExtraSlowIn = EasingPath(name: "emphasized", [
        Segment(Point(0, 0), Point(0.05, 0), Point(0.133333, 0.06), Point(0.166666, 0.4))!,
        Segment(Point(0.166666, 0.4), Point(0.208333, 0.82), Point(0.25, 1), Point(1, 1))!,
    ])!
}
