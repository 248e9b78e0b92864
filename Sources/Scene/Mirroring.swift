// Right-to-left layout, as UIKit (semanticContentAttribute, leading/trailing constraints) and
// Android (layoutDirection="rtl", start/end) mirror a screen: every layer sits at the mirrored
// place in its parent, so leading and trailing swap, the back chevron points right from the right
// edge, navigation bar items trade sides, text is right-aligned — but text, photos and images are
// not themselves flipped. Rotations and gradients mirror with their layers (a chevron "<" made
// of two rotated bars becomes ">"), as glyph-like drawings do in a mirrored UI.
//
// Transitions mirror the other way round: the motion flips, the content does not
// (`mirroredHorizontally`): a transition is composed on mirrored screens and its scene mirrored,
// so content reads as drawn and a UIKit push enters from the left.
import Geometry

extension Node {
    /// This tree laid out right to left (mock screens of a `"direction": "rtl"` preset).
    public func mirroredLayout() -> Node {
        var n = self
        n.transform.translate.x = -transform.translate.x
        n.transform.rotate = -transform.rotate
        if case .linear(let from, let to, let stops) = fill {
            n.fill = .linear(from: Point(1 - from.x, from.y), to: Point(1 - to.x, to.y), stops: stops)
        }
        if var s = shadow { s.offset.x = -s.offset.x; n.shadow = s }
        if case .text(let s, var style) = kind {
            switch style.alignment {
            case .left: style.alignment = .right
            case .right: style.alignment = .left
            case .center: break
            }
            style.direction = .rtl
            n.kind = .text(s, style)
        }
        n.children = children.map { c in
            var m = c.mirroredLayout()
            m.frame.origin.x = frame.width - c.frame.maxX
            return m
        }
        n.standIn = standIn.map { c in
            var m = c.mirroredLayout()
            m.frame.origin.x = frame.width - c.frame.maxX
            return m
        }
        return n
    }

    /// This scene as seen in a mirror standing on the vertical centre line of `canvas` (pixels
    /// included): what a right-to-left transition draws around its mirrored inputs.
    public func mirroredHorizontally(in canvas: Size) -> Node {
        Node(kind: .group, frame: Rect(0, 0, canvas.width, canvas.height), transform: LayerTransform(scale: Point(-1, 1)),
             children: [self])
    }
}
