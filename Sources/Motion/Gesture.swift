// A scripted finger: where it is and how fast it moves during an interactive step (docs/PRESETS.md).

import Geometry

/// A point or vector in screen points: Geometry's `Point` (Motion's name for it, kept for
/// readability in gesture code).
public typealias MotionPoint = Point

/// One recorded touch sample: time (s since the gesture began) and position (points).
public struct GestureSample: Sendable, Hashable {
    public let t: Double
    public let position: MotionPoint
    public init(t: Double, position: MotionPoint) { self.t = t; self.position = position }
}

/// The finger of an interactive step, from touch-down (t = 0) to release (t = `duration`).
///
/// Two forms: an analytic stroke `from → to` shaped by a curve (default easeOut: a finger that
/// slows before lifting), or recorded samples, linearly interpolated. After release the finger
/// stays where it lifted.
public struct Gesture: Sendable {
    private enum Path: Sendable {
        case stroke(from: MotionPoint, to: MotionPoint, timing: Timing)
        case samples([GestureSample])
    }
    private let path: Path
    public let duration: Double
    /// Explicit release velocity (pt/s) from the preset, replacing the measured one.
    public let velocityOverride: MotionPoint?

    public init(from: MotionPoint, to: MotionPoint, duration: Double, curve: Curve = .easeOut,
                releaseVelocity: MotionPoint? = nil) throws(MotionError) {
        guard from.x.isFinite, from.y.isFinite, to.x.isFinite, to.y.isFinite else {
            throw .invalidGesture("from and to must be finite points")
        }
        guard duration.isFinite, duration > 0 else {
            throw .invalidGesture("duration must be greater than 0 (got \(duration))")
        }
        try Gesture.check(releaseVelocity)
        do { path = .stroke(from: from, to: to, timing: try Timing(curve: curve, duration: duration)) }
        catch { throw .invalidGesture("curve: \(error)") }
        self.duration = duration
        velocityOverride = releaseVelocity
    }

    /// Samples `[t, x, y]`; times must increase strictly. The gesture's clock starts at the first
    /// sample (its time is subtracted), and it releases at the last.
    public init(samples raw: [[Double]], releaseVelocity: MotionPoint? = nil) throws(MotionError) {
        guard raw.count >= 2 else { throw .invalidGesture("samples: need at least 2 samples (got \(raw.count))") }
        var out: [GestureSample] = []
        for (i, s) in raw.enumerated() {
            guard s.count == 3 else { throw .invalidGesture("samples[\(i)]: expected [t, x, y] (got \(s.count) numbers)") }
            guard s.allSatisfy({ $0.isFinite }) else { throw .invalidGesture("samples[\(i)]: numbers must be finite") }
            if i > 0, !(s[0] > raw[i - 1][0]) {
                throw .invalidGesture("samples[\(i)]: time must increase (got \(s[0]) after \(raw[i - 1][0]))")
            }
            out.append(GestureSample(t: s[0] - raw[0][0], position: MotionPoint(s[1], s[2])))
        }
        try Gesture.check(releaseVelocity)
        path = .samples(out)
        duration = out[out.count - 1].t
        velocityOverride = releaseVelocity
    }

    private static func check(_ v: MotionPoint?) throws(MotionError) {
        if let v, !(v.x.isFinite && v.y.isFinite) { throw .invalidGesture("velocity must be finite") }
    }

    /// Where the finger touched down.
    public var start: MotionPoint { position(at: 0) }
    /// Where the finger lifts.
    public var end: MotionPoint { position(at: duration) }

    /// Finger position; clamped to the touch-down point before 0 and the lift point after release.
    public func position(at t: Double) -> MotionPoint {
        switch path {
        case let .stroke(from, to, timing):
            return from + (to - from) * timing.progress(at: t)
        case let .samples(s):
            if !(t > s[0].t) { return s[0].position }
            if t >= s[s.count - 1].t { return s[s.count - 1].position }
            let i = segmentIndex(s, t)
            let a = s[i], b = s[i + 1]
            let f = (t - a.t) / (b.t - a.t)
            return a.position + (b.position - a.position) * f
        }
    }

    /// Finger velocity (pt/s) while down: the stroke's derivative, or the slope of the sample
    /// segment containing t. At and after release: `releaseVelocity`.
    public func velocity(at t: Double) -> MotionPoint {
        if t >= duration { return releaseVelocity }
        if t < 0 { return .zero }
        switch path {
        case let .stroke(from, to, timing):
            return (to - from) * timing.velocity(at: t)
        case let .samples(s):
            let i = segmentIndex(s, t)
            return (s[i + 1].position - s[i].position) * (1 / (s[i + 1].t - s[i].t))
        }
    }

    /// The velocity the finger lifts with. The override if given; for a stroke, the curve's
    /// derivative at the end (easeOut ends at rest: a "placed" release, not a flick); for samples,
    /// UIKit-like smoothing: the mean of the last 3 velocities between samples at least 10 ms
    /// apart, walking back from the last sample (fewer if the recording is shorter).
    public var releaseVelocity: MotionPoint {
        if let velocityOverride { return velocityOverride }
        switch path {
        case let .stroke(from, to, timing):
            return (to - from) * timing.velocity(at: timing.duration)
        case let .samples(s):
            var picked = [s[s.count - 1]]
            var j = s.count - 2
            while j >= 0 && picked.count < 4 {
                if picked[picked.count - 1].t - s[j].t >= 0.010 - 1e-12 { picked.append(s[j]) }
                j -= 1
            }
            if picked.count < 2 {
                // Everything within 10 ms: one velocity over the whole recording.
                let a = s[0], b = s[s.count - 1]
                return (b.position - a.position) * (1 / (b.t - a.t))
            }
            var sum = MotionPoint.zero
            for k in 0..<(picked.count - 1) {
                let b = picked[k], a = picked[k + 1]
                sum = sum + (b.position - a.position) * (1 / (b.t - a.t))
            }
            return sum * (1 / Double(picked.count - 1))
        }
    }

    private func segmentIndex(_ s: [GestureSample], _ t: Double) -> Int {
        // Binary search: the last i with s[i].t ≤ t, limited to a valid segment start.
        var lo = 0, hi = s.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if s[mid].t <= t { lo = mid } else { hi = mid }
        }
        return lo
    }
}
