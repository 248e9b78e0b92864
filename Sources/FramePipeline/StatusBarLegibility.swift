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
        var times = [t]
        if case .transition(let s, _) = state {
            let step = storyboard.steps[s], dt = 1 / (Double(storyboard.fps) * slowMotion)
            let reach = FrameComposer.legibilityReach
            times = (-reach...reach).map { min(max(t + Double($0) * dt, step.start), step.end) }
        }
        let samples = times.map { statusShifts(at: $0) }
        return samples[0].indices.map { g in samples.reduce(0) { $0 + $1[g] } / Double(samples.count) }
    }

    /// The rule's shifts for the frame a state shows at story time t, without averaging. A step
    /// that changes the bar's style (a sheet's gap, a push to a dark screen) shows the platform's
    /// own animation: the rule's part there is the shifts of the frames on either side, mixed by
    /// the step's progress, so it neither fights the style change nor jumps at the step's ends.
    func statusShifts(at t: Double) -> [Double] {
        let state = storyboard.state(at: t)
        guard case .transition(let s, let p) = state, changesStatusStyle(storyboard.steps[s]) else { return measuredShifts(state, at: t) }
        let step = storyboard.steps[s], q = min(max(p, 0), 1)
        let a = measuredShifts(storyboard.state(at: step.start), at: step.start)
        let b = measuredShifts(storyboard.state(at: step.end), at: step.end)
        return zip(a, b).map { $0 + ($1 - $0) * q }
    }

    /// Whether a step changes the status bar's ink (its look before and the one it ends on differ).
    func changesStatusStyle(_ step: Step) -> Bool {
        let before = storyboard.state(at: step.start)
        return chrome.look(before).statusLight != chrome.finishLook(step, before: before).statusLight
    }

    /// The rule judged on the pixels a state shows at t.
    func measuredShifts(_ state: FrameState, at t: Double) -> [Double] {
        let look = chrome.look(state), ink = chrome.ink
        guard look.statusDrawn > 0, ink.rows > 0 else { return ink.boxes.map { _ in 0 } }
        let bands = chrome.bands(state, look, snapshot: { bandSnapshot($0, state) })
        return ink.shifts(appearance: look.statusLight, over: statusPixels(state, time: t, bands: bands, rows: ink.rows))
    }

    /// The top `rows` pixel rows of what a state shows at t, composed as the frame draws them
    /// before its status bar: the background, the scene (a still: its screen's tree, which draws
    /// its snapshot's pixels) and `bands`, the held screenshot bands the chrome draws under the bar.
    func statusPixels(_ state: FrameState, time t: Double, bands: [Node], rows: Int) -> Bitmap {
        let pixels = Bitmap(uncheckedWidth: storyboard.screenPixelWidth, height: rows)
        fillPixels(pixels.pixels, backgroundPixel, pixels.count)
        let scene: Node
        if case .still(let id) = state { scene = store.screen(id) } else { scene = self.scene(state: state, time: t) }
        Renderer.render(scene, scale: storyboard.scale, into: pixels)
        for band in bands { Renderer.render(band, scale: storyboard.scale, into: pixels) }
        return pixels
    }
}
