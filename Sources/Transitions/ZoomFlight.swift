import Geometry
import Scene

/// The zoom when the new screen has the source's counterpart (issue 28: a flying element is one
/// picture whose crop animates). UIKit's zoom aligns the source view with a rect of the zoomed
/// view (`UIViewController.Transition.ZoomOptions.alignmentRectProvider`); here that rect is the
/// counterpart's resting frame H, and the card's content is placed so that H lands on a rect
/// Hm: at the source end Hm is H aspect-filled over the source's frame S, at full screen H
/// itself, and in between (and while dragged, landing or springing back) it moves with the
/// card. The counterpart is hidden on the new screen (FrameComposer hides both ends of a match);
/// the one picture both ends show is drawn aspect-filled into the part of Hm the card shows,
/// Hm ∩ R. At the source end that part is S itself (the cell, as the grid shows it), at full
/// screen it is H (the hero, as the detail shows it): no cross-fade, one sun.
enum ZoomFlight {
    /// The element of the new screen the source lands on, at rest (canvas points).
    struct Counterpart {
        var frame: Rect
        var image: any ImageSource
        /// The one picture both ends show (MatchedPicture), nil when they show different ones.
        var picture: (any ImageSource)?
    }

    /// The counterpart of a frame's source: the new screen's side of its match (the pair is
    /// (source, counterpart) on a push, (counterpart, source) on a pop); nil without one.
    static func counterpart(of frame: TransitionFrame) -> Counterpart? {
        guard let m = frame.matches.first, !m.fromID.isEmpty, !m.toID.isEmpty else { return nil }
        let c = frame.operation.isForward ? Counterpart(frame: m.toFrame, image: m.toImage, picture: m.picture)
                                          : Counterpart(frame: m.fromFrame, image: m.fromImage, picture: m.picture)
        return c.frame.width > 0 && c.frame.height > 0 ? c : nil
    }

    /// `h` scaled about `r`'s centre just enough to cover `r`: where the counterpart sits when
    /// the card is the source's frame (aspect fill, as UIImageView's scaleAspectFill).
    static func covering(_ h: Rect, _ r: Rect) -> Rect {
        let k = max(r.width / h.width, r.height / h.height)
        return Rect(r.midX - k * h.width / 2, r.midY - k * h.height / 2, k * h.width, k * h.height)
    }

    /// Where a card of scale `s` whose top-left corner is `origin` (the lifted, dragged card:
    /// the whole screen scaled) draws the resting rect `h`.
    static func scaled(_ h: Rect, by s: Double, at origin: Point) -> Rect {
        Rect(origin.x + s * h.minX, origin.y + s * h.minY, s * h.width, s * h.height)
    }

    /// The card's layers: the new screen placed so that H lands on `hm` (a uniform scale, since
    /// hm has H's aspect), clipped to `r` rounded by `radius`, then the picture in hm ∩ r. With
    /// `content` false (the source end itself) the picture alone: the screen's anti-aliased
    /// edge would show around it. Ends that show different pictures keep a cross-fade, in the
    /// same moving rect: the counterpart's snapshot under the source's, which fades out over
    /// the first 0.3 of `fade` (the flight's progress away from the source).
    static func card(_ screen: Node, counterpart h: Counterpart, source: ZoomLayers.Source, in r: Rect, radius: Double,
                     landing hm: Rect, content: Bool, fade: Double) -> Node? {
        guard r.width > 0, r.height > 0 else { return nil }
        var children: [Node] = []
        if content {
            let k = hm.width / h.frame.width
            var placed = screen
            placed.placement = placed.placement.concatenating(
                Affine.translation(-h.frame.minX, -h.frame.minY).scaledBy(k, k).translatedBy(hm.minX - r.minX, hm.minY - r.minY))
            children.append(placed)
        }
        let shown = hm.intersection(r).offsetBy(dx: -r.minX, dy: -r.minY)
        if shown.width > 0, shown.height > 0 {
            children.append(.image(image(h, source, size: shown.size), frame: shown, fit: .fill))
            let alpha = 1 - min(1, max(0, fade) / ZoomLayers.sourceFadeEnd)
            if h.picture == nil, alpha > 0, let own = source.image {
                var n = Node.image(own, frame: shown, fit: .fill)
                n.opacity = alpha
                children.append(n)
            }
        }
        return Node(kind: .group, frame: r, cornerRadius: max(0, min(radius, r.width / 2, r.height / 2)), clips: true,
                    children: children)
    }

    /// What the picture's part of the card draws: at an end's own size that end's snapshot (the
    /// screen's pixels exactly, so the first and last frames are the stills), in between the
    /// shared picture (the counterpart's snapshot when the ends differ), as matched flights do.
    static func image(_ h: Counterpart, _ source: ZoomLayers.Source, size: Size) -> any ImageSource {
        guard let picture = h.picture else { return h.image }
        if size.isNear(h.frame.size) { return h.image }
        if size.isNear(source.frame.size), let own = source.image { return own }
        return picture
    }
}
