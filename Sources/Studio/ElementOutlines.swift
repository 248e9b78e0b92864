import FramePipeline
import Geometry
import Presets
import Scene

/// Where the page outlines the elements in frame i: each element of every screen the frame's
/// scene shows, as the quadrilateral the scene's transforms put it at (in canvas points). On a
/// still that is the element's frame; during a transition the screens' snapshots are moved,
/// scaled and rotated by the transition, and the outlines follow them, because they are taken
/// from the same scene FrameComposer draws. A matched element's picture that flies on its own
/// (magic move, hero transitions) carries no name in the scene: it is outlined at its places in
/// the two screens, not along its flight.
enum ElementOutlines {
    static func elements(_ composer: FrameComposer, frame i: Int) -> [[String: Any]] {
        let s = composer.storyboard
        // Right to left, a transition moves mirrored screens and mirrors the result back: the
        // screens' own element frames do not apply inside it, so only stills are outlined there.
        if s.direction.isRTL, case .transition = s.state(at: s.time(ofFrame: i)) { return [] }
        var out: [[String: Any]] = []
        func walk(_ n: Node, _ toRoot: Affine) {
            guard !n.hidden, n.opacity > 0 else { return }
            let m = n.localToParent.concatenating(toRoot)
            if let id = n.id, let screen = s.screens[id] {
                // A screen's snapshot: the canvas stretched to this layer's frame.
                let k = Affine.scale(n.frame.width / s.canvas.width, n.frame.height / s.canvas.height).concatenating(m)
                for e in screen.elementIDs.compactMap({ screen.element(id: $0) }) {
                    out.append(["id": e.id, "quad": quad(e.frame, k).map { [$0.x, $0.y] }])
                }
                return
            }
            for c in n.children { walk(c, m) }
        }
        walk(composer.scene(frame: i), .identity)
        return out
    }

    static func quad(_ r: Rect, _ m: Affine) -> [Point] {
        [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)].map(m.apply)
    }
}
