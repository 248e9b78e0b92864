import Foundation
import FramePipeline
import Geometry
import Presets
import Raster

/// Where every shipped matched flight lands (pushes, pops, cancelled drags landing back where they
/// started): the review tests compare the frame one before landing with the landed frame there.
struct MatchedLanding {
    var name: String
    var composer: FrameComposer
    /// The element's id and frame (points) on the screen the flight lands on.
    var id: String
    var slot: Rect
    /// The step's last frame: the flight has landed.
    var last: Int

    static func all(scale: Double) throws -> [MatchedLanding] {
        var out: [MatchedLanding] = []
        for path in PresetContinuityTests.allPresets() where !path.contains("matrix") {
            let s = try PresetLoader.load(path: path, overrides: Overrides(scale: scale), images: PresetImages.folder, fonts: InstalledFonts())
            let c = FrameComposer(storyboard: s)
            for step in s.steps where !step.matches.isEmpty && step.transition?.hidesMatchedElementsOnNewerScreen != false {
                let a = try s.screen(step.before), b = try s.screen(step.after), m = step.matches[0]
                // A pair: the element on both screens (a zoom's source is on one only).
                guard a?.element(id: m.from) != nil, b?.element(id: m.to) != nil else { continue }
                let (screen, id) = step.isCancelled ? (a, m.from) : (b, m.to)
                guard let slot = screen?.element(id: id)?.frame else { continue }
                out.append(MatchedLanding(name: URL(fileURLWithPath: path).lastPathComponent + " " + step.title, composer: c,
                                          id: id, slot: slot, last: Int((step.end * Double(s.fps)).rounded())))
            }
        }
        return out
    }

    func frame(_ i: Int) throws -> Bitmap {
        let b = try Bitmap(width: composer.storyboard.pixelWidth, height: composer.storyboard.pixelHeight)
        composer.render(frame: i, into: b)
        return b
    }
}
