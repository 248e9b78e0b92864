import Geometry
import Presets
import Raster
import Scene
import Transitions

/// The device's chrome over each frame (issue 28.1): the status bar and the home indicator (or
/// gesture handle) drawn once, fixed, above the composed frame, and a screenshot's own status-bar
/// and home-indicator bands held in place while its content moves. What shows follows the
/// front-most screen and cross-fades with the step's progress, as iOS animates a status-bar style
/// change inside the transition's animation block (UIKit `setNeedsStatusBarAppearanceUpdate`).
struct ChromeLayers: Sendable {
    let storyboard: Storyboard
    let chrome: DeviceChrome
    let enabled: Bool
    /// The notch or Dynamic Island, drawn with the display mask (`overlays.device`).
    let cutout: Node?
    /// The status bar's legibility rule over what is composed under it (StatusBarInk).
    let ink: StatusBarInk
    /// The home indicator's or gesture handle's (HomeIndicatorInk); nil: the device has none.
    let home: HomeIndicatorInk?

    init(storyboard: Storyboard) {
        self.storyboard = storyboard
        var c = storyboard.device.chrome
        c.size = storyboard.canvas
        c.rightToLeft = storyboard.direction.isRTL
        c.clock = storyboard.clock
        chrome = c
        enabled = storyboard.overlays.chrome
        cutout = storyboard.overlays.device ? c.cutout() : nil
        ink = StatusBarInk(chrome: c, scale: storyboard.scale, width: storyboard.screenPixelWidth, height: storyboard.screenPixelHeight)
        home = HomeIndicatorInk(chrome: c, scale: storyboard.scale, width: storyboard.screenPixelWidth, height: storyboard.screenPixelHeight)
        // The held bands on whole pixel rows: a band and the fill under it then cover exactly the
        // same pixels, so a held screenshot draws its own pixels there.
        let k = storyboard.scale
        let top = (c.statusBarHeight * k).rounded() / k, bottom = (c.homeBand.minY * k).rounded() / k
        statusRect = Rect(0, 0, c.size.width, top)
        homeRect = Rect(0, bottom, c.size.width, c.size.height - bottom)
    }

    /// The status bar's and the home indicator's bands on whole pixels (canvas points).
    let statusRect: Rect
    let homeRect: Rect

    /// What the chrome shows in one frame: per bar, the content colour (0 black … 1 white), the
    /// opacity of the bar Segue draws, and the held screenshot bands drawn under it, in order.
    struct Look: Equatable {
        var statusLight = 0.0, statusDrawn = 0.0, statusBands: [Band] = []
        var homeLight = 0.0, homeDrawn = 0.0, homeBands: [Band] = []
    }
    struct Band: Equatable { var screen: String; var alpha: Double }

    /// A screen alone.
    func look(screen id: String) -> Look {
        let c = storyboard.screenChrome[id] ?? ScreenChrome(source: .drawn(lightContent: false))
        let drawn = c.drawsSystemBars ? 1.0 : 0
        let bands = c.holdsBands ? [Band(screen: id, alpha: 1)] : []
        return Look(statusLight: c.lightContent, statusDrawn: drawn, statusBands: bands,
                    homeLight: c.lightContent, homeDrawn: drawn, homeBands: bands)
    }

    /// A page sheet up over `presenting`: at the large detent the status bar sits in the black gap
    /// above the card with light content; the home indicator is the sheet's.
    func look(sheet: String, over presenting: String, large: Bool) -> Look {
        var l = look(screen: sheet)
        if large { (l.statusLight, l.statusDrawn, l.statusBands) = (1, 1, []) } else {
            let p = look(screen: presenting)
            (l.statusLight, l.statusDrawn, l.statusBands) = (p.statusLight, p.statusDrawn, p.statusBands)
        }
        return l
    }

    /// The look of a storyboard state.
    func look(_ state: FrameState) -> Look {
        switch state {
        case .still(let id): return look(screen: id)
        case .presented(let s):
            let step = storyboard.steps[s]
            return look(presented: step.after, over: step.before, step)
        case .transition(let s, let p):
            // From what the frame before the step shows to what the step ends on if it finishes.
            let step = storyboard.steps[s]
            let before = storyboard.state(at: step.start)
            if case .transition = before { return finishLook(step, before: before) }
            return mix(look(before), finishLook(step, before: before), min(max(p, 0), 1))
        }
    }

    /// The look a step ends on when it finishes: a sheet's gap over the screen it was presented
    /// from (a detent step keeps the sheet's presenter), else the screen on top.
    func finishLook(_ step: Step, before: FrameState) -> Look {
        guard step.transition?.presentsOverContext == true, step.operation == .present else { return look(screen: step.after) }
        var presenting = step.before
        if step.changesDetent, case .presented(let k) = before { presenting = storyboard.steps[k].before }
        return look(presented: step.after, over: presenting, step)
    }

    /// A screen presented over `presenting` by `step`: a page sheet shows its gap (above); a
    /// component over context (Material's dialog) leaves the system bars as the screen under it
    /// has them, as a dialog's window dim does not restyle Android's status bar icons.
    func look(presented: String, over presenting: String, _ step: Step) -> Look {
        guard let detent = ChromeLayers.sheetDetent(step) else { return look(screen: presenting) }
        return look(sheet: presented, over: presenting, large: detent != .medium)
    }

