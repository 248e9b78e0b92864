// Material 3's navigation bar (m3.material.io/components/navigation-bar/specs), drawn on a Material
// mock that declares its top-level destinations (`tabs`, docs/PRESETS.md). The numbers are
// MDC-Android's (material-components-android, `lib/java/com/google/android/material/bottomnavigation`
// and `res/values/dimens.xml`, the m3 tokens `md.comp.navigation-bar.*`): container 80 dp
// (`m3_bottom_nav_min_height`) in surface-container; per destination an active indicator 64 × 32
// dp with full rounding (`m3_bottom_nav_item_active_indicator_width`/`_height`) 12 dp below the
// bar's top (`m3_bottom_nav_item_padding_top`), a 24 dp icon centred in it
// (`design_bottom_navigation_icon_size`), a 12 sp medium label (label medium) 4 dp under the
// indicator, 16 dp above the bar's bottom (`m3_bottom_nav_item_padding_bottom`).
import Geometry

/// A Material mock's navigation bar: its destinations' labels, and which one is selected.
public struct MockTabs: Sendable, Hashable {
    public var labels: [String]
    public var selected: Int
    public init(labels: [String], selected: Int) { self.labels = labels; self.selected = selected }

    /// Material 3 navigation bars hold three to five destinations (m3.material.io, navigation bar:
    /// "Navigation bars should be used for three to five destinations").
    public static let counts = 3...5
    /// The container's height above the gesture area (`m3_bottom_nav_min_height`).
    public static let barHeight = 80.0
    static let indicator = Size(64, 32), indicatorTop = 12.0, icon = 24.0, labelGap = 4.0, labelSize = 12.0, labelLine = 16.0

    /// The symbol of a destination: a few of the usual top-level names, else the settings and
    /// launcher table's (MockSymbols).
    static func symbol(_ label: String) -> MockSymbol {
        let own: [String: MockSymbol] = ["For you": .heart, "Albums": .folder, "Library": .folder, "Sharing": .person,
                                         "Home": .apps, "Favorites": .heart, "Profile": .person, "Chats": .bubble, "Inbox": .envelope]
        return own[label] ?? MockSymbol.named(label)
    }
}

extension MaterialBuilder {
    /// The navigation bar at the screen's bottom: 80 dp of items over the gesture area, its
    /// container running under the gesture handle (edge-to-edge).
    func navigationBar(_ tabs: MockTabs) -> Node {
        let w = size.width, top = size.height - gestureHeight - MockTabs.barHeight
        let slot = w / Double(tabs.labels.count)
        let items = tabs.labels.enumerated().map { i, label in
            navigationItem(label, selected: i == tabs.selected, frame: Rect(Double(i) * slot, 0, slot, MockTabs.barHeight), index: i)
        }
        return Node(id: "tabBar", kind: .group, frame: Rect(0, top, w, size.height - top), fill: .solid(container), children: items)
    }

    // M3 baseline scheme: secondary container (the indicator) and the icon on it.
    var secondaryContainer: Color { Color(hex: dark ? "#4A4458" : "#E8DEF8")! }
    var onSecondaryContainer: Color { Color(hex: dark ? "#E8DEF8" : "#1D192B")! }

    /// One destination: the indicator pill behind the selected icon, the icon, the label
    /// (selected: on-surface; others: on-surface-variant, as the tokens give).
    func navigationItem(_ label: String, selected: Bool, frame f: Rect, index: Int) -> Node {
        let ind = MockTabs.indicator, cx = f.width / 2
        let pill = Rect(cx - ind.width / 2, MockTabs.indicatorTop, ind.width, ind.height)
        let iconFrame = Rect(cx - MockTabs.icon / 2, pill.minY + (ind.height - MockTabs.icon) / 2, MockTabs.icon, MockTabs.icon)
        var kids: [Node] = []
        if selected { kids.append(.rect(pill, secondaryContainer, id: "tabIndicator", cornerRadius: ind.height / 2)) }
        kids.append(MockTabs.symbol(label).node(iconFrame, color: selected ? onSecondaryContainer : onVariant, under: selected ? secondaryContainer : container))
        kids.append(text(label, Rect(0, pill.maxY + MockTabs.labelGap, f.width, MockTabs.labelLine), size: MockTabs.labelSize, weight: .medium,
                         color: selected ? onSurface : onVariant, align: .center))
        return Node(id: "tab\(index)", kind: .group, frame: f, children: kids)
    }
}
