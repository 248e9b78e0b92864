import Geometry
import Motion
import Scene

/// Android's system cross-activity predictive back (AOSP WindowManager Shell
/// `back/CrossActivityBackAnimation.kt` and `DefaultCrossActivityBackAnimation.kt`; docs/ANDROID.md), an interactive pop with a `gesture` from the left or right edge.
///
/// While the finger is down, with p the BACK_GESTURE progress of the drag: the closing window
/// goes from the full display to 0.9 of it about its centre, and for a left-edge swipe further
/// right until its right edge is 8 dp from the display's; the entering window starts
/// max(0.1·width, 96 dp) to the left and scales to 0.9 about its own centre in step. Both follow
/// the finger vertically (decelerated, never closer than 8 dp to the display's top or bottom) and
/// keep the device's corner radius; a black scrim (0.2, or 0.8 `dark`) lies between them, and the
/// display behind both is filled with the entering screen's background colour (AOSP's
/// background layer, which takes the entering task's background colour), under the scrim.
/// Release: `BackGesture.rule`; commit → 450 ms, the rects on emphasized from where they were
/// (the entering one to the full display, the closing one to full size 96 dp further right),
/// closing alpha max(1 − 5c, 0) and the scrim fading with the linear time c; cancel → the spring
/// stiffness 200, ratio 0.75 back to p = 0. Without a gesture the step is the commit from rest.
public struct PredictiveBackTransition: Transition {
    public var cornerRadius: Double
    public var scrim: Double
    public init(cornerRadius: Double = 0, dark: Bool = PredictiveBackTransition.darkByDefault) {
        self.cornerRadius = cornerRadius
        scrim = dark ? 0.8 : 0.2 // MAX_SCRIM_ALPHA_DARK / _LIGHT
    }

    public var defaultDuration: Double { 0.45 }
    /// The commit clock; the rects carry emphasized themselves (alpha and scrim are linear in it).
    public var defaultCurve: Curve { .linear }

    /// Margin to the display edges (`cross_task_back_vertical_margin`, 8 dp), the entering start
    /// offset (`cross_activity_back_entering_start_offset`, 96 dp), the scale (MAX_SCALE 0.9).
    static let margin = 8.0, enteringOffset = 96.0, minScale = 0.9

    /// The two windows' rects during the gesture at progress p with vertical finger travel dy.
    public static func gestureRects(p: Double, dy: Double, edge: BackGesture.Edge, canvas: Size) -> (closing: Rect, entering: Rect) {
        let full = Rect(0, 0, canvas.width, canvas.height)
        var closingTarget = full.scaledCentred(minScale)
        if edge == .left { closingTarget = closingTarget.offsetBy(dx: full.maxX - closingTarget.maxX - margin, dy: 0) }
        let enteringStart = full.offsetBy(dx: -max(canvas.width * (1 - minScale), enteringOffset), dy: 0)
        let enteringTarget = enteringStart.scaledCentred(minScale)
        // A cancel spring that overshoots past rest does not grow the windows past the display.
        let p = MaterialMotion.clamp01(p)
        let closing = full.interpolated(to: closingTarget, p)
        let y = verticalOffset(dy: dy, rectHeight: closing.height, screenHeight: canvas.height)
        return (closing.offsetBy(dx: 0, dy: y), enteringStart.interpolated(to: enteringTarget, p).offsetBy(dx: 0, dy: y))
    }

    /// AOSP getYOffset: DecelerateInterpolator of min(|dy|, h/2)/(h/2), times the room left
    /// between the window and an 8 dp margin.
    static func verticalOffset(dy: Double, rectHeight: Double, screenHeight h: Double, cap: Double = .infinity) -> Double {
        let ratio = min(h / 2, abs(dy)) / (h / 2)
        let eased = 1 - (1 - ratio) * (1 - ratio)
        return (dy < 0 ? -1 : 1) * eased * min(cap, max(0, (h - rectHeight) / 2 - margin))
    }

    /// After a commit: c is the linear time of the 450 ms, from the release rects.
    public static func commitRects(c: Double, release: (closing: Rect, entering: Rect), canvas: Size)
        -> (closing: Rect, entering: Rect, closingAlpha: Double) {
        let full = Rect(0, 0, canvas.width, canvas.height), e = MaterialMotion.emphasized(c)
        let closingTarget = full.offsetBy(dx: release.closing.minX + enteringOffset, dy: 0)
        return (release.closing.interpolated(to: closingTarget, e), release.entering.interpolated(to: full, e), max(1 - 5 * c, 0))
    }

