import Geometry
import Motion
import Scene

/// The iOS 13+ page sheet (`.pageSheet` / `.automatic` modal), after react-navigation's
/// `forModalPresentationIOS`. In forward (present) progress q,
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
/// for a sheet over a sheet); `safeTop` defaults to the device's status bar height (47 pt on the
/// iPhone 13/14): the status bar stays visible in the gap above the sheet (DeviceChrome).
///
/// `detent` medium (UISheetPresentationController's `.medium()`, platforms.md §4 "≈ half the screen
/// height"): the sheet's top edge rests at half the canvas height and the presenting screen dims
/// but neither shrinks nor moves (UIKit dims at every detent when `largestUndimmedDetentIdentifier`
/// is nil). A mock sheet is laid out at the height it rests at (TransitionFrame.sheetLayout,
/// SheetLayout): its bottom bar stays above the display's bottom edge at either detent. `from` an element id of the presenting screen: iOS 26's sheet that grows out of a bar
/// button (platforms.md §1, "iOS 26 also morphs sheets out of bar buttons with the same zoom"),
/// drawn by SheetFromElement.
///
/// The defaults stay react-navigation's: topOffset 10 and cornerRadius 10 from the pre-iOS 26
/// branch, dim 0.2 from the iOS 26 one. RN's iOS ≥ 26 branch (behind-card scale 1 − 30/width, i.e.
/// topOffset 15, radius 38) is what the iOS 26 presets ask for explicitly; Flutter's values
/// (gap 0.08·H, radius 12, scale 0.9165) are eyeballed on the iOS 18 simulator, so not preferred.
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
    public var detent: Detent
    /// The element of the presenting screen the sheet grows out of; empty: it slides up.
    public var from: String

    /// UISheetPresentationController's two system detents.
    public enum Detent: String, Sendable, CaseIterable { case large, medium }

    public init(safeTop: Double = 47, topOffset: Double = 10, cornerRadius: Double = 10, dim: Double = 0.2,
                velocityImpact: Double = 0.3, detent: Detent = .large, from: String = "") {
        self.safeTop = safeTop; self.topOffset = topOffset; self.cornerRadius = cornerRadius
        self.dim = dim; self.velocityImpact = velocityImpact; self.detent = detent; self.from = from
    }

    public var defaultDuration: Double { from.isEmpty ? 0.5 : ZoomLayers.duration }
    public var defaultCurve: Curve { from.isEmpty ? .system : ZoomLayers.curve }
    public var presentsOverContext: Bool { true }
    public var usesMatchedElements: Bool { !from.isEmpty }
    public var sourceElement: String? { from.isEmpty ? nil : from }

    /// Where the sheet's top edge rests when presented (points from the canvas top): below the
    /// status bar at `large`, half the canvas height at `medium`.
    public func sheetTop(_ canvas: Size) -> Double {
        detent == .medium ? canvas.height / 2 : min(max(safeTop + topOffset, 0), canvas.height)
    }

    /// The presenting screen's final scale, 1 − 2·topOffset / width (1 at `medium`).
    public func presentingScale(_ canvas: Size) -> Double {
        detent == .large && canvas.width > 0 ? max(1 - 2 * topOffset / canvas.width, 0.01) : 1
    }

    /// The sheet's rounded rect when presented; its bottom corners hang below the canvas.
    public func sheetRect(_ canvas: Size) -> Rect {
        let top = sheetTop(canvas)
        return Rect(0, top, canvas.width, max(canvas.height - top, 0) + max(cornerRadius, 0))
    }

    public func scene(_ frame: TransitionFrame) -> Node {
        let (under, over, q) = frame.forward
        let c = frame.canvas, h = c.height
        let top = sheetTop(c)
        var layers = presentingLayers(under, c, shrink: detent == .large ? q : 0, dimAlpha: q > 0 ? dim * q : 0)
        // The sheet.
        if !from.isEmpty && frame.interaction == nil {
            layers.append(contentsOf: zoomedSheet(frame, over, q))
            return .canvas(c, layers)
        }
        if q > 0 { layers.append(sheetNode(frame.sheetContent(over, top: top), c, y: top + (h - top) * (1 - q))) }
        return .canvas(c, layers)
    }

    /// The presenting screen `shrink` of the way to its large-detent state (scaled about its top
    /// centre towards `presentingScale`, its top moving down to `safeTop`, its corners rounding,
    /// a black window background behind it), under a black dim of `dimAlpha`.
    func presentingLayers(_ under: Node, _ c: Size, shrink q: Double, dimAlpha: Double) -> [Node] {
        let w = c.width, bounds = Rect(0, 0, w, c.height)
        var layers: [Node] = []
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
        if dimAlpha > 0 { layers.append(.rect(bounds, Color.black.withAlpha(dimAlpha))) }
        return layers
    }

    /// The sheet with its top edge at `y`: clipped to a rounded rect as tall as the sheet is when
    /// its top is at `highest` (default: its rest), bottom corners below the canvas, the screen
    /// top-aligned in it.
    func sheetNode(_ over: Node, _ c: Size, y: Double, highest: Double? = nil) -> Node {
        let r = max(cornerRadius, 0)
        var sheet = Node(kind: .group, frame: Rect(0, 0, c.width, max(c.height - (highest ?? sheetTop(c)), 0) + r), cornerRadius: r,
                         clips: true, children: [over])
        sheet.placement = .translation(0, y)
        return sheet
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

    /// The init's defaults: the one statement of each parameter's default (spec and make read it).
    static let defaults = SheetTransition()

    public static let entry = CatalogEntry(
        name: "sheet",
        summary: "iOS 13+ page sheet: slides up to 10 pt below the status bar over the presenting screen, which shrinks by 20 pt, rounds and dims; drag down to dismiss",
        parameters: [
            ParameterSpec("safeTop", .number(0...200), default: .string("statusBar"), "status bar height in points (the presenting screen's top at the end); default the device's status bar"),
            ParameterSpec("topOffset", .number(0...100), default: .number(defaults.topOffset), "gap between the status bar and the sheet; the presenting screen shrinks by twice this"),
            ParameterSpec("cornerRadius", .number(0...60), default: .number(defaults.cornerRadius), "corner radius of the sheet and of the shrunk presenting screen"),
            ParameterSpec("dim", .number(0...1), default: .number(defaults.dim), "black dim alpha over the presenting screen when presented"),
            ParameterSpec("velocityImpact", .number(0...2), default: .number(defaults.velocityImpact), "seconds of release velocity added to the drag when deciding to dismiss"),
            ParameterSpec("detent", .choice(Detent.allCases.map(\.rawValue)), default: .string(defaults.detent.rawValue), "large: below the status bar, the presenting screen shrinks; medium: top edge at half the height, the presenting screen only dims"),
            ParameterSpec("from", .element, default: .string(defaults.from), "an element of the presenting screen the sheet grows out of (iOS 26's sheet from a bar button); empty: it slides up"),
        ],
        make: { p in
            SheetTransition(safeTop: p.number("safeTop", defaults.safeTop), topOffset: p.number("topOffset", defaults.topOffset),
                            cornerRadius: p.number("cornerRadius", defaults.cornerRadius), dim: p.number("dim", defaults.dim),
                            velocityImpact: p.number("velocityImpact", defaults.velocityImpact),
                            detent: Detent(rawValue: p.string("detent", defaults.detent.rawValue)) ?? defaults.detent,
                            from: p.string("from", defaults.from))
        })
}
