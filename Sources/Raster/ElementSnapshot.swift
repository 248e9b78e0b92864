import Geometry
import Scene

/// The pictures of a screen's elements (`ScreenElement`), rendered once per step (docs/ARCHITECTURE.md): the
/// element alone in its pixel-aligned box, and the screen with elements hidden. One API for mocks,
/// `layers` screens and screenshot regions, so every transition that flies, grows or lands an
/// element gets the same pixels the still screen shows.
public enum ElementSnapshot {
    /// The smallest whole-pixel rect (in points) around a frame: element snapshots cover it, so
    /// drawing one at its own place is a plain pixel copy of the element as the screen drew it.
    public static func pixelAligned(_ f: Rect, scale: Double) -> Rect {
        let x0 = (f.minX * scale + 1e-9).rounded(.down), y0 = (f.minY * scale + 1e-9).rounded(.down)
        let x1 = (f.maxX * scale - 1e-9).rounded(.up), y1 = (f.maxY * scale - 1e-9).rounded(.up)
        return Rect(x0 / scale, y0 / scale, max(1, x1 - x0) / scale, max(1, y1 - y0) / scale)
    }

    /// The element `id` of `screen` drawn into its pixel-aligned box (`frame`, in screen points),
    /// at the same sub-pixel offset it has on the screen; nil when the screen has no such element.
    /// A layer is drawn alone (what is behind it left out, as `snapshotView` of a view); a
    /// screenshot region is the screen's own pixels inside its rounded frame.
    public static func render(_ screen: Node, id: String, scale: Double) -> (bitmap: Bitmap, frame: Rect)? {
        guard let element = screen.element(id: id), let layer = screen.find(id: id) else { return nil }
        return render(screen, element, layer: layer, scale: scale)
    }

    /// `render` for an element already looked up (Node.elementIndex: one walk for all of a step's
    /// elements), `layer` its node.
    public static func render(_ screen: Node, _ element: ScreenElement, layer: Node, scale: Double) -> (bitmap: Bitmap, frame: Rect) {
        let f = element.frame
        let box = pixelAligned(f, scale: scale)
        let b = Bitmap(uncheckedWidth: max(1, Int((box.width * scale).rounded())), height: max(1, Int((box.height * scale).rounded())))
        drawInBands(node(of: screen, element, layer), scale: scale, into: b, transform: .translation(f.minX - box.minX, f.minY - box.minY))
        return (b, box)
    }

    /// What `render` draws, at the origin: the layer on its own at its frame's size (position and
    /// transforms dropped, visible even if the screen hides it, no shadow), or for a region the
    /// whole screen seen through the region's rounded frame.
    static func node(of screen: Node, _ element: ScreenElement, _ layer: Node) -> Node {
        if element.isRegion {
            var content = screen
            content.frame.origin = Point(-element.frame.minX, -element.frame.minY)
            content.placement = .identity
            return Node(kind: .group, frame: Rect(0, 0, element.frame.width, element.frame.height),
                        cornerRadius: element.cornerRadius, clips: true, children: [content])
        }
        var n = layer
        n.frame.origin = .zero
        n.transform = .identity
        n.placement = .identity
        n.hidden = false
        n.shadow = nil
        return n
    }

    /// The screen drawn at `width`×`height` pixels with these elements hidden (layers left out,
    /// regions showing their stand-ins): what stays behind while the elements' snapshots move.
    /// `width` × `height`: a canvas whose frames were already allocated (positive).
    public static func hiddenScreen(_ screen: Node, hiding ids: [String], width: Int, height: Int, scale: Double) -> Bitmap {
        let b = Bitmap(uncheckedWidth: width, height: height)
        drawInBands(screen.hidingElements(ids), scale: scale, into: b)
        return b
    }

    /// Rows drawn at a time: the frames' band height (FrameConverter).
    static let bandRows = 64

    /// Draws a picture made once band by band where that gives a whole draw's pixels (the
    /// Renderer's band contract), so its offscreen layers are band-sized (a rounded hero photo's
    /// clip layer is 4.6 MB at 1170 px wide, drawn whole) and come from the blocks frames reuse;
    /// else whole, and the whole-size layers it took are freed after it (no frame asks for them).
    static func drawInBands(_ node: Node, scale: Double, into b: Bitmap, transform: Affine = .identity) {
        guard Renderer.drawsSameInBands(node, scale: scale) else {
            Renderer.render(node, scale: scale, into: b, transform: transform)
            LayerPool.trim()
            return
        }
        for y in stride(from: 0, to: b.height, by: bandRows) {
            Renderer.render(node, scale: scale, into: b, transform: transform, rows: y..<min(b.height, y + bandRows))
        }
    }
}
