// The status bar's Wi-Fi and signal glyphs, drawn with Scene's own nodes (issue 28.1: a status bar
// that looks like the device's). The shapes follow the public symbols, our own geometry:
// - iOS Wi-Fi (SF Symbols "wifi", the status bar's glyph): a 90° fan opening upward, a small
//   sector at its apex and two concentric bands above it, cut along the fan's radii.
// (iOS's signal, SF Symbols "cellularbars", is four rounded bars rising to the right: DeviceChrome's.)
// - Android Wi-Fi (Material Symbols "signal_wifi_4_bar"): one filled 90° sector, apex down —
//   its path runs from the apex (12, 21) to the corners (0, 9) and (24, 9) of a 24 × 24 icon,
//   45° either side of vertical, with a circular top at radius ≈ 17.
// - Android signal (Material Symbols "signal_cellular_4_bar", path "M2 22h20V2z"): a filled
//   right triangle, its right angle at the bottom right, rising to the right.
// Both 90° cuts are a square rotated by 45° that clips: the corner of a square is a right angle,
// so with that corner at the apex its two edges are the fan's radii (or the triangle's diagonal).
import Geometry

public enum StatusBarGlyphs {
    /// iOS Wi-Fi: the fan's apex at (`cx`, `apex`), radius `r` (the glyph is `r` tall, 1.41 `r` wide).
    public static func iosWifi(_ fg: Color, cx: Double, apex: Double, radius r: Double) -> Node {
        // Radial proportions of the status bar's glyph: a 0.31 r sector, bands 0.45…0.67 r and 0.8…1 r.
        let parts = [sector(0.31 * r, fg), band(0.45 * r, 0.67 * r, fg), band(0.8 * r, r, fg)]
        return fan(cx: cx, apex: apex, radius: r, id: "wifi", parts)
    }

    /// Android Wi-Fi: one filled quarter-circle sector of radius `r`, apex down at (`cx`, `apex`).
    public static func androidWifi(_ fg: Color, cx: Double, apex: Double, radius r: Double) -> Node {
        fan(cx: cx, apex: apex, radius: r, id: "wifi", [sector(r, fg)])
    }

    /// Android signal: a filled right triangle in the `side` × `side` square whose bottom-right
    /// corner is `corner`, its hypotenuse from the bottom left to the top right. `mirrored`: the
    /// right angle at the bottom left, rising to the left, as SettingsLib's SignalDrawable draws
    /// itself in a right-to-left layout (it flips its canvas when its layout direction is RTL).
    public static func androidSignal(_ fg: Color, corner: Point, side s: Double, mirrored: Bool = false) -> Node {
        // A square of diagonal 2s centred on the right angle, turned 45°: its edge through the
        // square's other two corners is the hypotenuse; the clip keeps the part inside the square.
        let d = s * 2.0.squareRoot(), rightAngle = mirrored ? 0 : s
        let diamond = Node(kind: .rect, frame: Rect(rightAngle - d / 2, s - d / 2, d, d), fill: .solid(fg),
                           transform: LayerTransform(rotate: 45))
        return Node(id: "signal", kind: .group, frame: Rect(corner.x - s, corner.y - s, s, s), clips: true, children: [diamond])
    }

    /// A group cut to the 90° wedge above the apex, out to `r`: a square of side `r` turned 45°
    /// whose bottom corner is the apex. Its children are placed with the apex at (r, r), the
    /// corner that the turn brings to the bottom.
    static func fan(cx: Double, apex: Double, radius r: Double, id: String, _ children: [Node]) -> Node {
        // The turned square's centre is r / √2 above its bottom corner.
        let cy = apex - r / 2.0.squareRoot()
        return Node(id: id, kind: .group, frame: Rect(cx - r / 2, cy - r / 2, r, r), clips: true,
                    transform: LayerTransform(rotate: 45), children: children.map { centred($0, at: r) })
    }

    /// A filled disc of radius `r` about the apex (the wedge cuts it to a sector).
    static func sector(_ r: Double, _ fg: Color) -> Node {
        Node(kind: .ellipse, frame: Rect(-r, -r, 2 * r, 2 * r), fill: .solid(fg))
    }

    /// A ring between radii `inner` and `outer` about the apex (the wedge cuts it to a band).
    static func band(_ inner: Double, _ outer: Double, _ fg: Color) -> Node {
        Node(kind: .ellipse, frame: Rect(-outer, -outer, 2 * outer, 2 * outer), border: Border(width: outer - inner, color: fg))
    }

    /// `n` (built about the origin) moved so the origin sits on the fan's apex at (r, r).
    private static func centred(_ n: Node, at r: Double) -> Node {
        var m = n
        m.frame.origin = Point(n.frame.x + r, n.frame.y + r)
        return m
    }
}
