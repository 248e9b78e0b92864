import Geometry
import Motion
import Scene
import Transitions

/// A preset resolved for rendering: screens as node trees, steps at absolute story times, the
/// canvas in pixels. Every frame is a pure function of (storyboard, frame index) (docs/TRANSITIONS.md).
public struct Storyboard: Sendable {
    public var name: String
    public var device: Device
    /// Pixels per point.
    public var scale: Double
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var fps: Int
    public var background: Background
    public var output: OutputSpec
    public var overlays: Overlays
    /// Each shown screen as a canvas-sized node in points. For a screen that names images (in
    /// `deferred`) this is its outline: the built tree with each image a placeholder of its pixel
    /// size — ids, frames and sizes as built, no pixels. Draw `screen(_:)`, never this.
    public var screens: [String: Node]
    /// The screens that name images, built when a frame first shows them (issue 20.5).
    public var deferred: [String: DeferredScreen] = [:]
    public var start: String
    public var steps: [Step]
    /// How each screen meets the device's chrome (ScreenChrome), by screen id.
    public var screenChrome: [String: ScreenChrome] = [:]
    /// Where each named element of a shown screen came from, by screen id and element name: a
    /// dump's file and line (`shots/detail.xml:12`) or the preset's JSON path (`segue inspect`).
    public var elementOrigins: [String: [String: String]] = [:]
    /// Applied to each deferred screen when it is built (`--show-elements` marks the elements).
    public var screenDecoration: (@Sendable (String, Node) -> Node)?
    /// Notes for stderr from resolving (how a screenshot of another size was fitted), each once.
    public var notes: [String] = []
    /// The preset's `audio`, resolved inside its folder (nil: no sound; a silent track if a
    /// destination wants one).
    public var audio: String?
    /// What the screens' images hold: bytes of the kept (scaled) bitmaps, and the largest
    /// full-size decoder frame met while loading them (AssetImages; for the memory estimate).
    public var imageBytes = 0
    public var largestImageFrameBytes = 0

    /// Pixel rows below the screen for the caption overlay (CaptionBand.swift); 0 without it.
    /// `pixelHeight` (the output's height) includes them; the screen is the rows above.
    public var captionBand = 0
    /// A right-to-left app's story: transitions and gestures mirror (FrameComposer.scene).
    public var direction: LayoutDirection = .ltr
    /// How the status bar writes its time: the locale's hour cycle.
    public var clock = StatusBarClock.american
    public var screenPixelHeight: Int { composedPixelHeight - captionBand }
    /// The device body and marketing text around the screen (DeviceFraming.swift): then
    /// `pixelWidth` × `pixelHeight` is the framed canvas and the screen is placed inside it.
    public var framing: DeviceFraming?
    /// The screen's width, and the height of what FrameComposer draws before framing (the screen
    /// and the caption band): the output's size without a frame.
    public var screenPixelWidth: Int { framing?.screenWidth ?? pixelWidth }
    public var composedPixelHeight: Int { framing.map { $0.screenHeight + captionBand } ?? pixelHeight }

    /// The screen (what transitions move) in points.
    public var canvas: Size { Size(Double(screenPixelWidth) / scale, Double(screenPixelHeight) / scale) }

    /// Total story duration in seconds.
    public var duration: Double { steps.last?.end ?? 0 }

    /// round(D × fps × F) + 1 frames, so the last frame shows the final state (docs/TRANSITIONS.md).
    public func frameCount(slowMotion: Double = 1) -> Int {
        Int(saturating: duration * Double(fps) * slowMotion) + 1
    }

    /// Story time shown by frame i: i / (fps × F).
    public func time(ofFrame i: Int, slowMotion: Double = 1) -> Double {
        Double(i) / (Double(fps) * slowMotion)
    }

