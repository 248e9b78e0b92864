// Built-in mock screens (docs/PRESETS.md `mock`): plausible iOS screens as node trees, deterministic
// from a seed. Each leaves the device's status-bar band to the system (DeviceChrome draws the
// status bar and the home indicator above every frame; the band here is the bar's background,
// `statusBar`), has a navigation bar (large title for list/grid/feed/settings, inline for
// detail/message/compose) whose items belong to its screen (MockNavigationBar.swift): `title`,
// `backChevron` and `backLabel` on a pushed screen only, `leadingButton`, and a trailing
// `composeButton`, `selectButton` or `addButton`; light and dark palettes, a tint, and named
// elements transitions can match: `photo0…`, `avatar0…`, `hero`, `title`, `navBar`, `statusBar`,
// `cell0…`, `bubble0…`, the bar's buttons.
import Geometry

public enum Mocks {
    /// The id of a `detail` mock's hero image: declared with `"photo": N`, it shows the grid's
    /// `photoN` (navigation-zoom lands a grid cell's picture on it).
    public static let heroID = "hero"
    public static let kinds: [(name: String, description: String)] = [
        ("list", "a table of rows: avatar, title, subtitle, chevron (cell0…, avatar0…)"),
        ("grid", "a photo grid, three columns (photo0…)"),
        ("detail", "an article (hero, headline, byline, text); photo: N opens the grid's photoN (Material: the feed's post's) with its author, caption and comments; post: N opens the feed's post N (hero, title, post, comment0…)"),
        ("feed", "Weibo-like cards: avatar, name, time, text, image grid, actions (avatar0…, photo0…)"),
        ("settings", "grouped settings: search field, icon, title, value or switch, chevron (cell0…)"),
        ("message", "a conversation with one person: their name as the title, bubbles, the message field (bubble0…, messageField)"),
        ("compose", "a new message being written: Cancel (iOS) or close (Material), a To field, the message field (toField, messageField)"),
        ("home", "a launcher home screen: wallpaper, app icon grid, dock, search bar (icon0…); Material style"),
    ]

    /// A mock screen of `size` points, or nil for an unknown kind. `statusHeight`: the device's
    /// top safe area (default 47 pt on iOS, 48 dp on Android). Presented as a sheet it has no
    /// status-bar band: a real sheet's content starts at its top edge (the gap above it shows the
    /// system's status bar).
    public static func screen(kind: String, size: Size, title: String? = nil, tint: Color? = nil,
                              dark: Bool = false, seed: Int = 0, items: Int? = nil, presentedAsSheet: Bool = false,
                              photo: Int? = nil, post: Int? = nil, style: MockStyle = .ios, statusHeight: Double? = nil, gestureHeight: Double = 24,
                              backTitle: String? = nil, locale: String? = nil, direction: LayoutDirection = .ltr,
                              topLevel: Bool = false, tabs: MockTabs? = nil, row: ListRow? = nil,
                              measure: (any TextMeasuring)? = nil) -> Node? {
        let material = style == .material || kind == "home"
        let top = presentedAsSheet ? 0 : statusHeight ?? (material ? 48 : 47)
        // A sheet's last points stay below the canvas (its top rests under the status bar, 10–15
        // pt lower): what sits at its bottom keeps clear of them as of the home indicator.
        let bottom = gestureHeight + (presentedAsSheet ? sheetRestTop(statusHeight: statusHeight) : 0)
        let built = material
            ? MaterialMocks.screen(kind: kind, size: size, title: title, tint: tint, dark: dark, seed: seed, items: items,
                                   statusHeight: top, gestureHeight: bottom, photo: kind == "detail" ? photo : nil,
                                   post: kind == "detail" ? post : nil, topLevel: topLevel, locale: locale, tabs: tabs, row: row,
                                   measure: measure)
            : build(kind: kind, size: size, title: title, tint: tint, dark: dark, seed: seed, items: items, photo: photo, post: post,
                    backTitle: backTitle, statusHeight: top, bottomHeight: bottom, topLevel: topLevel, locale: locale, row: row,
                    measure: measure)
        guard var root = built else { return nil }
        // Language, then layout direction: separate layers over the same mock (MockLocales.swift, Mirroring.swift).
        if let locale { root = MockLocale.localize(root, locale) }
        return direction.isRTL ? root.mirroredLayout() : root
    }

