import Geometry
import Scene

extension SheetTransition {
    /// iOS 26's sheet out of a bar button: the zoom of navigation-zoom (ZoomLayers) into the
    /// sheet's rounded rect instead of the full screen. At forward progress q the sheet's rect is
    /// lerp(source frame, sheet rect, q), its radius lerp(source radius, cornerRadius, q); the
    /// presented screen, top-aligned in the sheet as at rest, is aspect-filled into it; the
    /// source's snapshot fades out over the first 0.3. The presenting screen does what it does for
    /// the plain sheet at this detent, its source element hidden.
    func zoomedSheet(_ frame: TransitionFrame, _ over: Node, _ q: Double) -> [Node] {
        let src = ZoomLayers.source(of: frame)
        let target = sheetRect(frame.canvas)
        let r = src.frame.interpolated(to: target, q)
        let radius = src.cornerRadius + (max(cornerRadius, 0) - src.cornerRadius) * q
        var out: [Node] = []
        if let card = ZoomLayers.card(over, in: r, radius: radius, target: target, placement: .translation(0, target.minY)) {
            out.append(card)
        }
        if let snap = ZoomLayers.snapshot(src, in: r, radius: radius, progress: q) { out.append(snap) }
        return out
    }
}
