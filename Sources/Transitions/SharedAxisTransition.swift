import Geometry
import Motion
import Scene

/// Material's shared axis (MDC `MaterialSharedAxis`, docs/ANDROID.md): a fade through
/// (outgoing out over 0–0.35 of the eased progress, incoming in over 0.35–1) with a 30 dp slide
/// along x or y, or a scale along z (incoming 0.8 → 1, outgoing 1 → 1.1). A pop mirrors it: the
/// slides go the other way, z scales 1.1 → 1 in and 1 → 0.8 out. Both screens are drawn over the
/// app's own background colour (the window background MDC's transitions run on: the theme's),
/// which shows through the cross-fade. 450 ms emphasized.
public struct SharedAxisTransition: Transition {
    public enum Axis: String, Sendable, CaseIterable { case x, y, z }
    public var axis: Axis
    /// Slide distance (points = dp), MDC `mtrl_transition_shared_axis_slide_distance` 30 dp.
    public var distance: Double

    public init(axis: Axis = .x, distance: Double = 30) { self.axis = axis; self.distance = distance }

    public var defaultDuration: Double { 0.45 }
    public var defaultCurve: Curve { .path(.fastOutExtraSlowIn) }

    public func scene(_ frame: TransitionFrame) -> Node {
        let p = frame.progress, forward = frame.operation.isForward
        var outgoing = frame.from.withOpacity(MaterialMotion.fadeThroughOut(p))
        var incoming = frame.to.withOpacity(MaterialMotion.fadeThroughIn(p))
        let sign = forward ? 1.0 : -1.0
        switch axis {
        case .x:
            outgoing = outgoing.moved(-sign * distance * p, 0)
            incoming = incoming.moved(sign * distance * (1 - p), 0)
        case .y:
            outgoing = outgoing.moved(0, -sign * distance * p)
            incoming = incoming.moved(0, sign * distance * (1 - p))
        case .z:
            let (inFrom, outTo) = forward ? (0.8, 1.1) : (1.1, 0.8)
            outgoing = outgoing.scaledAboutCentre(MaterialMotion.lerp(1, outTo, p), frame.canvas)
            incoming = incoming.scaledAboutCentre(MaterialMotion.lerp(inFrom, 1, p), frame.canvas)
        }
        return .canvas(frame.canvas, frame.behindWindows + [outgoing, incoming])
    }

    /// The init's defaults: the one statement of each parameter's default (spec and make read it).
    static let defaults = SharedAxisTransition()

    public static let entry = CatalogEntry(
        name: "shared-axis",
        summary: "Material shared axis: fade through with a 30 dp slide (x, y) or a scale (z); 450 ms emphasized",
        parameters: [
            ParameterSpec("axis", .choice(Axis.allCases.map(\.rawValue)), default: .string(defaults.axis.rawValue), "x or y: slide 30 dp along it; z: scale"),
            ParameterSpec("distance", .number(0...1000), default: .number(defaults.distance), "slide distance in points (dp) for x and y"),
        ],
        make: { p in SharedAxisTransition(axis: Axis(rawValue: p.string("axis", defaults.axis.rawValue)) ?? defaults.axis,
                                           distance: p.number("distance", defaults.distance)) })
}

/// Material's fade through (MDC `MaterialFadeThrough`): the outgoing screen fades out over 0–0.35,
/// the incoming one fades in over 0.35–1 while it scales 0.92 → 1 (the outgoing one does not
/// scale: `scaleOnDisappear` off). The same both ways; 450 ms emphasized.
public struct FadeThroughTransition: Transition {
    public var startScale: Double
    public init(startScale: Double = 0.92) { self.startScale = startScale }
    public var defaultDuration: Double { 0.45 }
    public var defaultCurve: Curve { .path(.fastOutExtraSlowIn) }

    public func scene(_ frame: TransitionFrame) -> Node {
        let p = frame.progress
        let outgoing = frame.from.withOpacity(MaterialMotion.fadeThroughOut(p))
        let incoming = frame.to.withOpacity(MaterialMotion.fadeThroughIn(p))
            .scaledAboutCentre(MaterialMotion.lerp(startScale, 1, p), frame.canvas)
        return .canvas(frame.canvas, frame.behindWindows + [outgoing, incoming])
    }

