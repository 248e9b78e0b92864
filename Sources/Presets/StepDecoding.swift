import Geometry
import Motion
import Transitions
import Vocabulary

// The timeline's part of the preset decoder: steps, their curves and gestures, and the check of
// `match` ids against layer screens (issue 19.12: PresetDecoder.swift was 473 lines).

extension PresetDecoder {
    static func decodeStep(_ v: JSONNode, _ path: JSONPath, _ r: FieldReader) -> StepSpec? {
        guard let m = r.object(v, path, allowed: stepKeys) else { return nil }
        let kinds = ["hold", "push", "pop", "present", "dismiss", "detent"].filter { m[$0] != nil }
        guard kinds.count == 1 else {
            r.problem(path, kinds.isEmpty ? "a step needs exactly one of hold, push, pop, present, dismiss, detent"
                                          : "a step has exactly one of hold, push, pop, present, dismiss, detent (got \(kinds.joined(separator: " and ")))", v)
            return nil
        }
        let kp = path.key(kinds[0])
        let kindNode = m[kinds[0]]!
        let kind: StepSpec.Kind
        switch kinds[0] {
        case "hold":
            guard let d = r.number(kindNode, kp, 0...Limits.maxStoryDuration) else { return nil }
            kind = .hold(d)
            for key in ["transition", "curve", "gesture", "match", "duration"] where m[key] != nil {
                r.problem(path.key(key), "a hold step takes no \"\(key)\"", m[key])
            }
        case "push":
            guard let s = r.string(kindNode, kp) else { return nil }
            kind = .push(s)
        case "present":
            guard let s = r.string(kindNode, kp) else { return nil }
            kind = .present(s)
        case "detent":
            guard let s = r.choice(kindNode, kp, ["large", "medium"]) else { return nil }
            kind = .detent(s)
        default:
            guard case .bool(true) = kindNode.value else { r.expected(kp, "true", kindNode); return nil }
            kind = kinds[0] == "pop" ? .pop : .dismiss
        }
        var step = StepSpec(kind: kind, path: path.text)
        if let t = m["transition"] {
            let tp = path.key("transition")
            switch t.value {
            case .string(let s): step.transition = s
            case .object(let members):
                if let type = members.first(where: { $0.key == "type" })?.value {
                    step.transition = r.string(type, tp.key("type"))
                } else { r.problem(tp.key("type"), "required key is missing", t) }
                for mem in members where mem.key != "type" {
                    step.parameters[mem.key] = TransitionParameter(node: mem.value, path: tp.key(mem.key))
                }
            default: r.expected(tp, "a transition name or { \"type\": name, ... }", t)
            }
        }
        if let d = m["duration"] { step.duration = r.number(d, path.key("duration"), 0...Limits.maxStoryDuration, exclusiveLower: true) }
        if let c = m["curve"] { step.curve = decodeCurve(c, path.key("curve"), r) }
        if let g = m["gesture"] { step.gesture = decodeGesture(g, path.key("gesture"), r) }
        if let x = m["caption"] { step.caption = r.string(x, path.key("caption"), nonEmpty: false) }
        if let x = m["match"], let arr = r.array(x, path.key("match")) {
            var pairs: [[String]] = []
            for (i, p) in arr.enumerated() {
                let pp = path.key("match").index(i)
                guard case .array(let ids) = p.value, ids.count == 2 else { r.expected(pp, "[fromId, toId]", p); continue }
                if let a = r.string(ids[0], pp.index(0)), let b = r.string(ids[1], pp.index(1)) { pairs.append([a, b]) }
            }
            step.match = pairs
        }
        return step
    }

    static let curveNames = namedCurves

    static func decodeCurve(_ v: JSONNode, _ path: JSONPath, _ r: FieldReader) -> CurveSpec? {
        if case .string = v.value { return r.choice(v, path, curveNames).map(CurveSpec.named) }
        guard case .object(let members) = v.value, members.count == 1 else {
            r.expected(path, "a curve name (\(curveNames.joined(separator: ", "))), { \"bezier\": [x1, y1, x2, y2] } or { \"spring\": {...} }", v)
            return nil
        }
        let key = members[0].key, body = members[0].value
        switch key {
        case "bezier":
            guard let p = r.numbers(body, path.key("bezier"), count: 4) else { return nil }
            if !(0...1).contains(p[0]) || !(0...1).contains(p[2]) {
                r.problem(path.key("bezier"), "x1 and x2 must be between 0 and 1 (got \(JSONNode.format(p[0])) and \(JSONNode.format(p[2])))", body)
                return nil
            }
            return .bezier(p[0], p[1], p[2], p[3])
        case "spring":
            let sp = path.key("spring")
            guard case .object(let sm) = body.value else { r.expected(sp, "an object", body); return nil }
            let keys = Set(sm.map(\.key))
            if keys.contains("dampingRatio") { return decodeRatioSpring(body, sp, r) }
            if keys.contains("mass") || keys.contains("stiffness") {
                guard let o = r.object(body, sp, allowed: ["mass", "stiffness", "damping", "velocity"], required: ["stiffness", "damping"]) else { return nil }
                let mass = o["mass"].flatMap { r.number($0, sp.key("mass"), 0...1e6, exclusiveLower: true) } ?? 1
                let k = o["stiffness"].flatMap { r.number($0, sp.key("stiffness"), 0...1e7, exclusiveLower: true) }
                let c = o["damping"].flatMap { r.number($0, sp.key("damping"), 0...1e7, exclusiveLower: true) }
                let vel = o["velocity"].flatMap { r.number($0, sp.key("velocity"), -1000...1000) } ?? 0
                guard let k, let c else { return nil }
                return .caSpring(mass: mass, stiffness: k, damping: c, velocity: vel)
            }
            if keys.contains("bounce") {
                guard let o = r.object(body, sp, allowed: ["duration", "bounce"], required: ["duration"]) else { return nil }
                let d = o["duration"].flatMap { r.number($0, sp.key("duration"), 0...60, exclusiveLower: true) }
                let b = o["bounce"].flatMap { r.number($0, sp.key("bounce"), -1...1, exclusiveLower: true) } ?? 0
                guard let d else { return nil }
                return .swiftUISpring(duration: d, bounce: b)
            }
            guard let o = r.object(body, sp, allowed: ["damping", "velocity"], required: ["damping"]) else { return nil }
            let z = o["damping"].flatMap { r.number($0, sp.key("damping"), 0...1, exclusiveLower: true) }
            let vel = o["velocity"].flatMap { r.number($0, sp.key("velocity"), -1000...1000) } ?? 0
            guard let z else { return nil }
            return .uiviewSpring(damping: z, velocity: vel)
        default:
            r.problem(path.key(key), "unknown curve \"\(key)\" (expected a name, \"bezier\" or \"spring\")", body)
            return nil
        }
    }

