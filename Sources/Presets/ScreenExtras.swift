import Geometry
import Scene
import Vocabulary

/// What a screen declares besides its kind (issue 15): a screenshot's named `elements`, and the
/// `detail` mock's `photo`. Kept beside `ScreenSpec` (by screen id, in `Preset.extras`) so the
/// screen kinds keep their shape.
public struct ScreenExtras: Sendable {
    public var elements: [ElementSpec] = []
    /// `detail` mocks: the hero shows the `grid` mock's `photoN` of the same seed.
    public var photo: Int?
    /// `detail` mocks: the screen is the `feed` mock's post N of the same seed, opened.
    public var post: Int?
    /// Screenshots: `"chrome": "slides"` (the status-bar and home-indicator bands move with the
    /// screen) instead of the default `"held"` (ScreenChrome).
    public var chromeSlides = false
    /// Screenshots: the navigation bar below the status bar and its large title (ScreenChrome).
    public var navigationBar: DeclaredNavigationBar?
    /// Material mocks: the navigation bar's destinations (`tabs`, `tab`: TabsDecoding).
    public var tabs: MockTabs?
    /// A screenshot's `hierarchy`: the UI-test dump its elements are read from (issue 31).
    public var hierarchy: HierarchySpec?
    public init(elements: [ElementSpec] = [], photo: Int? = nil) { self.elements = elements; self.photo = photo }
}

/// `"hierarchy": "shots/02-detail.xml"` as written, with its JSON path for messages.
public struct HierarchySpec: Sendable {
    public var file: String
    public var path: JSONPath
}

/// A named region of a screenshot screen, as written: `"photo4": { "frame": [x, y, w, h],
/// "cornerRadius": r, "hidden": "#RRGGBB" | { "image": "shots/empty.png" } }`.
public struct ElementSpec: Sendable {
    /// What the region shows while a transition hides the element.
    public enum Hidden: Sendable, Hashable {
        /// The median colour of the pixels on the frame's border (the default).
        case borderMedian
        case color(Color)
        /// The same region of a second screenshot of the screen (without the element).
        case image(String)
    }
    public var name: String
    /// Points of the screen, after the screenshot's `fit`.
    public var frame: Rect
    public var cornerRadius: Double
    public var hidden: Hidden
    /// `screens.<id>.elements.<name>`, for messages (a dump's element: `screens.<id>.hierarchy`).
    public var path: JSONPath
    /// Where a dump's element came from (`shots/detail.xml:12`); nil for one written in the preset.
    public var origin: String?
    /// The dump says it is an image (ImageView, Image): what `segue import` flies.
    public var isImage = false

    public init(name: String, frame: Rect, cornerRadius: Double, hidden: Hidden, path: JSONPath, origin: String? = nil, isImage: Bool = false) {
        self.name = name; self.frame = frame; self.cornerRadius = cornerRadius; self.hidden = hidden; self.path = path
        self.origin = origin; self.isImage = isImage
    }
}

extension ScreenExtras {
    /// The files the extras of a preset name (hidden images), each once, in order.
    public static func assetPaths(_ preset: Preset) -> [String] {
        var out: [String] = []
        for (id, _) in preset.screens {
            for e in preset.extras[id]?.elements ?? [] { if case .image(let f) = e.hidden, !out.contains(f) { out.append(f) } }
            if let h = preset.extras[id]?.hierarchy, !out.contains(h.file) { out.append(h.file) }
        }
        return out
    }
}

extension PresetDecoder {
    static let elementKeys = ["frame", "cornerRadius", "hidden"]

    /// `elements` (image screens) and `photo` (mock screens) of a screen object; the keys
    /// themselves are allowed by `decodeScreen`.
    static func decodeExtras(_ v: JSONNode, _ path: JSONPath, _ r: FieldReader) -> ScreenExtras? {
        guard case .object(let members) = v.value else { return nil }
        var extras = ScreenExtras()
        // On other kinds of screen "elements" is an unknown key, reported by decodeScreen.
        if let e = members.first(where: { $0.key == "elements" })?.value, members.contains(where: { $0.key == "image" }) {
            extras.elements = decodeElements(e, path.key("elements"), r)
        }
        if members.contains(where: { $0.key == "image" }) { decodeChromeExtras(members, path, r, into: &extras) }
        if let h = members.first(where: { $0.key == "hierarchy" })?.value, members.contains(where: { $0.key == "image" }),
           let file = r.string(h, path.key("hierarchy")) {
            extras.hierarchy = HierarchySpec(file: file, path: path.key("hierarchy"))
        }
        if members.contains(where: { $0.key == "mock" }) { decodeDetailExtras(members, path, r, into: &extras) }
        return extras.elements.isEmpty && extras.photo == nil && extras.post == nil && extras.hierarchy == nil && !extras.chromeSlides && extras.navigationBar == nil ? nil : extras
    }

    static func decodeElements(_ v: JSONNode, _ path: JSONPath, _ r: FieldReader) -> [ElementSpec] {
        guard case .object(let members) = v.value else { r.expected(path, "an object of elements by name", v); return [] }
        var out: [ElementSpec] = []
        for m in members {
            let ep = path.key(m.key)
            if m.key.isEmpty { r.problem(ep, "an element name must not be empty", m.value); continue }
            guard let o = r.object(m.value, ep, allowed: elementKeys, required: ["frame"]) else { continue }
            guard let frame = o["frame"].flatMap({ r.rect($0, ep.key("frame")) }) else { continue }
            if frame.width <= 0 || frame.height <= 0 {
                r.problem(ep.key("frame"), "an element needs a width and height greater than 0 (got \(JSONNode.format(frame.width)) × \(JSONNode.format(frame.height)))", o["frame"])
                continue
            }
            let radius = o["cornerRadius"].flatMap { r.number($0, ep.key("cornerRadius"), 0...Limits.maxCoordinate) } ?? 0
            var hidden = ElementSpec.Hidden.borderMedian
            if let h = o["hidden"] {
                switch h.value {
                case .string:
                    guard let c = r.color(h, ep.key("hidden")) else { continue }
                    hidden = .color(c)
                case .object:
                    guard let ho = r.object(h, ep.key("hidden"), allowed: ["image"], required: ["image"]),
                          let file = ho["image"].flatMap({ r.string($0, ep.key("hidden").key("image")) }) else { continue }
                    hidden = .image(file)
                default:
                    r.expected(ep.key("hidden"), "a colour \"#RRGGBB\" or { \"image\": \"file.png\" }", h)
                    continue
                }
            }
            out.append(ElementSpec(name: m.key, frame: frame, cornerRadius: radius, hidden: hidden, path: ep))
        }
        return out
    }
}
