import Geometry
import Scene

extension PresetDecoder {
    static let frameOverlayKeys = ["frame", "title", "subtitle"]

    /// `frame`: true/false or `{ "color": "black"|"silver"|"titanium" }`; `title` and `subtitle`:
    /// a string or `{ "text", "color", "size" }` (the title also `position` and `background`).
    static func decodeFrameOverlays(_ m: [String: JSONNode], _ path: JSONPath, _ r: FieldReader, into overlays: inout Overlays) {
        if let v = m["frame"] { overlays.frame = decodeFrame(v, path.key("frame"), r) }
        if let v = m["title"] { overlays.title = decodeText(v, path.key("title"), r, size: MarketingText.titleSize, title: true) }
        if let v = m["subtitle"] { overlays.subtitle = decodeText(v, path.key("subtitle"), r, size: MarketingText.subtitleSize, title: false) }
        // A frame that failed to decode has its own problem; `false` or no frame is this one.
        var frameOff = m["frame"] == nil
        if case .bool(false)? = m["frame"]?.value { frameOff = true }
        for key in ["title", "subtitle"] where m[key] != nil && frameOff {
            r.problem(path.key(key), "a \(key) is drawn beside a device frame; add \"frame\": true to overlays", m[key])
        }
    }

    static func decodeFrame(_ v: JSONNode, _ path: JSONPath, _ r: FieldReader) -> FrameOverlay? {
        if case .bool(let on) = v.value { return on ? FrameOverlay() : nil }
        guard case .object = v.value else { r.expected(path, "true, false or an object with \"color\"", v); return nil }
        guard let o = r.object(v, path, allowed: ["color"]) else { return nil }
        var frame = FrameOverlay()
        if let c = o["color"], let s = r.choice(c, path.key("color"), FrameOverlay.Finish.allCases.map(\.rawValue)) {
            frame.finish = FrameOverlay.Finish(rawValue: s)!
        }
        return frame
    }

    static func decodeText(_ v: JSONNode, _ path: JSONPath, _ r: FieldReader, size: Double, title: Bool) -> MarketingText? {
        if case .string = v.value { return r.string(v, path).map { MarketingText(text: $0, size: size) } }
        let keys = ["text", "color", "size"] + (title ? ["position", "background"] : [])
        guard case .object = v.value else { r.expected(path, "a string or an object with \"text\"", v); return nil }
        guard let o = r.object(v, path, allowed: keys, required: ["text"]), let tv = o["text"], let text = r.string(tv, path.key("text")) else { return nil }
        var out = MarketingText(text: text, size: size)
        if let c = o["color"], let color = r.color(c, path.key("color")) { out.color = color }
        if let s = o["size"], let n = r.number(s, path.key("size"), 4...200) { out.size = n }
        if let p = o["position"], let s = r.choice(p, path.key("position"), MarketingText.Position.allCases.map(\.rawValue)) {
            out.position = MarketingText.Position(rawValue: s)!
        }
        if let b = o["background"] { out.background = decodePaint(b, path.key("background"), r) }
        return out
    }
}
