import Geometry
import Vocabulary
import Scene

/// JSON text → `Preset`, every problem collected.
public enum PresetDecoder {
    static let topKeys = ["segue", "name", "device", "scale", "fps", "background", "output", "overlays", "screens", "start", "timeline", "matrix", "audio",
                           "direction", "locale"]

    public static func decode(text: String, file: String, defaultName: String) throws(PresetError) -> Preset {
        let (preset, problems) = try PresetCheck.decode(text: text, file: file, defaultName: defaultName)
        if let p = preset, problems.isEmpty { return p }
        throw PresetError(problems.isEmpty ? [Problem(file: file, path: "", message: "invalid preset")] : problems)
    }

    static func decode(_ root: JSONNode, _ r: FieldReader, defaultName: String) -> Preset? {
        let top = JSONPath()
        guard let o = r.object(root, top, allowed: topKeys, required: ["segue", "screens", "start", "timeline"]) else { return nil }
        if let v = o["matrix"] { Matrix.refuseUnexpanded(v, top.key("matrix"), r) }
        if let v = o["segue"] {
            if case .number(1) = v.value {} else { r.problem(top.key("segue"), "unsupported format version: expected 1 (got \(v.summary))", v) }
        }
        var name = defaultName
        if let v = o["name"], let s = r.string(v, top.key("name")) {
            if let why = PresetName.problem(s) { r.problem(top.key("name"), "\(why) (got \(v.summary))", v) } else { name = s }
        } else if o["name"] == nil, let why = PresetName.hiddenCharacterProblem(defaultName) {
            r.problem(top.key("name"), "the preset's file name is used as the output name, but it \(why); give a \"name\"")
        }
        var device = Device.standard
        if let v = o["device"] { device = decodeDevice(v, top.key("device"), r) ?? device }
        var scale: Double?
        if let v = o["scale"] { scale = r.number(v, top.key("scale"), 0.1...10) }
        var fps = 60
        if let v = o["fps"], let n = r.integer(v, top.key("fps"), Limits.fps) { fps = n }
        var background = Background.color(.black)
        if let v = o["background"] {
            if case .string("transparent") = v.value { background = .transparent }
            else if let c = r.color(v, top.key("background")) { background = .color(c) }
        }
        var output = OutputSpec()
        if let v = o["output"] { output = decodeOutput(v, top.key("output"), r) }
        let (direction, locale) = decodeDirection(o, top, r)
        var overlays = Overlays()
        if let v = o["overlays"], let m = r.object(v, top.key("overlays"), allowed: ["touches", "device", "caption", "chrome"] + frameOverlayKeys) {
            if let b = m["touches"] { overlays.touches = r.bool(b, top.key("overlays").key("touches")) ?? false }
            if let b = m["device"] { overlays.device = r.bool(b, top.key("overlays").key("device")) ?? false }
            if let b = m["caption"] { overlays.caption = r.bool(b, top.key("overlays").key("caption")) ?? false }
            if let b = m["chrome"] { overlays.chrome = r.bool(b, top.key("overlays").key("chrome")) ?? true }
            decodeFrameOverlays(m, top.key("overlays"), r, into: &overlays)
        }
        var screens: [(String, ScreenSpec)] = []
        var styles: [String: MockStyle] = [:]
        var extras: [String: ScreenExtras] = [:]
        var unchecked = Unchecked()
        if let v = o["screens"] {
            if case .object(let members) = v.value {
                if members.isEmpty { r.problem(top.key("screens"), "expected at least one screen", v) }
                for m in members {
                    if m.key.isEmpty { r.problem(top.key("screens").key(m.key), "a screen id must not be empty", m.value); continue }
                    if let s = decodeScreen(m.value, top.key("screens").key(m.key), r) {
                        screens.append((m.key, s))
                        if let style = decodeMockStyle(m.value, top.key("screens").key(m.key), r) { styles[m.key] = style }
                        extras[m.key] = decodeExtras(m.value, top.key("screens").key(m.key), r)
                        let material = (styles[m.key] ?? (device.platform == .android ? .material : .ios)) == .material
                        if let t = decodeTabs(m.value, top.key("screens").key(m.key), material: material, r) { extras[m.key, default: ScreenExtras()].tabs = t }
                        if case .layers(_, let layers) = s { checkUniqueIDs(layers, r) }
                    } else { unchecked.screens.insert(m.key) }
                }
            } else { r.expected(top.key("screens"), "an object of screens by id", v) }
        }
        var start = ""
        if let v = o["start"], let s = r.string(v, top.key("start")) { start = s }
        var timeline: [StepSpec] = []
        if let v = o["timeline"], let items = r.array(v, top.key("timeline")) {
            if items.isEmpty { r.problem(top.key("timeline"), "expected at least one step", v) }
            for (i, item) in items.enumerated() {
                if let s = decodeStep(item, top.key("timeline").index(i), r) { timeline.append(s) }
                else { unchecked.stackFrom = min(unchecked.stackFrom, timeline.count) }
            }
        }
        if case .transparent = background { checkTransparency(output, o["background"], r) }
        checkMatches(screens, start: start, timeline, r)
        // Canvas size limit, before anything is allocated.
        let k = scale ?? device.scale
        let px = device.pixelSize(scale: k)
        if px.width > Limits.maxCanvasSide || px.height > Limits.maxCanvasSide || px.width < 2 || px.height < 2 {
            r.problem(top.key(scale != nil ? "scale" : "device"),
                      "canvas must be 2 to \(Limits.maxCanvasSide) pixels a side (got \(px.width)×\(px.height))", o["scale"] ?? o["device"])
        }
        var preset = Preset(name: name, device: device, scale: scale, fps: fps, background: background, output: output,
                            overlays: overlays, screens: screens, start: start, timeline: timeline)
        preset.mockStyles = styles
        if let v = o["audio"] { preset.audio = r.string(v, top.key("audio")) }
        preset.unchecked = unchecked
        preset.extras = extras
        (preset.direction, preset.locale) = (direction, locale)
        return preset
    }

