import Foundation
import FramePipeline
import Geometry
import Motion
import Presets
import Scene

/// The page's data as JSON (JSONSerialization escapes every string from a preset; the page puts
/// them into the DOM as text, never as markup).
enum StudioJSON {
    static func data(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }

    /// The folder's presets: ID, and for a matrix its keys and combinations (each combination's
    /// value per key, as text), so the page can offer a picker per variable.
    static func listing(_ ids: [String], source: (String) -> Result<PresetSource, PresetError>?) -> [[String: Any]] {
        ids.map { id in
            var entry: [String: Any] = ["id": id]
            if case .success(let s)? = source(id), let matrix = s.matrix {
                entry["keys"] = matrix.keys
                entry["combinations"] = s.clips.compactMap { $0 }.map { c in
                    Dictionary(c.texts.map { ($0.key, $0.text) }, uniquingKeysWith: { a, _ in a })
                }
            }
            return entry
        }
    }

    /// What the page needs to draw its timeline and overlays for one loaded preset.
    static func preset(_ loaded: PresetStore.Loaded, version: Int) -> [String: Any] {
        var o: [String: Any] = ["version": version, "problems": loaded.problems, "ok": loaded.composer != nil]
        guard let s = loaded.composer?.storyboard else { return o }
        o["name"] = s.name
        o["fps"] = s.fps
        o["frameCount"] = s.frameCount()
        o["duration"] = s.duration
        o["pixelWidth"] = s.pixelWidth
        o["pixelHeight"] = s.pixelHeight
        o["scale"] = s.scale
        o["canvas"] = [s.canvas.width, s.canvas.height]
        o["safeArea"] = ["top": s.device.safeTop, "bottom": s.device.safeBottom]
        o["steps"] = s.steps.map { ["title": $0.title, "start": $0.start, "end": $0.end, "transition": $0.operation != nil] }
        return o
    }

    /// The overlays at frame i: the elements of the screens shown, where the frame draws them
    /// (ElementOutlines), and the finger of an interactive step while it is down or fading.
    static func overlays(_ composer: FrameComposer, frame i: Int) -> [String: Any] {
        let s = composer.storyboard
        let t = s.time(ofFrame: i)
        var o: [String: Any] = ["frame": i, "time": t, "elements": ElementOutlines.elements(composer, frame: i)]
        switch s.state(at: t) {
        case .still(let id):
            o["screen"] = id
        case .transition(let k, let p):
            o["step"] = s.steps[k].title
            o["progress"] = p
        case .presented(let k):
            o["step"] = s.steps[k].title
        }
        for step in s.steps {
            guard let d = step.driver else { continue }
            let local = t - step.start
            if local >= 0 && local < d.releaseTime + 0.2 {
                let p = d.fingerPosition(at: local)
                o["touch"] = ["x": p.x, "y": p.y, "down": d.isFingerDown(at: local)]
            }
        }
        return o
    }
}
