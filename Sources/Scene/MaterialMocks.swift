// Material 3 mock screens (docs/PRESETS.md `style`): the same kinds as the iOS mocks, built from
// Material 3's metrics (m3.material.io: top app bars small 64 dp / large 152 dp, list items 56/72
// dp with 40 dp avatars and 16 dp insets, cards 12 dp corners, FAB 56 dp with 16 dp corners) and
// its baseline colour scheme, in Roboto; Android's status bar (time left, icons right) and the
// gesture navigation handle. Named elements as in the iOS mocks (`photo0…`, `avatar0…`, `cell0…`,
// `hero`, `title`, `navBar`, `statusBar`, `fab`), plus the launcher's `icon0…`.
import Geometry

public enum MockStyle: String, Sendable, CaseIterable { case ios, material }

enum MaterialMocks {
    /// The Material form of a mock kind (nil for an unknown kind). The status bar and gesture
    /// bar take the device's heights (its safe areas).
    static func screen(kind: String, size: Size, title: String?, tint: Color?, dark: Bool, seed: Int, items: Int?,
                       statusHeight: Double, gestureHeight: Double, photo: Int? = nil, post: Int? = nil, topLevel: Bool = false,
                       locale: String? = nil, tabs: MockTabs? = nil, row: ListRow? = nil, measure: (any TextMeasuring)? = nil) -> Node? {
        var m = MaterialBuilder(size: size, dark: dark, tint: tint, seed: seed, statusHeight: statusHeight, gestureHeight: gestureHeight)
        // A destination of a navigation bar is top level, however the timeline reaches it.
        m.topLevel = topLevel || tabs != nil
        m.tabs = tabs
        m.b.locale = locale
        m.b.measure = measure
        let n: Node
        // A post's or photo's page draws its own people and words from another stream than the
        // feed's, which would repeat the card's sentence in the first comment.
        if kind == "detail", post != nil || photo != nil { m.b.rng = MockRandom(~seed) }
        switch kind {
        case "list": n = m.list(title: title ?? "Inbox", items: items ?? 14)
        case "grid": n = m.grid(title: title ?? "Photos", items: items ?? 30)
        case "detail":
            // `post: N` opens the feed's (same seed) post N; `photo: N` the photo of the post that
            // shows photoN: its author and that photo — a card opening into its detail stays one
            // person's post.
            if let k = post {
                guard let card = m.feedCard(post: k, photo: nil, seed: seed) else { return nil }
                n = m.post(title: title ?? "Post", card: card)
            } else if let k = photo {
                guard let card = m.feedCard(post: nil, photo: k, seed: seed), let picture = card.photos.first(where: { $0.id == "photo\(k)" })
                else { return nil }
                n = m.photoPage(title: title ?? "Detail", card: card, picture: picture)
            } else {
                n = m.detail(title: title ?? "Detail")
            }
        case "feed": n = m.feed(title: title ?? "Feed", items: items ?? 6)
        case "settings": n = m.settings(title: title ?? "Settings", items: items ?? 12)
        case "home": n = m.home(items: items ?? 20)
        case "compose": n = m.compose(title: title ?? "New conversation")
        case "message": n = m.conversation(title: title, items: items ?? 8, row: row)
        default: return nil
        }
        return n.withDefaultFamily("Roboto")
    }
}

struct MaterialBuilder {
    var b: Builder
    let statusHeight: Double
    let gestureHeight: Double
    /// A top-level destination (not reached by a push): its small top app bar has no back arrow
    /// (m3.material.io, top app bar: the leading navigation icon is for going up from a screen
    /// below a top-level one).
    var topLevel = false
    /// The navigation bar's destinations (MaterialNavigationBar.swift); nil: none.
    var tabs: MockTabs?
    init(size: Size, dark: Bool, tint: Color?, seed: Int, statusHeight: Double, gestureHeight: Double) {
        b = Builder(size: size, dark: dark, tint: tint ?? Color(hex: dark ? "#D0BCFF" : "#6750A4")!, seed: seed)
        b.now = 12 * 60 + 30
        self.statusHeight = statusHeight; self.gestureHeight = gestureHeight
    }
    var size: Size { b.size }
    var dark: Bool { b.dark }
    // M3 baseline scheme (light / dark).
    var surface: Color { Color(hex: dark ? "#141218" : "#FEF7FF")! }
    var container: Color { Color(hex: dark ? "#211F26" : "#F3EDF7")! }
    var containerHigh: Color { Color(hex: dark ? "#2B2930" : "#ECE6F0")! }
    var onSurface: Color { Color(hex: dark ? "#E6E0E9" : "#1D1B20")! }
    var onVariant: Color { Color(hex: dark ? "#CAC4D0" : "#49454F")! }
    var outline: Color { Color(hex: dark ? "#49454F" : "#CAC4D0")! }
    var primary: Color { b.tint }
    var primaryContainer: Color { Color(hex: dark ? "#4F378B" : "#EADDFF")! }