    static func decodeDevice(_ v: JSONNode, _ path: JSONPath, _ r: FieldReader) -> Device? {
        if case .string = v.value {
            guard let s = r.choice(v, path, Device.all.map(\.name)) else { return nil }
            return Device.named(s)
        }
        guard let m = r.object(v, path, allowed: ["width", "height", "scale", "cornerRadius", "safeTop", "safeBottom"], required: ["width", "height"]) else { return nil }
        let w = m["width"].flatMap { r.number($0, path.key("width"), 1...8192) }
        let h = m["height"].flatMap { r.number($0, path.key("height"), 1...8192) }
        let s = m["scale"].flatMap { r.number($0, path.key("scale"), 0.1...10) } ?? 1
        let c = m["cornerRadius"].flatMap { r.number($0, path.key("cornerRadius"), 0...500) } ?? 0
        let top = m["safeTop"].flatMap { r.number($0, path.key("safeTop"), 0...500) } ?? 0
        let bottom = m["safeBottom"].flatMap { r.number($0, path.key("safeBottom"), 0...500) } ?? 0
        guard let w, let h else { return nil }
        return Device(name: "custom", points: Size(w, h), scale: s, cornerRadius: c, safeTop: top, safeBottom: bottom)
    }

    // The output table (Vocabulary's OutputFormats) is the one source of formats, codecs and their options.
    static let formats = OutputFormat.allCases.map(\.rawValue)
    static let codecs = VideoCodec.allCases.map(\.rawValue)

