import Geometry
import Motion
import Scene

/// The Weibo-style screenshot pan-back of seed 000 (and, with its own parameters, seed 002): the
/// whole top screen follows the finger to the right; underneath, a snapshot of the previous
/// screen grows from `scaleFrom` to 1 about its centre while a black cover fades from `coverFrom`
/// to `coverTo`; both complete when the drag reaches `fullAt` × width. Release past `threshold` ×
/// width finishes, otherwise it settles back; either way in `settle` seconds, easeInOut.
///
/// In pop terms the progress is q = translation / width. A push with pan-back plays the pop
/// backwards (the new screen slides in from the right over the shrinking, darkening old one).
public struct PanBackTransition: Transition {
    public var scaleFrom: Double
    public var coverFrom: Double
    public var coverTo: Double
    public var fullAt: Double
    public var threshold: Double
    public var settle: Double

    public init(scaleFrom: Double = 0.6, coverFrom: Double = 1, coverTo: Double = 0, fullAt: Double = 0.75,
                threshold: Double = 0.5, settle: Double = 0.3) {
        self.scaleFrom = scaleFrom; self.coverFrom = coverFrom; self.coverTo = coverTo
        self.fullAt = fullAt; self.threshold = threshold; self.settle = settle
    }

    public var defaultDuration: Double { settle }
    public var defaultCurve: Curve { .easeInOut }

    /// Scale of the underlying snapshot at pop progress q (seed: 0.6 + (q / 0.75) × 0.4, capped at 1).
    public func underScale(_ q: Double) -> Double {
        min(1, scaleFrom + (max(0, q) / fullAt) * (1 - scaleFrom))
    }

    /// Alpha of the black cover at pop progress q (seed: 1 − q / 0.75, floored at coverTo). Past
    /// `fullAt` a cover that is still there (seed 002's constant 0.5) fades out over the rest of
    /// the way, so a finished pop lands on the screen itself: the seed removes the cover only
    /// after its animation, which shows as a flash.
    public func coverAlpha(_ q: Double) -> Double {
        let q = max(0, min(1, q))
        if q > fullAt {
            return fullAt >= 1 ? coverTo : coverTo * (1 - (q - fullAt) / (1 - fullAt))
        }
        let a = coverFrom - (q / fullAt) * (coverFrom - coverTo)
        return coverFrom >= coverTo ? max(coverTo, a) : min(coverTo, a)
    }

    public func scene(_ frame: TransitionFrame) -> Node {
        let (under, over, pf) = frame.forward
        let q = 1 - pf  // pop progress: how far the top screen has moved right, as a fraction of the width
        let w = frame.canvas.width, h = frame.canvas.height
        let s = underScale(q)
        var back = under
        let c = Point(w / 2, h / 2)
        back.placement = back.placement.concatenating(Affine.translation(-c.x, -c.y).scaledBy(s, s).translatedBy(c.x, c.y))
        var layers: [Node] = [back]
        let alpha = coverAlpha(q)
        if alpha > 0 { layers.append(.rect(Rect(0, 0, w, h), Color.black.withAlpha(alpha))) }
        layers.append(over.moved(q * w, 0))
        return .canvas(frame.canvas, layers)
    }

    public func interactive(gesture: Gesture, canvas: Size, operation: StackOperation, release: ReleaseMode) throws(MotionError) -> InteractiveDriver? {
        guard operation == .pop else { return nil }
        return try InteractiveDriver.thresholdPan(gesture: gesture, width: canvas.width, threshold: threshold,
                                                  settle: settle, curve: .easeInOut, release: release)
    }

    /// The init's defaults: the one statement of each parameter's default (spec and make read it).
    static let defaults = PanBackTransition()

    public static let entry = CatalogEntry(
        name: "pan-back",
        summary: "Weibo-style screenshot pan-back: the screen follows the finger over a scaled, darkened snapshot of the previous one (seeds 000, 002)",
        parameters: [
            ParameterSpec("scaleFrom", .number(0.1...1), default: .number(defaults.scaleFrom), "scale of the previous screen when the drag starts"),
            ParameterSpec("coverFrom", .number(0...1), default: .number(defaults.coverFrom), "black cover alpha when the drag starts"),
            ParameterSpec("coverTo", .number(0...1), default: .number(defaults.coverTo), "black cover alpha once the drag reaches fullAt"),
            ParameterSpec("fullAt", .number(0.05...1), default: .number(defaults.fullAt), "drag fraction of the width at which scale and cover complete"),
            ParameterSpec("threshold", .number(0...1), default: .number(defaults.threshold), "release past this fraction of the width finishes the pop"),
            ParameterSpec("settle", .number(0.01...5), default: .number(defaults.settle), "seconds the release animation takes (easeInOut)"),
        ],
        make: { p in
            PanBackTransition(scaleFrom: p.number("scaleFrom", defaults.scaleFrom), coverFrom: p.number("coverFrom", defaults.coverFrom),
                              coverTo: p.number("coverTo", defaults.coverTo), fullAt: p.number("fullAt", defaults.fullAt),
                              threshold: p.number("threshold", defaults.threshold), settle: p.number("settle", defaults.settle))
        })
}
