import Geometry

/// A screen's navigation bar as UINavigationController sees it during a push or pop (issue 28.2):
/// the bar's background, from the top of the screen (the status bar's band is the bar's too) to
/// its bottom edge, and its items, each in canvas points. Built from a mock's `navBar` group
/// (`title` inline or large, `backChevron`, `backLabel`, `leadingButton`, `addButton`) or from a
/// screenshot's declared band (`navigationBar`: a background only).
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
    public var items: [Item: Node]

    public init(bottom: Double, background: Node, separator: Color? = nil, items: [Item: Node] = [:]) {
        self.bottom = bottom; self.background = background; self.separator = separator; self.items = items
    }

    /// The bar of a mock screen (its root's `navBar` child), or nil. `tighten` narrows a text
    /// item's frame to the text it draws (Scene cannot measure text), so items move by their
    /// leading edge as UIKit's do.
    public static func of(mock screen: Node, tighten: (Node) -> Node = { $0 }) -> NavigationBar? {
        guard let bar = screen.children.first(where: { $0.id == "navBar" }), case .solid(let barColor)? = bar.fill else { return nil }
        let base: Color = { if case .solid(let c)? = screen.fill { return c }; return .white }()
        let bottom = bar.frame.maxY, w = screen.frame.width
        // The screen's own colour under the bar's: the band then shows what a still shows there.
        let background = Node(kind: .group, frame: Rect(0, 0, w, bottom),
                              children: [.rect(Rect(0, 0, w, bottom), base), .rect(Rect(0, 0, w, bottom), barColor)])
        var items: [Item: Node] = [:]
        var separator: Color?
        let large = bar.frame.height > 60
        for child in bar.children {
            var n = child
            n.frame.origin = Point(child.frame.minX + bar.frame.minX, child.frame.minY + bar.frame.minY)
            switch child.id {
            case "title": items[large ? .largeTitle : .title] = tighten(n)
            case "backChevron": items[.backChevron] = n
            case "backLabel": items[.backLabel] = tighten(n)
            case "leadingButton": items[.leading] = n
            case "addButton": items[.trailing] = n
            default:
                // The hairline: a full-width rect at the bar's bottom.
                if case .rect = child.kind, child.frame.height < 1, case .solid(let c)? = child.fill { separator = c }
            }
        }
        return NavigationBar(bottom: bottom, background: background, separator: separator, items: items)
    }
}