    static func decodeOutput(_ v: JSONNode, _ path: JSONPath, _ r: FieldReader) -> OutputSpec {
        var out = OutputSpec()
        guard let m = r.object(v, path, allowed: ["format", "codec", "crf", "preset", "maxMemory"]) else { return out }
        if let x = m["format"] { out.format = r.choice(x, path.key("format"), formats) }
        if let x = m["codec"] { out.codec = r.choice(x, path.key("codec"), codecs) }
        if let x = m["crf"] { out.crf = r.integer(x, path.key("crf"), OutputFormats.anyCRF) }
        if let x = m["preset"] { out.preset = r.choice(x, path.key("preset"), OutputFormats.encoderPresets) }
        // No format and no codec: the crf is checked as render's default (mp4, h264) would take it.
        let format = out.format.flatMap(OutputFormat.init) ?? (out.codec == nil ? .mp4 : nil)
        let problems = OutputFormats.problems(format: format, codec: out.codec.flatMap(VideoCodec.init),
                                              crf: out.crf, preset: out.preset, transparent: false)
        for p in problems { r.problem(path.key(p.field.rawValue), p.message, m[p.field.rawValue]) }
        if let x = m["maxMemory"] {
            let text: String? = { switch x.value { case .string(let s): s; case .number(let n): JSONNode.format(n); default: nil } }()
            if let t = text, let bytes = MemorySize.parse(t) { out.maxMemory = bytes }
            else { r.expected(path.key("maxMemory"), "a size such as \"4G\" or \"512M\"", x) }
        }
        return out
    }

    /// A transparent background against the output the preset names, by the output table's rule
    /// (the one `render` and `validate` apply to render's default format), at `background`.
    static func checkTransparency(_ output: OutputSpec, _ node: JSONNode?, _ r: FieldReader) {
        let problems = OutputFormats.problems(format: output.format.flatMap(OutputFormat.init), codec: output.codec.flatMap(VideoCodec.init),
                                              crf: nil, preset: nil, transparent: true)
        for p in problems where p.field == .background { r.problem(JSONPath().key("background"), p.message, node) }
    }

    static func decodeScreen(_ v: JSONNode, _ path: JSONPath, _ r: FieldReader) -> ScreenSpec? {
        guard case .object(let members) = v.value else { r.expected(path, "an object describing a screen", v); return nil }
        let keys = Set(members.map(\.key))
        let kinds = ["image", "mock", "layers"].filter { keys.contains($0) }
        guard kinds.count == 1 else {
            r.problem(path, kinds.isEmpty ? "a screen needs exactly one of \"image\", \"mock\" or \"layers\""
                                          : "a screen has exactly one of \"image\", \"mock\" or \"layers\" (got \(kinds.joined(separator: " and ")))", v)
            return nil
        }
        switch kinds[0] {
        case "image":
            guard let m = r.object(v, path, allowed: ["image", "fit", "background", "elements", "hierarchy", "chrome", "navigationBar"]) else { return nil }
            let file = m["image"].flatMap { r.string($0, path.key("image")) }
            let fit = m["fit"].flatMap { r.choice($0, path.key("fit"), ImageFit.allCases.map(\.rawValue)) }.flatMap(ImageFit.init)
            let bg = m["background"].flatMap { r.color($0, path.key("background")) }
            guard let file else { return nil }
            return .image(path: file, fit: fit, background: bg)
        case "mock":
            guard let m = r.object(v, path, allowed: ["mock", "title", "tint", "dark", "seed", "items", "photo", "post", "style", "tabs", "tab"]) else { return nil }
            let kind = m["mock"].flatMap { r.string($0, path.key("mock")) }
            let title = m["title"].flatMap { r.string($0, path.key("title"), nonEmpty: false) }
            let tint = m["tint"].flatMap { r.color($0, path.key("tint")) }
            let dark = m["dark"].flatMap { r.bool($0, path.key("dark")) } ?? false
            let seed = m["seed"].flatMap { r.integer($0, path.key("seed"), 0...Int(Int32.max)) } ?? 0
            let items = m["items"].flatMap { r.integer($0, path.key("items"), 0...200) }
            guard let kind else { return nil }
            return .mock(kind: kind, title: title, tint: tint, dark: dark, seed: seed, items: items)
        default:
            guard let m = r.object(v, path, allowed: ["layers", "background"]) else { return nil }
            let bg = m["background"].flatMap { r.color($0, path.key("background")) } ?? .white
            var layers: [LayerSpec] = []
            if let arr = m["layers"].flatMap({ r.array($0, path.key("layers")) }) {
                for (i, l) in arr.enumerated() {
                    if let spec = decodeLayer(l, path.key("layers").index(i), r, depth: 0) { layers.append(spec) }
                }
            }
            return .layers(background: bg, layers: layers)
        }
    }

