import Geometry
import Presets
import Raster
import Scene

extension FrameComposer {
    /// The home indicator's (Android: the gesture handle's) ink at story time t (0 black … 1
    /// white), or nil to keep the look's (HomeIndicatorInk): iOS moves it by the status bar's rule,
    /// averaged and kept out of style changes the same way; Android walks SystemUI's sampling and
    /// tint animation over the frames of the last 1.7 s, from t alone like every frame.
    func homeInk(_ state: FrameState, around t: Double) -> Double? {
        guard let home = chrome.home else { return nil }
        switch home.rule {
        case .contrast:
            let shift = averaged(state, around: t) { time in styleAware(at: time, light: \.homeLight) { [homeShift($0, at: $1)] } }[0]
            return shift > 0 ? StatusBarInk.inks(appearance: chrome.look(state).homeLight, shifts: [shift])[0] : nil
        case .medianLuma:
            return HomeIndicatorInk.handleInk(handleSampleTimes(upTo: t).map { ($0, handleLuma(at: $0)) })
        }
    }

    /// iOS: the rule's shift for the indicator over what a state shows at t, remembered.
    func homeShift(_ state: FrameState, at t: Double) -> Double {
        let look = chrome.look(state)
        guard let home = chrome.home, look.homeDrawn > 0 else { return 0 }
        return legibility.value(homeKey(state, t)) {
            [home.shift(appearance: look.homeLight, over: homePixels(state, look, at: t, region: home.region))]
        }[0]
    }

    /// Android: the median luma under the handle at t, remembered (nil: nothing to judge).
    func handleLuma(at t: Double) -> Double? {
        let state = storyboard.state(at: t), look = chrome.look(state)
        guard let home = chrome.home, look.homeDrawn > 0 else { return nil }
        let v = legibility.value(homeKey(state, t)) {
            [HomeIndicatorInk.medianLuma(homePixels(state, look, at: t, region: home.region)) ?? -1]
        }[0]
        return v < 0 ? nil : v
    }

    func homeKey(_ state: FrameState, _ t: Double) -> LegibilityCache.Key {
        if case .still(let id) = state { return .homeStill(id) }
        return .homeAt(t.bitPattern)
    }

    func homePixels(_ state: FrameState, _ look: ChromeLayers.Look, at t: Double, region: IRect) -> Bitmap {
        composedPixels(state, time: t, bands: chrome.bands(state, look, snapshot: { bandSnapshot($0, state) }), region: region)
    }

    /// The render's frame times from 1.7 s before t up to t (t last), never before the story's
    /// start: the same times for every frame, so neighbouring frames share their measurements.
    func handleSampleTimes(upTo t: Double) -> [Double] {
        let rate = Double(storyboard.fps) * slowMotion
        let last = Int((t * rate + 1e-9).rounded(.down)), reach = Int((HomeIndicatorInk.tintDuration * rate).rounded(.up))
        var times = (max(0, last - reach)...max(0, last)).map { storyboard.time(ofFrame: $0, slowMotion: slowMotion) }.filter { $0 < t }
        times.append(t)
        return times
    }
}
