import Foundation
import Geometry
import Presets
import Raster
import Scene
import Transitions

/// The snapshots frames are composed of, each made when the first frame that needs it is
/// planned and let go once the frames are past the last one that does (issue 20.5): a story
/// that shows 30 screenshots one after another holds the screens around the frame being drawn,
/// not 30 decoded screens and their snapshots. What a snapshot holds is what the eager renderer
/// made (the same functions, the same screens), so frames are the same bytes.
///
/// Thread-safe: render workers ask for the same snapshot at once; each is made once (its cell's
/// lock), and one dropped too early (a worker behind the others) is made again, the same.
final class SnapshotStore: @unchecked Sendable {
    struct Key: Hashable, Sendable {
        var screen: String
        var hidden: [String] = []
    }

    let storyboard: Storyboard
    /// The hidden-element variants some step draws (the rest fall back to the screen as it is).
    let variants: Set<Key>
    /// The last frame that shows each screen, and each matched step.
    let lastScreenUse: [String: Int]
    let lastStepUse: [Int: Int]
    /// Frames a worker may lag behind the newest planned frame before what it needs is dropped.
    static let slack = 16

    private let lock = NSLock()
    private var screens: [String: Cell<Node>] = [:]
    private var snapshots: [Key: Cell<Bitmap>] = [:]
    private var matched: [Int: Cell<[MatchedElement]>] = [:]
    private var newest = -1
    private var firstFailure: PresetError?

    /// A value made once, under its own lock.
    final class Cell<Value>: @unchecked Sendable {
        private let making = NSLock()
        private var value: Value?
        func get(_ make: () -> Value) -> Value {
            making.lock(); defer { making.unlock() }
            if let value { return value }
            let v = make()
            value = v
            return v
        }
    }

    init(storyboard: Storyboard, slowMotion: Double) {
        self.storyboard = storyboard
        var keys = Set<Key>()
        for step in storyboard.steps where !step.matches.isEmpty {
            keys.insert(Key(screen: step.before, hidden: step.matches.map(\.from).filter { SnapshotStore.has(storyboard, step.before, $0) }.sorted()))
            keys.insert(Key(screen: step.after, hidden: step.matches.map(\.to).filter { SnapshotStore.has(storyboard, step.after, $0) }.sorted()))
        }
        variants = keys
        (lastScreenUse, lastStepUse) = SnapshotStore.lastUses(storyboard, slowMotion: slowMotion)
    }

    /// An element on one side only (navigation-zoom's source: the other side's id is "") is
    /// hidden and snapshotted there alone. The outline has the built screen's ids.
    static func has(_ s: Storyboard, _ screen: String, _ id: String) -> Bool {
        !id.isEmpty && s.screens[screen]!.find(id: id) != nil
    }

    /// The first image that failed to decode while building a screen (its frames are wrong: the
    /// caller must not keep the output).
    var failure: PresetError? { lock.withLock { firstFailure } }

    private func cell<K: Hashable, V>(_ table: ReferenceWritableKeyPath<SnapshotStore, [K: Cell<V>]>, _ key: K) -> Cell<V> {
        lock.withLock {
            if let c = self[keyPath: table][key] { return c }
            let c = Cell<V>()
            self[keyPath: table][key] = c
            return c
        }
    }

    /// Screen `id` ready to draw (a deferred one built, its images decoded, once while in use).
    func screen(_ id: String) -> Node {
        cell(\.screens, id).get {
            do throws(PresetError) { return try storyboard.screen(id) ?? storyboard.screens[id]! } catch {
                lock.withLock { if firstFailure == nil { firstFailure = error } }
                return storyboard.screens[id]!
            }
        }
    }

    /// Builds the not-yet-built deferred screens among `ids` side by side (a transition's two
    /// screenshots decode at once, as they did when every screen was built at resolve time),
    /// instead of one after the other in the worker that first draws them.
    func prefetch(_ ids: [String]) {
        let missing = lock.withLock { ids.filter { storyboard.deferred[$0] != nil && screens[$0] == nil } }
        guard missing.count > 1 else { return }
        DispatchQueue.concurrentPerform(iterations: missing.count) { k in _ = screen(missing[k]) }
    }