    public func scene(_ frame: TransitionFrame) -> Node {
        let forward = frame.operation.isForward, canvas = frame.canvas
        let (closing, entering) = forward ? (frame.to, frame.from) : (frame.from, frame.to)
        let q = forward ? 1 - frame.progress : frame.progress
        let i = frame.interaction, edge = i?.backEdge ?? .left, dy = i?.translation.y ?? 0
        // AOSP fills the display behind both windows with the entering task's background colour
        // (under the scrim), so a light app shows light grey around its windows, not black.
        var layers = frame.behindWindows
        if let i, !(i.released && i.finishing) {
            let r = Self.gestureRects(p: q, dy: dy, edge: edge, canvas: canvas)
            let radius = MaterialMotion.backCornerRadius(cornerRadius, progress: q)
            layers += [entering.placedAsWindow(in: r.entering, canvas: canvas, radius: radius),
                       .rect(Rect(0, 0, canvas.width, canvas.height), Color.black.withAlpha(scrim)),
                       closing.placedAsWindow(in: r.closing, canvas: canvas, radius: radius)]
        } else {
            let pr = i?.releaseProgress ?? 0, c = i.map { $0.completion(progress: q) } ?? q
            let r = Self.commitRects(c: MaterialMotion.clamp01(c), release: Self.gestureRects(p: pr, dy: dy, edge: edge, canvas: canvas),
                                     canvas: canvas)
            // The entering window ends as the display itself: its corners square off as it lands
            // (AOSP drops the radius at the end; a display's own corners hide that, a video does not).
            let radius = MaterialMotion.backCornerRadius(cornerRadius, progress: max(pr, c))
            let landing = radius * (1 - MaterialMotion.emphasized(MaterialMotion.clamp01(c)))
            layers.append(entering.placedAsWindow(in: r.entering, canvas: canvas, radius: landing))
            if c < 1 { layers.append(.rect(Rect(0, 0, canvas.width, canvas.height), Color.black.withAlpha(scrim * (1 - c)))) }
            if r.closingAlpha > 0 {
                layers.append(closing.placedAsWindow(in: r.closing, canvas: canvas, radius: radius).withOpacity(r.closingAlpha))
            }
        }
        return .canvas(canvas, layers)
    }

    public func interactive(gesture: Gesture, canvas: Size, operation: StackOperation, release: ReleaseMode) throws(MotionError) -> InteractiveDriver? {
        try Self.systemDriver(gesture: gesture, canvas: canvas, operation: operation, release: release)
    }

    /// The system forms' driver: commit on a 450 ms linear clock (the scene eases it), cancel on
    /// the fling spring, SpringForce STIFFNESS_LOW 200 and DAMPING_RATIO_LOW_BOUNCY 0.75.
    static func systemDriver(gesture: Gesture, canvas: Size, operation: StackOperation, release: ReleaseMode) throws(MotionError) -> InteractiveDriver? {
        guard operation == .pop || operation == .dismiss else { return nil }
        return try BackGesture.driver(gesture: gesture, canvas: canvas, release: release,
                                      commit: .exact(duration: 0.45, curve: .linear),
                                      cancel: .spring(.spring(.android(dampingRatio: 0.75, stiffness: 200)), duration: nil))
    }

    /// The light theme unless the preset says `dark` (the one statement of that default).
    public static let darkByDefault = false
    static let darkParameter = ParameterSpec("dark", .bool, default: .bool(darkByDefault), "dark theme: scrim 0.8 instead of 0.2")

    public static let entry = CatalogEntry(
        name: "predictive-back",
        summary: "Android's cross-activity predictive back: the closing window shrinks to 0.9 toward the far edge over the entering one; interactive pop from either edge; commit 450 ms emphasized",
        parameters: [darkParameter],
        make: { p in PredictiveBackTransition(cornerRadius: p.screenCornerRadius, dark: p.bool("dark")) })
}

extension Rect {
    /// This rect scaled by s about its centre.
    func scaledCentred(_ s: Double) -> Rect {
        Rect(midX - width * s / 2, midY - height * s / 2, width * s, height * s)
    }
}

extension Parameters {
    func bool(_ name: String) -> Bool {
        if case .bool(let b)? = values[name] { return b }
        return PredictiveBackTransition.darkByDefault
    }
}