    /// The sheet top (points from the display's top) a mock presented as a sheet is laid out for:
    /// 15 pt below the status bar, iOS 26's large detent.
    public static func sheetRestTop(statusHeight: Double?) -> Double { (statusHeight ?? 47) + 15 }

    /// Where a mock's bottom-pinned bar starts (the message field's row, 8 pt above the field),
    /// in points from its top; nil when it has none. A sheet keeps that bar above the display's
    /// bottom edge at every height (SheetLayout).
    public static func bottomBarTop(of root: Node) -> Double? {
        root.frameOfDescendant(id: "messageField").map { $0.minY - 8 }
    }

    /// The title an iOS mock of `kind` shows when the preset gives none (before localizing): what
    /// the back button of a screen pushed from it says.
    public static func defaultTitle(kind: String) -> String {
        ["list": "Messages", "grid": "Photos", "detail": "Detail", "feed": "Weibo", "settings": "Settings", "compose": "New Message"][kind] ?? "Back"
    }

    /// True when a mock kind's screen is dark behind the status bar (light status-bar content).
    public static func hasDarkTop(kind: String, dark: Bool) -> Bool { dark || kind == "home" }

    static func build(kind: String, size: Size, title: String?, tint: Color?, dark: Bool, seed: Int, items: Int?, photo: Int? = nil,
                      post: Int? = nil, backTitle: String? = nil, statusHeight: Double = 47, bottomHeight: Double = 34, topLevel: Bool = false,
                      locale: String? = nil, row: ListRow? = nil, measure: (any TextMeasuring)? = nil) -> Node? {
        var b = Builder(size: size, dark: dark, tint: tint, seed: seed)
        b.measure = measure
        b.backTitle = backTitle
        b.statusHeight = statusHeight
        b.bottomHeight = bottomHeight
        b.topLevel = topLevel
        b.locale = locale
        if kind == "detail", let n = post {
            // The feed's post N opened: the card's own author, text, pictures and counts (issue 28).
            guard let card = b.feedCard(post: n, seed: seed) else { return nil }
            // The page's own people and words from another stream than the feed's: the same
            // stream would repeat the card's sentence in the first comment.
            b.rng = MockRandom(~seed)
            return b.post(title: title ?? "Post", card: card)
        }
        if kind == "detail", let n = photo {
            // The hero shows the grid's photoN of the same seed: one picture, two places (issue 15).
            guard let picture = gridPhoto(n, size: size, dark: dark, tint: tint, seed: seed) else { return nil }
            return b.photoPage(title: title ?? "Detail", picture: picture)
        }
        let explicitTitle = title, title = title ?? defaultTitle(kind: kind)
        switch kind {
        case "list": return b.list(title: title, items: items ?? 14)
        case "grid": return b.grid(title: title, items: items ?? 30)
        case "detail": return b.detail(title: title)
        case "feed": return b.feed(title: title, items: items ?? 6)
        case "settings": return b.settings(title: title, items: items ?? 12)
        case "compose": return b.compose(title: title)
        // Titled with the other person's name unless the preset names it.
        case "message": return b.conversation(title: explicitTitle, items: items ?? 8, row: row)
        default: return nil
        }
    }
}

