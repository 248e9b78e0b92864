import Geometry

/// A screen's navigation bar as UINavigationController sees it during a push or pop (issue 28.2):
/// the bar's background, from the top of the screen (the status bar's band is the bar's too) to
/// its bottom edge, and its items, each in canvas points. Built from a mock's `navBar` group
/// (`title` inline or large, `backChevron`, `backLabel`, `leadingButton`, and the trailing
/// `addButton`, `composeButton` or `selectButton`) or from a
/// screenshot's declared band (`navigationBar`: a background whose items are its pixels, and a
/// large title lifted out of them when it declares one).
public struct NavigationBar: Sendable {
    public enum Item: String, Sendable, CaseIterable {
        case title, largeTitle, backChevron, backLabel, leading, trailing
    }
    /// The bar's bottom edge (points from the top of the screen).
    public var bottom: Double
    /// What the bar's band shows without its items, canvas-positioned, covering 0…`bottom`.
    public var background: Node
    /// The hairline under the bar, if it has one.
    public var separator: Color?
    public var items: [Item: Piece]
    /// What the moving page shows where an item was lifted out of its pixels (a screenshot's large
    /// title: its box filled with the strip's background), canvas-positioned; nil for a mock.
    public var pageCover: Node?
    /// Where UIKit puts this bar's back label when the bar's items are pixels (a screenshot): the
    /// older bar's large title flies there. Never drawn; nil when the bar has its items.
    public var backLabelPlace: Piece?

    /// An item as the screen draws it, and the box its ink fills (its frame, narrowed for text):
    /// items move by their boxes' leading edges and are drawn as they are, so the last frame of
    /// a transition is the screen's own pixels.
    public struct Piece: Sendable {
        public var node: Node
        public var box: Rect
        /// The type size the item is set in (points): a text node's own, or what a picture of text
        /// was set in (a screenshot's large title, UIKit's 34 pt); it scales a title into a back label.
        public var typeSize: Double
        public init(node: Node, box: Rect, typeSize: Double? = nil) {
            self.node = node; self.box = box
            if let typeSize { self.typeSize = typeSize } else if case .text(_, let style) = node.kind { self.typeSize = style.font.size } else { self.typeSize = 0 }
        }
    }

    public init(bottom: Double, background: Node, separator: Color? = nil, items: [Item: Piece] = [:]) {
        self.bottom = bottom; self.background = background; self.separator = separator; self.items = items
    }

    /// The bar of a mock screen (its root's `navBar` child), or nil. `inkBox` narrows a text
    /// item's frame to the text it draws (Scene cannot measure text), so items move by their
    /// leading edge as UIKit's do.
    public static func of(mock screen: Node, inkBox: (Node) -> Rect = { $0.frame }) -> NavigationBar? {
        guard let bar = screen.children.first(where: { $0.id == "navBar" }), case .solid(let barColor)? = bar.fill else { return nil }
        let base: Color = { if case .solid(let c)? = screen.fill { return c }; return .white }()
        let bottom = bar.frame.maxY, w = screen.frame.width
        // The screen's own colour under the bar's: the band then shows what a still shows there.
        let background = Node(kind: .group, frame: Rect(0, 0, w, bottom),
                              children: [.rect(Rect(0, 0, w, bottom), base), .rect(Rect(0, 0, w, bottom), barColor)])
        var items: [Item: Piece] = [:]
        var separator: Color?
        let large = bar.frame.height > 60
        for child in bar.children {
            var n = child
            n.frame.origin = Point(child.frame.minX + bar.frame.minX, child.frame.minY + bar.frame.minY)
            let piece = Piece(node: n, box: inkBox(n))
            switch child.id {
            case "title": items[large ? .largeTitle : .title] = piece
            case "backChevron": items[.backChevron] = piece
            case "backLabel": items[.backLabel] = piece
            case "leadingButton": items[.leading] = piece
            case "addButton", "composeButton", "selectButton": items[.trailing] = piece
            default:
                // The hairline: a full-width rect at the bar's bottom.
                if case .rect = child.kind, child.frame.height < 1, case .solid(let c)? = child.fill { separator = c }
            }
        }
        return NavigationBar(bottom: bottom, background: background, separator: separator, items: items)
    }
}
