import Geometry
import Scene

extension Node {
    /// True when drawing `self` and `other` certainly gives the same pixels: the same tree with
    /// equal values (ids aside), images by identity (snapshots are not written after they are
    /// made). A render pipeline uses it to reuse the previous frame when a scene did not change
    /// (a transition that has settled, a gesture that pauses).
    public func drawsIdentically(to o: Node) -> Bool {
        guard frame == o.frame, opacity == o.opacity, hidden == o.hidden, clips == o.clips,
              cornerRadius == o.cornerRadius, fill == o.fill, border == o.border, shadow == o.shadow,
              transform == o.transform, placement == o.placement, children.count == o.children.count
        else { return false }
        switch (kind, o.kind) {
        case (.group, .group), (.rect, .rect), (.ellipse, .ellipse): break
        case let (.image(a, fa), .image(b, fb)): if a !== b || fa != fb { return false }
        case let (.text(a, sa), .text(b, sb)): if a != b || sa != sb { return false }
        default: return false
        }
        for (a, b) in zip(children, o.children) where !a.drawsIdentically(to: b) { return false }
        return true
    }
}
