import Geometry
import Motion
import Scene

/// UINavigationBar during a push or pop between two screens that both have a bar (issue 28.2):
/// the bar's background does not move — its colour and height go from the older bar's to the
/// newer one's — and its items animate. Apple publishes no numbers; these are Flutter's, which
/// re-implements the iOS bar transition between Cupertino routes (flutter/flutter
/// `packages/flutter/lib/src/cupertino/nav_bar.dart`, `_NavigationBarTransition` and
/// `_NavigationBarComponentsTransition`), in forward progress q (a pop runs it backwards):
///
/// * background: colour and height tween from the older bar's to the newer one's; hairline too;
/// * older title (inline): slides so its leading edge lands on the newer back label's, fading out
///   by q = 0.7 (easeOut); older large title: the same, by 0.6, its type shrinking to the back
///   label's size (Flutter's TextStyleTween from the large title to the back button style); a
///   screenshot's bar has its back label in its pixels, so the title flies to where UIKit puts
///   it (`backLabelPlace`), gone by 0.5, and the newer band fades in from 0.5 (`bandAlpha`);
/// * older back chevron fades out by 0.6, its back label by 0.2 while sliding half the bar's width
///   toward the leading edge; older leading and trailing items fade out by 0.4 and 0.6;
/// * newer back label: comes from the older title's (or large title's) leading edge to its own,
///   fading in from 0.3 (0.4 from a large title, easeIn); newer back chevron: fades in from 0.4
///   (0.7, shifted in by twice its width, when the older bar had none);
/// * newer title: its leading edge starts where its centre sits on the bar's trailing edge, fading
///   in from 0.25; newer large title: in from one bar width to the right, from 0.3; newer
///   trailing and leading items fade in from 0.4 and 0.6.
struct NavigationBarTransition {
    var under: NavigationBar
    var over: NavigationBar
    var width: Double

    /// Flutter's Curves.easeIn / easeOut (the fades' curves): Cubic(0.42, 0, 1, 1) and (0, 0, 0.58, 1).
    static let easeIn = CubicBezier(0.42, 0, 1, 1)!
    static let easeOut = CubicBezier(0, 0, 0.58, 1)!

    /// Exactly 1 and 0 at the ends, so the first and last frames draw the items as the screens do.
    static func fadeOut(by t: Double, _ q: Double) -> Double { q <= 0 ? 1 : q >= t ? 0 : 1 - easeOut.value(at: q / t) }
    static func fadeIn(from t: Double, _ q: Double) -> Double { q >= 1 ? 1 : q <= t ? 0 : easeIn.value(at: (q - t) / (1 - t)) }

    /// The bar at forward progress q: background, hairline and items, canvas-positioned.
    func layers(_ q: Double) -> [Node] {
        let bottom = under.bottom + (over.bottom - under.bottom) * q
        // Each background only within its own bar: where one bar is taller, its extra part fades
        // (the older one's out, the newer one's in) over the pages instead of the other's content.
        let shared = min(under.bottom, over.bottom, bottom)
        let a = bandAlpha(q)
        var out = [strip(under.background, 0, shared, 1), strip(under.background, shared, min(under.bottom, bottom), 1 - a),
                   strip(over.background, 0, shared, a), strip(over.background, shared, min(over.bottom, bottom), a)].compactMap { $0 }
        for (line, alpha) in [(under.separator, 1 - q), (over.separator, q)] {
            if let c = line, alpha > 0 { out.append(.rect(Rect(0, bottom - 0.33, width, 0.33), c.withAlpha(c.a * alpha))) }
        }
        return out + underItems(q) + overItems(q)
    }

    /// How far the newer bar's band has faded in over the older one's: q, except when the older
    /// bar's large title turns into a back label that the newer band draws in its pixels (a
    /// screenshot's): then from `handOver` (easeIn, as Flutter's back label), when the title has
    /// gone, so no frame shows the title and its back label together.
    func bandAlpha(_ q: Double) -> Double {
        under.items[.largeTitle] != nil && over.backLabelPlace != nil ? NavigationBarTransition.fadeIn(from: NavigationBarTransition.handOver, q) : q
    }

    /// Where a large title hands over to a back label that cannot travel with it (a screenshot's,
    /// in its band's pixels): Flutter fades the title out by 0.6 and the back label in from 0.4,
    /// both on the same path, so they overlap; here they are in two places, so the title is gone
    /// by the middle of that window and the band starts there.
    static let handOver = 0.5

    /// Rows y0…y1 of a canvas-positioned background at `alpha`, or nil when nothing shows.
    func strip(_ background: Node, _ y0: Double, _ y1: Double, _ alpha: Double) -> Node? {
        guard y1 > y0, alpha > 0 else { return nil }
        return Node(kind: .group, frame: Rect(0, y0, width, y1 - y0), opacity: min(alpha, 1), clips: true, children: [background.shifted(0, -y0)])
    }

