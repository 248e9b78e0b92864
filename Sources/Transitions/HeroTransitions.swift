import Geometry
import Motion
import Scene

/// Hero's default animation types (HeroTransitions/Hero `DefaultAnimationPreprocessor`), all 0.35 s on Material's "standard" curve (0.4, 0, 0.2, 1).
///
/// Hero describes each type by modifiers: on the disappearing (old) screen they are its end state,
/// on the appearing (new) screen its start state. Written in forward progress q (a pop or dismiss
/// runs the push or present backwards through `TransitionFrame.forward`), with `exit` = one screen
/// along `direction` and `entry` = −exit:
///
/// | style | bottom layer | top layer |
/// |---|---|---|
/// | fade | old (opaque: Hero fades it only when it is not) | new, opacity q |
/// | cover | old, black overlay `overlay`·q | new, offset entry·(1 − q), shadow |
/// | uncover | new, overlay `overlay`·(1 − q) | old, offset exit·q, shadow |
/// | slide | old, offset exit·q | new, offset entry·(1 − q) |
/// | zoom-slide | old, offset exit·q, scale 1 → `scale` | new, offset entry·(1 − q), scale `scale` → 1 |
/// | page-in | old, scale 1 → `scale`, overlay `overlay`·q | new, offset entry·(1 − q), shadow |
/// | page-out | new, scale `scale` → 1, overlay `overlay`·(1 − q) | old, offset exit·q, shadow |
/// | zoom | new, scale `scale` → 1 (opaque) | old, scale 1 → `largeScale`, opacity 1 − q |
/// | zoom-out | old, scale 1 → `scale` (opaque) | new, scale `largeScale` → 1, opacity q |
///
/// Scales are about the screen's centre and applied before the offset (Hero builds the transform
/// as translate, then scale, so the offset is not scaled). Overlays are black layers inside the
/// screen's layer (they scale with it). The moving screen of cover/uncover/page-in/page-out casts
/// Hero's shadow (black, radius 5, offset 0) whose opacity runs between 0 and `shadowOpacity`
/// like Hero's: 0 → 0.5 while a screen arrives, 0.5 → 0 while one leaves; it is left out at
/// q = 0 and q = 1, so the ends show exactly one screen. Hero's `fade` fades the new screen in over
/// the old, opaque one (`DefaultAnimationPreprocessor` fades the old view only when it is not
/// opaque), so no background shows mid-way; `cross-dissolve` is the UIKit one. fade, zoom and
/// zoom-out have no direction in Hero and take no `direction` parameter here.
public struct HeroTransition: Transition {
    public enum Style: String, Sendable, CaseIterable {
        case fade, cover, uncover, slide
        case zoomSlide = "zoom-slide"
        case pageIn = "page-in"
        case pageOut = "page-out"
        case zoom
        case zoomOut = "zoom-out"

        /// Whether the style moves screens along a `direction`.
        public var isDirectional: Bool {
            switch self {
            case .fade, .zoom, .zoomOut: return false
            default: return true
            }
        }
    }

    public var style: Style
    public var direction: Direction
    /// Black overlay alpha on the screen underneath (cover/uncover/page-in/page-out).
    public var overlay: Double
    /// Peak shadow alpha of the moving screen (cover/uncover/page-in/page-out).
    public var shadowOpacity: Double
    public var shadowRadius: Double
    /// zoom-slide: both screens' scale when off screen (0.8); page-in/out: the under screen's
    /// scale (0.7); zoom/zoom-out: the small screen's scale (0.7).
    public var scale: Double
    /// zoom/zoom-out: the large, fading screen's scale (1.3).
    public var largeScale: Double

    public init(_ style: Style, direction: Direction = .standard, overlay: Double = 0.1, shadowOpacity: Double = 0.5,
                shadowRadius: Double = 5, scale: Double? = nil, largeScale: Double = 1.3) {
        self.style = style; self.direction = direction; self.overlay = overlay
        self.shadowOpacity = shadowOpacity; self.shadowRadius = shadowRadius
        self.scale = scale ?? HeroTransition.defaultScale(style)
        self.largeScale = largeScale
    }

    public static func defaultScale(_ style: Style) -> Double {
        style == .zoomSlide ? 0.8 : 0.7
    }

