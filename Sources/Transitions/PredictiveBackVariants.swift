import Geometry
import Motion
import Scene

/// Predictive back to the launcher (Launcher3 `quickstep/.../LauncherBackAnimationController.java`,
/// docs/ANDROID.md): the app window shrinks about its centre to 0.75 with the drag over
/// the home screen (pop to a `home` mock), under a black scrim 0.2 (0.8 `dark`) on the home
/// screen, following the finger vertically like the cross-activity form. Commit: the scrim fades
/// in 233 ms; the window, from where it was, shrinks on emphasized to 56 dp wide at the
/// display's centre — or, with `icon` (an element of the home screen), centred on that icon, its
/// width — and fades out over the second half of the 450 ms, uncovering the icon (Launcher3 aims
/// the window at the app's icon). Cancel: the spring of the cross-activity form back to rest. A
/// push plays the launch: the window grows out of the icon (or the centre) to the full display on
/// emphasized, opaque from 15 % of the step on (`launchAlpha`).
public struct PredictiveBackHomeTransition: Transition {
    public var cornerRadius: Double
    public var scrim: Double
    public var icon: String
    public init(cornerRadius: Double = 0, dark: Bool = PredictiveBackTransition.darkByDefault, icon: String = "") {
        self.cornerRadius = cornerRadius; scrim = dark ? 0.8 : 0.2; self.icon = icon
    }
    public var defaultDuration: Double { 0.45 }
    public var defaultCurve: Curve { .linear }
    public var usesMatchedElements: Bool { !icon.isEmpty }
    public var sourceElement: String? { icon.isEmpty ? nil : icon }
    static let minScale = 0.75, scrimFade = 0.233, icon = 56.0

    public static func gestureRect(p: Double, dy: Double, canvas: Size) -> Rect {
        let full = Rect(0, 0, canvas.width, canvas.height)
        let r = full.scaledCentred(MaterialMotion.lerp(1, minScale, MaterialMotion.clamp01(p)))
        return r.offsetBy(dx: 0, dy: PredictiveBackTransition.verticalOffset(dy: dy, rectHeight: r.height, screenHeight: canvas.height))
    }

    public func scene(_ frame: TransitionFrame) -> Node {
        let forward = frame.operation.isForward, canvas = frame.canvas
        let (app, under) = forward ? (frame.to, frame.from) : (frame.from, frame.to)
        let (landing, iconLayer) = Self.landing(frame)
        // The step draws the home screen with its `icon` hidden: the icon goes back on it, so it
        // stays where it is under the window and is what the window fades into.
        let home = iconLayer.map { Node.group(Rect(0, 0, canvas.width, canvas.height), [under, $0]) } ?? under
        let q = forward ? 1 - frame.progress : frame.progress
        let i = frame.interaction, dy = i?.translation.y ?? 0
        let full = Rect(0, 0, canvas.width, canvas.height)
        if let i, !(i.released && i.finishing) {
            return .canvas(canvas, [home, .rect(full, Color.black.withAlpha(scrim)),
                                    app.placedAsWindow(in: Self.gestureRect(p: q, dy: dy, canvas: canvas), canvas: canvas,
                                                       radius: MaterialMotion.backCornerRadius(cornerRadius, progress: q))])
        }
        let c = MaterialMotion.clamp01(i.map { $0.completion(progress: q) } ?? q)
        // A push (the app opened from its icon, Launcher3's launch) grows the window on
        // emphasized in its own time: the commit's curve run backwards would hold the window at
        // the icon for most of the step and fling it open in the last frames.
        let e = forward && i == nil ? 1 - MaterialMotion.emphasized(frame.progress) : MaterialMotion.emphasized(c)
        let start = Self.gestureRect(p: i?.releaseProgress ?? 0, dy: dy, canvas: canvas)
        let r = start.interpolated(to: landing, e)
        var layers = [home]
        let scrimLeft = scrim * (1 - MaterialMotion.clamp01(c * defaultDuration / Self.scrimFade))
        if scrimLeft > 0 { layers.append(.rect(full, Color.black.withAlpha(scrimLeft))) }
        let alpha = forward && i == nil ? Self.launchAlpha(frame.progress) : 1 - MaterialMotion.window(c, 0.5, 1)
        if alpha > 0 {
            let radius = MaterialMotion.lerp(MaterialMotion.backCornerRadius(cornerRadius, progress: max(i?.releaseProgress ?? 0, c)), landing.width / 2, e)
            layers.append(app.placedAsWindow(in: r, canvas: canvas, radius: min(radius, r.width / 2)).withOpacity(alpha))
        }
        return .canvas(canvas, layers)
    }

    /// The launch's window alpha. Launcher3 (QuickstepTransitionManager.getOpeningWindowAnimators)
    /// draws the window at 1 − the floating icon's alpha, and the icon fades out linearly from
    /// 25 ms for 50 ms of the 500 ms launch (APP_LAUNCH_ALPHA_START_DELAY, _DURATION): opaque
    /// from 15 % of the step, so the launcher never shows through the growing app.
    static func launchAlpha(_ progress: Double) -> Double { MaterialMotion.window(progress, 25.0 / 500, 75.0 / 500) }

