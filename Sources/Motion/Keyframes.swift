// Keyframe tracks for `custom` transitions (docs/TRANSITIONS.md): a scalar property as a function of the
// transition's progress.
import Geometry

/// One keyframe: at transition progress `progress` the property equals `value`; `curve` shapes the
/// segment that arrives here from the previous keyframe (ignored for the first one).
public struct Keyframe: Sendable, Hashable {
    public let progress: Double
    public let value: Double
    public let curve: Curve
    public init(progress: Double, value: Double, curve: Curve = .linear) {
        self.progress = progress; self.value = value; self.curve = curve
    }
}

/// A piecewise track over progress. Before the first keyframe it holds the first value, after the
/// last it holds the last (the transition's progress may overshoot with springs; a track's values
/// do not extrapolate). Two keyframes at the same progress make a jump; at exactly that progress
/// the later one wins.
public struct KeyframeTrack: Sendable, Hashable {
    public let keyframes: [Keyframe]
    // Per segment (into keyframes[i + 1]): the curve as a Timing over a unit segment.
    private let segments: [Timing]

    /// Keyframes must be non-empty, finite and in non-decreasing progress order. Segment curves
    /// are evaluated over the segment's share of progress: Béziers directly, springs over their
    /// natural length (or 1 s for UIView springs, whose shape depends only on ζ and v), rescaled.
    public init(_ keyframes: [Keyframe]) throws(MotionError) {
        guard !keyframes.isEmpty else { throw .invalidKeyframes("a track needs at least one keyframe") }
        for (i, k) in keyframes.enumerated() {
            guard k.progress.isFinite, k.value.isFinite else {
                throw .invalidKeyframes("keyframe \(i): progress and value must be finite numbers")
            }
            if i > 0, k.progress < keyframes[i - 1].progress {
                throw .invalidKeyframes("keyframe \(i): progress \(k.progress) is before the previous keyframe's \(keyframes[i - 1].progress)")
            }
        }
        var segs: [Timing] = []
        for k in keyframes.dropFirst() {
            do {
                segs.append(try Timing(curve: k.curve, duration: Timing.naturalDuration(of: k.curve) ?? 1))
            } catch {
                throw .invalidKeyframes("keyframe at progress \(k.progress): \(error)")
            }
        }
        self.keyframes = keyframes
        self.segments = segs
    }

    /// Equal tracks have equal keyframes (the segments are derived from them).
    public static func == (a: KeyframeTrack, b: KeyframeTrack) -> Bool { a.keyframes == b.keyframes }
    public func hash(into h: inout Hasher) { h.combine(keyframes) }

    /// The track's value at transition progress p.
    public func value(at p: Double) -> Double {
        let first = keyframes[0], last = keyframes[keyframes.count - 1]
        if !(p >= first.progress) { return first.value }  // also NaN
        if p >= last.progress { return last.value }
        // Last keyframe whose progress ≤ p; since p < last.progress the next one is strictly after p,
        // so the segment has a positive span.
        var i = 0
        while i + 1 < keyframes.count && keyframes[i + 1].progress <= p { i += 1 }
        let a = keyframes[i], b = keyframes[i + 1]
        let span = b.progress - a.progress
        let seg = segments[i]
        let local = seg.progress(at: (p - a.progress) / span * seg.duration)
        return a.value + (b.value - a.value) * local
    }

}
