// The Material 3 mock screens, one function per kind (metrics in MaterialMocks.swift).
import Geometry

extension MaterialBuilder {
    mutating func list(title: String, items: Int) -> Node {
        let w = size.width
        let (bar, y0) = topAppBar(title, large: true)
        var kids: [Node] = []
        var y = y0, clock = Builder.Clock()
        for _ in 0..<items where y < size.height {
            // A two-line list item: 72 dp, 40 dp avatar 16 dp in, headline 16 sp, supporting 14 sp.
            let h = 72.0, (row, avatar) = b.listRow(avatarFrame: Rect(16, 16, 40, 40), clock: &clock)
            var cell = Node(id: "cell\(b.cellIndex)", kind: .group, frame: Rect(0, y, w, h), fill: .solid(surface)); b.cellIndex += 1
            cell.children = [avatar,
                             text(row.person, Rect(72, 14, w - 140, 22), size: 16, color: onSurface),
                             text(Builder.Clock.text(row.minutes), Rect(w - 72, 14, 56, 18), size: 11, weight: .medium, color: onVariant, align: .right),
                             text(row.preview, Rect(72, 38, w - 96, 20), size: 14, color: onVariant)]
            kids.append(cell)
            y += h
        }
        return root(kids, bar: bar, bg: surface, fab: true)
    }

    mutating func grid(title: String, items: Int) -> Node {
        let w = size.width
        let (bar, y0) = topAppBar(title, large: false)
        let side = (w - 4) / 3
        var kids: [Node] = []
        for i in 0..<items {
            let r = Rect(Double(i % 3) * (side + 2), y0 + Double(i / 3) * (side + 2), side, side)
            if r.minY > size.height { break }
            kids.append(b.photo(r))
        }
        return root(kids, bar: bar, bg: surface)
    }

    /// An article: a hero, a headline, a byline, paragraphs and a button.
    mutating func detail(title: String) -> Node {
        let w = size.width
        let (bar, y0) = topAppBar(title, large: false)
        var kids: [Node] = [b.photo(heroFrame(below: y0), radius: 28, id: Mocks.heroID)]
        var y = y0 + 8 + (w - 32) * 0.75 + 24
        kids.append(text(String(b.sentence(3).dropLast()), Rect(16, y, w - 32, 36), size: 28, color: onSurface, id: "headline"))
        y += 44
        let author = b.person()
        kids.append(text(author + " · \(2 + b.rng.int(20)) min read", Rect(16, y, w - 32, 20), size: 14, color: onVariant))
        y += 32
        while y < size.height - 180 {
            kids.append(text(b.sentence(14 + b.rng.int(14)), Rect(16, y, w - 32, 96), size: 16, color: onSurface, lines: 4))
            y += 108
        }
        // A filled button: 40 dp tall, fully rounded.
        var button = Node(id: "action", kind: .rect, frame: Rect(16, size.height - gestureHeight - 16 - 40, w - 32, 40), fill: .solid(primary), cornerRadius: 20)
        button.children = [text("Continue", Rect(0, 0, w - 32, 40), size: 14, weight: .medium, color: dark ? Color(hex: "#381E72")! : .white, align: .center)]
        kids.append(button)
        return root(kids, bar: bar, bg: surface)
    }

    mutating func feed(title: String, items: Int) -> Node {
        let w = size.width
        let (bar, y0) = topAppBar(title, large: true)
        var kids: [Node] = []
        var y = y0, age = Builder.Age()
        for _ in 0..<items where y < size.height {
            // A filled card: 12 dp corners, 16 dp in from the screen, 16 dp padding, 8 dp apart.
            let cw = w - 32, name = b.person()
            var card = Node(id: "cell\(b.cellIndex)", kind: .group, frame: Rect(16, y, cw, 0), fill: .solid(containerHigh), cornerRadius: 12, clips: true)
            b.cellIndex += 1
            var ch: [Node] = [b.avatar(Rect(16, 16, 40, 40), name: name),
                              text(name, Rect(68, 16, cw - 84, 22), size: 16, weight: .medium, color: onSurface),
                              text("\(age.older(&b.rng)) min ago", Rect(68, 38, cw - 84, 18), size: 14, color: onVariant)]
            var cy = 68.0
            ch.append(text(b.sentence(10 + b.rng.int(18)), Rect(16, cy, cw - 32, 60), size: 14, color: onSurface, lines: 3))
            cy += 66
            let n = [1, 2, 3][b.rng.int(3)], gap = 4.0
            let side = (cw - 32 - gap * Double(n - 1)) / Double(n)
            for k in 0..<n { ch.append(b.photo(Rect(16 + Double(k) * (side + gap), cy, side, n == 1 ? side * 0.56 : side), radius: 8)) }
            cy += (n == 1 ? side * 0.56 : side) + 12
            for (k, label) in ["Share", "Comment \(b.rng.int(300))", "Like \(b.rng.int(2000))"].enumerated() {
                ch.append(text(label, Rect(16 + Double(k) * (cw - 32) / 3, cy, (cw - 32) / 3, 20), size: 14, weight: .medium, color: primary))
            }
            cy += 36
            card.frame.size.height = cy
            card.children = ch
            kids.append(card)
            y += cy + 8
        }
        return root(kids, bar: bar, bg: surface, fab: true)
    }

