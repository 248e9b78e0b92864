import Geometry
import Scene

extension SheetTransition {
    /// iOS 26's sheet out of a bar button: the button's shape morphs into the sheet while their
    /// contents cross-fade, each at its own size (a morph, not a zoom: a zoom would show a tiny
    /// copy of the sheet inside the button and a button glyph blown up to the sheet's size). At
    /// forward progress q the shape is lerp(source frame, sheet rect, q) with radius
    /// lerp(source radius, cornerRadius, q), filled with the sheet's background; the button's
    /// snapshot sits at its own size at the shape's centre, fading out over the first 0.3; the
    /// sheet's content, unscaled and travelling with the shape's top edge, is clipped to it and
    /// fades in over 0.1…0.6. The presenting screen does what it does for the plain sheet at this
    /// detent, its source element hidden.
    func zoomedSheet(_ frame: TransitionFrame, _ over: Node, _ q: Double) -> [Node] {
        let src = ZoomLayers.source(of: frame)
        let target = sheetRect(frame.canvas)
        let over = frame.sheetContent(over, top: target.minY)
        // Arrived: the plain sheet at rest, pixel for pixel.
        if q >= 1 { return [sheetNode(over, frame.canvas, y: target.minY)] }
        let r = src.frame.interpolated(to: target, q)
        guard r.width > 0, r.height > 0 else { return [] }
        let radius = max(0, min(src.cornerRadius + (max(cornerRadius, 0) - src.cornerRadius) * q, r.width / 2, r.height / 2))
        let background = (frame.operation.isForward ? frame.toBackground : frame.fromBackground) ?? .white
        var out: [Node] = []
        // At q ≤ 0 the source's snapshot alone stands in for the hidden element.
        if q > 0 {
            var content = over
            // In the shape's own coordinates (origin at its top-left): centred on it, top to top.
            content.placement = content.placement.concatenating(.translation(r.width / 2 - target.midX, 0))
            let shown = min(1, max(0, (q - 0.1) / 0.5))
            content.opacity *= shown
            // The shape's own fill shows only while the content is still fading in over it.
            out.append(Node(kind: .rect, frame: r, fill: shown < 1 ? .solid(background) : nil, cornerRadius: radius, clips: true,
                            children: [content]))
        }
        let alpha = 1 - min(1, max(0, q) / ZoomLayers.sourceFadeEnd)
        if alpha > 0, let image = src.image {
            // Moved with the shape's centre (at q = 0 exactly where the element is drawn).
            // Not clipped again: the snapshot already has the element's shape (a round button's
            // edge would lose alpha under a second round clip).
            var glyph = Node.image(image, frame: src.frame.offsetBy(dx: r.midX - src.frame.midX, dy: r.midY - src.frame.midY), fit: .stretch)
            glyph.opacity = alpha
            out.append(glyph)
        }
        return out
    }
}
