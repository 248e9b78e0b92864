import Dispatch
import Geometry
import Presets
import Raster
import Scene
import Transitions

/// Builds and draws frame i of a storyboard. Screens are static while a transition runs, so each
/// is rendered once into a snapshot bitmap (DESIGN §4); a frame is then a few transformed
/// composites of those snapshots. Immutable after init: safe to share between render workers.
public final class FrameComposer: Sendable {
    public let storyboard: Storyboard
    public let slowMotion: Double
    /// One snapshot per screen, at the canvas's pixel size.
    let snapshots: [String: Bitmap]
    /// Screens whose snapshot is fully opaque: a still of one is a plain copy.
    let opaqueScreens: Set<String>
    let backgroundPixel: UInt32

    public init(storyboard: Storyboard, slowMotion: Double = 1, jobs: Int = 1) {
        self.storyboard = storyboard
        self.slowMotion = slowMotion
        let ids = storyboard.screens.keys.sorted()
        let scale = storyboard.scale
        let w = storyboard.pixelWidth, h = storyboard.pixelHeight
        // Render the screens in parallel; each lands in its own slot.
        let slots = SnapshotSlots(count: ids.count)
        DispatchQueue.concurrentPerform(iterations: ids.count) { i in
            let b = Bitmap(width: w, height: h)
            Renderer.render(storyboard.screens[ids[i]]!, scale: scale, into: b)
            slots.set(i, b)
        }
        var snaps: [String: Bitmap] = [:]
        for (i, id) in ids.enumerated() { snaps[id] = slots.get(i) }
        snapshots = snaps
        opaqueScreens = Set(snaps.filter { $0.value.isOpaque }.keys)
        switch storyboard.background {
        case .color(let c): backgroundPixel = c.withAlpha(1).premultipliedPixel
        case .transparent: backgroundPixel = 0
        }
    }

    public var frameCount: Int { storyboard.frameCount(slowMotion: slowMotion) }

    /// The screen as a canvas-sized image node of its snapshot.
    func screenNode(_ id: String) -> Node {
        let canvas = storyboard.canvas
        return .image(snapshots[id]!, frame: Rect(0, 0, canvas.width, canvas.height), fit: .stretch, id: id)
    }

    /// What frame i shows, as a scene in points.
    public func scene(frame i: Int) -> Node {
        let t = storyboard.time(ofFrame: i, slowMotion: slowMotion)
        switch storyboard.state(at: t) {
        case .still(let id):
            return screenNode(id)
        case .transition(let s, let p):
            let step = storyboard.steps[s]
            let input = step.frame(from: screenNode(step.before), to: screenNode(step.after), canvas: storyboard.canvas, progress: p)!
            return step.transition!.scene(input)
        }
    }

    /// Draws frame i into `target` (the canvas's pixel size), background first.
    public func render(frame i: Int, into target: Bitmap) {
        target.pixels.update(repeating: backgroundPixel, count: target.count)
        let t = storyboard.time(ofFrame: i, slowMotion: slowMotion)
        if case .still(let id) = storyboard.state(at: t), opaqueScreens.contains(id) {
            target.copy(from: snapshots[id]!)
            return
        }
        Renderer.render(scene(frame: i), scale: storyboard.scale, into: target)
    }

    /// The key of what frame i shows when it is a still: consecutive frames with the same key are
    /// identical, so a pipeline may render one and reuse it.
    public func stillKey(frame i: Int) -> String? {
        if case .still(let id) = storyboard.state(at: storyboard.time(ofFrame: i, slowMotion: slowMotion)) { return id }
        return nil
    }
}

/// Write-once slots filled from `concurrentPerform`; each index is written by exactly one thread
/// and read only after the parallel loop returns.
final class SnapshotSlots: @unchecked Sendable {
    private var items: [Bitmap?]
    private let lock = DispatchSemaphore(value: 1)
    init(count: Int) { items = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ b: Bitmap) { lock.wait(); items[i] = b; lock.signal() }
    func get(_ i: Int) -> Bitmap { lock.wait(); defer { lock.signal() }; return items[i]! }
}
