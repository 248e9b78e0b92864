import Foundation
import Geometry
import Presets
import Raster
import Scene
import Synchronization
import Transitions

/// The snapshots frames are composed of, each made when the first frame that needs it is
/// planned and let go once the frames are past the last one that does (issue 20.5): a story
/// that shows 30 screenshots one after another holds the screens around the frame being drawn,
/// not 30 decoded screens and their snapshots. What a snapshot holds is what the eager renderer
/// made (the same functions, the same screens), so frames are the same bytes.
///
/// Each snapshot (a screen as it is, or with a step's matched elements hidden) lives from the
/// first to the last frame that draws it, not as long as its screen is shown: magic-move's
/// screens with their elements hidden are let go after its last transition, and a screen as it
/// is that no transition draws is never made (its stills draw the screen itself:
/// `drawsStillDirectly`).
///
/// Thread-safe: render workers ask for the same snapshot at once; each is made once (its cell's
/// lock), and one dropped too early (a worker behind the others) is made again, the same.
final class SnapshotStore: Sendable {
    struct Key: Hashable, Sendable {
        var screen: String
        var hidden: [String] = []
    }

    let storyboard: Storyboard
    /// Text failures met while this render builds and draws its screens (FrameComposer checks it).
    let textFailures = TextFailureLog()
    /// The hidden-element variants some step draws (the rest fall back to the screen as it is).
    let variants: Set<Key>
    /// The last frame that shows each screen, and each matched step.
    let lastScreenUse: [String: Int]
    let lastStepUse: [Int: Int]
    /// The frames that draw each snapshot, first to last: the transitions' (`keys(step:)`) and the
    /// stills drawn over a moving overlay (a snapshot copied once a frame).
    let keyUse: [Key: ClosedRange<Int>]
    /// Frames a worker may lag behind the newest planned frame before what it needs is dropped.
    static let slack = 16

    private struct State {
        var screens: [String: Cell<Node>] = [:]
        var snapshots: [Key: Cell<Bitmap>] = [:]
        var matched: [Int: Cell<[MatchedElement]>] = [:]
        var direct: [String: Cell<Bool>] = [:]
        var newest = -1
        var firstFailure: PresetError?
    }
    private let state = Mutex(State())

    /// A value made once, under its own lock.
    final class Cell<Value: Sendable>: Sendable {
        private let value = Mutex<Value?>(nil)
        func get(_ make: () -> Value) -> Value {
            value.withLock { value in
                if let value { return value }
                let v = make()
                value = v
                return v
            }
        }
        /// The value if it was made (waits while it is being made).
        var made: Value? { value.withLock { $0 } }
    }

    /// `animatedStills`: the frames that show a still screen under a moving overlay (each copies
    /// the screen's snapshot: drawing the screen itself every frame would cost a full render each).
    init(storyboard: Storyboard, slowMotion: Double, animatedStills: [(frame: Int, screen: String)] = []) {
        self.storyboard = storyboard
        var keys = Set<Key>()
        for step in storyboard.steps where !step.matches.isEmpty {
            let before = SnapshotStore.ids(storyboard, step.before), after = SnapshotStore.ids(storyboard, step.after)
            keys.insert(Key(screen: step.before, hidden: step.matches.map(\.from).filter { SnapshotStore.has(before, $0) }.sorted()))
            keys.insert(Key(screen: step.after, hidden: step.matches.map(\.to).filter { SnapshotStore.has(after, $0) }.sorted()))
        }
        variants = keys
        var uses: [Key: ClosedRange<Int>]
        (lastScreenUse, lastStepUse, uses) = SnapshotStore.lastUses(storyboard, slowMotion: slowMotion, variants: keys)
        for (frame, screen) in animatedStills { SnapshotStore.add(frame, Key(screen: screen), to: &uses) }
        keyUse = uses
    }

    static func add(_ frame: Int, _ key: Key, to uses: inout [Key: ClosedRange<Int>]) {
        uses[key] = uses[key].map { min($0.lowerBound, frame)...max($0.upperBound, frame) } ?? frame...frame
    }

    /// A snapshot's key: hidden ids sorted; a variant no step draws is the screen as it is.
    static func key(_ screen: String, hiding hidden: [String], variants: Set<Key>) -> Key {
        var key = Key(screen: screen, hidden: hidden.sorted())
        if !key.hidden.isEmpty && !variants.contains(key) { key.hidden = [] }
        return key
    }

