import Geometry
import Motion
import Scene

/// What a navigation step does to the stack. Pop and dismiss run the forward transition backwards.
public enum StackOperation: String, Sendable, CaseIterable {
    case push, pop, present, dismiss
    /// True for the operations that bring a new screen in (push, present).
    public var isForward: Bool { self == .push || self == .present }
}

/// The way content moves (docs/TRANSITIONS.md): a push with `left` brings the new screen in from the right.
public enum Direction: String, Sendable, CaseIterable {
    case left, right, up, down
}

/// An element matched between the two screens (magic-move, shrink-dismiss): where it is on each
/// screen (canvas points) and a snapshot of it as drawn on each.
public struct MatchedElement: Sendable {
    public var fromID: String
    public var toID: String
    /// The element's frame on the `from` screen, in canvas points.
    public var fromFrame: Rect
    /// The element's frame on the `to` screen, in canvas points.
    public var toFrame: Rect
    /// The element as drawn on the `from` screen (its own bitmap, frame-sized).
    public var fromImage: any ImageSource
    /// The element as drawn on the `to` screen.
    public var toImage: any ImageSource
    public var fromCornerRadius: Double
    public var toCornerRadius: Double
    /// The one picture both ends show, when they show the same one (each end is this picture
    /// aspect-filled into its frame): the flight draws it alone, its crop following the moving
    /// frame, instead of cross-fading two differently cropped snapshots. Nil when the two ends
    /// show different pictures.
    public var picture: (any ImageSource)?
    /// The element's shadow on each screen (a layer's `shadow`), nil when it casts none. Snapshots
    /// leave it out (a shadow lies outside the layer's box); the flight casts it from the moving
    /// frame, as a snapshot view that keeps its layer's shadow does.
    public var fromShadow: Shadow?
    public var toShadow: Shadow?

    public init(fromID: String, toID: String, fromFrame: Rect, toFrame: Rect, fromImage: any ImageSource, toImage: any ImageSource,
                fromCornerRadius: Double = 0, toCornerRadius: Double = 0, picture: (any ImageSource)? = nil,
                fromShadow: Shadow? = nil, toShadow: Shadow? = nil) {
        self.fromID = fromID; self.toID = toID; self.fromFrame = fromFrame; self.toFrame = toFrame
        self.fromImage = fromImage; self.toImage = toImage
        self.fromCornerRadius = fromCornerRadius; self.toCornerRadius = toCornerRadius
        self.picture = picture
        self.fromShadow = fromShadow; self.toShadow = toShadow
    }

    /// The shadow in flight at `t` (0: the `from` end's, 1: the `to` end's): colour, opacity, blur
    /// and offset in proportion; an end without one is the other's at opacity 0.
    public func shadow(at t: Double) -> Shadow? {
        guard let a = fromShadow ?? toShadow.map({ var s = $0; s.opacity = 0; return s }),
              let b = toShadow ?? fromShadow.map({ var s = $0; s.opacity = 0; return s }) else { return nil }
        let u = min(1, max(0, t))
        func lerp(_ x: Double, _ y: Double) -> Double { x + (y - x) * u }
        let s = Shadow(color: Color(r: lerp(a.color.r, b.color.r), g: lerp(a.color.g, b.color.g), b: lerp(a.color.b, b.color.b), a: lerp(a.color.a, b.color.a)), opacity: lerp(a.opacity, b.opacity), radius: lerp(a.radius, b.radius),
                       offset: Point(lerp(a.offset.x, b.offset.x), lerp(a.offset.y, b.offset.y)))
        return s.opacity > 0 ? s : nil
    }
}

/// The finger's part of an interactive frame.
public struct Interaction: Sendable, Hashable {
    /// Finger position minus where it touched down (points); frozen at its release value after release.
    public var translation: Point
    public var released: Bool
    /// Progress at the moment of release.
    public var releaseProgress: Double
    /// The release decision: true when the transition completes, false when it cancels.
    public var finishing: Bool

    public init(translation: Point, released: Bool, releaseProgress: Double, finishing: Bool) {
        self.translation = translation; self.released = released
        self.releaseProgress = releaseProgress; self.finishing = finishing
    }