    /// Where the committed window lands, at the window's aspect: the width of `icon` centred on
    /// it, with the icon's snapshot to draw back in its place; without one, 56 dp at the centre.
    static func landing(_ frame: TransitionFrame) -> (Rect, Node?) {
        let canvas = frame.canvas, aspect = canvas.height / canvas.width
        guard let m = frame.matches.first else {
            return (Rect(canvas.width / 2 - icon / 2, canvas.height / 2 - icon / 2 * aspect, icon, icon * aspect), nil)
        }
        let (f, image) = frame.operation.isForward ? (m.fromFrame, m.fromImage) : (m.toFrame, m.toImage)
        return (Rect(f.midX - f.width / 2, f.midY - f.width / 2 * aspect, f.width, f.width * aspect), .image(image, frame: f))
    }

    public func interactive(gesture: Gesture, canvas: Size, operation: StackOperation, release: ReleaseMode) throws(MotionError) -> InteractiveDriver? {
        try PredictiveBackTransition.systemDriver(gesture: gesture, canvas: canvas, operation: operation, release: release)
    }

    public static let entry = CatalogEntry(
        name: "predictive-back-home",
        summary: "Android's predictive back to the launcher: the app window shrinks to 0.75 over the home screen (pop to a `home` mock)",
        parameters: [PredictiveBackTransition.darkParameter,
                     ParameterSpec("icon", .element, default: .string(""), "the app's icon on the home screen (an element id) the window lands in; empty: the display's centre")],
        make: { p in PredictiveBackHomeTransition(cornerRadius: p.screenCornerRadius, dark: p.bool("dark"), icon: p.string("icon", "")) })
}

/// Material's in-app predictive back (MDC `motion/MaterialBackAnimationHelper.java`,
/// `MaterialMainContainerBackHelper.java`; docs/ANDROID.md): the top screen scales to
/// 0.9 with the drag and slides toward the far side until 8 dp from its edge (left-edge swipe:
/// right), follows the finger vertically by at most 24 dp, with the device's corner radius; the
/// previous screen waits underneath. Commit: the screen fades out in 150 ms (emphasized
/// accelerate) where it was; cancel: it returns to rest in 100 ms.
public struct PredictiveBackInAppTransition: Transition {
    public var cornerRadius: Double
    public init(cornerRadius: Double = 0) { self.cornerRadius = cornerRadius }
    public var defaultDuration: Double { 0.15 }
    public var defaultCurve: Curve { MaterialCurves.curve(named: "emphasizedAccelerate")! }
    static let minScale = 0.9, gap = 8.0, maxTranslationY = 24.0

    public static func rect(p: Double, dy: Double, edge: BackGesture.Edge, canvas: Size) -> Rect {
        let p = MaterialMotion.clamp01(p)
        let full = Rect(0, 0, canvas.width, canvas.height)
        let r = full.scaledCentred(MaterialMotion.lerp(1, minScale, p))
        let maxX = max(0, (canvas.width - canvas.width * minScale) / 2 - gap)
        let y = PredictiveBackTransition.verticalOffset(dy: dy, rectHeight: r.height, screenHeight: canvas.height, cap: maxTranslationY)
        return r.offsetBy(dx: (edge == .left ? 1 : -1) * maxX * p, dy: y)
    }

    public func scene(_ frame: TransitionFrame) -> Node {
        let forward = frame.operation.isForward, canvas = frame.canvas
        let (top, under) = forward ? (frame.to, frame.from) : (frame.from, frame.to)
        let q = forward ? 1 - frame.progress : frame.progress
        let i = frame.interaction, edge = i?.backEdge ?? .left, dy = i?.translation.y ?? 0
        if let i, !(i.released && i.finishing) {
            return .canvas(canvas, [under, top.placedAsWindow(in: Self.rect(p: q, dy: dy, edge: edge, canvas: canvas), canvas: canvas,
                                                              radius: MaterialMotion.backCornerRadius(cornerRadius, progress: q))])
        }
        // The commit's progress runs from the release value to 1; the fade is its completed part.
        let c = MaterialMotion.clamp01(i.map { $0.completion(progress: q) } ?? q)
        let r = Self.rect(p: i?.releaseProgress ?? 0, dy: dy, edge: edge, canvas: canvas)
        var layers = [under]
        let radius = MaterialMotion.backCornerRadius(cornerRadius, progress: max(i?.releaseProgress ?? 0, c))
        if c < 1 { layers.append(top.placedAsWindow(in: r, canvas: canvas, radius: radius).withOpacity(1 - c)) }
        return .canvas(canvas, layers)
    }

    public func interactive(gesture: Gesture, canvas: Size, operation: StackOperation, release: ReleaseMode) throws(MotionError) -> InteractiveDriver? {
        guard operation == .pop || operation == .dismiss else { return nil }
        return try BackGesture.driver(gesture: gesture, canvas: canvas, release: release,
                                      commit: .exact(duration: 0.15, curve: MaterialCurves.curve(named: "emphasizedAccelerate")!),
                                      cancel: .exact(duration: 0.1, curve: MaterialCurves.curve(named: "standardDecelerate")!))
    }

    public static let entry = CatalogEntry(
        name: "predictive-back-inapp",
        summary: "Material's in-app predictive back: the screen scales to 0.9 with an 8 dp gap, corners from the device; commit fades it out (150 ms)",
        parameters: [], make: { p in PredictiveBackInAppTransition(cornerRadius: p.screenCornerRadius) })
}