    /// The snapshot of a screen with `hidden` elements hidden (a variant no step draws: the screen as it is).
    func snapshot(_ screen: String, hiding hidden: [String] = []) -> Bitmap {
        var key = Key(screen: screen, hidden: hidden.sorted())
        if !key.hidden.isEmpty && !variants.contains(key) { key.hidden = [] }
        let w = storyboard.pixelWidth, h = storyboard.screenPixelHeight, scale = storyboard.scale
        return cell(\.snapshots, key).get {
            let node = self.screen(key.screen)
            // A screenshot at the canvas's pixel size draws as a copy of itself: it is its own
            // snapshot (12 MB saved per screen at 1170×2532).
            if key.hidden.isEmpty, let image = FrameComposer.passThroughImage(node, width: w, height: h, scale: scale) { return image }
            return ElementSnapshot.hiddenScreen(node, hiding: key.hidden, width: w, height: h, scale: scale)
        }
    }

    /// The matched elements of a step: each element's snapshot, frame and corner radius; the side
    /// that has the element gives them to a side that lacks it.
    func matches(step index: Int) -> [MatchedElement] {
        let step = storyboard.steps[index]
        guard !step.matches.isEmpty else { return [] }
        let scale = storyboard.scale
        return cell(\.matched, index).get {
            let a = screen(step.before), b = screen(step.after)
            func render(_ n: Node, _ id: String) -> Bitmap { ElementSnapshot.render(n, id: id, scale: scale)?.bitmap ?? Bitmap(uncheckedWidth: 1, height: 1) }
            return step.matches.map { m in
                let onA = SnapshotStore.has(storyboard, step.before, m.from), onB = SnapshotStore.has(storyboard, step.after, m.to)
                // One image where one side has the element: both sides show that one.
                let fromOwn = onA ? render(a, m.from) : nil, toOwn = onB ? render(b, m.to) : nil
                let fromImage = fromOwn ?? toOwn ?? Bitmap(uncheckedWidth: 1, height: 1), toImage = toOwn ?? fromImage
                let ea = onA ? a.element(id: m.from) : b.element(id: m.to)
                let eb = onB ? b.element(id: m.to) : a.element(id: m.from)
                return MatchedElement(fromID: m.from, toID: m.to,
                                      fromFrame: ElementSnapshot.pixelAligned(ea?.frame ?? .zero, scale: scale),
                                      toFrame: ElementSnapshot.pixelAligned(eb?.frame ?? .zero, scale: scale),
                                      fromImage: fromImage, toImage: toImage,
                                      fromCornerRadius: ea?.cornerRadius ?? 0, toCornerRadius: eb?.cornerRadius ?? 0)
            }
        }
    }

    /// Frame `i` is being planned: what only frames more than `slack` before it use is let go
    /// (frames still being drawn hold what they use).
    func planning(frame i: Int) {
        lock.withLock {
            guard i > newest else { return }
            newest = i
            let horizon = i - SnapshotStore.slack
            for (id, last) in lastScreenUse where last < horizon && screens[id] != nil {
                screens[id] = nil
                for key in snapshots.keys where key.screen == id { snapshots[key] = nil }
            }
            for (s, last) in lastStepUse where last < horizon && matched[s] != nil { matched[s] = nil }
        }
    }

    /// The last frame that shows each screen and each step. A frame's state changes only where a
    /// step starts or ends, so every run of frames with one state ends within two frames of such
    /// a time, or at the last frame: those frames alone are looked at.
    static func lastUses(_ s: Storyboard, slowMotion: Double) -> (screens: [String: Int], steps: [Int: Int]) {
        let n = s.frameCount(slowMotion: slowMotion), rate = Double(s.fps) * slowMotion
        var candidates = Set([0, n - 1])
        for step in s.steps {
            for b in [step.start, step.end] {
                let c = Int(saturating: (b * rate).rounded(.down))
                for f in (c - 2)...(c + 2) where f >= 0 && f < n { candidates.insert(f) }
            }
        }
        var screens: [String: Int] = [:], steps: [Int: Int] = [:]
        for i in candidates {
            switch s.state(at: s.time(ofFrame: i, slowMotion: slowMotion)) {
            case .still(let id):
                screens[id] = max(screens[id] ?? 0, i)
            case .transition(let j, _), .presented(let j):
                steps[j] = max(steps[j] ?? 0, i)
                for id in [s.steps[j].before, s.steps[j].after] { screens[id] = max(screens[id] ?? 0, i) }
            }
        }
        return (screens, steps)
    }
}