/// SplitMix64: small, fast, deterministic everywhere.
struct MockRandom {
    var state: UInt64
    init(_ seed: Int) { state = UInt64(bitPattern: Int64(seed)) &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func pick<T>(_ a: [T]) -> T { a[int(a.count)] }
}

struct Builder {
    let size: Size
    let dark: Bool
    let tint: Color
    var rng: MockRandom
    var photoIndex = 0, avatarIndex = 0, cellIndex = 0
    /// The device's top safe area: the navigation bar starts below it.
    var statusHeight = 47.0
    /// The previous screen's title, for the back button (UIKit shows "Back" when it is too long).
    var backTitle: String?
    /// A root or presented screen: its inline bar has no back button.
    var topLevel = false
    /// The device's bottom safe area (the home indicator's band).
    var bottomHeight = 34.0
    /// The language the screen will be shown in (its texts are translated after it is built):
    /// what sizes a text to its words, a message bubble, measures.
    var locale: String?
    /// The people a list has not shown yet: no name twice in one list.
    var unnamed = Builder.names
    /// Lays texts out as they will be drawn (TextMeasuring.swift); nil: estimate.
    var measure: (any TextMeasuring)?
    /// The time the status bar shows, in minutes after midnight, which "Today H:MM" counts back
    /// from: iOS's 9:41; Material mocks set Android's 12:30 (StatusBarClock).
    var now = 9 * 60 + 41

    init(size: Size, dark: Bool, tint: Color?, seed: Int) {
        self.size = size; self.dark = dark
        self.tint = tint ?? (dark ? Color(hex: "#0A84FF")! : Color(hex: "#007AFF")!)
        rng = MockRandom(seed)
    }

    // iOS system colours.
    var background: Color { dark ? .black : .white }
    var grouped: Color { dark ? .black : Color(hex: "#F2F2F7")! }
    var cellBackground: Color { dark ? Color(hex: "#1C1C1E")! : .white }
    var label: Color { dark ? .white : .black }
    var secondary: Color { dark ? Color(r: 0.92, g: 0.92, b: 0.96, a: 0.6) : Color(r: 0.24, g: 0.24, b: 0.26, a: 0.6) }
    var separator: Color { dark ? Color(hex: "#38383A")! : Color(hex: "#C6C6C8")! }
    var barBackground: Color { dark ? Color(r: 0.07, g: 0.07, b: 0.07, a: 0.94) : Color(r: 0.98, g: 0.98, b: 0.98, a: 0.94) }

    static let names = ["Emma Chen", "Liu Yang", "Oliver", "Sophia Wang", "Noah Kim", "Mia Zhang", "Lucas", "Ava Li",
                        "Ethan Wu", "Isabella", "Mason Zhou", "Chloe Lin", "Leo Sun", "Harper", "James Xu", "Zoe"]
    static let words = ["today", "coffee", "the", "city", "light", "new", "photos", "from", "weekend", "trip", "and",
                        "sunset", "over", "river", "with", "friends", "great", "design", "update", "is", "live", "more",
                        "soon", "love", "this", "view", "morning", "walk", "in", "park", "team", "launch"]
    /// Android Settings' top-level entries (Pixel, in its order), each with its icon colour and the
    /// summary line Pixel's Settings shows under it, for Material mocks.
    static let androidSettings: [(name: String, color: String, summary: String)] = [
        ("Network & internet", "#1A73E8", "Mobile, Wi-Fi, hotspot"), ("Connected devices", "#12B5CB", "Bluetooth, pairing"),
        ("Apps", "#E8710A", "Assistant, recent apps, default apps"), ("Notifications", "#F439A0", "Notification history, conversations"),
        ("Battery", "#1E8E3E", "100%"), ("Storage", "#9334E6", "34% used - 84 GB free"),
        ("Sound & vibration", "#12B5CB", "Volume, haptics, Do Not Disturb"), ("Display", "#E8710A", "Dark theme, font size, brightness"),
        ("Wallpaper & style", "#1A73E8", "Colors, themed icons, app grid"), ("Accessibility", "#9334E6", "Display, interaction, audio"),
        ("Security & privacy", "#1E8E3E", "App security, device lock, permissions"),
        ("Location", "#1A73E8", "On - 3 apps have access to location"),
        ("Passwords & accounts", "#9334E6", "Saved passwords, autofill, synced accounts"),
        ("Digital Wellbeing", "#1E8E3E", "Screen time, app timers, bedtime schedules"),
        ("System", "#5F6368", "Languages, gestures, time, backup")]
    static let icons: [(String, String)] = [("Airplane Mode", "#FF9500"), ("Wi-Fi", "#007AFF"), ("Bluetooth", "#007AFF"),
        ("Cellular", "#34C759"), ("Notifications", "#FF3B30"), ("Sounds & Haptics", "#FF2D55"), ("Focus", "#5856D6"),
        ("Screen Time", "#5856D6"), ("General", "#8E8E93"), ("Control Center", "#8E8E93"), ("Display & Brightness", "#007AFF"),
        ("Wallpaper", "#32ADE6"), ("Privacy", "#007AFF"), ("Battery", "#34C759"), ("Passwords", "#8E8E93")]

