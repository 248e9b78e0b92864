import Geometry
import Motion
import Scene

/// Android's default activity transition of current AOSP (`core/res/res/anim/activity_open_*.xml`,
/// `activity_close_*.xml`, the 96 dp variant; docs/ANDROID.md). Each property has its
/// own interpolator over the 450 ms, as in the XML sets, so the step's own curve is the clock
/// (linear by default): translations follow fast_out_extra_slow_in, alphas are linear windows.
/// Open: the new activity slides in from +96 dp on top, fading in from 50 ms over 83 ms; the old
/// one slides to −96 dp. Close: the closing activity slides to +96 dp on top, fading out from
/// 35 ms over 83 ms; the one under it comes back from −96 dp. What the slides uncover at the
/// display's edge is the app's window background (the theme's), not black.
public struct AndroidActivityTransition: Transition {
    public var distance: Double
    public init(distance: Double = 96) { self.distance = distance }
    public var defaultDuration: Double { 0.45 }
    public var defaultCurve: Curve { .linear }
    static let total = 450.0

    public func scene(_ frame: TransitionFrame) -> Node {
        let u = MaterialMotion.clamp01(frame.progress), e = MaterialMotion.emphasized(u), ms = u * Self.total
        if frame.operation.isForward {
            let exit = frame.from.moved(-distance * e, 0)
            let enter = frame.to.moved(distance * (1 - e), 0).withOpacity(MaterialMotion.window(ms, 50, 133))
            return .canvas(frame.canvas, frame.behindWindows + [exit, enter])
        }
        let enter = frame.to.moved(-distance * (1 - e), 0)
        let exit = frame.from.moved(distance * e, 0).withOpacity(1 - MaterialMotion.window(ms, 35, 118))
        return .canvas(frame.canvas, frame.behindWindows + [enter, exit])
    }

    /// The init's defaults: the one statement of each parameter's default (spec and make read it).
    static let defaults = AndroidActivityTransition()

    public static let entry = CatalogEntry(
        name: "android-activity",
        summary: "Android's default activity open/close (AOSP, 96 dp variant): 96 dp slides on fast_out_extra_slow_in, alpha windows; 450 ms",
        parameters: [ParameterSpec("distance", .number(0...1000), default: .number(defaults.distance), "slide distance in points (dp)")],
        make: { p in AndroidActivityTransition(distance: p.number("distance", defaults.distance)) })
}

/// AndroidX Fragment's default animations (`fragment/fragment/src/main/res/anim/fragment_*.xml`,
/// docs/ANDROID.md), 400 ms; scales on fast_out_extra_slow_in about the centre, alphas
/// linear windows (the step's curve is the clock, linear by default). Open: the new fragment
/// fades in (50 ms from 50 ms) scaling 0.85 → 1 on top; the old one scales 1 → 1.05 and fades to
/// 0.4 (167 ms from 83 ms) over the activity's window background (the theme's: the app's
/// background colour, so a light app's old fragment washes out toward its surface, never toward
/// black or the preset's background). Close: the closing fragment fades out (50 ms from 33 ms)
/// scaling 1 → 0.9 on top; the one under it scales 1.1 → 1.
public struct AndroidFragmentTransition: Transition {
    public init() {}
    public var defaultDuration: Double { 0.4 }
    public var defaultCurve: Curve { .linear }
    static let total = 400.0

    public func scene(_ frame: TransitionFrame) -> Node {
        let u = MaterialMotion.clamp01(frame.progress), e = MaterialMotion.emphasized(u), ms = u * Self.total
        let c = frame.canvas
        if frame.operation.isForward {
            let exit = frame.from.scaledAboutCentre(MaterialMotion.lerp(1, 1.05, e), c)
                .withOpacity(MaterialMotion.lerp(1, 0.4, MaterialMotion.window(ms, 83, 250)))
            let enter = frame.to.scaledAboutCentre(MaterialMotion.lerp(0.85, 1, e), c).withOpacity(MaterialMotion.window(ms, 50, 100))
            return .canvas(c, frame.behindWindows + [exit, enter])
        }
        let enter = frame.to.scaledAboutCentre(MaterialMotion.lerp(1.1, 1, e), c)
        let exit = frame.from.scaledAboutCentre(MaterialMotion.lerp(1, 0.9, e), c).withOpacity(1 - MaterialMotion.window(ms, 33, 83))
        return .canvas(c, frame.behindWindows + [enter, exit])
    }

    public static let entry = CatalogEntry(
        name: "android-fragment",
        summary: "AndroidX Fragment's default open/close: scales on fast_out_extra_slow_in with alpha windows; 400 ms",
        parameters: [], make: { _ in AndroidFragmentTransition() })
}
