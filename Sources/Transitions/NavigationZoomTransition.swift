import Foundation
import Geometry
import Motion
import Scene

/// iOS 18's zoom navigation transition (`preferredTransition = .zoom`, SwiftUI
/// `.navigationTransition(.zoom)`), after the frame measurements of platforms.md §1 (Apple
/// publishes no numbers). A push grows the new screen out of the `source` element of the screen
/// underneath (ZoomLayers: R(p) = lerp(source frame, full screen, p), the corner radius from the
/// source's to `cornerRadius`, the screen aspect-filled into R, the source's snapshot fading out
/// over the first 0.3); the screen underneath stays at scale 1 with its source hidden ("its slot
/// keeps its size") under a black dim of alpha `dim`·p ("stays at scale 1, dims progressively").
/// A pop plays it backwards into the source's frame. When the new screen has the source's
/// counterpart (the step's match is then a pair, `landsOnCounterpart`), the card's content follows
/// the counterpart instead and one picture flies (ZoomFlight).
///
/// Interactive dismiss (a gesture on the pop or dismiss, starting anywhere): the screen's centre
/// follows the finger and its scale falls with the downward distance d, s = 1 − 0.6·q with
/// q = 1 − e^(−2.91·d/H): 0.54 at mid-screen and 0.43 after a full-height pan, the measured
/// "≈ 0.54 mid-pan, ≈ 0.42 at the end of a long pan". A gesture starting within 20 pt of the
/// leading edge shrinks it by its rightward distance too (d/H or x/W, whichever is further: "edge
/// swipe (shrinks rather than slides)"). The dim follows the scale, `dim`·s (measured: the page
/// underneath is 4–7 % darker during the pan). Release finishes when s < `dismissScale` or the
/// finger moves down (for an edge swipe: right) faster than `dismissSpeed` — swift_transitions'
/// defaults 0.75 and 700, the rule platforms.md §1 cites — with the zoom's spring seeded with the
/// release velocity into the source element ("landing ≈ 0.2 s … spring seeded with the release
/// velocity"); otherwise the same spring takes the screen back to full size.
public struct NavigationZoomTransition: Transition {
    public var source: String
    public var dim: Double
    public var cornerRadius: Double
    public var dismissScale: Double
    public var dismissSpeed: Double

    /// The device's screen corner radius when built without a device: the iPhone 13's.
    public static let fallbackCornerRadius = 47.33
    /// The scale a long drag tends to (platforms.md §1: ≈ 0.42 at the end of a long pan).
    public static let minScale = 0.4
    /// e-folding of the drag, per screen height: s(H/2) = 0.54 (platforms.md §1, ≈ 0.54 mid-pan).
    public static let falloff = 2 * log((1 - minScale) / (0.54 - minScale))
    /// How near the leading edge a gesture must start to count as an edge swipe (UIKit's 20 pt).
    public static let edgeWidth = 20.0

    public init(source: String, dim: Double = 0.1, cornerRadius: Double = NavigationZoomTransition.fallbackCornerRadius,
                dismissScale: Double = 0.75, dismissSpeed: Double = 700) {
        self.source = source; self.dim = dim; self.cornerRadius = cornerRadius
        self.dismissScale = dismissScale; self.dismissSpeed = dismissSpeed
    }

    public var defaultDuration: Double { ZoomLayers.duration }
    public var defaultCurve: Curve { ZoomLayers.curve }
    public var usesMatchedElements: Bool { true }
    public var sourceElement: String? { source }
    public var landsOnCounterpart: Bool { true }

    /// The dragged screen's scale at interactive progress q.
    public static func scale(progress q: Double) -> Double { 1 - (1 - minScale) * q }

    /// Interactive progress for a drag: 1 − e^(−falloff·d), d = the downward distance / height, or
    /// for an edge swipe the larger of that and the rightward distance / width.
    public static func progress(translation t: Point, canvas: Size, edge: Bool) -> Double {
        var d = max(0, t.y) / canvas.height
        if edge { d = max(d, max(0, t.x) / canvas.width) }
        return 1 - exp(-falloff * d)
    }

