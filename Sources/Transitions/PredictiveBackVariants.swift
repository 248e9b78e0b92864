import Geometry
import Motion
import Scene

/// Predictive back to the launcher (Launcher3 `quickstep/.../LauncherBackAnimationController.java`,
/// docs/ANDROID.md): the app window shrinks about its centre to 0.75 with the drag over
/// the home screen (pop to a `home` mock), under a black scrim 0.2 (0.8 `dark`) on the home
/// screen, following the finger vertically like the cross-activity form. Commit: the scrim fades
/// in 233 ms; the window, from where it was, shrinks on emphasized to 56 dp wide at the
/// display's centre and fades out over the second half of the 450 ms (Launcher3 aims it at the
/// app's icon, which a mock home screen does not have). Cancel: the spring of the cross-activity
/// form back to rest.
public struct PredictiveBackHomeTransition: Transition {
    public var cornerRadius: Double
    public var scrim: Double
    public init(cornerRadius: Double = 0, dark: Bool = PredictiveBackTransition.darkByDefault) { self.cornerRadius = cornerRadius; scrim = dark ? 0.8 : 0.2 }
    public var defaultDuration: Double { 0.45 }
    public var defaultCurve: Curve { .linear }
    static let minScale = 0.75, scrimFade = 0.233, icon = 56.0

    public static func gestureRect(p: Double, dy: Double, canvas: Size) -> Rect {
        let full = Rect(0, 0, canvas.width, canvas.height)
        let r = full.scaledCentred(MaterialMotion.lerp(1, minScale, MaterialMotion.clamp01(p)))
        return r.offsetBy(dx: 0, dy: PredictiveBackTransition.verticalOffset(dy: dy, rectHeight: r.height, screenHeight: canvas.height))
    }

    public func scene(_ frame: TransitionFrame) -> Node {
        let forward = frame.operation.isForward, canvas = frame.canvas
        let (app, home) = forward ? (frame.to, frame.from) : (frame.from, frame.to)
        let q = forward ? 1 - frame.progress : frame.progress
        let i = frame.interaction, dy = i?.translation.y ?? 0
        let full = Rect(0, 0, canvas.width, canvas.height)
        if let i, !(i.released && i.finishing) {
            return .canvas(canvas, [home, .rect(full, Color.black.withAlpha(scrim)),
                                    app.placedAsWindow(in: Self.gestureRect(p: q, dy: dy, canvas: canvas), canvas: canvas,
                                                       radius: MaterialMotion.backCornerRadius(cornerRadius, progress: q))])
        }
        let c = MaterialMotion.clamp01(i.map { $0.completion(progress: q) } ?? q), e = MaterialMotion.emphasized(c)
        let start = Self.gestureRect(p: i?.releaseProgress ?? 0, dy: dy, canvas: canvas)
        let target = Rect(canvas.width / 2 - Self.icon / 2, canvas.height / 2 - Self.icon / 2 * canvas.height / canvas.width,
                          Self.icon, Self.icon * canvas.height / canvas.width)
        let r = start.interpolated(to: target, e)
        var layers = [home]
        let scrimLeft = scrim * (1 - MaterialMotion.clamp01(c * defaultDuration / Self.scrimFade))
        if scrimLeft > 0 { layers.append(.rect(full, Color.black.withAlpha(scrimLeft))) }
        let alpha = 1 - MaterialMotion.window(c, 0.5, 1)
        if alpha > 0 {
            let radius = MaterialMotion.lerp(MaterialMotion.backCornerRadius(cornerRadius, progress: max(i?.releaseProgress ?? 0, c)), Self.icon / 2, e)
            layers.append(app.placedAsWindow(in: r, canvas: canvas, radius: min(radius, r.width / 2)).withOpacity(alpha))
        }
        return .canvas(canvas, layers)
    }

    public func interactive(gesture: Gesture, canvas: Size, operation: StackOperation, release: ReleaseMode) throws(MotionError) -> InteractiveDriver? {
        try PredictiveBackTransition.systemDriver(gesture: gesture, canvas: canvas, operation: operation, release: release)
    }

    public static let entry = CatalogEntry(
        name: "predictive-back-home",
        summary: "Android's predictive back to the launcher: the app window shrinks to 0.75 over the home screen (pop to a `home` mock)",
        parameters: [PredictiveBackTransition.darkParameter],
        make: { p in PredictiveBackHomeTransition(cornerRadius: p.screenCornerRadius, dark: p.bool("dark")) })
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
