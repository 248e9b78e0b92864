import Motion
import Transitions

// A step's `transition` parameters against the catalog's specs (issue 19.1: step timing and
// parameters apart from the screens and the stack).

extension Resolver {
    /// Checks a step's transition parameters against the catalog's specs.
    func checkParameters(_ spec: StepSpec, _ entry: CatalogEntry, problem: (String, String) -> Void) -> [String: ParameterValue]? {
        var params: [String: ParameterValue] = [:]
        var ok = true
        for (key, p) in spec.parameters.sorted(by: { $0.key < $1.key }) {
            guard let ps = entry.parameters.first(where: { $0.name == key }) else {
                let names = entry.parameters.map(\.name)
                problem(p.path.text, names.isEmpty ? "unknown parameter \"\(key)\" for \(entry.name) (it takes none)"
                                                   : FieldReader.unknown("parameter", key, names, of: entry.name))
                ok = false
                continue
            }
            switch (ps.kind, p.node.value) {
            case (.number(let range), .number(let n)) where range.contains(n): params[key] = .number(n)
            case (.number(let range), .number):
                problem(p.path.text, "must be between \(JSONNode.format(range.lowerBound)) and \(JSONNode.format(range.upperBound)) (got \(p.node.summary))"); ok = false
            case (.choice(let options), .string(let s)) where options.contains(s): params[key] = .string(s)
            case (.bool, .bool(let b)): params[key] = .bool(b)
            case (.element, .string(let s)) where !s.isEmpty: params[key] = .string(s)
            case (.tracks(let names), .object(let members)):
                var tracks: [String: KeyframeTrack] = [:]
                for m in members {
                    let tp = p.path.key(m.key)
                    guard names.contains(m.key) else {
                        problem(tp.text, FieldReader.unknown("track", m.key, names)); ok = false; continue
                    }
                    guard let frames = keyframes(m.value, tp, problem: problem) else { ok = false; continue }
                    tracks[m.key] = frames
                }
                params[key] = .tracks(tracks)
            case (.tracks, _): problem(p.path.text, "expected an object of keyframe tracks (got \(p.node.summary))"); ok = false
            case (.number, _): problem(p.path.text, "expected a number (got \(p.node.summary))"); ok = false
            case (.choice(let options), _): problem(p.path.text, "expected one of \(options.joined(separator: ", ")) (got \(p.node.summary))"); ok = false
            case (.bool, _): problem(p.path.text, "expected true or false (got \(p.node.summary))"); ok = false
            case (.element, _): problem(p.path.text, "expected the id of an element on the screen underneath (got \(p.node.summary))"); ok = false
            }
        }
        return ok ? params : nil
    }

    /// `[[progress, value], [progress, value, "curve"], ...]`: progress in 0…1, non-decreasing.
    func keyframes(_ node: JSONNode, _ path: JSONPath, problem: (String, String) -> Void) -> KeyframeTrack? {
        guard case .array(let items) = node.value, !items.isEmpty, items.count <= 1000 else {
            problem(path.text, "expected an array of keyframes [[progress, value], ...] (got \(node.summary))"); return nil
        }
        var out: [Keyframe] = []
        for (i, item) in items.enumerated() {
            let ip = path.index(i)
            guard case .array(let parts) = item.value, (2...3).contains(parts.count),
                  case .number(let pr) = parts[0].value, case .number(let v) = parts[1].value else {
                problem(ip.text, "expected [progress, value] or [progress, value, \"curve\"] (got \(item.summary))"); return nil
            }
            guard (0...1).contains(pr) else { problem(ip.index(0).text, "progress must be between 0 and 1 (got \(JSONNode.format(pr)))"); return nil }
            if let last = out.last, pr < last.progress {
                problem(ip.index(0).text, "keyframe progress must not decrease (got \(JSONNode.format(pr)) after \(JSONNode.format(last.progress)))"); return nil
            }
            guard abs(v) <= 1e6 else { problem(ip.index(1).text, "value out of range (got \(JSONNode.format(v)))"); return nil }
            var curve = Curve.linear
            if parts.count == 3 {
                guard case .string(let name) = parts[2].value, let c = Curve.named(name) else {
                    let hint = { if case .string(let s) = parts[2].value { return FieldReader.hint(s, Curve.names) } else { return "" } }()
                    problem(ip.index(2).text, "expected a curve name (\(Curve.names.joined(separator: ", "))) (got \(parts[2].summary))\(hint)"); return nil
                }
                curve = c
            }
            out.append(Keyframe(progress: pr, value: v, curve: curve))
        }
        // The track is built here, where a problem has a position (CustomTransition never drops one).
        do { return try KeyframeTrack(out) } catch {
            problem(path.text, "\(error)"); return nil
        }
    }
}

extension Parameters {
    /// The catalog defaults with the preset's values on top.
    init(merging entry: CatalogEntry, _ values: [String: ParameterValue]) {
        var merged: [String: ParameterValue] = [:]
        for spec in entry.parameters { merged[spec.name] = spec.defaultValue }
        for (k, v) in values { merged[k] = v }
        self.init(merged)
    }
}
