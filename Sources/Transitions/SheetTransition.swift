import Geometry
import Motion
import Scene

/// The iOS 13+ page sheet (`.pageSheet` / `.automatic` modal), after react-navigation's
/// `forModalPresentationIOS` (reference/transitions.md §2.2). In forward (present) progress q,
/// with `top` = `safeTop` + `topOffset`:
///
/// * the presented screen (the sheet) slides up from below the canvas until its top edge is at
///   `top` (y = top + (h − top)·(1 − q)). It is clipped to a layer with `cornerRadius` rounded
///   corners whose bottom edge hangs `cornerRadius` below the canvas, so only the top corners show;
///   the screen is drawn top-aligned, its last `top` points stay below the canvas;
/// * the presenting screen scales about its top-centre from 1 to 1 − 2·`topOffset`/width while its
///   top edge moves down to `safeTop` (react-navigation's translate + scale, which ends with the
///   top edge at the status bar), its corners round to `cornerRadius` (on screen), and a black dim
///   whose alpha reaches `dim` covers the whole canvas under the sheet; from q > 0 a black window
///   background fills what the shrinking screen uncovers.
///
/// Dim 0.2 is iOS 26's value for the presenting screen (the reference also lists 0.12, the value
/// for a sheet over a sheet); `safeTop` 47 pt is the iPhone 13/14's status bar.
///
/// Dismiss runs the present backwards. Interactive dismiss (drag down): progress = downward
/// translation / (h − top), clamped to [0, 1], so the sheet follows the finger 1:1; release
/// finishes iff translation.y + velocity.y·`velocityImpact` > (h − top)/2 (react-navigation's rule,
/// GESTURE_VELOCITY_IMPACT 0.3 s); the completion is the system spring (critically damped,
/// react-navigation's sheet spec too) started at the finger's speed.
public struct SheetTransition: Transition {
    public var safeTop: Double
    public var topOffset: Double
    public var cornerRadius: Double
    public var dim: Double
    public var velocityImpact: Double

    public init(safeTop: Double = 47, topOffset: Double = 10, cornerRadius: Double = 10, dim: Double = 0.2,
                velocityImpact: Double = 0.3) {
        self.safeTop = safeTop; self.topOffset = topOffset; self.cornerRadius = cornerRadius
        self.dim = dim; self.velocityImpact = velocityImpact
    }

    public var defaultDuration: Double { 0.5 }
    public var defaultCurve: Curve { .system }
    public var presentsOverContext: Bool { true }

    /// Where the sheet's top edge rests when presented (points from the canvas top).
    public func sheetTop(_ canvas: Size) -> Double { min(max(safeTop + topOffset, 0), canvas.height) }

    /// The presenting screen's final scale, 1 − 2·topOffset / width.
    public func presentingScale(_ canvas: Size) -> Double {
        canvas.width > 0 ? max(1 - 2 * topOffset / canvas.width, 0.01) : 1
    }

    public func scene(_ frame: TransitionFrame) -> Node {
        let (under, over, q) = frame.forward
        let c = frame.canvas, w = c.width, h = c.height
        let bounds = Rect(0, 0, w, h)
        let top = sheetTop(c)
        var layers: [Node] = []

        // The presenting screen.
        let s = 1 + (presentingScale(c) - 1) * q
        var presenting = Node(kind: .group, frame: bounds, children: [under])
        presenting.placement = Affine.translation(-w / 2, 0).scaledBy(s, s).translatedBy(w / 2, safeTop * q)
        if q > 0 {
            layers.append(.rect(bounds, .black))
            if cornerRadius > 0 {
                presenting.cornerRadius = cornerRadius * q / s
                presenting.clips = true
            }
        }
        layers.append(presenting)
        if q > 0 && dim > 0 { layers.append(.rect(bounds, Color.black.withAlpha(dim * q))) }

        // The sheet.
        let r = max(cornerRadius, 0)
        var sheet = Node(kind: .group, frame: Rect(0, 0, w, max(h - top, 0) + r), cornerRadius: r,
                         clips: true, children: [over])
        sheet.placement = .translation(0, top + (h - top) * (1 - q))
        if q > 0 { layers.append(sheet) }
        return .canvas(c, layers)
    }

    /// Interactive dismiss by dragging the sheet down; nil for the other operations.
    public func interactive(gesture: Gesture, canvas: Size, operation: StackOperation,
                            release: ReleaseMode) throws(MotionError) -> InteractiveDriver? {
        guard operation == .dismiss else { return nil }
        let travel = canvas.height - sheetTop(canvas)
        guard travel > 0 else { throw .invalidGesture("the sheet has no height to drag (canvas height \(canvas.height), top \(sheetTop(canvas)))") }
        let k = velocityImpact
        return try InteractiveDriver(
            gesture: gesture,
            mapping: ProgressMapping { t in min(max(t.y / travel, 0), 1) },
            rule: ReleaseRule { s in s.translation.y + s.velocity.y * k > travel / 2 ? .finish : .cancel },
            release: release,
            completion: .spring(.system, duration: nil))
    }

    public static let entry = CatalogEntry(
        name: "sheet",
        summary: "iOS 13+ page sheet: slides up to 10 pt below the status bar over the presenting screen, which shrinks by 20 pt, rounds and dims; drag down to dismiss",
        parameters: [
            ParameterSpec("safeTop", .number(0...200), default: .number(47), "status bar height in points (the presenting screen's top at the end)"),
            ParameterSpec("topOffset", .number(0...100), default: .number(10), "gap between the status bar and the sheet; the presenting screen shrinks by twice this"),
            ParameterSpec("cornerRadius", .number(0...60), default: .number(10), "corner radius of the sheet and of the shrunk presenting screen"),
            ParameterSpec("dim", .number(0...1), default: .number(0.2), "black dim alpha over the presenting screen when presented"),
            ParameterSpec("velocityImpact", .number(0...2), default: .number(0.3), "seconds of release velocity added to the drag when deciding to dismiss"),
        ],
        make: { p in
            SheetTransition(safeTop: p.number("safeTop", 47), topOffset: p.number("topOffset", 10),
                            cornerRadius: p.number("cornerRadius", 10), dim: p.number("dim", 0.2),
                            velocityImpact: p.number("velocityImpact", 0.3))
        })
}
