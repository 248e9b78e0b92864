import Geometry
import Motion
import Scene

/// Material's container transform (MDC `MaterialContainerTransform`, docs/ANDROID.md): a
/// matched element of the older screen (a card, a cell) grows into the whole newer screen. The
/// container's mask runs from the element's frame to the screen's, its corners from the
/// element's radius to 0; inside it the element's picture and the new screen are both drawn at
/// the container's width (top-aligned, MDC's width fit mode), the new screen fading in over the
/// element (fade mode in). A scrim #52000000 darkens the screen underneath as it grows.
/// Thresholds of the eased progress, enter: fade 0–0.25, scale 0–1, scale mask 0–1, shape mask
/// 0–0.75; return: fade 0.60–0.90, scale 0–1, scale mask 0–0.90, shape mask 0.30–0.90 (on the
/// way back the element's picture fades in over the shrinking screen). 500 ms in, 400 ms back,
/// emphasized. The first `match` pair names the element: [[element, anything on the new screen]].
public struct ContainerTransformTransition: Transition {
    /// Progress windows of one direction.
    public struct Thresholds: Sendable, Hashable {
        public var fade: ClosedRange<Double>, scale: ClosedRange<Double>, scaleMask: ClosedRange<Double>, shapeMask: ClosedRange<Double>
        public static let enter = Thresholds(fade: 0...0.25, scale: 0...1, scaleMask: 0...1, shapeMask: 0...0.75)
        public static let `return` = Thresholds(fade: 0.6...0.9, scale: 0...1, scaleMask: 0...0.9, shapeMask: 0.3...0.9)
    }
    /// MDC's default scrim colour #52000000: black at 82/255.
    public var scrim: Double

    public init(scrim: Double = 82.0 / 255) { self.scrim = scrim }

    public var defaultDuration: Double { 0.5 }
    public var defaultCurve: Curve { .path(.fastOutExtraSlowIn) }
    public func defaults(for operation: StackOperation) -> (duration: Double, curve: Curve) {
        (operation.isForward ? 0.5 : 0.4, .path(.fastOutExtraSlowIn))
    }
    public var usesMatchedElements: Bool { true }
    public var hidesMatchedElementsOnNewerScreen: Bool { false }

    /// The container at progress p: its mask, corner radius, content width and the fade of the
    /// end content (the new screen on enter, the element on return).
    public func container(p: Double, forward: Bool, element: Rect, elementRadius: Double, canvas: Size)
        -> (mask: Rect, radius: Double, contentWidth: Double, fade: Double) {
        let th = forward ? Thresholds.enter : Thresholds.return
        func f(_ r: ClosedRange<Double>) -> Double { MaterialMotion.window(p, r.lowerBound, r.upperBound) }
        let full = Rect(0, 0, canvas.width, canvas.height)
        let (a, b) = forward ? (element, full) : (full, element)
        let (ra, rb) = forward ? (elementRadius, 0.0) : (0.0, elementRadius)
        // Exactly the end rect at the end (a + (b − a)·1 can miss b by a rounding).
        let mask = f(th.scaleMask) >= 1 ? b : a.interpolated(to: b, f(th.scaleMask))
        return (mask, MaterialMotion.lerp(ra, rb, f(th.shapeMask)),
                f(th.scale) >= 1 ? b.width : MaterialMotion.lerp(a.width, b.width, f(th.scale)), f(th.fade))
    }

    public func scene(_ frame: TransitionFrame) -> Node {
        let forward = frame.operation.isForward, p = frame.progress, canvas = frame.canvas
        let (under, over) = forward ? (frame.from, frame.to) : (frame.to, frame.from)
        guard let m = frame.matches.first else { return .canvas(canvas, [under, over.withOpacity(forward ? p : 1 - p)]) }
        let element = forward ? m.fromFrame : m.toFrame
        let picture = forward ? m.fromImage : m.toImage
        let c = container(p: p, forward: forward, element: element, elementRadius: forward ? m.fromCornerRadius : m.toCornerRadius,
                          canvas: canvas)
        // Both contents share the container's width, centred on the mask and hung from its top.
        let x = c.mask.width / 2 - c.contentWidth / 2
        let elementContent = Node.image(picture, frame: Rect(x, 0, c.contentWidth, c.contentWidth * element.height / max(element.width, 1e-9)))
        var screenContent = over
        screenContent.placement = screenContent.placement.concatenating(
            Affine.scale(c.contentWidth / canvas.width, c.contentWidth / canvas.width).translatedBy(x, 0))
        let (start, end) = forward ? (elementContent, screenContent) : (screenContent, elementContent)
        // Faded in fully, the end content hides the start (whose pixels would show through the
        // end's transparent ones, such as a card's rounded corners).
        var children = c.fade >= 1 ? [] : [start]
        if c.fade > 0 { children.append(end.withOpacity(c.fade)) }
        // At the element's own frame the picture is drawn as it is (its corners are its own).
        let atElement = c.mask == element && c.contentWidth == element.width
        let box = Node(kind: .group, frame: c.mask, cornerRadius: atElement ? 0 : c.radius, clips: !atElement, children: children)
        let scrimAlpha = scrim * MaterialMotion.clamp01(forward ? p : 1 - p)
        var layers = [under]
        if scrimAlpha > 0 { layers.append(.rect(Rect(0, 0, canvas.width, canvas.height), Color.black.withAlpha(scrimAlpha))) }
        layers.append(box)
        return .canvas(canvas, layers)
    }

    /// The init's defaults: the one statement of each parameter's default (spec and make read it).
    static let defaults = ContainerTransformTransition()

    public static let entry = CatalogEntry(
        name: "container-transform",
        summary: "Material container transform: a matched element grows into the new screen (MDC thresholds, scrim #52000000); 500 ms in, 400 ms back, emphasized; match: [[element, id on the new screen]]",
        parameters: [ParameterSpec("scrim", .number(0...1), default: .number(defaults.scrim), "black scrim alpha over the screen underneath when the container is full")],
        make: { p in ContainerTransformTransition(scrim: p.number("scrim", defaults.scrim)) })
}
