import Dispatch
import Foundation
import Geometry
import Media
import Presets
import Raster
import Scene
import Transitions

/// Builds and draws frame i of a storyboard. Screens are static while a transition runs, so each
/// is rendered once into a snapshot bitmap (docs/ARCHITECTURE.md), and so is every matched element; a frame
/// is then a few transformed composites of those snapshots (SnapshotStore: made when first
/// needed, let go after the last frame that needs them). Safe to share between render workers.
public final class FrameComposer: Sendable {
    public let storyboard: Storyboard
    public let slowMotion: Double
    /// Snapshots at the canvas's pixel size (screens, with matched elements hidden, and the
    /// elements alone), each made when a frame first needs it and let go after (issue 20.5).
    let store: SnapshotStore
    let backgroundPixel: UInt32
    let overlays: OverlayPainter
    /// The device's status bar, home indicator and held screenshot bands (issue 28.1).
    let chrome: ChromeLayers
    /// The device frame the composed screen is placed in (`overlays.frame`); nil: none.
    let framer: DeviceFramePainter?
    /// Screenshots' large titles, lifted out of their pixels once (LargeTitles.swift).
    let largeTitles = LargeTitleInks()
    /// The system bars' legibility measurements, remembered for the render (LegibilityCache).
    let legibility = LegibilityCache()

    public init(storyboard: Storyboard, slowMotion: Double = 1) {
        self.storyboard = storyboard
        self.slowMotion = slowMotion
        let overlays = OverlayPainter(storyboard: storyboard)
        store = SnapshotStore(storyboard: storyboard, slowMotion: slowMotion,
                              animatedStills: overlays.animatedStills(slowMotion: slowMotion))
        switch storyboard.background {
        case .color(let c): backgroundPixel = c.withAlpha(1).premultipliedPixel
        case .transparent: backgroundPixel = 0
        }
        self.overlays = overlays
        chrome = ChromeLayers(storyboard: storyboard)
        let background = backgroundPixel
        framer = storyboard.framing.map { DeviceFramePainter(storyboard: storyboard, framing: $0, background: background) }
    }

    /// The image of a screen that is exactly one opaque bitmap at the canvas's pixel size over its
    /// background (an `image` screen whose file has the canvas's size): rendering the screen would
    /// copy the bitmap's pixels one to one, so the bitmap itself is the snapshot. Nil otherwise.
    static func passThroughImage(_ screen: Node, width: Int, height: Int, scale: Double) -> Bitmap? {
        func plain(_ n: Node) -> Bool {
            !n.hidden && n.opacity >= 1 && n.border == nil && n.shadow == nil && n.cornerRadius == 0
                && n.transform.isIdentity && n.placement == .identity
                && n.frame == Rect(0, 0, Double(width) / scale, Double(height) / scale)
        }
        // Screenshot regions shown draw nothing (the screenshot is the element).
        let drawn = screen.children.filter { !$0.isIdleRegion }
        guard plain(screen), drawn.count == 1, screen.children.first?.isRegion == false, case .rect = screen.kind else { return nil }
        let child = screen.children[0]
        guard plain(child), child.children.isEmpty, child.fill == nil,
              case .image(let source, _) = child.kind, let bitmap = source as? Bitmap,
              bitmap.width == width, bitmap.height == height, bitmap.isOpaqueCached else { return nil }
        return bitmap
    }

    public var frameCount: Int { storyboard.frameCount(slowMotion: slowMotion) }

    /// A screen as a canvas-sized image node of its snapshot.
    func screenNode(_ id: String) -> Node { screenNode(SnapshotStore.Key(screen: id)) }

    /// A screen with some elements hidden (`key`) as a canvas-sized image node of its snapshot.
    func screenNode(_ key: SnapshotStore.Key) -> Node {
        let canvas = storyboard.canvas
        return .image(store.snapshot(key), frame: Rect(0, 0, canvas.width, canvas.height), fit: .stretch, id: key.screen)
    }

    /// What frame i shows, as a scene in points (overlays excluded).
    public func scene(frame i: Int) -> Node {
        scene(state: storyboard.state(at: storyboard.time(ofFrame: i, slowMotion: slowMotion)),
              time: storyboard.time(ofFrame: i, slowMotion: slowMotion))
    }

