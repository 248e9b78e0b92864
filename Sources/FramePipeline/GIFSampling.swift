import Media
import Presets
import Vocabulary

/// The frames of a GIF: the story sampled at the GIF's own rate (GIFTiming, 100/d fps), not at
/// the preset's fps, so that each frame's whole-centisecond delay is exactly the story time
/// between frames. Frame i shows story time i × d / (100 × F) and a story of D s has
/// round(D × 100 × F / d) + 1 frames: the preset's time model (docs/TRANSITIONS.md) at 100/d fps, written
/// as a 100 fps storyboard slowed d times, since Storyboard's rate is a whole number.
enum GIFSampling {
    static func frames(of storyboard: Storyboard, settings: EncoderSettings, slowMotion: Double) -> (Storyboard, slowMotion: Double) {
        guard settings.format == .gif else { return (storyboard, slowMotion) }
        var sampled = storyboard
        sampled.fps = 100
        return (sampled, slowMotion / Double(settings.gifTiming.delay))
    }
}
