import Geometry
import Motion
import Scene

/// Seed 004's interactive shrink-to-cell dismiss, a pop of a detail screen: dragging up, progress
/// = finger distance / `distance` (a downward drag does nothing); the detail screen fades to
/// 1 − p while a snapshot of its matched element follows the finger; at release p > 0.5 finishes
/// (the snapshot springs into the cell's frame, UIView spring damping 0.5, velocity 0.5, 0.6 s)
/// and otherwise cancels (it springs back). Without a gesture the snapshot springs from the
/// detail's frame into the cell's; a push plays it backwards (cell → detail).
public struct ShrinkDismissTransition: Transition {
    public var distance: Double
    public var threshold: Double
    public var damping: Double
    public var velocity: Double
    public var duration: Double
    /// How the flying snapshot fills its in-between frame.
    public var contentMode: ContentMode

    public init(distance: Double = 200, threshold: Double = 0.5, damping: Double = 0.5, velocity: Double = 0.5, duration: Double = 0.6,
                contentMode: ContentMode = .standard) {
        self.distance = distance; self.threshold = threshold; self.damping = damping; self.velocity = velocity; self.duration = duration
        self.contentMode = contentMode
    }

    public var defaultDuration: Double { duration }
    public var defaultCurve: Curve { .uiviewSpring(damping: damping, velocity: velocity) }
    public var usesMatchedElements: Bool { true }

    /// The seed's mapping: distance of the finger from touch-down over `distance`, zero while the
    /// finger is below where it started.
    public func progress(forTranslation t: Point) -> Double {
        t.y > 0 ? 0 : min(1, t.length / distance)
    }

    public func scene(_ frame: TransitionFrame) -> Node {
        // The detail is the newer screen; pf = 1 shows it fully.
        let (grid, detail, pf) = frame.forward
        var layers: [Node] = [grid, detail.withOpacity(min(1, max(0, pf)))]
        for m in frame.matches {
            // Frames on the detail and on the grid, whichever way the step runs.
            let detailFrame = frame.operation.isForward ? m.toFrame : m.fromFrame
            let cellFrame = frame.operation.isForward ? m.fromFrame : m.toFrame
            let r: Rect
            // How far the snapshot has turned from the detail's element into the cell's.
            let blend: Double
            if let i = frame.interaction {
                let lifted = detailFrame.offsetBy(dx: i.translation.x, dy: i.translation.y)
                if !i.released {
                    r = lifted
                    blend = 0
                } else {
                    let c = i.completion(progress: frame.progress)
                    r = MatchedElementLayers.frame(from: lifted, to: i.finishing ? cellFrame : detailFrame, c, mode: contentMode)
                    blend = i.finishing ? min(1, max(0, c)) : 0
                }
            } else {
                // Towards the detail's frame on a push, the cell's on a pop.
                r = frame.operation.isForward ? MatchedElementLayers.frame(from: cellFrame, to: detailFrame, pf, mode: contentMode)
                                              : MatchedElementLayers.frame(from: detailFrame, to: cellFrame, 1 - pf, mode: contentMode)
                blend = 1 - min(1, max(0, pf))
            }
            // From the detail's element to the cell's, whichever way the step runs.
            let onDetail = frame.operation.isForward ? (m.toImage, m.toCornerRadius) : (m.fromImage, m.fromCornerRadius)
            let onCell = frame.operation.isForward ? (m.fromImage, m.fromCornerRadius) : (m.toImage, m.toCornerRadius)
            let element = MatchedElement(fromID: m.fromID, toID: m.toID, fromFrame: detailFrame, toFrame: cellFrame,
                                         fromImage: onDetail.0, toImage: onCell.0, fromCornerRadius: onDetail.1, toCornerRadius: onCell.1,
                                         picture: m.picture,
                                         fromShadow: frame.operation.isForward ? m.toShadow : m.fromShadow,
                                         toShadow: frame.operation.isForward ? m.fromShadow : m.toShadow)
            layers.append(contentsOf: MatchedElementLayers.flying(element, frame: r, blend: blend, mode: contentMode))
        }
        return .canvas(frame.canvas, layers)
    }

    public func interactive(gesture: Gesture, canvas: Size, operation: StackOperation, release: ReleaseMode) throws(MotionError) -> InteractiveDriver? {
        guard operation == .pop || operation == .dismiss else { return nil }
        let d = distance
        let mapping = ProgressMapping { t in t.y > 0 ? 0 : min(1, t.length / d) }
        return try InteractiveDriver.springDismiss(gesture: gesture, distance: distance, threshold: threshold, damping: damping,
                                                   velocity: velocity, duration: duration, mapping: mapping, release: release)
    }

    /// The init's defaults: the one statement of each parameter's default (spec and make read it).
    static let defaults = ShrinkDismissTransition()

    public static let entry = CatalogEntry(
        name: "shrink-dismiss",
        summary: "interactive shrink-to-cell pop: drag up, the element's snapshot follows the finger and springs into its cell (seed 004)",
        parameters: [
            ParameterSpec("distance", .number(10...2000), default: .number(defaults.distance), "finger distance (pt) for full progress"),
            ParameterSpec("threshold", .number(0...1), default: .number(defaults.threshold), "release above this progress finishes"),
            ParameterSpec("damping", .number(0.05...1), default: .number(defaults.damping), "spring damping ratio of the release"),
            ParameterSpec("velocity", .number(0...50), default: .number(defaults.velocity), "spring initial velocity (non-interactive)"),
            ParameterSpec("duration", .number(0.05...5), default: .number(defaults.duration), "spring duration (s)"),
            ContentMode.parameter,
        ],
        make: { p in
            ShrinkDismissTransition(distance: p.number("distance", defaults.distance), threshold: p.number("threshold", defaults.threshold),
                                    damping: p.number("damping", defaults.damping), velocity: p.number("velocity", defaults.velocity),
                                    duration: p.number("duration", defaults.duration),
                                    contentMode: ContentMode(p))
        })
}