    /// The init's defaults: the one statement of each parameter's default (spec and make read it).
    static let defaults = FadeThroughTransition()

    public static let entry = CatalogEntry(
        name: "fade-through",
        summary: "Material fade through: out over 0–0.35, in over 0.35–1 scaling 0.92 → 1; 450 ms emphasized",
        parameters: [ParameterSpec("startScale", .number(0.1...2), default: .number(defaults.startScale), "scale the incoming screen starts at")],
        make: { p in FadeThroughTransition(startScale: p.number("startScale", defaults.startScale)) })
}

/// Material's fade (MDC `MaterialFade`), for components that appear within the screen — dialogs,
/// menus, a FAB (Material's guidance; pages use shared axis or fade through): entering, the new
/// screen scales 0.8 → 1 while it fades in, done by 0.3 of the progress (400 ms emphasized
/// decelerate); leaving, it only fades out (150 ms emphasized accelerate). The presented screen is
/// the component over a transparent background, so it is presented over context: the screen under
/// it stays put and stays shown, under an optional black `scrim` (a dialog's window dim) that
/// fades with the component.
public struct MaterialFadeTransition: Transition {
    public var startScale: Double
    public var fadeEnd: Double
    public var scrim: Double
    public init(startScale: Double = 0.8, fadeEnd: Double = 0.3, scrim: Double = 0) {
        self.startScale = startScale; self.fadeEnd = fadeEnd; self.scrim = scrim
    }
    public var presentsOverContext: Bool { true }

    public var defaultDuration: Double { 0.4 }
    public var defaultCurve: Curve { MaterialCurves.curve(named: "emphasizedDecelerate")! }
    public func defaults(for operation: StackOperation) -> (duration: Double, curve: Curve) {
        (operation.isForward ? 0.4 : 0.15, MaterialCurves.curve(named: operation.isForward ? "emphasizedDecelerate" : "emphasizedAccelerate")!)
    }

    public func scene(_ frame: TransitionFrame) -> Node {
        let p = frame.progress, full = Rect(0, 0, frame.canvas.width, frame.canvas.height)
        if frame.operation.isForward {
            let shown = MaterialMotion.window(p, 0, fadeEnd)
            let over = frame.to.withOpacity(shown).scaledAboutCentre(MaterialMotion.lerp(startScale, 1, p), frame.canvas)
            return .canvas(frame.canvas, [frame.from] + dim(shown, full) + [over])
        }
        let shown = 1 - MaterialMotion.clamp01(p)
        return .canvas(frame.canvas, [frame.to] + dim(shown, full) + [frame.from.withOpacity(shown)])
    }

    /// The scrim over the screen underneath while the component is `shown` (0…1) opaque.
    func dim(_ shown: Double, _ full: Rect) -> [Node] {
        scrim * shown > 0 ? [.rect(full, Color.black.withAlpha(scrim * shown))] : []
    }

    /// The init's defaults: the one statement of each parameter's default (spec and make read it).
    static let defaults = MaterialFadeTransition()

    public static let entry = CatalogEntry(
        name: "material-fade",
        summary: "Material fade, for a component within the screen (dialog, menu, FAB) presented over it: in 400 ms emphasized decelerate, scale 0.8 → 1, faded in by 0.3; out 150 ms emphasized accelerate",
        parameters: [
            ParameterSpec("startScale", .number(0.1...2), default: .number(defaults.startScale), "scale the entering screen starts at"),
            ParameterSpec("fadeEnd", .number(0.01...1), default: .number(defaults.fadeEnd), "progress by which the entering screen is opaque"),
            ParameterSpec("scrim", .number(0...1), default: .number(defaults.scrim), "black dim over the screen underneath while the component is shown (a dialog's: 0.32)"),
        ],
        make: { p in MaterialFadeTransition(startScale: p.number("startScale", defaults.startScale), fadeEnd: p.number("fadeEnd", defaults.fadeEnd),
                                            scrim: p.number("scrim", defaults.scrim)) })
}