    /// The snapshots step `index` draws: the screen before it and the screen after, each with the
    /// matched elements hidden unless the transition shows that side whole (the newer screen of a
    /// container transform); a step without a transition draws the screen before it as it is.
    func keys(step index: Int) -> (from: Key, to: Key?) { SnapshotStore.keys(storyboard, variants: variants, step: index) }

    static func keys(_ s: Storyboard, variants: Set<Key>, step index: Int) -> (from: Key, to: Key?) {
        let step = s.steps[index]
        guard let transition = step.transition else { return (Key(screen: step.before), nil) }
        let newerWhole = !transition.hidesMatchedElementsOnNewerScreen, forward = step.operation?.isForward ?? true
        return (key(step.before, hiding: newerWhole && !forward ? [] : step.matches.map(\.from), variants: variants),
                key(step.after, hiding: newerWhole && forward ? [] : step.matches.map(\.to), variants: variants))
    }

    /// An element on one side only (navigation-zoom's source: the other side's id is "") is
    /// hidden and snapshotted there alone. The outline has the built screen's ids.
    static func has(_ ids: Set<String>, _ id: String) -> Bool { !id.isEmpty && ids.contains(id) }

    /// The ids a screen's tree holds (its own among them, as `find` sees it), in one walk.
    static func ids(_ s: Storyboard, _ screen: String) -> Set<String> {
        let n = s.screens[screen]!
        return Set(n.elementIndex.keys).union(n.id.map { [$0] } ?? [])
    }

    /// The first image that failed to decode while building a screen (its frames are wrong: the
    /// caller must not keep the output).
    var failure: PresetError? { state.withLock { $0.firstFailure } }

    private func cell<K: Hashable, V>(_ table: WritableKeyPath<State, [K: Cell<V>]>, _ key: K) -> Cell<V> {
        state.withLock { s in
            if let c = s[keyPath: table][key] { return c }
            let c = Cell<V>()
            s[keyPath: table][key] = c
            return c
        }
    }

    /// Screen `id` ready to draw (a deferred one built, its images decoded, once while in use).
    func screen(_ id: String) -> Node {
        cell(\.screens, id).get {
            textFailures.bind {
                do throws(PresetError) { return try storyboard.screen(id) ?? storyboard.screens[id]! } catch {
                    state.withLock { s in if s.firstFailure == nil { s.firstFailure = error } }
                    return storyboard.screens[id]!
                }
            }
        }
    }

    /// Builds the not-yet-built deferred screens among `ids` side by side (a transition's two
    /// screenshots decode at once, as they did when every screen was built at resolve time),
    /// instead of one after the other in the worker that first draws them.
    func prefetch(_ ids: [String]) {
        let missing = state.withLock { s in ids.filter { storyboard.deferred[$0] != nil && s.screens[$0] == nil } }
        guard missing.count > 1 else { return }
        DispatchQueue.concurrentPerform(iterations: missing.count) { k in _ = screen(missing[k]) }
    }

    /// The snapshot of a screen with `hidden` elements hidden (a variant no step draws: the screen as it is).
    func snapshot(_ screen: String, hiding hidden: [String] = []) -> Bitmap {
        snapshot(SnapshotStore.key(screen, hiding: hidden, variants: variants))
    }

    /// Whether still frame `i` of `screen` copies the screen's snapshot: when the snapshot exists
    /// then anyway (a transition or a moving overlay around it draws it), or the screen cannot be
    /// drawn itself with the same pixels (`drawsStillDirectly`). Otherwise the frame draws the
    /// screen's tree: a 12 MB canvas (at 1170×2532) no transition needs is not made or held.
    func stillCopiesSnapshot(_ screen: String, frame i: Int) -> Bool {
        if let use = keyUse[Key(screen: screen)], use.contains(i) { return true }
        return !drawsStillDirectly(screen)
    }

    /// A screen drawn itself gives its snapshot's pixels when its root paints every pixel opaque
    /// first (an opaque fill over the whole canvas, edges on whole pixels, as mocks and layer
    /// screens have: what was under it no longer shows; every draw is OVER, so the pixels stay
    /// opaque) and it draws the same band by band (so a still is drawn in the converter's bands).
    /// Screens that name images keep their snapshot (a screenshot at the canvas's size is its own).
    func drawsStillDirectly(_ screen: String) -> Bool {
        cell(\.direct, screen).get {
            guard storyboard.deferred[screen] == nil, let root = storyboard.screens[screen] else { return false }
            return SnapshotStore.paintsOpaqueFirst(root, width: storyboard.screenPixelWidth, height: storyboard.screenPixelHeight, scale: storyboard.scale)
                && Renderer.drawsSameInBands(root, scale: storyboard.scale)
        }
    }