    static func decodeGesture(_ v: JSONNode, _ path: JSONPath, _ r: FieldReader) -> GestureSpec? {
        guard let m = r.object(v, path, allowed: ["from", "to", "duration", "curve", "samples", "release", "velocity"]) else { return nil }
        var g = GestureSpec()
        if let x = m["samples"] {
            if m["from"] != nil || m["to"] != nil || m["duration"] != nil {
                r.problem(path.key("samples"), "give either \"samples\" or \"from\"/\"to\"/\"duration\", not both", x)
            }
            if let arr = r.array(x, path.key("samples"), count: 2...100_000) {
                var last = -Double.infinity
                var out: [[Double]] = []
                for (i, s) in arr.enumerated() {
                    guard let t = r.numbers(s, path.key("samples").index(i), count: 3) else { continue }
                    if t[0] <= last { r.problem(path.key("samples").index(i).index(0), "sample times must increase (got \(JSONNode.format(t[0])) after \(JSONNode.format(last)))", s) }
                    if t[0] < 0 { r.problem(path.key("samples").index(i).index(0), "must not be negative (got \(JSONNode.format(t[0])))", s) }
                    last = t[0]
                    out.append(t)
                }
                g.samples = out
            }
        } else {
            for key in ["from", "to", "duration"] where m[key] == nil { r.problem(path.key(key), "required key is missing (or give \"samples\")", v) }
            g.from = m["from"].flatMap { r.point($0, path.key("from")) }
            g.to = m["to"].flatMap { r.point($0, path.key("to")) }
            g.duration = m["duration"].flatMap { r.number($0, path.key("duration"), 0...Limits.maxStoryDuration, exclusiveLower: true) }
        }
        if let x = m["curve"] { g.curve = decodeCurve(x, path.key("curve"), r) }
        if let x = m["release"], let s = r.choice(x, path.key("release"), ["auto", "finish", "cancel"]) { g.release = s }
        if let x = m["velocity"] { g.velocity = r.point(x, path.key("velocity"), -1e6...1e6) }
        return g
    }

    /// `match: [[fromId, toId], ...]` must name layers of the screens the step goes from and to.
    /// Follows the stack as written; stack errors themselves are the resolver's to report. Mock
    /// and image screens are not checked here (their element ids exist only once built).
    static func checkMatches(_ screens: [(String, ScreenSpec)], start: String, _ timeline: [StepSpec], _ r: FieldReader) {
        guard timeline.contains(where: { $0.match != nil }) else { return }
        var ids: [String: Set<String>] = [:]
        for (id, spec) in screens {
            guard case .layers(_, let layers) = spec else { continue }
            var set = Set<String>()
            func walk(_ l: LayerSpec) { if let i = l.id { set.insert(i) }; l.children.forEach(walk) }
            layers.forEach(walk)
            ids[id] = set
        }
        var stack = ScreenStack(start)
        for step in timeline {
            let from = stack.top
            switch step.kind {
            case .hold, .detent: continue
            case .push(let id): stack.apply(.push, id)
            case .present(let id): stack.apply(.present, id)
            case .pop, .dismiss:
                if stack.count > 1 { stack.apply(.pop, from) } else { return }
            }
            let to = stack.top
            for (j, pair) in (step.match ?? []).enumerated() {
                let pp = JSONPath(step.path).key("match").index(j)
                for (k, screen) in [(0, from), (1, to)] {
                    if let known = ids[screen], !known.contains(pair[k]) {
                        let hint = FieldReader.closest(pair[k], in: known.sorted()).map { "; did you mean \"\($0)\"?" } ?? ""
                        r.problem(pp.index(k), "no layer with id \"\(pair[k])\" in screen \"\(screen)\"\(hint)")
                    }
                }
            }
        }
    }
}