    /// How far the completion animation has run: 0 at release, 1 at its end (may overshoot for springs).
    public func completion(progress p: Double) -> Double {
        guard released else { return 0 }
        if finishing { return releaseProgress >= 1 ? 1 : (p - releaseProgress) / (1 - releaseProgress) }
        return releaseProgress <= 0 ? 1 : (releaseProgress - p) / releaseProgress
    }
}

/// One frame's input: the two screens as nodes (usually snapshot images filling the canvas),
/// the canvas size in points, and the progress of the step (0 at its start, 1 at its end).
public struct TransitionFrame: Sendable {
    /// The screen on top of the stack before the step (matched elements hidden when the
    /// transition asks for it).
    public var from: Node
    /// The screen on top of the stack after the step.
    public var to: Node
    public var canvas: Size
    public var operation: StackOperation
    public var progress: Double
    /// Matched elements, for transitions with `usesMatchedElements`.
    public var matches: [MatchedElement]
    /// The finger, for interactive steps; nil when the step is animated alone.
    public var interaction: Interaction?
    /// Both screens' navigation bars (`from`, `to`), for transitions with `usesNavigationBars`
    /// when both screens have one: the bar stays and its items animate (issue 28.2).
    public var bars: (from: NavigationBar, to: NavigationBar)?
    /// Each screen's own background colour (its window's background: the theme's), for what a
    /// platform shows behind and around moving windows; nil when unknown.
    public var fromBackground: Color?
    public var toBackground: Color?
    /// How the newer screen follows a sheet's height when it is presented as one (SheetLayout);
    /// nil: it moves whole.
    public var sheetLayout: SheetLayout?

    public init(from: Node, to: Node, canvas: Size, operation: StackOperation, progress: Double,
                matches: [MatchedElement] = [], interaction: Interaction? = nil,
                fromBackground: Color? = nil, toBackground: Color? = nil) {
        self.from = from; self.to = to; self.canvas = canvas; self.operation = operation; self.progress = progress
        self.matches = matches; self.interaction = interaction
        self.fromBackground = fromBackground; self.toBackground = toBackground
    }

    /// The background of the app's screens behind a transition: the screen the step goes to
    /// (the entering one: AOSP fills a back animation with the entering task's background
    /// colour), else the other's.
    public var appBackground: Color? { toBackground ?? fromBackground }

    /// A canvas-filling rect of the app's background, or nil when it is unknown.
    func appBackdrop() -> Node? {
        appBackground.map { .rect(Rect(0, 0, canvas.width, canvas.height), $0) }
    }

    /// What an Android, Hero or UIKit transition draws first: the app's background (empty when unknown).
    var behindWindows: [Node] { appBackdrop().map { [$0] } ?? [] }

    /// The screen that is underneath during the forward animation (the older one) and the one on
    /// top (the newer one), with the forward progress: a pop at progress p shows the push at 1 − p.
    public var forward: (under: Node, over: Node, progress: Double) {
        operation.isForward ? (from, to, progress) : (to, from, 1 - progress)
    }
}

/// A value a preset may give a transition parameter.
public enum ParameterValue: Sendable, Hashable, CustomStringConvertible {
    case number(Double)
    case string(String)
    case bool(Bool)
    /// Keyframe tracks by property name (`custom`).
    case tracks([String: KeyframeTrack])
    public var description: String {
        switch self {
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        case .string(let s): return s
        case .bool(let b): return String(b)
        case .tracks(let t): return t.isEmpty ? "{}" : t.keys.sorted().joined(separator: ", ")
        }
    }
}

/// A parameter's description, its default and the values it accepts (checked by Presets).
public struct ParameterSpec: Sendable {
    public enum Kind: Sendable {
        case number(ClosedRange<Double>)
        case choice([String])
        case bool
        /// An object of keyframe tracks, `{ "name": [[progress, value], [progress, value, "curve"], ...] }`,
        /// with these track names.
        case tracks([String])
        /// The id of an element (a layer id or a screenshot's element) on the screen underneath;
        /// checked against that screen when the step resolves.
        case element
    }
    public var name: String
    public var kind: Kind
    public var defaultValue: ParameterValue
    public var summary: String
    public init(_ name: String, _ kind: Kind, default defaultValue: ParameterValue, _ summary: String) {
        self.name = name; self.kind = kind; self.defaultValue = defaultValue; self.summary = summary
    }
}