    /// How iOS Settings groups `icons` into sections, top to bottom.
    static let iconSections = [4, 4, 4, 3]

    /// List timestamps, newest first: each row's message is 1–49 minutes older than the one above,
    /// starting from the status bar's 9:41 (one draw of the generator per row, as before).
    struct Clock {
        var minutes = 9 * 60 + 41
        /// The next row's time, 1–49 minutes before the row above (minutes after midnight).
        mutating func earlier(_ rng: inout MockRandom) -> Int {
            minutes = max(0, minutes - 1 - rng.int(49))
            return minutes
        }
        /// "9:05": a time as the rows and the conversation's header show it.
        static func text(_ minutes: Int) -> String {
            let m = minutes % 60
            return "\(minutes / 60):\(m < 10 ? "0" : "")\(m)"
        }
    }

    /// Feed ages, newest post first: each post is 1–10 minutes older than the one above (one draw
    /// of the generator per post, as before, so the rest of the feed is unchanged).
    struct Age {
        var minutes = 0
        mutating func older(_ rng: inout MockRandom) -> Int {
            minutes += 1 + rng.int(10)
            return minutes
        }
    }

    func text(_ s: String, _ frame: Rect, size: Double, weight: FontWeight = .regular, color: Color,
              align: TextAlignment = .left, lines: Int = 1, id: String? = nil) -> Node {
        Node(id: id, kind: .text(s, TextStyle(font: Font(size: size, weight: weight), color: color, alignment: align, lines: lines)), frame: frame)
    }

    mutating func sentence(_ n: Int) -> String {
        var w: [String] = []
        for _ in 0..<n { w.append(rng.pick(Builder.words)) }
        return w.joined(separator: " ").prefix(1).uppercased() + w.joined(separator: " ").dropFirst() + "."
    }

    /// A "photo": a two-colour diagonal gradient with a soft sun, unique per element.
    mutating func photo(_ frame: Rect, radius: Double = 0, id: String? = nil) -> Node {
        let h = rng.unit()
        func hue(_ h: Double, _ s: Double, _ v: Double) -> Color {
            let i = Int(h * 6) % 6, f = h * 6 - Double(Int(h * 6))
            let p = v * (1 - s), q = v * (1 - f * s), t = v * (1 - (1 - f) * s)
            switch i { case 0: return Color(r: v, g: t, b: p); case 1: return Color(r: q, g: v, b: p)
            case 2: return Color(r: p, g: v, b: t); case 3: return Color(r: p, g: q, b: v)
            case 4: return Color(r: t, g: p, b: v); default: return Color(r: v, g: p, b: q) }
        }
        let c0 = hue(h, 0.55, 0.95), c1 = hue((h + 0.12).truncatingRemainder(dividingBy: 1), 0.7, 0.55)
        let pid = id ?? "photo\(photoIndex)"
        if id == nil { photoIndex += 1 }
        let sun = min(frame.width, frame.height) * 0.28
        let sunNode = Node(kind: .ellipse, frame: Rect(frame.width * (0.2 + 0.5 * rng.unit()), frame.height * 0.18, sun, sun),
                           fill: .solid(Color(white: 1, alpha: 0.55)))
        let hill = Node(kind: .ellipse, frame: Rect(-frame.width * 0.2, frame.height * 0.62, frame.width * 1.4, frame.height * 0.8),
                        fill: .solid(c1.withAlpha(0.8)))
        return Node(id: pid, kind: .group, frame: frame,
                    fill: .linear(from: Point(0, 0), to: Point(1, 1), stops: [GradientStop(0, c0), GradientStop(1, c1)]),
                    cornerRadius: radius, clips: true, children: [sunNode, hill])
    }

