// The iOS mocks' navigation bars. A bar's items belong to its screen, as the apps show them
// (Apple's iPhone User Guide screenshots of each app; UIKit's UINavigationItem):
// - Messages' inbox: "Edit" leading, compose (square.and.pencil) trailing;
// - Photos: "Select" trailing;
// - Settings: a large title with a search field under it, no buttons;
// - a Weibo-like feed: its "+" (post) trailing;
// - a pushed screen: the back button, titled with the previous screen's title; a root or
//   presented screen has none;
// - a compose sheet: an inline title with "Cancel" leading (SwiftUI's `cancellationAction`, which
//   iOS places on the leading edge of the navigation bar).
import Geometry

/// What a mock's navigation bar carries, besides its title.
enum MockBarItems {
    case messages, photos, settings, feed, plain, compose

    /// The items of a large-title mock kind's bar.
    static func forKind(_ kind: String) -> MockBarItems {
        ["list": .messages, "grid": .photos, "settings": .settings, "feed": .feed, "compose": .compose][kind] ?? .plain
    }
}

extension Builder {
    /// Large-title navigation bar or inline, with `items`. Returns the bar and the y its content
    /// starts at.
    func navBar(_ title: String, large: Bool, items: MockBarItems = .plain) -> (Node, Double) {
        let w = size.width, top = statusHeight
        var kids: [Node] = []
        if large {
            kids.append(text(title, Rect(16, 44, w - 32, 41), size: 34, weight: .bold, color: label, id: "title"))
        } else {
            kids.append(text(title, Rect(70, 11, w - 140, 22), size: 17, weight: .semibold, color: label, align: .center, id: "title"))
            // Only a pushed screen has a back button (UINavigationItem.backBarButtonItem of the item under it).
            if !topLevel { kids += backButton() }
        }
        kids += barButtons(items)
        if large {
            return (Node(id: "navBar", kind: .group, frame: Rect(0, top, w, 96), fill: .solid(background), children: kids), top + 96)
        }
        kids.append(.rect(Rect(0, 44 - 0.33, w, 0.33), separator))
        return (Node(id: "navBar", kind: .group, frame: Rect(0, top, w, 44), fill: .solid(barBackground), children: kids), top + 44)
    }

    /// The back chevron and its label: the previous screen's title, or "Back" when that is too
    /// long for the bar (UIKit shortens it so).
    func backButton() -> [Node] {
        var chevron = Node(id: "backChevron", kind: .group, frame: Rect(8, 12, 12, 20))
        chevron.children = [Node(kind: .rect, frame: Rect(1, 5.3, 12.5, 2.6), fill: .solid(tint), cornerRadius: 1.3,
                                 transform: LayerTransform(rotate: -45)),
                            Node(kind: .rect, frame: Rect(1, 12.1, 12.5, 2.6), fill: .solid(tint), cornerRadius: 1.3,
                                 transform: LayerTransform(rotate: 45))]
        let back = backTitle.flatMap { $0.count <= 12 ? $0 : nil } ?? "Back"
        return [chevron, text(back, Rect(26, 11, 110, 22), size: 17, color: tint, id: "backLabel")]
    }

    /// The leading and trailing buttons. A text button is as wide as its title, never cut short:
    /// its box has room for a localized title (German "Bearbeiten" needs 86 pt).
    func barButtons(_ items: MockBarItems) -> [Node] {
        let w = size.width
        func leading(_ s: String) -> Node { text(s, Rect(16, 11, 120, 22), size: 17, color: tint, id: "leadingButton") }
        switch items {
        case .messages: return [leading("Edit"), composeGlyph(Rect(w - 44, 8, 28, 28))]
        case .photos: return [text("Select", Rect(w - 16 - 120, 11, 120, 22), size: 17, color: tint, align: .right, id: "selectButton")]
        case .feed:
            return [Node(id: "addButton", kind: .ellipse, frame: Rect(w - 44, 8, 28, 28), fill: .solid(tint.withAlpha(0.15)),
                         children: [.rect(Rect(13, 7, 2, 14), tint, cornerRadius: 1), .rect(Rect(7, 13, 14, 2), tint, cornerRadius: 1)])]
        case .compose: return [leading("Cancel")]
        case .settings, .plain: return []
        }
    }

    /// SF Symbols' square.and.pencil: a rounded square open at its top right, a pencil across it.
    func composeGlyph(_ frame: Rect) -> Node {
        var square = Node(kind: .rect, frame: Rect(3, 7, 18, 18), cornerRadius: 4)
        square.border = Border(width: 1.8, color: tint)
        // The bar's colour where the pencil crosses the square's corner opens it.
        let gap = Node(kind: .rect, frame: Rect(14, 3, 12, 12), fill: .solid(background))
        let pencil = Node(kind: .rect, frame: Rect(9, 10.5, 19, 3.2), fill: .solid(tint), cornerRadius: 1.2,
                          transform: LayerTransform(rotate: -45))
        // Round as its tap target (iOS 26 draws bar buttons as circles): a sheet grown out of it starts round.
        return Node(id: "composeButton", kind: .group, frame: frame, cornerRadius: frame.width / 2, children: [square, gap, pencil])
    }

    /// The search field iOS Settings shows under its large title (a UISearchController's bar):
    /// 36 pt, 10 pt corners, a magnifying glass and "Search" in the secondary label colour.
    func searchField(at y: Double) -> Node {
        let w = size.width
        let fill = Color(hex: "#767680")!.withAlpha(dark ? 0.24 : 0.12)
        var glass = Node(kind: .ellipse, frame: Rect(10, 10, 12, 12))
        glass.border = Border(width: 1.8, color: secondary)
        let handle = Node(kind: .rect, frame: Rect(19, 22, 6, 2), fill: .solid(secondary), cornerRadius: 1, transform: LayerTransform(rotate: 45))
        return Node(id: "searchField", kind: .rect, frame: Rect(16, y, w - 32, 36), fill: .solid(fill), cornerRadius: 10,
                    children: [glass, handle, text("Search", Rect(32, 7, w - 80, 22), size: 17, color: secondary)])
    }
}