    func underItems(_ q: Double) -> [Node] {
        typealias T = NavigationBarTransition
        let u = under.items, o = over.items
        var out: [Node] = []
        if let n = u[.backChevron] { out.append(n.node.fading(T.fadeOut(by: 0.6, q))) }
        if let n = u[.backLabel] { out.append(n.node.shifted(-width / 2 * q, 0).fading(T.fadeOut(by: 0.2, q))) }
        if let n = u[.leading] { out.append(n.node.fading(T.fadeOut(by: 0.4, q))) }
        if let n = u[.title] {
            let moved = o[.backLabel].map { n.sliding(toLeadingEdgeOf: $0, q) } ?? n.node
            out.append(moved.fading(T.fadeOut(by: 0.7, q)))
        }
        if let n = u[.largeTitle] {
            // Toward the newer back label: a mock's item, or where a screenshot's bar draws it.
            let target = o[.backLabel] ?? over.backLabelPlace
            let moved = target.map { n.sliding(toLeadingEdgeOf: $0, q, shrinking: true) } ?? n.node.shifted(width / 4 * q, 0)
            out.append(moved.fading(T.fadeOut(by: target == nil ? 0.4 : o[.backLabel] == nil ? T.handOver : 0.6, q)))
        }
        if let n = u[.trailing] { out.append(n.node.fading(T.fadeOut(by: 0.6, q))) }
        return out
    }

    func overItems(_ q: Double) -> [Node] {
        typealias T = NavigationBarTransition
        let u = under.items, o = over.items
        var out: [Node] = []
        if let n = o[.leading] { out.append(n.node.fading(T.fadeIn(from: 0.6, q))) }
        if let n = o[.backChevron] {
            let first = u[.backChevron] == nil
            out.append(n.node.shifted(first ? 2 * n.box.width * (1 - q) : 0, 0).fading(T.fadeIn(from: first ? 0.7 : 0.4, q)))
        }
        if let n = o[.backLabel] {
            if let source = u[.largeTitle] {
                out.append(n.sliding(fromLeadingEdgeOf: source, q, growing: true).fading(T.fadeIn(from: 0.4, q)))
            } else if let source = u[.title] {
                out.append(n.sliding(fromLeadingEdgeOf: source, q).fading(T.fadeIn(from: 0.3, q)))
            } else {
                out.append(n.node.fading(T.fadeIn(from: 0.4, q)))
            }
        }
        if let n = o[.title] {
            let start = width - n.box.width / 2
            out.append(n.node.shifted((start - n.box.minX) * (1 - q), 0).fading(T.fadeIn(from: 0.25, q)))
        }
        if let n = o[.largeTitle] { out.append(n.node.shifted(width * (1 - q), 0).fading(T.fadeIn(from: 0.3, q))) }
        if let n = o[.trailing] { out.append(n.node.fading(T.fadeIn(from: 0.4, q))) }
        return out
    }
}

extension Node {
    func fading(_ alpha: Double) -> Node {
        guard alpha < 1 else { return self }
        var n = self; n.opacity *= max(0, alpha); return n
    }

    func shifted(_ dx: Double, _ dy: Double) -> Node { dx == 0 && dy == 0 ? self : moved(dx, dy) }

    /// Scaled by `scale` about `anchor`, then moved by `offset` (unchanged at scale 1, offset 0).
    func anchored(at anchor: Point, moving offset: Point, scale: Double) -> Node {
        guard scale != 1 else { return shifted(offset.x, offset.y) }
        var n = self
        n.placement = n.placement.concatenating(Affine.translation(-anchor.x, -anchor.y).scaledBy(scale, scale)
            .translatedBy(anchor.x + offset.x, anchor.y + offset.y))
        return n
    }
}

extension NavigationBar.Piece {
    /// This item moved (and scaled, `shrinking`: to `target`'s type size) so its box's
    /// leading-centre point goes from where it is to `target`'s over q (Flutter's
    /// slideFromLeadingEdge, with its TextStyleTween as a scale).
    func sliding(toLeadingEdgeOf target: NavigationBar.Piece, _ q: Double, shrinking: Bool = false) -> Node {
        let from = Point(box.minX, box.midY), to = Point(target.box.minX, target.box.midY)
        let a = typeSize, b = target.typeSize
        let end = shrinking && a > 0 && b > 0 ? b / a : 1
        if q <= 0 { return node }
        return node.anchored(at: from, moving: Point((to.x - from.x) * q, (to.y - from.y) * q), scale: 1 + (end - 1) * q)
    }

    /// The reverse: this item arrives at its own place from `source`'s leading-centre point
    /// (`growing`: starting at `source`'s type size).
    func sliding(fromLeadingEdgeOf source: NavigationBar.Piece, _ q: Double, growing: Bool = false) -> Node {
        let from = Point(source.box.minX, source.box.midY), to = Point(box.minX, box.midY)
        let a = typeSize, b = source.typeSize
        let start = growing && a > 0 && b > 0 ? b / a : 1
        if q >= 1 { return node }
        return node.anchored(at: to, moving: Point((from.x - to.x) * (1 - q), (from.y - to.y) * (1 - q)), scale: start + (1 - start) * q)
    }
}