    /// The scene of a state at story time t.
    public func scene(state: FrameState, time t: Double) -> Node {
        switch state {
        case .still(let id): return screenNode(id)
        case .transition(let s, _): return scene(step: s, at: t - storyboard.steps[s].start)
        case .presented(let s): return scene(step: s, at: storyboard.steps[s].duration)
        }
    }

    /// What one frame draws, worked out once so it can be drawn band by band.
    public struct Plan: Sendable {
        public let time: Double
        /// The scene, or nil for a still of an opaque screen (a copy of its snapshot).
        public let scene: Node?
        let copy: Bitmap?
        let overlays: [Node]
        /// Band-by-band drawing gives the pixels of a full draw (Renderer.drawsSameInBands).
        public let drawsInBands: Bool
        /// Pixels the scene makes opaque whatever is under them (Renderer.opaqueCover): the
        /// background is not filled there first.
        var cover: [IRect] = []
    }

    /// The plan of a state at story time t.
    public func plan(state: FrameState, time t: Double) -> Plan { store.textFailures.bind { plan(state: state, time: t, frame: nil) } }

    /// `frame`: the frame's index, when it is one of the render's frames (then a still whose
    /// snapshot no other frame around it draws is drawn from the screen itself, the same pixels:
    /// SnapshotStore.stillCopiesSnapshot).
    func plan(state: FrameState, time t: Double, frame: Int?) -> Plan {
        let layers = chrome.nodes(state, snapshot: { bandSnapshot($0, state) }, legibility: { statusShifts(state, around: t) },
                                 homeInk: { homeInk(state, around: t) })
            + overlays.nodes(at: t)
        let scale = storyboard.scale
        let overlaysInBands = layers.allSatisfy { Renderer.drawsSameInBands($0, scale: scale) }
        if case .still(let id) = state, let i = frame, !store.stillCopiesSnapshot(id, frame: i) {
            let screen = store.screen(id)
            return Plan(time: t, scene: screen, copy: nil, overlays: layers, drawsInBands: overlaysInBands,
                        cover: Renderer.opaqueCover(screen, scale: scale))
        }
        // A still of a fully opaque screen is a plain copy of its snapshot.
        if case .still(let id) = state, case let snap = store.snapshot(id), snap.isOpaqueCached {
            return Plan(time: t, scene: nil, copy: snap, overlays: layers, drawsInBands: overlaysInBands)
        }
        let scene = scene(state: state, time: t)
        return Plan(time: t, scene: scene, copy: nil, overlays: layers,
                    drawsInBands: overlaysInBands && Renderer.drawsSameInBands(scene, scale: scale),
                    cover: Renderer.opaqueCover(scene, scale: scale))
    }

    /// The plan of frame i (`stillsFromScreens`: a still no transition around it draws is drawn
    /// from the screen's tree, band by band in a render; a whole-frame draw copies the snapshot).
    public func plan(frame i: Int) -> Plan { store.textFailures.bind { plan(frame: i, stillsFromScreens: true) } }

    func plan(frame i: Int, stillsFromScreens: Bool) -> Plan {
        store.planning(frame: i)
        let t = storyboard.time(ofFrame: i, slowMotion: slowMotion)
        let state = storyboard.state(at: t)
        switch state {
        case .transition(let s, _), .presented(let s): store.prefetch([storyboard.steps[s].before, storyboard.steps[s].after])
        case .still: break
        }
        return plan(state: state, time: t, frame: stillsFromScreens ? i : nil)
    }

    /// Draws a plan (background, scene, overlays); `rows`: only those rows, with the pixels a
    /// full draw gives them.
    /// With a device frame, `target` is the framed canvas and the screen is drawn in its own
    /// buffer and placed (DeviceFramePainter).
    public func render(_ plan: Plan, into target: Bitmap, rows: Range<Int>? = nil) {
        store.textFailures.bind {
            guard let framer else { return draw(plan, into: target, rows: rows) }
            framer.compose(into: target, rows: rows ?? 0..<target.height) { view, inner in draw(plan, into: view, rows: inner) }
        }
    }