/// A transition of the catalog: builds the scene of one frame. Implementations are pure values:
/// the same frame input gives the same scene, on any thread (docs/TRANSITIONS.md).
public protocol Transition: Sendable {
    /// The duration a step uses when the preset gives none (seconds).
    var defaultDuration: Double { get }
    /// The curve a step uses when the preset gives none.
    var defaultCurve: Curve { get }
    /// True when the transition needs matched elements: Export then renders the screens with the
    /// matched elements hidden and snapshots each element (`TransitionFrame.matches`).
    var usesMatchedElements: Bool { get }
    /// True when a presented screen does not replace the screen under it (a page sheet): until
    /// it is dismissed, the still state is this transition's scene at progress 1, not the
    /// presented screen alone.
    var presentsOverContext: Bool { get }
    /// The id of the one element on the screen underneath that the transition grows out of
    /// (navigation-zoom's `source`, sheet's `from`), or nil. When set, `usesMatchedElements` is
    /// true and the step's only match is this element, found on the underneath screen alone.
    var sourceElement: String? { get }
    /// True when the source element lands on its counterpart on the new screen (the element of
    /// the same id, or a detail mock's hero showing the cell's photo): the step's match is then
    /// (source, counterpart), and the transition flies one picture between them (navigation-zoom).
    var landsOnCounterpart: Bool { get }
    func scene(_ frame: TransitionFrame) -> Node
    /// The interactive form of this transition for a gesture (finger → progress, the release rule
    /// and the completion), or nil when it has none for this operation.
    func interactive(gesture: Gesture, canvas: Size, operation: StackOperation, release: ReleaseMode) throws(MotionError) -> InteractiveDriver?
    /// The duration and curve for one operation when the preset gives none (Material's fade and
    /// container transform time their exit apart from their entrance).
    func defaults(for operation: StackOperation) -> (duration: Double, curve: Curve)
    /// False when the newer screen is shown whole while the matched element flies (a container
    /// transform grows the element into the whole new screen); the element is then hidden only
    /// on the older screen.
    var hidesMatchedElementsOnNewerScreen: Bool { get }
    /// True when the transition keeps a navigation bar in place between screens that both have
    /// one (UINavigationController): Export then passes `TransitionFrame.bars`.
    var usesNavigationBars: Bool { get }
}

extension Transition {
    public func defaults(for operation: StackOperation) -> (duration: Double, curve: Curve) { (defaultDuration, defaultCurve) }
    public var hidesMatchedElementsOnNewerScreen: Bool { true }
    public var usesMatchedElements: Bool { false }
    public var presentsOverContext: Bool { false }
    public var sourceElement: String? { nil }
    public var landsOnCounterpart: Bool { false }
    public var usesNavigationBars: Bool { false }
    public func interactive(gesture: Gesture, canvas: Size, operation: StackOperation, release: ReleaseMode) throws(MotionError) -> InteractiveDriver? { nil }
}

/// Resolved parameters: the preset's values over the catalog defaults.
public struct Parameters: Sendable {
    public var values: [String: ParameterValue]
    /// The device's display corner radius (points): where the platform rounds windows with it
    /// (Android's predictive back), the transition does too.
    public var screenCornerRadius: Double = 0
    public init(_ values: [String: ParameterValue] = [:]) { self.values = values }
    public func number(_ name: String, _ fallback: Double) -> Double {
        if case .number(let n)? = values[name] { return n }
        return fallback
    }
    public func string(_ name: String, _ fallback: String) -> String {
        if case .string(let s)? = values[name] { return s }
        return fallback
    }
    public func bool(_ name: String, _ fallback: Bool) -> Bool {
        if case .bool(let b)? = values[name] { return b }
        return fallback
    }
    public func tracks(_ name: String) -> [String: KeyframeTrack] {
        if case .tracks(let t)? = values[name] { return t }
        return [:]
    }
}

/// One entry of `segue list transitions`.
public struct CatalogEntry: Sendable {
    public var name: String
    public var summary: String
    public var parameters: [ParameterSpec]
    public var make: @Sendable (Parameters) -> any Transition
}

