import Geometry
import Scene

/// The preset file as written (format version 1), decoded and type-checked but not yet resolved
/// (assets not loaded, the stack not simulated). See docs/PRESETS.md.
public struct Preset: Sendable {
    public var name: String
    public var device: Device
    public var scale: Double?
    public var fps: Int
    public var background: Background
    public var output: OutputSpec
    public var overlays: Overlays
    public var screens: [(id: String, spec: ScreenSpec)]
    public var start: String
    public var timeline: [StepSpec]
    /// Mock screens' `style` by screen id; a mock without one takes the device's platform's.
    public var mockStyles: [String: MockStyle] = [:]
    /// A sound file in the preset's folder, for the video's audio track (issue 33.2).
    public var audio: String?
    /// Screenshot elements and mock photos by screen id (`ScreenExtras`).
    public var extras: [String: ScreenExtras] = [:]
    /// What decoding could not check, so resolving reports no consequence of an earlier problem.
    public var unchecked = Unchecked()
    /// `"direction"` as written (nil: from the locale, else left to right: `layoutDirection`).
    public var direction: LayoutDirection?
    /// `"locale"`: the language mock screens' texts are in (MockLocale.supported).
    public var locale: String?
}

/// Parts of a preset the decoder dropped because of their own problems (already reported).
public struct Unchecked: Sendable, Hashable {
    /// Screens whose description had problems: they exist, but could not be built.
    public var screens: Set<String> = []
    /// The index of the first timeline step that could not be decoded: from there on, the stack
    /// as written is unknown, so stack problems (nothing to pop, …) are not reported.
    public var stackFrom = Int.max
    public init() {}
}

public enum Background: Sendable, Hashable {
    case color(Color)
    case transparent
}

public struct OutputSpec: Sendable, Hashable {
    public var format: String?
    public var codec: String?
    public var crf: Int?
    public var preset: String?
    /// `maxMemory`: the limit on the render's estimated peak memory, in bytes (issue 20.6).
    public var maxMemory: Int?
    public init(format: String? = nil, codec: String? = nil, crf: Int? = nil, preset: String? = nil) {
        self.format = format; self.codec = codec; self.crf = crf; self.preset = preset
    }
}

public struct Overlays: Sendable, Hashable {
    public var touches = false
    public var device = false
    public var caption = false
    /// The device's status bar and home indicator (DeviceChrome), on unless the preset turns them off.
    public var chrome = true
    /// A device body drawn around the screen, and marketing text above or below it
    /// (DeviceFraming.swift); nil: none.
    public var frame: FrameOverlay?
    public var title: MarketingText?
    public var subtitle: MarketingText?
    public init() {}
}

public enum ScreenSpec: Sendable {
    /// A screenshot. `fit` nil: not given — `fill`, and the screenshot must have the device's
    /// aspect (AspectCheck). `background` nil: none given, the app's own (the screenshot's edge colour).
    case image(path: String, fit: ImageFit?, background: Color?)
    case mock(kind: String, title: String?, tint: Color?, dark: Bool, seed: Int, items: Int?)
    case layers(background: Color, layers: [LayerSpec])
}

/// A layer of a `layers` screen, as written. `image` holds the path until resolution.
public struct LayerSpec: Sendable {
    public enum Kind: String, Sendable, CaseIterable { case rect, ellipse, image, text, group }
    public var kind: Kind
    public var id: String?
    public var frame: Rect
    public var fill: Paint?
    public var cornerRadius: Double = 0
    public var border: Border?
    public var shadow: Shadow?
    public var opacity: Double = 1
    public var clips = false
    public var hidden = false
    public var transform = LayerTransform.identity
    public var image: String?
    public var fit: ImageFit = .fill
    public var text: String?
    public var style = TextStyle(font: Font(size: 17))
    public var children: [LayerSpec] = []
    /// Where the layer was written, for asset errors.
    public var path: String = ""
}

public enum CurveSpec: Sendable, Hashable {
    case named(String)
    case bezier(Double, Double, Double, Double)
    case uiviewSpring(damping: Double, velocity: Double)
    case caSpring(mass: Double, stiffness: Double, damping: Double, velocity: Double)
    case swiftUISpring(duration: Double, bounce: Double)
    /// Android/Compose `{ "dampingRatio", "stiffness" }` (mass 1).
    case ratioSpring(dampingRatio: Double, stiffness: Double)
}

public struct GestureSpec: Sendable, Hashable {
    public var from: Point?
    public var to: Point?
    public var duration: Double?
    public var curve: CurveSpec?
    public var samples: [[Double]]?
    public var release: String = "auto"
    public var velocity: Point?
}

public struct StepSpec: Sendable {
    public enum Kind: Sendable, Hashable {
        case hold(Double)
        case push(String)
        case pop
        case present(String)
        case dismiss
        /// Move the presented sheet to this detent (`large` or `medium`).
        case detent(String)
    }
    public var kind: Kind
    public var transition: String?
    public var parameters: [String: TransitionParameter] = [:]
    public var duration: Double?
    public var curve: CurveSpec?
    public var gesture: GestureSpec?
    public var match: [[String]]?
    public var caption: String?
    /// `timeline[i]`, for messages.
    public var path: String
}

/// A transition parameter as written, with where it was written (checked at resolution against
/// the catalog's specs).
public struct TransitionParameter: Sendable {
    public var node: JSONNode
    public var path: JSONPath
}