    private func draw(_ plan: Plan, into target: Bitmap, rows: Range<Int>?) {
        let r = rows ?? 0..<target.height
        target.invalidateCaches()
        // The screen's rows; those below (the caption band) show the background.
        let screen = r.clamped(to: 0..<storyboard.screenPixelHeight)
        let band = r.clamped(to: storyboard.screenPixelHeight..<max(storyboard.screenPixelHeight, target.height))
        // In a device frame the band is clear: its caption goes over the framed canvas.
        if !band.isEmpty { fillPixels(target.pixels + band.lowerBound * target.width, framer == nil ? backgroundPixel : 0, band.count * target.width) }
        if let copy = plan.copy {
            (target.pixels + screen.lowerBound * target.width).update(from: copy.pixels + screen.lowerBound * copy.width, count: screen.count * target.width)
        } else if let scene = plan.scene {
            fillBackground(target, rows: screen, except: plan.cover)
            if !screen.isEmpty { Renderer.render(scene, scale: storyboard.scale, into: target, rows: screen) }
        }
        overlays.paint(plan.overlays, into: target, rows: r)
    }

    /// Draws a plan and converts it for the encoder: band by band in the converter's small
    /// buffer, each band converted while it is in cache, when that gives the pixels of a full
    /// draw (and the target converts in bands); else whole, into `wholeFrame()`.
    /// A text-stack failure met while drawing (this render's TextFailureLog) is thrown, not encoded as a blank.
    public func converted(_ plan: Plan, _ converter: FrameConverter, wholeFrame: () throws -> Bitmap) throws -> VideoFrame {
        if plan.drawsInBands && converter.convertsInBands {
            let frame = try converter.convert { view, rows in render(plan, into: view, rows: rows) }
            try store.textFailures.check()
            return frame
        }
        let bitmap = try wholeFrame()
        render(plan, into: bitmap)
        try store.textFailures.check()
        return try converter.convert(bitmap)
    }

    /// Fills `rows` of the target with the background, except the pixels in `cover` (the scene
    /// paints them opaque: in a push both screens together cover the whole canvas).
    private func fillBackground(_ target: Bitmap, rows: Range<Int>, except cover: [IRect]) {
        let w = target.width
        if cover.isEmpty {
            fillPixels(target.pixels + rows.lowerBound * w, backgroundPixel, rows.count * w)
            return
        }
        var spans: [(Int, Int)] = []
        spans.reserveCapacity(cover.count)
        for y in rows {
            spans.removeAll(keepingCapacity: true)
            for r in cover where r.y0 <= y && y < r.y1 && r.x0 < w && r.x1 > 0 { spans.append((max(0, r.x0), min(w, r.x1))) }
            spans.sort { $0.0 < $1.0 }
            let row = target.row(y)
            var x = 0
            for (a, b) in spans {
                if a > x { fillPixels(row + x, backgroundPixel, a - x) }
                x = max(x, b)
            }
            if x < w { fillPixels(row + x, backgroundPixel, w - x) }
        }
    }

    /// Draws a state as frames are drawn at story time t (background, scene, overlays).
    public func render(state: FrameState, time t: Double, into target: Bitmap) {
        render(plan(state: state, time: t), into: target)
    }

    /// The scene of transition step `s` at time `local` since its start (0…its duration).
    public func scene(step s: Int, at local: Double) -> Node {
        let step = storyboard.steps[s]
        // A transition that shows the newer screen whole keeps its element there (SnapshotStore.keys).
        let keys = store.keys(step: s)
        guard let transition = step.transition, let toKey = keys.to else { return screenNode(keys.from) }
        // A navigation bar both screens share stays in place: the step moves what is above it (HeldTabBar).
        let held = chrome.holdsTabBar(step)
        func moving(_ key: SnapshotStore.Key) -> Node { held ? chrome.aboveTabBar(movingScreen(key)) : movingScreen(key) }
        var input = step.frame(from: moving(keys.from), to: moving(toKey), canvas: storyboard.canvas, at: local,
                               matches: store.matches(step: step.index),
                               backgrounds: (background(of: keys.from), background(of: toKey)))!
        if transition.usesNavigationBars, let a = navigationBar(step.before), let b = navigationBar(step.after) { input.bars = (a, b) }
        input.sheetLayout = storyboard.screenChrome[step.operation?.isForward == false ? step.before : step.after]?.sheetLayout
        guard storyboard.direction.isRTL else { return transition.scene(input) }
        // Right to left: the transition moves mirrored screens (and elements: SnapshotStore.matches;
        // and navigation bars), and its scene is mirrored back, so content reads as drawn and the
        // motion is mirrored.
        return transition.scene(input.mirrored()).mirroredHorizontally(in: storyboard.canvas)
    }

