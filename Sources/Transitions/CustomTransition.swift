import Geometry
import Motion
import Scene

/// `custom`: keyframe tracks for the old (`from`) and new (`to`) screens of a push or present,
/// over the step's progress 0…1; a pop or dismiss plays them backwards. Tracks: translateX,
/// translateY (points), scale, rotate (degrees, about the centre), opacity, cornerRadius (points,
/// the screen clipped to it) and dim (black over the screen). A missing track keeps the
/// identity value. With a gesture, a pop or dismiss follows the finger along `axis`: progress =
/// translation / width (or height); finish iff p + v·0.35 s > 0.5; the rest at the finger's speed.
public struct CustomTransition: Transition {
    public static let trackNames = ["translateX", "translateY", "scale", "rotate", "opacity", "cornerRadius", "dim"]

    public var from: [String: KeyframeTrack]
    public var to: [String: KeyframeTrack]
    /// True: the new screen is drawn over the old one (default); false: under it.
    public var newOnTop: Bool
    public var axis: String
    public var duration: Double

    public init(from: [String: KeyframeTrack] = [:], to: [String: KeyframeTrack] = [:], newOnTop: Bool = true,
                axis: String = "horizontal", duration: Double = 0.35) {
        self.from = from; self.to = to; self.newOnTop = newOnTop; self.axis = axis; self.duration = duration
    }

    public var defaultDuration: Double { duration }
    public var defaultCurve: Curve { .easeInOut }

    /// One screen under its tracks at progress p.
    func place(_ screen: Node, _ tracks: [String: KeyframeTrack], _ p: Double, canvas: Size) -> Node {
        func v(_ name: String, _ identity: Double) -> Double { tracks[name]?.value(at: p) ?? identity }
        let tx = v("translateX", 0), ty = v("translateY", 0), s = v("scale", 1), r = v("rotate", 0)
        let alpha = v("opacity", 1), radius = v("cornerRadius", 0), dim = v("dim", 0)
        var content = screen
        content.placement = .identity
        var children = [content]
        if dim > 0 { children.append(.rect(Rect(0, 0, canvas.width, canvas.height), Color.black.withAlpha(min(1, dim)))) }
        return Node(id: screen.id, kind: .group, frame: Rect(0, 0, canvas.width, canvas.height), cornerRadius: max(0, radius),
                    opacity: max(0, min(1, alpha)), clips: radius > 0,
                    transform: LayerTransform(translate: Point(tx, ty), scale: Point(s, s), rotate: r),
                    placement: screen.placement, children: children)
    }

    public func scene(_ frame: TransitionFrame) -> Node {
        let (under, over, pf) = frame.forward
        let old = place(under, from, pf, canvas: frame.canvas)
        let new = place(over, to, pf, canvas: frame.canvas)
        return .canvas(frame.canvas, newOnTop ? [old, new] : [new, old])
    }

    public func interactive(gesture: Gesture, canvas: Size, operation: StackOperation, release: ReleaseMode) throws(MotionError) -> InteractiveDriver? {
        guard operation == .pop || operation == .dismiss else { return nil }
        let vertical = axis == "vertical"
        let length = vertical ? canvas.height : canvas.width
        let mapping = ProgressMapping { t in max(0, min(1, (vertical ? t.y : t.x) / length)) }
        let rule = ReleaseRule { s in s.progress + s.progressVelocity * 0.35 > 0.5 ? .finish : .cancel }
        return try InteractiveDriver(gesture: gesture, mapping: mapping, rule: rule, release: release,
                                     completion: .percentDriven(duration: duration, curve: .easeOut))
    }

    /// The init's defaults: the one statement of each parameter's default (spec and make read it).
    static let defaults = CustomTransition()

    public static let entry = CatalogEntry(
        name: "custom",
        summary: "keyframe tracks (translateX/Y, scale, rotate, opacity, cornerRadius, dim) for the old and new screens over progress 0…1",
        parameters: [
            ParameterSpec("from", .tracks(trackNames), default: .tracks([:]), "tracks of the old screen: { \"opacity\": [[0, 1], [1, 0.5, \"easeIn\"]] }"),
            ParameterSpec("to", .tracks(trackNames), default: .tracks([:]), "tracks of the new screen"),
            ParameterSpec("order", .choice([order(true), order(false)]), default: .string(order(defaults.newOnTop)), "which screen is drawn on top"),
            ParameterSpec("axis", .choice(["horizontal", "vertical"]), default: .string(defaults.axis), "finger direction of an interactive pop/dismiss"),
            ParameterSpec("duration", .number(0.01...10), default: .number(defaults.duration), "default step duration (s)"),
        ],
        // Tracks arrive built: an invalid one is the resolver's positioned problem, never dropped here.
        make: { p in
            CustomTransition(from: p.tracks("from"), to: p.tracks("to"),
                             newOnTop: p.string("order", order(defaults.newOnTop)) == order(true),
                             axis: p.string("axis", defaults.axis), duration: p.number("duration", defaults.duration))
        })

    /// The `order` choice naming `newOnTop`.
    static func order(_ newOnTop: Bool) -> String { newOnTop ? "new-over" : "old-over" }
}
