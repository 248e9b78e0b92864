import Geometry

/// What belongs to the phone rather than to the app (issue 28.1): the status bar, the home
/// indicator or Android's gesture handle, and the display mask (rounded corners, notch or Dynamic
/// Island). Segue draws them once, above the composed frame, fixed: during a push, a modal
/// presentation or an interactive pop they stay where they are (UIKit's status bar is the
/// system's window, not a view controller's). This type builds their node trees; Export decides
/// their colour and opacity per frame.
public struct DeviceChrome: Sendable, Hashable {
    /// How the status bar lays its items out.
    public enum Layout: String, Sendable, Hashable {
        /// Dynamic Island iPhones (14 Pro and later): time and icons in the ears beside the island.
        case dynamicIsland
        /// Notched iPhones (X … 14): time and icons in the ears beside the notch.
        case notch
        /// Home-button iPhones (SE, 8): a 20 pt bar, signal and Wi-Fi at the left, the time centred,
        /// the battery at the right.
        case homeButton
        /// iPad: the time at the left, icons at the right, no cut-out.
        case tablet
        /// Android: the time at the left, Material icons (Wi-Fi, signal, battery) at the right.
        case android
    }

    public var layout: Layout
    /// Canvas size in points.
    public var size: Size
    /// The status bar's height (points): the band a screenshot's own status bar fills.
    public var statusBarHeight: Double
    /// The home indicator's (or gesture bar's) band at the bottom (points); 0: none (home-button phones).
    public var homeBandHeight: Double
    /// The display's corner radius (points).
    public var cornerRadius: Double
    /// A right-to-left system language (Arabic, Hebrew): the status bar's items trade sides.
    public var rightToLeft = false
    /// How the system's locale writes the time (a 24-hour "09:41" in German).
    public var clock = StatusBarClock.american

    public init(layout: Layout, size: Size, statusBarHeight: Double, homeBandHeight: Double, cornerRadius: Double) {
        self.layout = layout; self.size = size; self.statusBarHeight = statusBarHeight
        self.homeBandHeight = homeBandHeight; self.cornerRadius = cornerRadius
    }

    /// The status bar's band (canvas points).
    public var statusBand: Rect { Rect(0, 0, size.width, statusBarHeight) }
    /// The home indicator's band (canvas points), empty when the device has none.
    public var homeBand: Rect { Rect(0, size.height - homeBandHeight, size.width, homeBandHeight) }

    /// The status bar's items in `content` colour (black on light screens, white on dark ones),
    /// on a clear background: what is under it is the app's.
    public func statusBar(content fg: Color) -> Node {
        Node(id: "statusBar", kind: .group, frame: statusBand, children: statusBarGroups(content: fg).flatMap { $0 })
    }

    /// The status bar with each item group in its own ink (`inks[i]` for `statusBarGroups`' group
    /// i): the legibility rule (FramePipeline's StatusBarInk) gives a group over an uncovered
    /// backdrop the other ink. The same nodes, in the same order, as `statusBar(content:)` when
    /// every ink is the same.
    public func statusBar(inks: [Color]) -> Node {
        let kids = inks.indices.flatMap { i in statusBarGroups(content: inks[i])[i] }
        return Node(id: "statusBar", kind: .group, frame: statusBand, children: kids)
    }

    /// The status bar's item groups, each one place a reader looks at (the time; the icon
    /// cluster, split in two on a home-button iPhone: signal and Wi-Fi, the battery), at their
    /// places for the system language, in drawing order.
    public func statusBarGroups(content fg: Color) -> [[Node]] {
        let groups: [[[Node]]]
        switch layout {
        case .android: groups = androidItems(fg)
        case .homeButton: groups = homeButtonItems(fg)
        case .tablet: groups = earItems(fg, timeFrame: Rect(20, (statusBarHeight - 16) / 2, 60, 16), timeSize: 13,
                                        iconsRight: size.width - 20, iconsMid: statusBarHeight / 2)
        case .notch, .dynamicIsland:
            // Each item is centred in its ear: the half-width less half the cut-out.
            let cut = layout == .notch ? 162.0 : 126.0
            let ear = (size.width - cut) / 2
            let mid = layout == .notch ? statusBarHeight / 2 + 1 : statusBarHeight / 2 + 3
            groups = earItems(fg, timeFrame: Rect(0, mid - 11, ear, 22), timeSize: 17,
                              iconsRight: size.width - (ear - 77) / 2, iconsMid: mid)
        }
        return groups.map { items in rightToLeft ? items.flatMap(mirrored) : items.flatMap { $0 } }
    }

    /// One item (its nodes) at its mirrored place across the bar, the item itself not flipped: in
    /// a right-to-left system language the status bar's order is reversed (the time in the right
    /// ear, the battery leftmost), as UIKit and Android mirror their layouts, while the battery,
    /// Wi-Fi and signal glyphs keep their shape and the time its digits.
    private func mirrored(_ item: [Node]) -> [Node] {
        guard let first = item.first else { return [] }
        let box = item.dropFirst().reduce(first.frame) { $0.union($1.frame) }
        let dx = (size.width - box.maxX) - box.minX
        return item.map { n in
            var m = n
            m.frame.origin.x += dx
            if case .text(let s, var style) = n.kind {
                if style.alignment == .left { style.alignment = .right } else if style.alignment == .right { style.alignment = .left }
                m.kind = .text(s, style)
            }
            return m
        }
    }