public enum Catalog {
    public static let entries: [CatalogEntry] = [UIKitTransition.entry, PanBackTransition.entry, MagicMoveTransition.entry,
                                                  ShrinkDismissTransition.entry]
        + HeroTransition.heroEntries + [SheetTransition.entry, CrossDissolveTransition.entry, CustomTransition.entry]
        + [NavigationZoomTransition.entry]
        + MaterialCatalog.entries

    public static func entry(named name: String) -> CatalogEntry? { entries.first { $0.name == name } }

    /// Builds a transition from a name and the preset's parameters (assumed validated against the
    /// entry's specs; a missing value takes the default).
    public static func make(_ name: String, parameters: [String: ParameterValue] = [:]) -> (any Transition)? {
        guard let e = entry(named: name) else { return nil }
        var merged: [String: ParameterValue] = [:]
        for spec in e.parameters { merged[spec.name] = spec.defaultValue }
        for (k, v) in parameters { merged[k] = v }
        return e.make(Parameters(merged))
    }
}

extension Node {
    /// The canvas-filling group a transition returns.
    static func canvas(_ size: Size, _ children: [Node]) -> Node {
        Node(kind: .group, frame: Rect(0, 0, size.width, size.height), children: children)
    }

    /// This node moved by (dx, dy) in its parent, on top of whatever placement it had.
    func moved(_ dx: Double, _ dy: Double) -> Node {
        var n = self
        n.placement = n.placement.concatenating(.translation(dx, dy))
        return n
    }

    func withOpacity(_ alpha: Double) -> Node {
        var n = self
        n.opacity *= alpha
        return n
    }
}

extension Direction {
    /// The unit vector the content moves along (screen coordinates, y down): `left` is (−1, 0).
    public var vector: Point {
        switch self {
        case .left: return Point(-1, 0)
        case .right: return Point(1, 0)
        case .up: return Point(0, -1)
        case .down: return Point(0, 1)
        }
    }

    /// The full-screen offset a screen entering along this direction starts at: for `left`, one
    /// canvas width to the right.
    public func entryOffset(_ canvas: Size) -> Point {
        Point(-vector.x * canvas.width, -vector.y * canvas.height)
    }

    /// The direction a transition moves in when the preset gives none (the one statement of that default).
    public static let standard = Direction.left
    public static let parameter = ParameterSpec("direction", .choice(Direction.allCases.map(\.rawValue)), default: .string(standard.rawValue),
                                                "the way the content moves: left brings the new screen in from the right")
}

extension Parameters {
    public var direction: Direction { Direction(rawValue: string("direction", Direction.standard.rawValue)) ?? Direction.standard }
}

extension TransitionFrame {
    /// The input of a right-to-left transition: both screens seen in a mirror across the canvas
    /// (the transition's scene is mirrored back: Node.mirroredHorizontally). Matched elements are
    /// mirrored by whoever owns their pixels (SnapshotStore); the interaction already is (its
    /// gesture was mirrored when the preset was resolved).
    public func mirrored() -> TransitionFrame {
        var f = self
        f.from = from.mirroredHorizontally(in: canvas)
        f.to = to.mirroredHorizontally(in: canvas)
        if let (a, b) = bars { f.bars = (a.mirroredHorizontally(in: canvas), b.mirroredHorizontally(in: canvas)) }
        return f
    }
}

extension NavigationBar {
    /// The bar as a mirrored screen shows it: background and items flipped within the canvas.
    func mirroredHorizontally(in canvas: Size) -> NavigationBar {
        var bar = self
        bar.background = background.mirroredHorizontally(in: canvas)
        func mirrored(_ piece: Piece) -> Piece {
            Piece(node: piece.node.mirroredHorizontally(in: canvas),
                  box: Rect(canvas.width - piece.box.maxX, piece.box.y, piece.box.width, piece.box.height), typeSize: piece.typeSize)
        }
        bar.items = items.mapValues(mirrored)
        bar.pageCover = pageCover?.mirroredHorizontally(in: canvas)
        bar.backLabelPlace = backLabelPlace.map(mirrored)
        return bar
    }
}
