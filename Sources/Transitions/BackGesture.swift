import Geometry
import Motion

/// The finger side of Android's predictive back (docs/ANDROID.md): which edge the swipe
/// starts from, how far it has gone as a progress, and the release rule.
public struct BackGesture: Sendable, Hashable {
    public enum Edge: String, Sendable, CaseIterable { case left, right }

    /// The drag that progresses linearly (TouchTracker's linear distance: 412 dp, seen only in
    /// decompiled builds), the display width, and the share of the rest the linear part aims past.
    public var linearDistance: Double
    public var width: Double
    /// TouchTracker's non-linear factor: no source found for its default; 0.5 assumed.
    public var nonLinearFactor: Double

    public init(width: Double, linearDistance: Double = 412, nonLinearFactor: Double = 0.5) {
        self.width = width; self.linearDistance = linearDistance; self.nonLinearFactor = nonLinearFactor
    }

    /// AOSP `BackGestureInterpolator`: PathInterpolator(0.1, 0.1, 0, 1).
    public static let curve = CubicBezier(0.1, 0.1, 0, 1)!
    /// The drag (dp) past which a release commits (`triggerBack`; decompiled builds).
    public static let commitDistance = 16.0

    /// TouchTracker's progress of a drag of `dx` points away from the edge: linear up to
    /// min(412 dp, width), then aiming at a target that slides out to the full width, so the
    /// progress reaches 1 exactly there.
    public func linearProgress(_ dx: Double) -> Double {
        let d = max(0, dx), linear = min(linearDistance, width)
        guard linear < width else { return min(1, d / width) }
        let rest = width - linear
        let initialTarget = linear + rest * nonLinearFactor
        if d <= linear { return d / initialTarget }
        let target = initialTarget + (width - initialTarget) * min(1, (d - linear) / rest)
        return min(1, d / target)
    }

    /// The progress the animations use: BACK_GESTURE of the linear progress.
    public func progress(_ dx: Double) -> Double { BackGesture.curve.value(at: linearProgress(dx)) }

    /// The drag away from `edge` for a translation.
    public static func drag(_ t: MotionPoint, from edge: Edge) -> Double { edge == .left ? t.x : -t.x }

    /// The edge a gesture starts at: the nearer side of the display.
    public static func edge(startX: Double, width: Double) -> Edge { startX <= width / 2 ? .left : .right }

    /// Commit unless the drag is shorter than `commitDistance` or the finger was moving back
    /// toward its edge when it lifted (docs/ANDROID.md: commit comes from the drag, not
    /// from a progress fraction).
    public static func rule(edge: Edge) -> ReleaseRule {
        ReleaseRule { s in
            let dragged = drag(s.translation, from: edge)
            let towardEdge = edge == .left ? -s.velocity.x : s.velocity.x
            return dragged >= commitDistance && towardEdge <= 0 ? .finish : .cancel
        }
    }

    /// The interactive driver of a back gesture: progress from the drag, the rule above, and per
    /// decision the form's completions.
    public static func driver(gesture: Gesture, canvas: Size, release: ReleaseMode,
                              commit: Completion, cancel: Completion) throws(MotionError) -> InteractiveDriver {
        let edge = BackGesture.edge(startX: gesture.start.x, width: canvas.width)
        let model = BackGesture(width: canvas.width)
        return try InteractiveDriver(gesture: gesture, mapping: ProgressMapping { t in model.progress(drag(t, from: edge)) },
                                     rule: rule(edge: edge), release: release,
                                     completion: .byDecision(finish: commit, cancel: cancel))
    }
}

extension Interaction {
    /// The edge a back swipe came from, as the scene sees it (the finger moved away from it).
    var backEdge: BackGesture.Edge { translation.x >= 0 ? .left : .right }
}