    public var defaultDuration: Double { 0.35 }
    public var defaultCurve: Curve { .bezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1) }

    /// One screen's state in a frame.
    struct Layer {
        var offset = Point.zero
        var scale = 1.0
        var opacity = 1.0
        var overlay = 0.0
        var shadow = 0.0
    }

    func place(_ screen: Node, _ l: Layer, _ canvas: Size) -> Node {
        let bounds = Rect(0, 0, canvas.width, canvas.height)
        var children = [screen]
        if l.overlay > 0 { children.append(.rect(bounds, Color.black.withAlpha(l.overlay))) }
        var g = Node(kind: .group, frame: bounds, opacity: l.opacity,
                     transform: LayerTransform(translate: l.offset, scale: Point(l.scale, l.scale)), children: children)
        if l.shadow > 0 && shadowRadius >= 0 {
            g.shadow = Shadow(color: .black, opacity: l.shadow, radius: shadowRadius, offset: .zero)
        }
        return g
    }

    public func scene(_ frame: TransitionFrame) -> Node {
        let (old, new, q) = frame.forward
        let c = frame.canvas
        let v = direction.vector
        let exit = Point(v.x * c.width, v.y * c.height)
        let entry = direction.entryOffset(c)
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * q }
        let inside = q > 0 && q < 1
        let arriving = inside ? shadowOpacity * q : 0
        let leaving = inside ? shadowOpacity * (1 - q) : 0

        let bottom: (Node, Layer), top: (Node, Layer)
        switch style {
        case .fade:
            // Hero fades the old screen only when it is not opaque; an opaque one stays whole under
            // the new screen fading in, so nothing behind the views shows through.
            bottom = (old, Layer())
            top = (new, Layer(opacity: q))
        case .cover:
            bottom = (old, Layer(overlay: overlay * q))
            top = (new, Layer(offset: entry * (1 - q), shadow: arriving))
        case .uncover:
            bottom = (new, Layer(overlay: overlay * (1 - q)))
            top = (old, Layer(offset: exit * q, shadow: leaving))
        case .slide:
            bottom = (old, Layer(offset: exit * q))
            top = (new, Layer(offset: entry * (1 - q)))
        case .zoomSlide:
            bottom = (old, Layer(offset: exit * q, scale: lerp(1, scale)))
            top = (new, Layer(offset: entry * (1 - q), scale: lerp(scale, 1)))
        case .pageIn:
            bottom = (old, Layer(scale: lerp(1, scale), overlay: overlay * q))
            top = (new, Layer(offset: entry * (1 - q), shadow: arriving))
        case .pageOut:
            bottom = (new, Layer(scale: lerp(scale, 1), overlay: overlay * (1 - q)))
            top = (old, Layer(offset: exit * q, shadow: leaving))
        case .zoom:
            bottom = (new, Layer(scale: lerp(scale, 1)))
            top = (old, Layer(scale: lerp(1, largeScale), opacity: 1 - q))
        case .zoomOut:
            bottom = (old, Layer(scale: lerp(1, scale)))
            top = (new, Layer(scale: lerp(largeScale, 1), opacity: q))
        }
        // Under the views is Hero's container: black (`containerColor`) by default, the preset's
        // background here. zoom, zoom-out, zoom-slide, page-in and page-out uncover it around a
        // smaller screen, and slide along the seam where the two screens' edges meet at a
        // fraction of a pixel; in a light app it reads as a dip to grey or a dark line. Every
        // style fills it with the app's own background colour instead, as an app that sets
        // `containerColor` to its view's background does.
        let container = frame.behindWindows
        return .canvas(c, container + [place(bottom.0, bottom.1, c), place(top.0, top.1, c)])
    }

    static let summaries: [Style: String] = [
        .fade: "Hero fade: the old screen fades out while the new one fades in over it",
        .cover: "Hero cover: the new screen slides in over the still old one, which dims to 0.1 black",
        .uncover: "Hero uncover: the old screen slides away, uncovering the new one under a 0.1 dim that clears",
        .slide: "Hero slide: both screens move one full screen along the direction",
        .zoomSlide: "Hero zoom-slide: both screens move one full screen, scaled to 0.8 while off screen",
        .pageIn: "Hero page-in: the new screen slides in over the old one, which shrinks to 0.7 under a 0.1 dim",
        .pageOut: "Hero page-out: the old screen slides away, uncovering the new one growing from 0.7",
        .zoom: "Hero zoom: the old screen grows to 1.3 and fades out, uncovering the new one growing from 0.7",
        .zoomOut: "Hero zoom-out: the new screen shrinks from 1.3 as it fades in over the old one shrinking to 0.7",
    ]

    /// The catalog entry of one style.
    public static func entry(_ style: Style) -> CatalogEntry {
        // The init's defaults for this style: the one statement of each default (spec and make read it).
        let d = HeroTransition(style)
        var specs: [ParameterSpec] = []
        if style.isDirectional { specs.append(Direction.parameter) }
        switch style {
        case .cover, .uncover, .pageIn, .pageOut:
            if style == .pageIn || style == .pageOut {
                specs.append(ParameterSpec("scale", .number(0.05...1), default: .number(d.scale), "scale of the screen underneath while covered"))
            }
            specs.append(ParameterSpec("overlay", .number(0...1), default: .number(d.overlay), "black overlay alpha on the covered screen"))
            specs.append(ParameterSpec("shadowOpacity", .number(0...1), default: .number(d.shadowOpacity), "peak shadow alpha of the moving screen"))
            specs.append(ParameterSpec("shadowRadius", .number(0...50), default: .number(d.shadowRadius), "shadow blur radius in points"))
        case .zoomSlide:
            specs.append(ParameterSpec("scale", .number(0.05...1), default: .number(d.scale), "scale of a screen while off screen"))
        case .zoom, .zoomOut:
            specs.append(ParameterSpec("scale", .number(0.05...1), default: .number(d.scale), "scale of the smaller (under) screen"))
            specs.append(ParameterSpec("largeScale", .number(1...5), default: .number(d.largeScale), "scale of the larger, fading screen"))
        case .fade, .slide:
            break
        }
        return CatalogEntry(name: style.rawValue, summary: summaries[style] ?? style.rawValue, parameters: specs) { p in
            HeroTransition(style, direction: p.direction, overlay: p.number("overlay", d.overlay),
                           shadowOpacity: p.number("shadowOpacity", d.shadowOpacity), shadowRadius: p.number("shadowRadius", d.shadowRadius),
                           scale: p.number("scale", d.scale), largeScale: p.number("largeScale", d.largeScale))
        }
    }

    /// Entries for the whole set, in Hero's order: fade, cover, uncover, slide, zoom-slide,
    /// page-in, page-out, zoom, zoom-out.
    public static let heroEntries: [CatalogEntry] = Style.allCases.map(entry)
}
