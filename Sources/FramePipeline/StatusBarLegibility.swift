import Geometry
import Presets
import Raster
import Scene

extension FrameComposer {
    /// Frames on either side of a transition's frame whose legibility the status bar's ink
    /// averages: an edge that crosses an item's box within one frame (a card arriving fast) then
    /// still turns the ink over 2 × 2 + 1 frames, by at most a fifth per frame.
    static let legibilityReach = 2

    /// How far each status-bar item group's ink moves to the other ink at story time t
    /// (StatusBarInk): the rule's shift averaged over the frames around t, inside the step t is
    /// in (its first and last frames are the stills on either side, so only this step's
    /// snapshots are drawn); a still judges itself alone. Worked out from t alone, so a frame has
    /// the same ink whatever draws it (a video, `frames --at`, the studio).
    func statusShifts(_ state: FrameState, around t: Double) -> [Double] {
        averaged(state, around: t) { statusShifts(at: $0) }
    }

    /// `sample` at t and, in a transition, at the frames around it inside its step, averaged.
    func averaged(_ state: FrameState, around t: Double, _ sample: (Double) -> [Double]) -> [Double] {
        var times = [t]
        // A transition at progress 0 is the still before it (its first frame): judged alone, as
        // that still is, so the two draw the same ink.
        if case .transition(let s, let p) = state, p > 0 {
            let step = storyboard.steps[s], dt = 1 / (Double(storyboard.fps) * slowMotion)
            let reach = FrameComposer.legibilityReach
            times = (-reach...reach).map { min(max(t + Double($0) * dt, step.start), step.end) }
        }
        let samples = times.map(sample)
        return samples[0].indices.map { g in samples.reduce(0) { $0 + $1[g] } / Double(samples.count) }
    }

    /// The rule's shifts for the frame a state shows at story time t, without averaging. A step
    /// that changes the bar's style (a sheet's gap, a push to a dark screen) shows the platform's
    /// own animation: the rule's part there is the shifts of the frames on either side, mixed by
    /// the step's progress, so it neither fights the style change nor jumps at the step's ends.
    func statusShifts(at t: Double) -> [Double] {
        styleAware(at: t, light: \.statusLight) { measuredShifts($0, at: $1) }
    }

    /// `measure` at t, or in a step that changes the look's `light` ink, the measurements at the
    /// step's two ends mixed by its progress.
    func styleAware(at t: Double, light: KeyPath<ChromeLayers.Look, Double>,
                    _ measure: (FrameState, Double) -> [Double]) -> [Double] {
        let state = storyboard.state(at: t)
        guard case .transition(let s, let p) = state, changesStyle(storyboard.steps[s], light) else { return measure(state, t) }
        let step = storyboard.steps[s], q = min(max(p, 0), 1)
        let a = measure(storyboard.state(at: step.start), step.start)
        let b = measure(storyboard.state(at: step.end), step.end)
        return zip(a, b).map { $0 + ($1 - $0) * q }
    }

    /// Whether a step changes the status bar's ink (its look before and the one it ends on differ).
    func changesStatusStyle(_ step: Step) -> Bool { changesStyle(step, \.statusLight) }

    /// Whether a step changes the look's `light` ink.
    func changesStyle(_ step: Step, _ light: KeyPath<ChromeLayers.Look, Double>) -> Bool {
        let before = storyboard.state(at: step.start)
        return chrome.look(before)[keyPath: light] != chrome.finishLook(step, before: before)[keyPath: light]
    }

    /// The rule judged on the pixels a state shows at t, remembered for the render: a still shows
    /// the same pixels at every time.
    func measuredShifts(_ state: FrameState, at t: Double) -> [Double] {
        let look = chrome.look(state), ink = chrome.ink
        guard look.statusDrawn > 0, ink.rows > 0 else { return ink.boxes.map { _ in 0 } }
        let key: LegibilityCache.Key
        if case .still(let id) = state { key = .statusStill(id) } else { key = .statusAt(t.bitPattern) }
        return legibility.value(key) {
            let bands = chrome.bands(state, look, snapshot: { bandSnapshot($0, state) })
            let all = IRect(x0: 0, y0: 0, x1: storyboard.screenPixelWidth, y1: ink.rows)
            return ink.shifts(appearance: look.statusLight, over: composedPixels(state, time: t, bands: bands, region: all))
        }
    }

    /// The pixels in `region` (device pixels) of what a state shows at t, composed as the frame
    /// draws them before its system bars: the background, the scene (a still: its screen's tree,
    /// which draws its snapshot's pixels) and `bands`, the held screenshot bands the chrome draws
    /// under the bars.
    func composedPixels(_ state: FrameState, time t: Double, bands: [Node], region: IRect) -> Bitmap {
        let pixels = Bitmap(uncheckedWidth: region.width, height: region.height)
        fillPixels(pixels.pixels, backgroundPixel, pixels.count)
        let scene: Node
        if case .still(let id) = state { scene = store.screen(id) } else { scene = self.scene(state: state, time: t) }
        let k = storyboard.scale
        let shift: Affine = region.x0 == 0 && region.y0 == 0 ? .identity : .translation(-Double(region.x0) / k, -Double(region.y0) / k)
        Renderer.render(scene, scale: k, into: pixels, transform: shift)
        for band in bands { Renderer.render(band, scale: k, into: pixels, transform: shift) }
        return pixels
    }
}