    static let layerKeys = ["type", "id", "frame", "fill", "cornerRadius", "border", "shadow", "opacity", "clips", "hidden",
                            "children", "transform", "image", "fit", "text", "font", "color", "align", "lines"]

    static func decodeLayer(_ v: JSONNode, _ path: JSONPath, _ r: FieldReader, depth: Int) -> LayerSpec? {
        guard let m = r.object(v, path, allowed: layerKeys, required: ["type", "frame"]) else { return nil }
        guard let kind = m["type"].flatMap({ r.choice($0, path.key("type"), LayerSpec.Kind.allCases.map(\.rawValue)) }).flatMap(LayerSpec.Kind.init),
              let frame = m["frame"].flatMap({ r.rect($0, path.key("frame")) }) else { return nil }
        var l = LayerSpec(kind: kind, frame: frame)
        l.path = path.text
        if let x = m["id"] { l.id = r.string(x, path.key("id")) }
        if let x = m["fill"] { l.fill = decodePaint(x, path.key("fill"), r) }
        if let x = m["cornerRadius"] { l.cornerRadius = r.number(x, path.key("cornerRadius"), 0...10000) ?? 0 }
        if let x = m["border"], let b = r.object(x, path.key("border"), allowed: ["width", "color"], required: ["width"]) {
            let w = b["width"].flatMap { r.number($0, path.key("border").key("width"), 0...1000) }
            let c = b["color"].flatMap { r.color($0, path.key("border").key("color")) } ?? .black
            if let w { l.border = Border(width: w, color: c) }
        }
        if let x = m["shadow"], let s = r.object(x, path.key("shadow"), allowed: ["color", "opacity", "radius", "offset"]) {
            let sp = path.key("shadow")
            l.shadow = Shadow(color: s["color"].flatMap { r.color($0, sp.key("color")) } ?? .black,
                              opacity: s["opacity"].flatMap { r.number($0, sp.key("opacity"), 0...1) } ?? 0,
                              radius: s["radius"].flatMap { r.number($0, sp.key("radius"), 0...500) } ?? 3,
                              offset: s["offset"].flatMap { r.point($0, sp.key("offset")) } ?? Point(0, -3))
        }
        if let x = m["opacity"] { l.opacity = r.number(x, path.key("opacity"), 0...1) ?? 1 }
        if let x = m["clips"] { l.clips = r.bool(x, path.key("clips")) ?? false }
        if let x = m["hidden"] { l.hidden = r.bool(x, path.key("hidden")) ?? false }
        if let x = m["transform"], let t = r.object(x, path.key("transform"), allowed: ["translate", "scale", "rotate"]) {
            let tp = path.key("transform")
            var lt = LayerTransform()
            if let v = t["translate"], let p = r.point(v, tp.key("translate")) { lt.translate = p }
            if let v = t["scale"] {
                if case .number = v.value { if let s = r.number(v, tp.key("scale"), -1000...1000) { lt.scale = Point(s, s) } }
                else if let p = r.point(v, tp.key("scale"), -1000...1000) { lt.scale = p }
            }
            if let v = t["rotate"], let d = r.number(v, tp.key("rotate"), -36000...36000) { lt.rotate = d }
            l.transform = lt
        }
        switch kind {
        case .image:
            if let x = m["image"] { l.image = r.string(x, path.key("image")) } else { r.problem(path.key("image"), "an image layer needs \"image\" (a file path)", v) }
            if let x = m["fit"], let f = r.choice(x, path.key("fit"), ImageFit.allCases.map(\.rawValue)) { l.fit = ImageFit(rawValue: f)! }
        case .text:
            l.style.lines = 0   // docs/PRESETS.md: unlimited unless `lines` says otherwise (UILabel's numberOfLines)
            if let x = m["text"] { l.text = r.string(x, path.key("text"), nonEmpty: false) } else { r.problem(path.key("text"), "a text layer needs \"text\"", v) }
            if let x = m["font"], let f = r.object(x, path.key("font"), allowed: ["size", "weight", "family"]) {
                let fp = path.key("font")
                l.style.font = Font(size: f["size"].flatMap { r.number($0, fp.key("size"), 1...1000) } ?? 17,
                                    weight: f["weight"].flatMap { r.choice($0, fp.key("weight"), FontWeight.allCases.map(\.rawValue)) }.flatMap(FontWeight.init) ?? .regular,
                                    family: f["family"].flatMap { r.string($0, fp.key("family")) })
            }
            if let x = m["color"], let c = r.color(x, path.key("color")) { l.style.color = c }
            if let x = m["align"], let a = r.choice(x, path.key("align"), TextAlignment.allCases.map(\.rawValue)) { l.style.alignment = TextAlignment(rawValue: a)! }
            if let x = m["lines"], let n = r.integer(x, path.key("lines"), 0...1000) { l.style.lines = n }
        default:
            for key in ["image", "fit", "text", "font", "color", "align", "lines"] where m[key] != nil {
                r.problem(path.key(key), "\"\(key)\" applies to \(key == "image" || key == "fit" ? "image" : "text") layers only (this layer is \(kind.rawValue))", m[key])
            }
        }
        if let x = m["children"], let arr = r.array(x, path.key("children")) {
            if depth + 1 >= Limits.maxLayerDepth { r.problem(path.key("children"), "layers nest deeper than \(Limits.maxLayerDepth) levels", x) }
            else {
                for (i, c) in arr.enumerated() {
                    if let spec = decodeLayer(c, path.key("children").index(i), r, depth: depth + 1) { l.children.append(spec) }
                }
            }
        }
        return l
    }