    /// A person not yet shown on this screen (the whole cast again once everyone has been).
    mutating func person() -> String {
        if unnamed.isEmpty { unnamed = Builder.names }
        return unnamed.remove(at: rng.int(unnamed.count))
    }

    /// A round avatar with the initial of the person it stands beside.
    mutating func avatar(_ frame: Rect, name: String, id given: String? = nil) -> Node {
        let colors = ["#FF9500", "#34C759", "#5AC8FA", "#AF52DE", "#FF2D55", "#5856D6", "#FFCC00"]
        let c = Color(hex: rng.pick(colors))!
        let initial = String(name.prefix(1))
        let id = given ?? "avatar\(avatarIndex)"
        if given == nil { avatarIndex += 1 }
        return Node(id: id, kind: .ellipse, frame: frame, fill: .linear(from: Point(0.5, 0), to: Point(0.5, 1),
                    stops: [GradientStop(0, c), GradientStop(1, Color(r: c.r * 0.8, g: c.g * 0.8, b: c.b * 0.8))]),
                    children: [text(initial, Rect(0, 0, frame.width, frame.height), size: frame.height * 0.42, weight: .semibold,
                                     color: .white, align: .center)])
    }

    func chevron(_ x: Double, _ y: Double) -> Node {
        let c = secondary.withAlpha(dark ? 0.35 : 0.3)
        return Node(kind: .group, frame: Rect(x, y, 9, 14), children: [
            Node(kind: .rect, frame: Rect(0, 3.6, 9, 2), fill: .solid(c), cornerRadius: 1, transform: LayerTransform(rotate: 45)),
            Node(kind: .rect, frame: Rect(0, 8.4, 9, 2), fill: .solid(c), cornerRadius: 1, transform: LayerTransform(rotate: -45))])
    }

    func screenRoot(_ content: [Node], bg: Color) -> Node {
        // The status bar sits on the navigation bar's colour.
        let barColor: Color = { if case .solid(let c)? = content.first(where: { $0.id == "navBar" })?.fill { return c }; return bg }()
        let under = Node.rect(Rect(0, 0, size.width, statusHeight), barColor, id: "statusBar")
        let navIndex = content.firstIndex { $0.id == "navBar" } ?? content.count
        var kids = content
        if statusHeight > 0 { kids.insert(under, at: navIndex) }
        return Node(kind: .group, frame: Rect(0, 0, size.width, size.height), fill: .solid(bg), clips: true, children: kids)
    }

    mutating func list(title: String, items: Int) -> Node {
        let w = size.width
        let (bar, y0) = navBar(title, large: true, items: .messages)
        var kids: [Node] = []
        var y = y0, clock = Builder.Clock()
        for _ in 0..<items where y < size.height {
            let h = 76.0
            var cell = Node(id: "cell\(cellIndex)", kind: .group, frame: Rect(0, y, w, h), fill: .solid(background)); cellIndex += 1
            let (row, avatar) = listRow(avatarFrame: Rect(16, 12, 52, 52), clock: &clock)
            cell.children = [avatar,
                             text(row.person, Rect(80, 14, w - 160, 22), size: 17, weight: .semibold, color: label),
                             text(Clock.text(row.minutes), Rect(w - 90, 15, 56, 20), size: 15, color: secondary, align: .right),
                             text(row.preview, Rect(80, 38, w - 110, 22), size: 15, color: secondary),
                             chevron(w - 26, 17),
                             .rect(Rect(80, h - 0.33, w - 80, 0.33), separator)]
            kids.append(cell)
            y += h
        }
        return screenRoot(kids + [bar], bg: background)
    }