    /// The home indicator (iOS: 134 × 5 pt, 8 pt above the bottom edge) or Android's gesture
    /// handle (108 × 4 dp centred in the gesture bar), or nil on a home-button phone.
    public func homeIndicator(content fg: Color) -> Node? {
        guard homeBandHeight > 0 else { return nil }
        if layout == .android {
            return .rect(Rect((size.width - 108) / 2, size.height - homeBandHeight / 2 - 2, 108, 4), fg.withAlpha(0.8),
                         id: "homeIndicator", cornerRadius: 2)
        }
        return .rect(Rect((size.width - 134) / 2, size.height - 13, 134, 5), fg, id: "homeIndicator", cornerRadius: 2.5)
    }

    /// The hardware cut-out at the top of the display (the notch or the Dynamic Island), black,
    /// or nil: part of the display mask.
    public func cutout() -> Node? {
        switch layout {
        case .dynamicIsland:
            return .rect(Rect((size.width - 126) / 2, 11, 126, 37.33), .black, id: "cutout", cornerRadius: 18.67)
        case .notch:
            // The notch hangs from the top edge with rounded lower corners.
            return Node(id: "cutout", kind: .group, frame: Rect((size.width - 162) / 2, -20, 162, 20 + 32), fill: .solid(.black),
                        cornerRadius: 20)
        case .homeButton, .tablet, .android:
            return nil
        }
    }

    private func text(_ s: String, _ frame: Rect, size: Double, weight: FontWeight, color: Color, align: TextAlignment,
                      family: String? = nil) -> Node {
        var style = TextStyle(font: Font(size: size, weight: weight, family: family), color: color, alignment: align)
        style.language = clock.language
        return Node(kind: .text(s, style), frame: frame)
    }

    /// iPhone and iPad items: the time (centred in `timeFrame`), then cellular bars, Wi-Fi and the
    /// battery ending at `iconsRight`, centred on `iconsMid`.
    private func earItems(_ fg: Color, timeFrame: Rect, timeSize: Double, iconsRight: Double, iconsMid: Double) -> [[[Node]]] {
        [[[text(clock.iosTime(dayPeriod: false), timeFrame, size: timeSize, weight: .semibold, color: fg, align: layout == .tablet ? .left : .center)]],
         [cellular(fg, x: iconsRight - 77, bottom: iconsMid + 5.5),
          wifi(fg, x: iconsRight - 55, mid: iconsMid),
          battery(fg, x: iconsRight - 27.5, mid: iconsMid)]]
    }

    /// The 20 pt bar of home-button iPhones: signal and Wi-Fi left, time centred, battery right.
    private func homeButtonItems(_ fg: Color) -> [[[Node]]] {
        let mid = statusBarHeight / 2
        return [[cellular(fg, x: 6, bottom: mid + 4, scale: 0.8), wifi(fg, x: 28, mid: mid, scale: 0.85)],
                [[text(clock.iosTime(dayPeriod: true), Rect(0, mid - 8, size.width, 16), size: 12, weight: .semibold, color: fg, align: .center)]],
                [battery(fg, x: size.width - 31, mid: mid, scale: 0.9)]]
    }

    /// Four cellular bars rising to the right, their bottoms on `bottom`.
    private func cellular(_ fg: Color, x: Double, bottom: Double, scale k: Double = 1) -> [Node] {
        (0..<4).map { i in
            let h = (4.0 + Double(i) * 2.6) * k
            return .rect(Rect(x + Double(i) * 4.5 * k, bottom - h, 3 * k, h), fg, cornerRadius: 0.8 * k)
        }
    }

    /// Wi-Fi: SF Symbols' fan (StatusBarGlyphs), its apex 8k right of `x` and 5k below `mid`.
    private func wifi(_ fg: Color, x: Double, mid: Double, scale k: Double = 1) -> [Node] {
        [StatusBarGlyphs.iosWifi(fg, cx: x + 8 * k, apex: mid + 5 * k, radius: 12 * k)]
    }

    /// The battery: an outlined 25 × 12 pt body, nearly full, and its terminal.
    private func battery(_ fg: Color, x: Double, mid: Double, scale k: Double = 1) -> [Node] {
        var body = Node(kind: .rect, frame: Rect(x, mid - 6 * k, 25 * k, 12 * k), cornerRadius: 3.5 * k)
        body.border = Border(width: 1, color: fg.withAlpha(0.4))
        body.children = [.rect(Rect(2 * k, 2 * k, 21 * k, 8 * k), fg, cornerRadius: 1.8 * k)]
        return [body, .rect(Rect(x + 26 * k, mid - 2 * k, 1.5 * k, 4 * k), fg.withAlpha(0.4), cornerRadius: 0.7 * k)]
    }

    /// Android: the time at the left (14 sp medium), Wi-Fi (a fan), signal (a rising triangle)
    /// and an upright battery at the right, as the Material 3 status bar draws them.
    private func androidItems(_ fg: Color) -> [[[Node]]] {
        let w = size.width, mid = statusBarHeight / 2 + 2
        let time = text(clock.android, Rect(24, mid - 10, 80, 20), size: 14, weight: .medium, color: fg, align: .left, family: "Roboto")
        // Material's Wi-Fi fan and signal triangle (StatusBarGlyphs), 12 dp tall in their boxes; the
        // triangle is the one direction-bearing glyph, and SystemUI mirrors it right to left.
        let wifi = StatusBarGlyphs.androidWifi(fg, cx: w - 78, apex: mid + 5, radius: 12)
        let signal = [StatusBarGlyphs.androidSignal(fg, corner: Point(w - 50.5, mid + 5), side: 12, mirrored: rightToLeft)]
        var battery = Node(kind: .rect, frame: Rect(w - 40, mid - 8, 9, 15), fill: .solid(fg.withAlpha(0.3)), cornerRadius: 2)
        battery.children = [.rect(Rect(0, 4, 9, 11), fg, cornerRadius: 2)]
        return [[[time]], [[wifi], signal, [battery]]]
    }
}
