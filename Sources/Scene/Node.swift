import Geometry

/// An image the scene refers to without owning its pixels' type: Raster's `Bitmap` conforms.
/// Screens and matched elements rendered once become snapshots referenced this way (docs/ARCHITECTURE.md).
public protocol ImageSource: AnyObject, Sendable {
    var pixelWidth: Int { get }
    var pixelHeight: Int { get }
    /// The colour the picture's app shows behind its content, read from its pixels (Raster's
    /// `Bitmap`: its side edges' most common pixel); nil for a picture without pixels (a
    /// placeholder while a preset resolves).
    var backgroundColor: Color? { get }
}

extension ImageSource {
    public var backgroundColor: Color? { nil }
}

/// How an image fills its layer's frame.
public enum ImageFit: String, Sendable, Hashable, CaseIterable {
    case fill     // aspect fill, centred, cropped
    case fit      // aspect fit, centred, letterboxed
    case stretch  // scaled to the frame exactly
}

public struct GradientStop: Sendable, Hashable {
    public var location: Double
    public var color: Color
    public init(_ location: Double, _ color: Color) { self.location = location; self.color = color }
}

/// What fills a shape. Gradient endpoints are in the layer's unit square, like CAGradientLayer.
public enum Paint: Sendable, Hashable {
    case solid(Color)
    case linear(from: Point, to: Point, stops: [GradientStop])
    /// A solid colour known once a screenshot is drawn: region `index`'s of `colors` (a hidden
    /// screenshot region's default stand-in, filled in by the renderer).
    case surrounding(SurroundingColors, index: Int)
}

public struct Border: Sendable, Hashable {
    public var width: Double
    public var color: Color
    public init(width: Double, color: Color) { self.width = width; self.color = color }
}

/// CALayer's shadowColor / shadowOpacity / shadowRadius / shadowOffset.
public struct Shadow: Sendable, Hashable {
    public var color: Color
    public var opacity: Double
    public var radius: Double
    public var offset: Point
    public init(color: Color = .black, opacity: Double, radius: Double = 3, offset: Point = Point(0, -3)) {
        self.color = color; self.opacity = opacity; self.radius = radius; self.offset = offset
    }
}

public enum FontWeight: String, Sendable, Hashable, CaseIterable {
    case regular, medium, semibold, bold
}

public struct Font: Sendable, Hashable {
    public var size: Double
    public var weight: FontWeight
    public var family: String?
    public init(size: Double, weight: FontWeight = .regular, family: String? = nil) {
        self.size = size; self.weight = weight; self.family = family
    }
}

public enum TextAlignment: String, Sendable, Hashable, CaseIterable { case left, center, right }

/// A user interface's layout direction (UIUserInterfaceLayoutDirection, Android's layoutDirection).
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    case ltr, rtl
    public var isRTL: Bool { self == .rtl }
}

public struct TextStyle: Sendable, Hashable {
    public var font: Font
    public var color: Color
    public var alignment: TextAlignment
    /// Maximum number of lines; 0 means unlimited. The last line is truncated with "…".
    public var lines: Int
    /// The base direction of a paragraph without a strong character (digits, punctuation alone);
    /// otherwise its first strong character decides (Unicode bidi rules P2, P3), as UIKit's
    /// natural writing direction does.
    public var direction: LayoutDirection = .ltr
    /// A BCP 47 language tag for shaping (HarfBuzz picks locale-specific glyph forms with it:
    /// Japanese rather than Chinese ideographs, for one) and for choosing fallback fonts; nil: none.
    public var language: String? = nil
    /// The block at the top of the frame instead of centred in it: a multi-line text whose box
    /// is sized from an estimate of its lines (UIKit sizes such a label to its text, so its first
    /// line sits at the box's top and what follows sits under it).
    public var topAligned = false
    public init(font: Font, color: Color = .black, alignment: TextAlignment = .left, lines: Int = 1) {
        self.font = font; self.color = color; self.alignment = alignment; self.lines = lines
    }
}

/// Layer transform about the layer's centre: scale, then rotate, then translate.
public struct LayerTransform: Sendable, Hashable {
    public var translate: Point
    public var scale: Point
    public var rotate: Double  // degrees, clockwise on screen
    public init(translate: Point = .zero, scale: Point = Point(1, 1), rotate: Double = 0) {
        self.translate = translate; self.scale = scale; self.rotate = rotate
    }
    public static let identity = LayerTransform()
    public var isIdentity: Bool { self == .identity }

