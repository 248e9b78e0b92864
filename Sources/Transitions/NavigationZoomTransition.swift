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
        let (under, over, pf) = frame.forward
        let c = frame.canvas, full = Rect(0, 0, c.width, c.height)
        let src = ZoomLayers.source(of: frame)
        let hero = ZoomFlight.counterpart(of: frame)
        // Where the counterpart's resting frame is drawn (the card's content follows it).
        let heroAtSource = hero.map { ZoomFlight.covering($0.frame, src.frame) }
        var hm = hero.flatMap { h in heroAtSource.map { $0.interpolated(to: h.frame, pf) } }
        var r = src.frame.interpolated(to: full, pf)
        var radius = src.cornerRadius + (cornerRadius - src.cornerRadius) * pf
        var dimAlpha = dim * pf
        var snapshotProgress = pf
        if let i = frame.interaction, !frame.operation.isForward {
            // The dragged card: centred on the finger, scaled by the drag.
            let s = NavigationZoomTransition.scale(progress: i.released ? i.releaseProgress : frame.progress)
            let lifted = Rect(c.width / 2 + i.translation.x - s * c.width / 2, c.height / 2 + i.translation.y - s * c.height / 2,
                              s * c.width, s * c.height)
            let k = i.completion(progress: frame.progress)
            let landing = i.released && i.finishing
            r = i.released ? lifted.interpolated(to: landing ? src.frame : full, k) : lifted
            if let h = hero, let atSource = heroAtSource {
                let held = ZoomFlight.scaled(h.frame, by: s, at: lifted.origin)
                hm = i.released ? held.interpolated(to: landing ? atSource : h.frame, k) : held
            }
            // The lifted card has the display's radius (squared off only while it still fills the
            // display, `WindowCorners`); landing, it turns into the source's.
            radius = !i.released || !landing ? cornerRadius : cornerRadius + (src.cornerRadius - cornerRadius) * k
            dimAlpha = !i.released ? dim * s : landing ? dim * s * (1 - k) : dim * s + (dim - dim * s) * k
            snapshotProgress = landing ? 1 - k : 1
        }
        // Growing to the full display the corners square off with the card's size, so the last
        // frame is the screen itself without a one-frame snap from the display's radius to none.
        radius = min(radius, WindowCorners.radius(cornerRadius, window: r, canvas: c))
        var layers: [Node] = [under]
        if dimAlpha > 0 { layers.append(.rect(full, Color.black.withAlpha(min(1, dimAlpha)))) }
        // At the source (the push's first frame, a landing's last) the snapshot alone covers it:
        // the card under its anti-aliased edge would show.
        if let h = hero, let hm {
            if let card = ZoomFlight.card(over, counterpart: h, source: src, in: r, radius: radius, landing: hm,
                                          content: snapshotProgress > 0, fade: snapshotProgress) { layers.append(card) }
            return .canvas(c, layers)
        }
        if snapshotProgress > 0, let card = ZoomLayers.card(over, in: r, radius: radius, target: full) { layers.append(card) }
        if let snap = ZoomLayers.snapshot(src, in: r, radius: radius, progress: snapshotProgress) { layers.append(snap) }
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