    static func decodePaint(_ v: JSONNode, _ path: JSONPath, _ r: FieldReader) -> Paint? {
        if case .string = v.value { return r.color(v, path).map(Paint.solid) }
        guard let m = r.object(v, path, allowed: ["linear"], required: ["linear"]),
              let lin = m["linear"], let g = r.object(lin, path.key("linear"), allowed: ["from", "to", "stops"], required: ["stops"]) else { return nil }
        let gp = path.key("linear")
        let from = g["from"].flatMap { r.point($0, gp.key("from")) } ?? Point(0.5, 0)
        let to = g["to"].flatMap { r.point($0, gp.key("to")) } ?? Point(0.5, 1)
        var stops: [GradientStop] = []
        if let arr = g["stops"].flatMap({ r.array($0, gp.key("stops"), count: 1...64) }) {
            var last = -Double.infinity
            for (i, s) in arr.enumerated() {
                let sp = gp.key("stops").index(i)
                guard case .array(let pair) = s.value, pair.count == 2 else { r.expected(sp, "[location, \"#colour\"]", s); continue }
                guard let loc = r.number(pair[0], sp.index(0), 0...1), let c = r.color(pair[1], sp.index(1)) else { continue }
                if loc < last { r.problem(sp.index(0), "stop locations must not decrease (got \(JSONNode.format(loc)) after \(JSONNode.format(last)))", pair[0]) }
                last = loc
                stops.append(GradientStop(loc, c))
            }
        }
        return .linear(from: from, to: to, stops: stops)
    }

    static let stepKeys = ["hold", "push", "pop", "present", "dismiss", "detent", "transition", "duration", "curve", "gesture", "match", "caption"]

    /// Layer ids name elements for transitions to match: within one screen each names one layer.
    static func checkUniqueIDs(_ layers: [LayerSpec], _ r: FieldReader) {
        var seen: [String: String] = [:]
        func walk(_ l: LayerSpec) {
            if let id = l.id {
                if let first = seen[id] { r.problem(JSONPath(l.path).key("id"), "duplicate layer id \"\(id)\" in this screen (first at \(first))") }
                else { seen[id] = l.path }
            }
            l.children.forEach(walk)
        }
        layers.forEach(walk)
    }
}
