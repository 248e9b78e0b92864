import Geometry
import Scene

/// How a matched element's snapshot fills its in-between frame while it flies (issue 15).
public enum ContentMode: String, Sendable, CaseIterable {
    /// Aspect fill, centred, cropped to the frame: a UIImageView with `scaleAspectFill` and
    /// `clipsToBounds` whose frame animates (Apple's WWDC16 Photos transition items). A square cell flying to a wide header keeps round suns.
    case fill
    /// Scaled to the frame exactly: what animating a `snapshotView`'s frame does (seed 003).
    case stretch

    /// The mode a transition uses when the preset gives none (the one statement of that default).
    public static let standard = ContentMode.fill
    public static let parameter = ParameterSpec("contentMode", .choice(allCases.map(\.rawValue)), default: .string(standard.rawValue),
                                                "how a flying snapshot fills its frame: fill (aspect fill, cropped) or stretch")

    init(_ p: Parameters) { self = ContentMode(rawValue: p.string("contentMode", ContentMode.standard.rawValue)) ?? ContentMode.standard }

    var fit: ImageFit { self == .fill ? .fill : .stretch }
}

/// Drawing a matched element in flight: its snapshot from the screen it leaves, cross-fading into
/// its snapshot on the screen it reaches, each filling the in-between frame by `mode`.
enum MatchedElementLayers {
    /// The in-between frame of a flight from `start` to `slot` at spring progress `c`. Past the
    /// slot (c > 1) a spring's frame would shrink or slide through it and uncover the empty slot
    /// around the photo (a white ring under a photo smaller than its slot); in `fill` mode the
    /// photo there covers the slot and everything the overshoot reaches, so it bounces outward,
    /// keeping the slot's aspect ratio (a round element stays round: a frame of another shape
    /// would crop its sides flat). `stretch` is the seed's snapshotView literally: the frame
    /// itself, overshoot and all.
    static func frame(from start: Rect, to slot: Rect, _ c: Double, mode: ContentMode) -> Rect {
        let r = start.interpolated(to: slot, c)
        guard c > 1, mode == .fill, slot.width > 0, slot.height > 0 else { return r }
        let u = r.union(slot), k = max(u.width / slot.width, u.height / slot.height)
        return Rect(u.midX - slot.width * k / 2, u.midY - slot.height * k / 2, slot.width * k, slot.height * k)
    }

    static func flying(_ m: MatchedElement, frame r: Rect, blend: Double, mode: ContentMode) -> [Node] {
        var out = pictures(m, frame: r, blend: blend, mode: mode)
        // The shadow flies with the element, cast by the bottom picture (the whole frame's shape).
        if !out.isEmpty, let s = m.shadow(at: blend) { out[0].shadow = s }
        return out
    }

    static func pictures(_ m: MatchedElement, frame r: Rect, blend: Double, mode: ContentMode) -> [Node] {
        guard r.width > 0, r.height > 0 else { return [] }
        let radius = m.fromCornerRadius + (m.toCornerRadius - m.fromCornerRadius) * min(1, max(0, blend))
        if let one = onePicture(m, frame: r, mode: mode) {
            var n = Node.image(one, frame: r, fit: .fill)
            n.cornerRadius = radius
            return [n]
        }
        var from = Node.image(m.fromImage, frame: r, fit: mode.fit)
        from.cornerRadius = radius
        // Fully arrived: the destination's snapshot alone, so edge pixels match the screen's.
        var out = blend >= 1 ? [] : [from]
        if blend > 0 {
            var to = Node.image(m.toImage, frame: r, fit: mode.fit)
            to.cornerRadius = radius
            to.opacity = min(1, blend)
            out.append(to)
        }
        return out
    }

    /// The single image a flight in `fill` mode draws when both ends show one picture: in a frame
    /// the size of an end, that end's own snapshot (the screen's pixels exactly); in between, the
    /// shared picture, whose aspect-fill crop follows the frame (Photos' zoom: one UIImageView
    /// with scaleAspectFill whose frame animates). Nil for `stretch` (a snapshotView's frame) and
    /// for ends that show different pictures (they cross-fade).
    static func onePicture(_ m: MatchedElement, frame r: Rect, mode: ContentMode) -> (any ImageSource)? {
        guard mode == .fill, let picture = m.picture else { return nil }
        if r.size.isNear(m.toFrame.size) { return m.toImage }
        if r.size.isNear(m.fromFrame.size) { return m.fromImage }
        return picture
    }
}

extension Size {
    /// Equal but for floating-point rounding (an interpolation that lands on its end).
    func isNear(_ o: Size) -> Bool { abs(width - o.width) < 1e-6 && abs(height - o.height) < 1e-6 }
}