    static func paintsOpaqueFirst(_ n: Node, width: Int, height: Int, scale: Double) -> Bool {
        guard !n.hidden, n.opacity >= 1, n.shadow == nil, n.cornerRadius == 0, n.transform.isIdentity, n.placement == .identity,
              case .solid(let c)? = n.fill, c.a >= 1, n.frame.minX == 0, n.frame.minY == 0,
              n.frame.width * scale == Double(width), n.frame.height * scale == Double(height) else { return false }
        switch n.kind {
        case .rect, .group: return true
        case .ellipse, .image, .text: return false
        }
    }

    /// The snapshot `key` names.
    func snapshot(_ key: Key) -> Bitmap {
        let w = storyboard.screenPixelWidth, h = storyboard.screenPixelHeight, scale = storyboard.scale
        return cell(\.snapshots, key).get { textFailures.bind {
            let node = self.screen(key.screen)
            // A screenshot at the canvas's pixel size draws as a copy of itself: it is its own
            // snapshot (12 MB saved per screen at 1170×2532).
            if key.hidden.isEmpty, let image = FrameComposer.passThroughImage(node, width: w, height: h, scale: scale) { return image }
            return ElementSnapshot.hiddenScreen(node, hiding: key.hidden, width: w, height: h, scale: scale)
        } }
    }

    /// The matched elements of a step: each element's snapshot, frame and corner radius; the side
    /// that has the element gives them to a side that lacks it.
    func matches(step index: Int) -> [MatchedElement] {
        let step = storyboard.steps[index]
        guard !step.matches.isEmpty else { return [] }
        let scale = storyboard.scale
        return cell(\.matched, index).get { textFailures.bind {
            let a = screen(step.before), b = screen(step.after)
            // Each side's elements looked up in one walk (issue 27.7), not one walk per element.
            let ia = a.elementIndex, ib = b.elementIndex, drawnA = a.withoutIdleRegions, drawnB = b.withoutIdleRegions
            let idsA = SnapshotStore.ids(storyboard, step.before), idsB = SnapshotStore.ids(storyboard, step.after)
            func render(_ n: Node, _ index: [String: (node: Node, element: ScreenElement)], _ id: String) -> Bitmap {
                guard let e = index[id] else { return Bitmap(uncheckedWidth: 1, height: 1) }
                return ElementSnapshot.render(n, e.element, layer: e.node, scale: scale).bitmap
            }
            let elements = step.matches.map { m in
                let onA = SnapshotStore.has(idsA, m.from), onB = SnapshotStore.has(idsB, m.to)
                // One image where one side has the element: both sides show that one.
                let fromOwn = onA ? render(drawnA, ia, m.from) : nil, toOwn = onB ? render(drawnB, ib, m.to) : nil
                let fromImage = fromOwn ?? toOwn ?? Bitmap(uncheckedWidth: 1, height: 1), toImage = toOwn ?? fromImage
                let ea = onA ? ia[m.from]?.element : ib[m.to]?.element
                let eb = onB ? ib[m.to]?.element : ia[m.from]?.element
                return MatchedElement(fromID: m.from, toID: m.to,
                                      fromFrame: ElementSnapshot.pixelAligned(ea?.frame ?? .zero, scale: scale),
                                      toFrame: ElementSnapshot.pixelAligned(eb?.frame ?? .zero, scale: scale),
                                      fromImage: fromImage, toImage: toImage,
                                      fromCornerRadius: ea?.cornerRadius ?? 0, toCornerRadius: eb?.cornerRadius ?? 0,
                                      picture: fromOwn.flatMap { f in toOwn.flatMap { t in
                                          MatchedPicture.shared(.init(screen: a, id: m.from, image: f, found: ia[m.from]),
                                                               .init(screen: b, id: m.to, image: t, found: ib[m.to]), scale: scale) } },
                                      fromShadow: (onA ? ia[m.from]?.node : ib[m.to]?.node)?.shadow,
                                      toShadow: (onB ? ib[m.to]?.node : ia[m.from]?.node)?.shadow)
            }
            return storyboard.direction.isRTL ? elements.map { SnapshotStore.mirrored($0, width: storyboard.canvas.width) } : elements
        } }
    }