    /// The detent a sheet step shows (a detent change: the one it goes to), nil when the step
    /// presents no page sheet.
    static func sheetDetent(_ step: Step) -> SheetTransition.Detent? {
        if let sheet = step.transition as? SheetTransition { return sheet.detent }
        return (step.transition as? SheetDetentTransition)?.to
    }

    /// `a` going to `b` at t: colours and opacities in proportion; `a`'s bands stay opaque under
    /// `b`'s when both have one (the next band fades in over the front one), else fade out.
    func mix(_ a: Look, _ b: Look, _ t: Double) -> Look {
        func bands(_ x: [Band], _ y: [Band]) -> [Band] {
            if x == y { return x }
            return x.map { Band(screen: $0.screen, alpha: $0.alpha * (y.isEmpty ? 1 - t : 1)) } + y.map { Band(screen: $0.screen, alpha: $0.alpha * t) }
        }
        func lerp(_ u: Double, _ v: Double) -> Double { u + (v - u) * t }
        return Look(statusLight: lerp(a.statusLight, b.statusLight), statusDrawn: lerp(a.statusDrawn, b.statusDrawn),
                    statusBands: bands(a.statusBands, b.statusBands),
                    homeLight: lerp(a.homeLight, b.homeLight), homeDrawn: lerp(a.homeDrawn, b.homeDrawn),
                    homeBands: bands(a.homeBands, b.homeBands))
    }

    /// The chrome's layers for a state: held bands, then the drawn bars, then the cut-out.
    /// `snapshot` gives a screen's snapshot (for its bands). `legibility`: how far each status-bar
    /// item group's ink moves to the other ink (StatusBarInk), asked only when the bar is drawn;
    /// `homeInk`: the home indicator's ink when its rule moves it (HomeIndicatorInk), else nil.
    func nodes(_ state: FrameState, snapshot: (String) -> Bitmap, legibility: () -> [Double],
               homeInk: () -> Double? = { nil }) -> [Node] {
        // A held navigation bar is the app's, drawn whether or not the system's chrome is.
        let tabBar = tabBarBands(state, snapshot: snapshot)
        guard enabled else { return tabBar + (cutout.map { [$0] } ?? []) }
        let l = look(state)
        var out = tabBar + bands(state, l, snapshot: snapshot)
        if l.statusDrawn > 0 && chrome.statusBarHeight > 0 {
            var bar = statusBar(appearance: l.statusLight, shifts: legibility())
            bar.opacity = l.statusDrawn
            out.append(bar)
        }
        if l.homeDrawn > 0, var home = chrome.homeIndicator(content: Color(white: homeInk() ?? l.homeLight)) {
            home.opacity *= l.homeDrawn
            out.append(home)
        }
        if let cutout { out.append(cutout) }
        return out
    }

    /// The held screenshot bands a state's look draws under the bars. A still of a screenshot
    /// needs none: the screenshot is its own.
    func bands(_ state: FrameState, _ l: Look, snapshot: (String) -> Bitmap) -> [Node] {
        if case .still = state, l.statusBands.count == 1 && l.statusBands[0].alpha == 1 { return [] }
        var out: [Node] = []
        for b in l.statusBands where b.alpha > 0 && statusRect.height > 0 { out.append(band(snapshot(b.screen), statusRect, alpha: b.alpha)) }
        for b in l.homeBands where b.alpha > 0 && homeRect.height > 0 { out.append(band(snapshot(b.screen), homeRect, alpha: b.alpha)) }
        return out
    }

    /// A screen's pixels inside `rect`, in place.
    func band(_ snapshot: Bitmap, _ rect: Rect, alpha: Double) -> Node {
        let c = storyboard.canvas
        return Node(kind: .group, frame: rect, opacity: alpha, clips: true,
                    children: [.image(snapshot, frame: Rect(-rect.minX, -rect.minY, c.width, c.height), fit: .stretch)])
    }

    /// A held screenshot as it moves in a transition: its bands filled with the colour they sit on
    /// (the most common pixel of the band's inner edge row), so the screen's own status bar and
    /// home indicator do not travel with it (Seed 000 crops the status bar out of its snapshots
    /// for the same reason).
    func covered(_ screen: Node, id: String, snapshot: () -> Bitmap) -> Node {
        guard enabled, storyboard.screenChrome[id]?.holdsBands == true else { return screen }
        let snapshot = snapshot()
        var kids = [screen]
        let s = storyboard.scale
        if statusRect.height > 0 {
            kids.append(.rect(statusRect, snapshot.commonColor(row: Int((statusRect.maxY * s).rounded()) - 1)))
        }
        if homeRect.height > 0 {
            kids.append(.rect(homeRect, snapshot.commonColor(row: Int((homeRect.minY * s).rounded()))))
        }
        return Node(kind: .group, frame: Rect(0, 0, storyboard.canvas.width, storyboard.canvas.height), children: kids)
    }
}
