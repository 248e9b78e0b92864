import Geometry
import Motion
import Scene

/// UINavigationController's parallax push and pop (`_UINavigationParallaxTransition`): the new screen slides in from the right edge with a 9 pt edge
/// shadow; the old one slides 30 % of the width left (width − round(0.7 × width)) under a black
/// dimming view whose alpha reaches 0.1. The shadow's alpha follows the dimming amount.
///
/// The interactive pop follows a finger that starts anywhere: iOS 26's full-width back swipe
/// (`interactiveContentPopGestureRecognizer`, platforms.md §2: same animation as the edge pop, no
/// published thresholds). `edge` true is the rule before iOS 26: only the edge recognizer, so a
/// gesture starting more than 20 pt from the leading edge is refused (platforms.md §3, the 20 pt
/// gesture start Flutter's CupertinoPageRoute re-implements).
///
/// Between two screens that both have a navigation bar, the bar stays in place above both and its
/// items animate (NavigationBarTransition), as UINavigationBar does.
public struct UIKitTransition: Transition {
    public var parallax: Double
    public var dim: Double
    public var shadowWidth: Double
    public var shadowOpacity: Double
    public var edge: Bool

    /// How far from the leading edge an edge-only pop may start (points).
    public static let edgeWidth = 20.0

    public init(parallax: Double = 0.3, dim: Double = 0.1, shadowWidth: Double = 9, shadowOpacity: Double = 0.2, edge: Bool = false) {
        self.parallax = parallax; self.dim = dim; self.shadowWidth = shadowWidth; self.shadowOpacity = shadowOpacity
        self.edge = edge
    }

    public var defaultDuration: Double { 0.35 }
    public var defaultCurve: Curve { .system }

    /// How far the under screen moves left at the end of a push, in points. UIKit rounds the
    /// remaining 70 % of the width to whole points.
    public func parallaxOffset(width: Double) -> Double {
        width - (width * (1 - parallax)).rounded()
    }

    public func scene(_ frame: TransitionFrame) -> Node {
        let (under, over, q) = frame.forward
        let w = frame.canvas.width, h = frame.canvas.height
        let overX = w * (1 - q)
        // With bars kept in place, each screen moves with its bar's background but not its items
        // (a large title belongs to the bar, not to the page under it).
        // At the ends the screens are exactly as they are drawn alone (no seam where a band meets them).
        let bars = q > 0 && q < 1 ? frame.bars.map { frame.operation.isForward ? ($0.from, $0.to) : ($0.to, $0.from) } : nil
        func page(_ screen: Node, _ bar: NavigationBar?) -> Node {
            guard let bar else { return screen }
            let band = Node(kind: .group, frame: Rect(0, 0, w, bar.bottom), clips: true, children: [bar.background])
            // A screenshot's large title flies as an item: its page shows the strip's background there.
            return .canvas(frame.canvas, [screen, band] + (bar.pageCover.map { [$0] } ?? []))
        }
        var layers: [Node] = [page(under, bars?.0).moved(-parallaxOffset(width: w) * q, 0)]
        if dim > 0 && q > 0 {
            layers.append(.rect(Rect(0, 0, w, h), Color.black.withAlpha(dim * q)))
        }
        if shadowWidth > 0 && shadowOpacity > 0 && q > 0 && q < 1 {
            // A vertical strip left of the top screen: clear at its outer edge, darkest where it
            // touches the screen.
            layers.append(Node(kind: .rect, frame: Rect(overX - shadowWidth, 0, shadowWidth, h),
                               fill: .linear(from: Point(0, 0.5), to: Point(1, 0.5), stops: [
                                   GradientStop(0, Color.black.withAlpha(0)),
                                   GradientStop(1, Color.black.withAlpha(shadowOpacity)),
                               ]), opacity: q))
        }
        layers.append(page(over, bars?.1).moved(overX, 0))
        // Between two screens with navigation bars the bar stays; only its items move.
        if let (u, o) = bars { layers += NavigationBarTransition(under: u, over: o, width: w).layers(q) }
        return .canvas(frame.canvas, layers)
    }

    public var usesNavigationBars: Bool { true }

    /// The init's defaults: the one statement of each parameter's default (spec and make read it).
    static let defaults = UIKitTransition()

    public static let entry = CatalogEntry(
        name: "uikit",
        summary: "UINavigationController push/pop: slides in from the right over a 30 % parallax, 0.1 black dim and a 9 pt edge shadow",
        parameters: [
            ParameterSpec("parallax", .number(0...1), default: .number(defaults.parallax), "fraction of the width the under screen moves"),
            ParameterSpec("dim", .number(0...1), default: .number(defaults.dim), "black dimming alpha over the under screen at the end"),
            ParameterSpec("shadowWidth", .number(0...100), default: .number(defaults.shadowWidth), "edge shadow width in points"),
            ParameterSpec("shadowOpacity", .number(0...1), default: .number(defaults.shadowOpacity), "edge shadow alpha where it touches the screen"),
            ParameterSpec("edge", .bool, default: .bool(defaults.edge), "true: the interactive pop starts only within 20 pt of the leading edge (before iOS 26); false: anywhere (iOS 26)"),
        ],
        make: { p in
            UIKitTransition(parallax: p.number("parallax", defaults.parallax), dim: p.number("dim", defaults.dim),
                            shadowWidth: p.number("shadowWidth", defaults.shadowWidth), shadowOpacity: p.number("shadowOpacity", defaults.shadowOpacity),
                            edge: p.bool("edge", defaults.edge))
        })
}

/// UIKit's cross dissolve: the new screen fades in over the old one.
public struct CrossDissolveTransition: Transition {
    public init() {}
    public var defaultDuration: Double { 0.3 }
    public var defaultCurve: Curve { .easeInOut }
    public func scene(_ frame: TransitionFrame) -> Node {
        let (under, over, q) = frame.forward
        return .canvas(frame.canvas, [under, over.withOpacity(q)])
    }
    public static let entry = CatalogEntry(
        name: "cross-dissolve", summary: "UIKit's cross dissolve: the new screen fades in over the old one",
        parameters: [], make: { _ in CrossDissolveTransition() })
}

extension UIKitTransition {
    /// The edge-swipe pop: progress = translation.x / width; UIKit's projected release rule
    /// p + v·T > min(187.5 pt / width, 0.5), T = 0.35 s; the rest in min(T, remaining / speed).
    public func interactive(gesture: Gesture, canvas: Size, operation: StackOperation, release: ReleaseMode) throws(MotionError) -> InteractiveDriver? {
        guard operation == .pop else { return nil }
        if edge && gesture.start.x > UIKitTransition.edgeWidth {
            throw .invalidGesture("with \"edge\": true the pop starts within \(Int(UIKitTransition.edgeWidth)) pt of the leading edge (got a gesture starting at x = \(ParameterValue.number(gesture.start.x)) pt); iOS 26's full-width back swipe is \"edge\": false")
        }
        return try InteractiveDriver.uikitEdgePop(gesture: gesture, width: canvas.width, release: release)
    }
}