    func text(_ s: String, _ f: Rect, size: Double, weight: FontWeight = .regular, color: Color, align: TextAlignment = .left,
              lines: Int = 1, id: String? = nil) -> Node {
        Node(id: id, kind: .text(s, TextStyle(font: Font(size: size, weight: weight, family: "Roboto"), color: color, alignment: align, lines: lines)), frame: f)
    }

    /// The status bar's band in the app's colour (the system draws its items: DeviceChrome).
    func statusBar(on color: Color) -> Node { .rect(Rect(0, 0, size.width, statusHeight), color, id: "statusBar") }

    /// The top app bar: large (152 dp, headline 28 sp at the bottom) or small (64 dp, title 22 sp
    /// after a back arrow, or at the 16 dp inset on a top-level screen). Returns it and the y its
    /// content starts at.
    func topAppBar(_ title: String, large: Bool, closes: Bool = false) -> (Node, Double) {
        let w = size.width, top = statusHeight, fg = onSurface
        let h = large ? 152.0 : 64.0
        var kids: [Node] = []
        if large {
            kids.append(text(title, Rect(16, h - 28 - 36, w - 32, 36), size: 28, color: fg, id: "title"))
            kids.append(icon(Rect(w - 48, 12, 24, 24), fg))
        } else if closes {
            // A full-screen dialog's close icon (m3.material.io, dialogs: full-screen) where the back arrow would be.
            kids.append(Node(kind: .group, frame: Rect(16, 20, 24, 24), children: [
                Node(kind: .rect, frame: Rect(3, 11, 18, 2), fill: .solid(fg), cornerRadius: 1, transform: LayerTransform(rotate: 45)),
                Node(kind: .rect, frame: Rect(3, 11, 18, 2), fill: .solid(fg), cornerRadius: 1, transform: LayerTransform(rotate: -45))]))
            kids.append(text(title, Rect(56, 18, w - 112, 28), size: 22, color: fg, id: "title"))
        } else if topLevel {
            kids.append(text(title, Rect(16, 18, w - 72, 28), size: 22, color: fg, id: "title"))
            kids.append(icon(Rect(w - 40, 20, 24, 24), fg))
        } else {
            // Back arrow: a shaft and two strokes.
            kids.append(Node(kind: .group, frame: Rect(16, 20, 24, 24), children: [
                .rect(Rect(4, 11, 16, 2), fg, cornerRadius: 1),
                Node(kind: .rect, frame: Rect(3, 7.2, 10, 2), fill: .solid(fg), cornerRadius: 1, transform: LayerTransform(rotate: -45)),
                Node(kind: .rect, frame: Rect(3, 14.8, 10, 2), fill: .solid(fg), cornerRadius: 1, transform: LayerTransform(rotate: 45))]))
            kids.append(text(title, Rect(56, 18, w - 112, 28), size: 22, color: fg, id: "title"))
            kids.append(icon(Rect(w - 40, 20, 24, 24), fg))
        }
        return (Node(id: "navBar", kind: .group, frame: Rect(0, top, w, h), fill: .solid(surface), children: kids), top + h)
    }

    /// A "more" icon: three dots.
    func icon(_ f: Rect, _ c: Color) -> Node {
        Node(kind: .group, frame: f, children: (0..<3).map { i in Node(kind: .ellipse, frame: Rect(10, 3 + Double(i) * 7, 4, 4), fill: .solid(c)) })
    }

    /// The FAB: 56 dp, 16 dp corners, primary container, 16 dp from the edges above the gesture
    /// bar (and the navigation bar, when there is one).
    func fab() -> Node {
        let s = 56.0, c = dark ? Color(hex: "#EADDFF")! : Color(hex: "#21005D")!
        let bottom = gestureHeight + (tabs == nil ? 0 : MockTabs.barHeight)
        return Node(id: "fab", kind: .rect, frame: Rect(size.width - 16 - s, size.height - bottom - 16 - s, s, s),
                    fill: .solid(primaryContainer), cornerRadius: 16,
                    shadow: Shadow(color: .black, opacity: 0.3, radius: 3, offset: Point(0, 2)),
                    children: [.rect(Rect(27, 18, 2, 20), c, cornerRadius: 1), .rect(Rect(18, 27, 20, 2), c, cornerRadius: 1)])
    }

    func root(_ content: [Node], bar: Node?, bg: Color, fab withFab: Bool = false) -> Node {
        var kids = content
        if let bar { kids.append(bar) }
        if let tabs { kids.append(navigationBar(tabs)) }
        kids.append(statusBar(on: bg))
        if withFab { kids.append(fab()) }
        return Node(kind: .group, frame: Rect(0, 0, size.width, size.height), fill: .solid(bg), clips: true, children: kids)
    }
}
