import Geometry
import Motion
import Scene

/// Pieces Material motion and Android's window animations share (docs/ANDROID.md).
enum MaterialMotion {
    static func clamp01(_ x: Double) -> Double { min(1, max(0, x)) }
    static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

    /// A value that runs 0 → 1 while `p` crosses [start, end] (MDC's `TransitionUtils.lerp` with
    /// thresholds: 0 before, 1 after).
    static func window(_ p: Double, _ start: Double, _ end: Double) -> Double {
        end <= start ? (p >= end ? 1 : 0) : clamp01((p - start) / (end - start))
    }

    /// MDC `FadeThroughProvider`: the outgoing screen fades out over the first 35 % of the
    /// (eased) progress, the incoming one in over the rest.
    static let fadeThroughThreshold = 0.35
    static func fadeThroughOut(_ p: Double) -> Double { 1 - min(1, max(0, p) / fadeThroughThreshold) }
    static func fadeThroughIn(_ p: Double) -> Double { window(p, fadeThroughThreshold, 1) }

    /// The windows' corner radius during a back gesture: the device's. AOSP rounds the windows
    /// from the start; `placedAsWindow` squares them off as they fill the display (`WindowCorners`).
    static func backCornerRadius(_ radius: Double, progress p: Double) -> Double { radius }

    /// The emphasized path (AOSP fast_out_extra_slow_in), for properties that carry their own
    /// interpolator inside a linear clock (Android's XML animation sets).
    static func emphasized(_ u: Double) -> Double { EasingPath.fastOutExtraSlowIn.value(at: u) }
}

extension Node {
    /// This canvas-sized node scaled by s about the canvas centre.
    func scaledAboutCentre(_ s: Double, _ canvas: Size) -> Node {
        guard s != 1 else { return self }
        var n = self
        let cx = canvas.width / 2, cy = canvas.height / 2
        n.placement = n.placement.concatenating(Affine.translation(-cx, -cy).scaledBy(s, s).translatedBy(cx, cy))
        return n
    }

    /// This canvas-sized node (a window) shown in `rect` (uniformly scaled by rect.width /
    /// canvas.width, as SurfaceControl's matrix does), its corners rounded by `radius` as seen on
    /// the display.
    func placedAsWindow(in rect: Rect, canvas: Size, radius: Double) -> Node {
        var n = self
        let s = rect.width / canvas.width
        n.placement = n.placement.concatenating(Affine.scale(s, s).translatedBy(rect.minX, rect.minY))
        let r = WindowCorners.radius(radius, window: rect, canvas: canvas)
        if s > 0 && r > 0 { n.cornerRadius = max(n.cornerRadius, r / s) }
        return n
    }
}

/// The Android entries of `segue list transitions`, registered after the iOS ones.
public enum MaterialCatalog {
    public static let entries: [CatalogEntry] = [
        SharedAxisTransition.entry, FadeThroughTransition.entry, MaterialFadeTransition.entry,
        ContainerTransformTransition.entry, AndroidActivityTransition.entry, AndroidFragmentTransition.entry,
        PredictiveBackTransition.entry, PredictiveBackHomeTransition.entry, PredictiveBackInAppTransition.entry,
    ]
}