    mutating func grid(title: String, items: Int) -> Node {
        let w = size.width
        let (bar, y0) = navBar(title, large: true, items: .photos)
        let side = (w - 4) / 3
        var kids: [Node] = []
        for i in 0..<items {
            let r = Rect(Double(i % 3) * (side + 2), y0 + Double(i / 3) * (side + 2), side, side)
            if r.minY > size.height { break }
            kids.append(photo(r))
        }
        return screenRoot(kids + [bar], bg: background)
    }

    mutating func detail(title: String) -> Node {
        let w = size.width
        let (bar, y0) = navBar(title, large: false)
        var kids: [Node] = [photo(heroFrame(below: y0), id: Mocks.heroID)]
        var y = y0 + w * 0.75 + 20
        kids.append(text(String(sentence(3).dropLast()), Rect(16, y, w - 32, 34), size: 28, weight: .bold, color: label, id: "headline"))
        y += 40
        kids.append(text(person() + " · " + "\(2 + rng.int(20)) min read", Rect(16, y, w - 32, 20), size: 15, color: secondary))
        y += 34
        while y < size.height - 200 {
            kids.append(text(sentence(14 + rng.int(14)), Rect(16, y, w - 32, 88), size: 17, color: label, lines: 4))
            y += 100
        }
        var button = Node(id: "action", kind: .rect, frame: Rect(16, size.height - 84, w - 32, 50), fill: .solid(tint), cornerRadius: 12)
        button.children = [text("Continue", Rect(0, 0, w - 32, 50), size: 17, weight: .semibold, color: .white, align: .center)]
        kids.append(button)
        return screenRoot(kids + [bar], bg: background)
    }

    mutating func feed(title: String, items: Int) -> Node {
        let w = size.width
        let (bar, y0) = navBar(title, large: true, items: .feed)
        var kids: [Node] = []
        var y = y0 + 8, age = Age()
        for _ in 0..<items where y < size.height {
            var card = Node(id: "cell\(cellIndex)", kind: .group, frame: Rect(0, y, w, 0), fill: .solid(cellBackground)); cellIndex += 1
            let name = person()
            var ch: [Node] = [avatar(Rect(16, 14, 42, 42), name: name),
                              text(name, Rect(68, 15, w - 140, 20), size: 16, weight: .semibold,
                                   color: Color(hex: dark ? "#FF9F0A" : "#F25C05")!),
                              text("\(age.older(&rng))m ago · iPhone 13", Rect(68, 37, w - 140, 17), size: 13, color: secondary)]
            var cy = 66.0
            ch.append(text(sentence(10 + rng.int(20)), Rect(16, cy, w - 32, 66), size: 16, color: label, lines: 3))
            cy += 72
            let n = [1, 2, 3, 4, 6, 9][rng.int(6)]
            let cols = n == 1 ? 1 : (n == 2 || n == 4 ? 2 : 3)
            let gap = 4.0
            let side = n == 1 ? (w - 32) * 0.66 : ((w - 32) - gap * 2) / 3
            for k in 0..<n {
                let r = Rect(16 + Double(k % cols) * (side + gap), cy + Double(k / cols) * (side + gap), side, n == 1 ? side * 0.75 : side)
                ch.append(photo(r, radius: 4))
            }
            cy += Double((n + cols - 1) / cols) * (side + gap) + (n == 1 ? -side * 0.25 : 0) + 6
            ch.append(.rect(Rect(0, cy, w, 0.33), separator))
            for (k, label) in ["Repost \(rng.int(99))", "Comment \(rng.int(300))", "Like \(rng.int(2000))"].enumerated() {
                ch.append(text(label, Rect(Double(k) * w / 3, cy + 6, w / 3, 30), size: 14, color: secondary, align: .center))
            }
            cy += 42
            card.frame.size.height = cy
            card.children = ch
            kids.append(card)
            y += cy + 8
        }
        return screenRoot(kids + [bar], bg: grouped)
    }