    /// The affine transform in the parent's coordinates for a layer with this frame.
    public func affine(about frame: Rect) -> Affine {
        let c = frame.center
        return Affine.translation(-c.x, -c.y)
            .scaledBy(scale.x, scale.y)
            .concatenating(.rotation(rotate * .pi / 180))
            .translatedBy(c.x + translate.x, c.y + translate.y)
    }
}

/// A layer of the scene graph (docs/PRESETS.md). Frames are in points, in the parent's coordinates.
public struct Node: Sendable {
    public enum Kind: Sendable {
        case group
        case rect
        case ellipse
        case image(any ImageSource, ImageFit)
        case text(String, TextStyle)
    }

    public var id: String?
    public var kind: Kind
    public var frame: Rect
    public var fill: Paint?
    public var cornerRadius: Double
    public var border: Border?
    public var shadow: Shadow?
    public var opacity: Double
    public var clips: Bool
    public var hidden: Bool
    public var transform: LayerTransform
    /// An extra transform applied after `transform`, in the parent's coordinates. Transitions
    /// use it to move whole snapshots (it composes with `transform` rather than replacing it).
    public var placement: Affine
    public var children: [Node]
    /// For a screenshot's named region (`ScreenElement`): what the region shows in its place while
    /// a transition hides it. A region draws nothing itself (the screenshot under it shows the
    /// element); hiding it draws these instead. Empty for every ordinary layer.
    public var standIn: [Node] = []

    public init(id: String? = nil, kind: Kind = .group, frame: Rect, fill: Paint? = nil,
                cornerRadius: Double = 0, border: Border? = nil, shadow: Shadow? = nil,
                opacity: Double = 1, clips: Bool = false, hidden: Bool = false,
                transform: LayerTransform = .identity, placement: Affine = .identity,
                children: [Node] = []) {
        self.id = id; self.kind = kind; self.frame = frame; self.fill = fill
        self.cornerRadius = cornerRadius; self.border = border; self.shadow = shadow
        self.opacity = opacity; self.clips = clips; self.hidden = hidden
        self.transform = transform; self.placement = placement; self.children = children
    }

    public static func rect(_ frame: Rect, _ color: Color, id: String? = nil, cornerRadius: Double = 0) -> Node {
        Node(id: id, kind: .rect, frame: frame, fill: .solid(color), cornerRadius: cornerRadius)
    }

    public static func group(_ frame: Rect, id: String? = nil, _ children: [Node]) -> Node {
        Node(id: id, kind: .group, frame: frame, children: children)
    }

    public static func image(_ source: any ImageSource, frame: Rect, fit: ImageFit = .stretch, id: String? = nil) -> Node {
        Node(id: id, kind: .image(source, fit), frame: frame)
    }

    /// The transform mapping this layer's local coordinates (origin at its frame's origin) to the parent's.
    public var localToParent: Affine {
        Affine.translation(frame.x, frame.y)
            .concatenating(transform.affine(about: frame))
            .concatenating(placement)
    }

    /// Depth-first search for a descendant (or self) with this id.
    public func find(id wanted: String) -> Node? {
        if id == wanted { return self }
        for c in children { if let n = c.find(id: wanted) { return n } }
        return nil
    }

    /// The frame of the layer with this id in this node's parent coordinates (the screen, for a
    /// screen's root), following every ancestor's transform: the bounding box if rotated.
    public func frameOfDescendant(id wanted: String) -> Rect? {
        func walk(_ n: Node, _ toRoot: Affine) -> Rect? {
            let m = n.localToParent.concatenating(toRoot)
            if n.id == wanted { return m.apply(Rect(0, 0, n.frame.width, n.frame.height)) }
            for c in n.children { if let r = walk(c, m) { return r } }
            return nil
        }
        return walk(self, .identity)
    }

    /// All ids in this subtree, depth-first.
    public var allIDs: [String] {
        var out: [String] = []
        func walk(_ n: Node) { if let i = n.id { out.append(i) }; n.children.forEach(walk) }
        walk(self)
        return out
    }

    /// A copy with the descendant of this id hidden (a matched element during magic-move).
    public func hiding(id wanted: String) -> Node {
        var copy = self
        if copy.id == wanted {
            if copy.isRegion { copy.children = copy.standIn } else { copy.hidden = true }
            return copy
        }
        copy.children = children.map { $0.hiding(id: wanted) }
        return copy
    }

    /// A copy of the descendant of this id, re-rooted at the origin (frame origin 0, transform kept).
    public func extracting(id wanted: String) -> Node? {
        guard var n = find(id: wanted) else { return nil }
        n.frame.origin = .zero
        n.placement = .identity
        return n
    }
}