    /// What is on screen at story time t.
    public func state(at t: Double) -> FrameState {
        // The stack of still states: a push shows its screen; a page sheet shows itself over the
        // screen it was presented from (its transition's final scene) until dismissed.
        var stills = ScreenStack<FrameState>(.still(screen: start))
        for (i, step) in steps.enumerated() {
            // A step's first frame is the state before it (so it equals the previous step's last).
            if t <= step.start && step.duration > 0 { break }
            if t < step.end, step.operation != nil {
                return .transition(step: i, progress: step.progress(at: t - step.start))
            }
            guard let op = step.operation, !step.isCancelled else { continue }
            let still: FrameState = op == .present && step.transition?.presentsOverContext == true ? .presented(step: i) : .still(screen: step.after)
            // A detent step replaces the sheet's still with itself at its new detent.
            if op == .present && step.changesDetent && stills.count > 1 { stills.replaceTop(still) } else { stills.apply(op, still) }
        }
        return stills.top
    }
}

public enum FrameState: Sendable, Hashable {
    /// A screen alone.
    case still(screen: String)
    /// A transition step at a progress.
    case transition(step: Int, progress: Double)
    /// Held after a presentation that leaves the screen under it visible: that step's scene at its end.
    case presented(step: Int)
}

/// One step of the timeline with its absolute times.
public struct Step: Sendable {
    public var index: Int
    /// `timeline[i]` in the preset.
    public var path: String
    /// nil for a hold.
    public var operation: StackOperation?
    public var start: Double
    public var end: Double
    /// The top screen before the step, and the screen the step transitions to (equal for a hold;
    /// for a cancelled gesture the stack ends as it was: see `resultingTop`).
    public var before: String
    public var after: String
    public var transitionName: String?
    public var transition: (any Transition)?
    public var timing: Timing?
    public var curveName: String
    public var caption: String?
    /// For interactive (gesture-driven) steps: the finger, the release decision and completion.
    public var driver: InteractiveDriver?
    /// Matched element ids [(on the `before` screen, on the `after` screen)], for transitions that
    /// use matched elements.
    public var matches: [(from: String, to: String)] = []
    /// A `detent` step: a presented sheet moves to its other detent; the stack stays as it is.
    public var changesDetent = false

    public var duration: Double { end - start }

    /// Progress at time `t` since the step's start: exactly 0 at the start and exactly the final
    /// value at the end (1, or 0 for a cancelled gesture).
    public func progress(at t: Double) -> Double {
        if let driver { return t >= duration ? driver.target : driver.progress(at: t) }
        guard let timing else { return t >= duration ? 1 : 0 }
        if t >= duration { return 1 }
        return timing.progress(at: t)
    }

    /// True when the step leaves the stack as it was (a cancelled gesture).
    public var isCancelled: Bool { driver?.decision == .cancel }

    /// The top screen once the step is over: `after`, or `before` for a cancelled gesture.
    public var resultingTop: String { isCancelled ? before : after }

    /// The finger at time `t` since the step's start, for interactive steps.
    public func interaction(at t: Double) -> Interaction? {
        guard let d = driver else { return nil }
        let start = d.gesture.start, finger = d.fingerPosition(at: t)
        return Interaction(translation: Point(finger.x - start.x, finger.y - start.y), released: !d.isFingerDown(at: t),
                           releaseProgress: d.releaseProgress, finishing: d.decision == .finish)
    }

    /// The frame input for a transition step at time `t` since its start.
    public func frame(from: Node, to: Node, canvas: Size, at t: Double, matches: [MatchedElement] = [],
                      backgrounds: (from: Color?, to: Color?) = (nil, nil)) -> TransitionFrame? {
        guard let operation else { return nil }
        return TransitionFrame(from: from, to: to, canvas: canvas, operation: operation, progress: progress(at: t),
                               matches: matches, interaction: interaction(at: t),
                               fromBackground: backgrounds.from, toBackground: backgrounds.to)
    }

    /// A short name for captions and tables: the caption, else what the step does ("push detail (uikit)").
    public var title: String { caption ?? kindTitle }

    /// What the step does, caption aside: "hold", "push detail (uikit)", "pop (uikit, drag → finish)".
    public var kindTitle: String {
        guard let operation else { return "hold" }
        let target = operation.isForward ? " \(after)" : ""
        let interactive = driver.map { $0.decision == .finish ? ", drag → finish" : ", drag → cancel" } ?? ""
        return "\(operation.rawValue)\(target) (\(transitionName ?? "?")\(interactive))"
    }
}