    mutating func settings(title: String, items: Int) -> Node {
        let w = size.width
        let (bar, y0) = topAppBar(title, large: true)
        var kids: [Node] = []
        var y = y0
        // Pixel's order, from the top: a settings page never opens scrolled.
        var iconIndex = 0
        for _ in 0..<items where y < size.height {
            // Android settings rows: a 24 dp icon in a tinted circle, title 16 sp, summary 14 sp, 72 dp.
            let (name, hex, summary) = Builder.androidSettings[iconIndex % Builder.androidSettings.count]; iconIndex += 1
            var row = Node(id: "cell\(b.cellIndex)", kind: .group, frame: Rect(0, y, w, 72)); b.cellIndex += 1
            row.children = [Node(kind: .ellipse, frame: Rect(16, 16, 40, 40), fill: .solid(Color(hex: hex)!)),
                            MockSymbol.named(name).node(Rect(26, 26, 20, 20), color: .white, under: Color(hex: hex)!),
                            text(name, Rect(72, 14, w - 96, 22), size: 16, color: onSurface),
                            text(summary, Rect(72, 38, w - 96, 20), size: 14, color: onVariant)]
            kids.append(row)
            y += 72
        }
        return root(kids, bar: bar, bg: surface)
    }

    /// A launcher home screen: wallpaper, the date, a 4 × 5 grid of app icons with labels, a dock
    /// and the search bar (`icon0…` the apps, `search`).
    mutating func home(items: Int) -> Node {
        let w = size.width, h = size.height
        let wall = Node(id: "wallpaper", kind: .rect, frame: Rect(0, 0, w, h), fill: .linear(from: Point(0, 0), to: Point(1, 1), stops: [
            GradientStop(0, Color(hex: dark ? "#1E1B3A" : "#7F67BE")!), GradientStop(1, Color(hex: dark ? "#0B2A35" : "#F6B8A8")!)]))
        var kids: [Node] = [wall, text("Tue, Dec 1", Rect(24, statusHeight + 24, w - 48, 24), size: 20, color: .white)]
        let cols = 4, icon = min(56, (w - 32) / Double(cols) - 20), cell = (w - 32) / Double(cols)
        let labels = ["Photos", "Gmail", "Maps", "Clock", "Camera", "Files", "Play", "Chrome", "Phone", "Messages", "Calendar", "Drive",
                      "Settings", "Keep", "Meet", "News", "YouTube", "Music", "Fit", "Wallet"]
        let colors = ["#EA4335", "#FBBC04", "#34A853", "#4285F4", "#A142F4", "#24C1E0", "#F538A0", "#FA7B17"]
        let top = statusHeight + 96
        var tiles: [String: Color] = [:]
        for i in 0..<min(items, 20) {
            let x = 16 + Double(i % cols) * cell, y = top + Double(i / cols) * (icon + 40)
            if y + icon > h - gestureHeight - 180 { break }
            let tile = Color(hex: b.rng.pick(colors))!, label = labels[i % labels.count]
            tiles[label] = tile
            kids.append(Node(id: "icon\(i)", kind: .ellipse, frame: Rect(x + (cell - icon) / 2, y, icon, icon), fill: .solid(tile),
                             children: [MockSymbol.named(label).node(Rect(icon * 0.27, icon * 0.27, icon * 0.46, icon * 0.46), color: .white, under: tile)]))
            kids.append(text(labels[i % labels.count], Rect(x, y + icon + 4, cell, 16), size: 12, color: .white, align: .center))
        }
        // The dock and the search pill above the gesture bar. An app in the dock that the grid
        // shows too has the grid's icon: one app, one icon on a home screen.
        let dockY = h - gestureHeight - 64 - 24 - icon
        for i in 0..<cols {
            let app = ["Phone", "Messages", "Chrome", "Camera"][i % 4], tile = tiles[app] ?? Color(hex: colors[(i * 3) % colors.count])!
            kids.append(Node(kind: .ellipse, frame: Rect(16 + Double(i) * cell + (cell - icon) / 2, dockY, icon, icon), fill: .solid(tile),
                             children: [MockSymbol.named(app).node(Rect(icon * 0.27, icon * 0.27, icon * 0.46, icon * 0.46), color: .white, under: tile)]))
        }
        var search = Node(id: "search", kind: .rect, frame: Rect(16, h - gestureHeight - 16 - 56, w - 32, 56), fill: .solid(container.withAlpha(0.92)), cornerRadius: 28)
        search.children = [text("Search", Rect(56, 16, w - 120, 24), size: 16, color: onVariant)]
        kids.append(search)
        return Node(kind: .group, frame: Rect(0, 0, w, h), fill: .solid(.black), clips: true, children: kids)
    }
}

extension Node {
    /// This tree with every text that names no family set in `family` (Material mocks use
    /// Roboto, including the pieces they share with the iOS mocks).
    func withDefaultFamily(_ family: String) -> Node {
        var n = self
        if case .text(let s, var style) = n.kind, style.font.family == nil {
            style.font.family = family
            n.kind = .text(s, style)
        }
        n.children = children.map { $0.withDefaultFamily(family) }
        return n
    }
}