    mutating func settings(title: String, items: Int) -> Node {
        let w = size.width
        let (bar, y0) = navBar(title, large: true, items: .settings)
        var groupedBar = bar; groupedBar.fill = .solid(grouped)
        var kids: [Node] = [searchField(at: y0 + 1)]
        var y = y0 + 52
        // A profile card first, then sections of rows.
        var profile = Node(id: "profile", kind: .group, frame: Rect(16, y, w - 32, 80), fill: .solid(cellBackground), cornerRadius: 10)
        let name = person()
        profile.children = [avatar(Rect(14, 12, 56, 56), name: name),
                            text(name, Rect(82, 18, w - 150, 24), size: 20, weight: .medium, color: label),
                            text("Apple ID, iCloud, Media & Purchases", Rect(82, 44, w - 150, 18), size: 13, color: secondary),
                            chevron(w - 32 - 24, 33)]
        kids.append(profile)
        y += 80 + 32
        var remaining = items
        // iOS Settings' own order and sections, from the top (a settings page never opens scrolled).
        var iconIndex = 0, sections = Builder.iconSections.makeIterator()
        while remaining > 0 && y < size.height {
            let n = min(remaining, sections.next() ?? 4)
            var section = Node(kind: .group, frame: Rect(16, y, w - 32, Double(n) * 44), fill: .solid(cellBackground), cornerRadius: 10, clips: true)
            for r in 0..<n {
                let (name, hex) = Builder.icons[iconIndex % Builder.icons.count]; iconIndex += 1
                var row = Node(id: "cell\(cellIndex)", kind: .group, frame: Rect(0, Double(r) * 44, w - 32, 44)); cellIndex += 1
                var rowKids: [Node] = [.rect(Rect(16, 7, 30, 30), Color(hex: hex)!, cornerRadius: 7),
                                       MockSymbol.named(name).node(Rect(22, 13, 18, 18), color: .white, under: Color(hex: hex)!),
                                       text(name, Rect(60, 11, w - 200, 22), size: 17, color: label)]
                // Each entry's own accessory: Airplane Mode's switch (off), Wi-Fi's network and
                // Bluetooth's state; every other entry is a chevron alone.
                if name == "Airplane Mode" {
                    var sw = Node(kind: .rect, frame: Rect(w - 32 - 67, 6.5, 51, 31), fill: .solid(dark ? Color(hex: "#39393D")! : Color(hex: "#E9E9EA")!), cornerRadius: 15.5)
                    var knob = Node(kind: .ellipse, frame: Rect(2, 2, 27, 27), fill: .solid(.white))
                    knob.shadow = Shadow(color: .black, opacity: 0.15, radius: 2, offset: Point(0, 2))
                    sw.children = [knob]
                    rowKids.append(sw)
                } else {
                    rowKids.append(text(["Wi-Fi": "Home", "Bluetooth": "On"][name] ?? "", Rect(w - 32 - 140, 11, 100, 22), size: 17, color: secondary, align: .right))
                    rowKids.append(chevron(w - 32 - 24, 15))
                }
                if r < n - 1 { rowKids.append(.rect(Rect(60, 44 - 0.33, w - 92, 0.33), separator)) }
                row.children = rowKids
                section.children.append(row)
            }
            kids.append(section)
            y += Double(n) * 44 + 35
            remaining -= n
        }
        return screenRoot(kids + [groupedBar], bg: grouped)
    }
}