    /// A screen as a transition moves it: a held screenshot without its own status-bar and
    /// home-indicator bands (the chrome holds them in place).
    func movingScreen(_ key: SnapshotStore.Key) -> Node {
        chrome.covered(screenNode(key), id: key.screen, snapshot: { store.snapshot(key) })
    }

    /// The snapshot a held band is cut from: in a transition, the one the step draws the screen
    /// from (so no third canvas is made for it), else the screen as it is.
    func bandSnapshot(_ id: String, _ state: FrameState) -> Bitmap {
        switch state {
        case .transition(let s, _), .presented(let s):
            let keys = store.keys(step: s)
            if keys.from.screen == id { return store.snapshot(keys.from) }
            if let to = keys.to, to.screen == id { return store.snapshot(to) }
        case .still: break
        }
        return store.snapshot(SnapshotStore.Key(screen: id))
    }

    /// A screen's own background colour: its root's fill (a mock's theme background, a layers
    /// or screenshot screen's `background`), or for a screenshot given none, the app's colour
    /// read from its pixels (the outline has none: ScreenBuilder.fill).
    func background(of key: SnapshotStore.Key) -> Color? {
        guard let root = storyboard.screens[key.screen] else { return nil }
        if case .solid(let c)? = root.fill { return c }
        return storyboard.deferred[key.screen] == nil ? nil : store.snapshot(key).edgeColor
    }

    /// Draws a scene the way frames are drawn: background, then the scene.
    public func draw(_ scene: Node, into target: Bitmap) {
        fillPixels(target.pixels, backgroundPixel, target.count)
        target.invalidateCaches()
        store.textFailures.bind { Renderer.render(scene, scale: storyboard.scale, into: target) }
    }

    /// Bytes of the snapshots (and matched elements' images) held now: what frames around the
    /// last one planned draw (a test hook).
    @_spi(Testing) public var heldSnapshotBytes: Int { store.heldBytes }

    /// The snapshot of a screen as it is (for tests and tools).
    public func snapshot(of screen: String) -> Bitmap? { storyboard.screens[screen] == nil ? nil : store.snapshot(screen) }

    /// The first image that failed to decode when a screen was built for its first frame (it
    /// checked out while resolving: cut short or changed since). Frames drawn since are wrong:
    /// a job throws this instead of keeping its output.
    public var failure: PresetError? { store.failure }

    /// Throws what makes the frames drawn so far wrong: an image that failed when its screen was
    /// built (`failure`, a PresetError: exit 2), else the first failure of the text stack
    /// (this render's TextFailureLog: a blank where a label should be). Every path that keeps drawn frames
    /// — videos, `frames`, `sheet`, gallery posters, `compare` — calls it before keeping them.
    public func checkDrawn() throws {
        if let failure { throw failure }
        try store.textFailures.check()
    }

    /// Draws frame i into `target` (the canvas's pixel size), background first, overlays last.
    /// Whole, as stills, sheets and galleries draw frames: a still copies its snapshot (drawn from
    /// its tree whole, every still frame would take whole-size layers, in each worker at once).
    public func render(frame i: Int, into target: Bitmap) {
        render(store.textFailures.bind { plan(frame: i, stillsFromScreens: false) }, into: target)
    }

    /// The last frame from `i` on whose still key is `key` (the end of frame i's held still).
    public func lastFrame(ofStill key: StillKey, from i: Int) -> Int {
        var j = i
        while j + 1 < frameCount && stillKey(frame: j + 1) == key { j += 1 }
        return j
    }

    /// The key of what frame i shows when it is a still without moving overlays: consecutive
    /// frames with the same key are identical, so a pipeline may render one and reuse it.
    public func stillKey(frame i: Int) -> StillKey? {
        let t = storyboard.time(ofFrame: i, slowMotion: slowMotion)
        guard !overlays.isAnimated(at: t) else { return nil }
        let state = storyboard.state(at: t)
        if case .transition = state { return nil }
        return StillKey(state: state, overlay: overlays.stillKey(at: t))
    }
}

/// What a held still shows: the storyboard's state and the (unmoving) overlay on it. A value with
/// its parts apart, so no screen id or caption text can make two different stills equal (a
/// joined string did: a screen named "presented 1" and the sheet held by step 1 were one key).
public struct StillKey: Hashable, Sendable {
    public var state: FrameState
    public var overlay: OverlayKey
}