    public func scene(_ frame: TransitionFrame) -> Node {
        let (under, over, _) = frame.forward
        let c = frame.canvas, full = Rect(0, 0, c.width, c.height)
        let src = ZoomLayers.source(of: frame), hero = ZoomFlight.counterpart(of: frame)
        let card = pose(frame, source: src, counterpart: hero)
        var layers: [Node] = [under]
        if card.dim > 0 { layers.append(.rect(full, Color.black.withAlpha(min(1, card.dim)))) }
        // At the source (the push's first frame, a landing's last) the snapshot alone covers it:
        // the card under its anti-aliased edge would show.
        if let h = hero, let hm = card.hero {
            if let n = ZoomFlight.card(over, counterpart: h, source: src, in: card.rect, radius: card.radius, landing: hm,
                                       content: card.away > 0, fade: card.away) { layers.append(n) }
            return .canvas(c, layers)
        }
        if card.away > 0, let n = ZoomLayers.card(over, in: card.rect, radius: card.radius, target: full) { layers.append(n) }
        if let snap = ZoomLayers.snapshot(src, in: card.rect, radius: card.radius, progress: card.away) { layers.append(snap) }
        return .canvas(c, layers)
    }

    public func interactive(gesture: Gesture, canvas: Size, operation: StackOperation, release: ReleaseMode) throws(MotionError) -> InteractiveDriver? {
        guard operation == .pop || operation == .dismiss else { return nil }
        guard canvas.width > 0, canvas.height > 0 else { throw .invalidGesture("the canvas has no size") }
        let edge = gesture.start.x <= NavigationZoomTransition.edgeWidth
        let scaleLimit = dismissScale, speed = dismissSpeed
        return try InteractiveDriver(
            gesture: gesture,
            mapping: ProgressMapping { t in NavigationZoomTransition.progress(translation: t, canvas: canvas, edge: edge) },
            rule: ReleaseRule { s in
                let fast = s.velocity.y > speed || (edge && s.velocity.x > speed)
                return NavigationZoomTransition.scale(progress: s.progress) < scaleLimit || fast ? .finish : .cancel
            },
            release: release,
            completion: .spring(ZoomLayers.curve, duration: nil))
    }

    /// The init's defaults: the one statement of each parameter's default (spec and make read it).
    static let defaults = NavigationZoomTransition(source: "")

    public static let entry = CatalogEntry(
        name: "navigation-zoom",
        summary: "iOS 18 zoom: the new screen grows out of an element of the screen underneath, which dims at scale 1; drag down (or from the edge) to shrink it back",
        parameters: [
            ParameterSpec("source", .element, default: .string(defaults.source), "required: the id of the element on the screen underneath the new screen grows out of (a layer id or a screenshot element)"),
            ParameterSpec("dim", .number(0...1), default: .number(defaults.dim), "black dim alpha over the screen underneath when the new screen is up"),
            ParameterSpec("cornerRadius", .number(0...200), default: .string("device"), "corner radius (pt) of the full-size screen; default the device's display radius"),
            ParameterSpec("dismissScale", .number(0.05...1), default: .number(defaults.dismissScale), "interactive dismiss: a release below this scale finishes"),
            ParameterSpec("dismissSpeed", .number(0...100000), default: .number(defaults.dismissSpeed), "interactive dismiss: a release moving down faster than this (pt/s) finishes"),
        ],
        make: { p in
            NavigationZoomTransition(source: p.string("source", defaults.source), dim: p.number("dim", defaults.dim),
                                     cornerRadius: p.number("cornerRadius", defaults.cornerRadius),
                                     dismissScale: p.number("dismissScale", defaults.dismissScale),
                                     dismissSpeed: p.number("dismissSpeed", defaults.dismissSpeed))
        })
}
