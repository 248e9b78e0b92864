import Geometry
import Motion
import Scene

/// Seed 003's "magic move": snapshots of the matched elements fly from their frames on the old
/// screen to their frames on the new one, on a UIView spring (damping 0.6, velocity 1, 0.6 s),
/// while the new screen fades in over the old one, which stays put. Both real elements are hidden
/// meanwhile (the screens arrive with them hidden). A pop plays the same motion the other way
/// (from the detail's frames back to the cells'), the screen underneath fading in again.
public struct MagicMoveTransition: Transition {
    /// How a flying snapshot fills its in-between frame.
    public var contentMode: ContentMode
    public init(contentMode: ContentMode = .standard) { self.contentMode = contentMode }
    public var defaultDuration: Double { 0.6 }
    public var defaultCurve: Curve { .uiviewSpring(damping: 0.6, velocity: 1) }
    public var usesMatchedElements: Bool { true }

    public func scene(_ frame: TransitionFrame) -> Node {
        let p = frame.progress
        let fade = min(1, max(0, p))
        // The element's own cross-fade completes by two thirds of the way, so a spring that dips
        // back below 1 after overshooting does not bring the old snapshot back as a ghost.
        let blend = min(1, max(0, p * 1.5))
        var layers: [Node] = [frame.from, frame.to.withOpacity(fade)]
        for m in frame.matches {
            let r = MatchedElementLayers.frame(from: m.fromFrame, to: m.toFrame, p, mode: contentMode)
            layers.append(contentsOf: MatchedElementLayers.flying(m, frame: r, blend: blend, mode: contentMode))
        }
        return .canvas(frame.canvas, layers)
    }

    public static let entry = CatalogEntry(
        name: "magic-move",
        summary: "shared elements fly from their frames to the new screen's while it fades in (seed 003); match: [[fromId, toId]]",
        parameters: [ContentMode.parameter], make: { p in MagicMoveTransition(contentMode: ContentMode(p)) })
}