    /// A matched element as a right-to-left transition composes it (mirrored, FrameComposer.scene):
    /// frames mirrored across the canvas, pictures flipped (once per step, here).
    static func mirrored(_ m: MatchedElement, width: Double) -> MatchedElement {
        func flip(_ r: Rect) -> Rect { Rect(width - r.maxX, r.y, r.width, r.height) }
        func flip(_ i: any ImageSource) -> any ImageSource { (i as? Bitmap)?.mirroredHorizontally() ?? i }
        var e = m
        e.fromFrame = flip(m.fromFrame); e.toFrame = flip(m.toFrame)
        let from = flip(m.fromImage)
        e.fromImage = from
        e.toImage = m.toImage === m.fromImage ? from : flip(m.toImage)
        // The shared picture is aspect-filled about the frame's centre: flipping it is enough.
        e.picture = m.picture.map(flip)
        // The scene is mirrored back: a shadow cast to the right on the screen stays so.
        func flip(_ s: Shadow?) -> Shadow? { s.map { var t = $0; t.offset.x = -t.offset.x; return t } }
        e.fromShadow = flip(m.fromShadow); e.toShadow = flip(m.toShadow)
        return e
    }

    /// Bytes of the snapshots and matched-element images held now.
    var heldBytes: Int {
        let (shots, steps) = state.withLock { (Array($0.snapshots.values), Array($0.matched.values)) }
        var seen = Set<ObjectIdentifier>(), bytes = 0
        func count(_ b: Bitmap) { if seen.insert(ObjectIdentifier(b)).inserted { bytes += b.width * b.height * 4 } }
        for c in shots { if let b = c.made { count(b) } }
        for c in steps { for m in c.made ?? [] { for case let b as Bitmap in [m.fromImage, m.toImage] + [m.picture].compactMap { $0 } { count(b) } } }
        return bytes
    }

    /// Frame `i` is being planned: what only frames more than `slack` before it use is let go
    /// (frames still being drawn hold what they use).
    func planning(frame i: Int) {
        state.withLock { s in
            guard i > s.newest else { return }
            s.newest = i
            let horizon = i - SnapshotStore.slack
            for (id, last) in lastScreenUse where last < horizon && s.screens[id] != nil {
                s.screens[id] = nil
                for key in s.snapshots.keys where key.screen == id { s.snapshots[key] = nil }
            }
            for (key, use) in keyUse where use.upperBound < horizon && s.snapshots[key] != nil { s.snapshots[key] = nil }
            for (step, last) in lastStepUse where last < horizon && s.matched[step] != nil { s.matched[step] = nil }
        }
    }

    /// The last frame that shows each screen and each step, and the first and last frames where
    /// a step draws each of its snapshots (`keys(step:)`). A frame's state changes only where a
    /// step starts or ends, so every run of frames with one state starts and ends within two
    /// frames of such a time, or at the first or last frame: those frames alone are looked at.
    static func lastUses(_ s: Storyboard, slowMotion: Double, variants: Set<Key>)
        -> (screens: [String: Int], steps: [Int: Int], keys: [Key: ClosedRange<Int>]) {
        let n = s.frameCount(slowMotion: slowMotion), rate = Double(s.fps) * slowMotion
        var candidates = Set([0, n - 1])
        for step in s.steps {
            for b in [step.start, step.end] {
                let c = Int(saturating: (b * rate).rounded(.down))
                for f in (c - 2)...(c + 2) where f >= 0 && f < n { candidates.insert(f) }
            }
        }
        var screens: [String: Int] = [:], steps: [Int: Int] = [:], keys: [Key: ClosedRange<Int>] = [:]
        for i in candidates {
            switch s.state(at: s.time(ofFrame: i, slowMotion: slowMotion)) {
            case .still(let id):
                screens[id] = max(screens[id] ?? 0, i)
            case .transition(let j, _), .presented(let j):
                steps[j] = max(steps[j] ?? 0, i)
                for id in [s.steps[j].before, s.steps[j].after] { screens[id] = max(screens[id] ?? 0, i) }
                let k = SnapshotStore.keys(s, variants: variants, step: j)
                add(i, k.from, to: &keys)
                if let to = k.to { add(i, to, to: &keys) }
            }
        }
        return (screens, steps, keys)
    }
}
