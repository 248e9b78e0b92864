import Foundation
import Geometry
import Media
import Motion
import Raster
import Scene
import Transitions

/// Options given on the command line that override the preset (DESIGN §1).
public struct Overrides: Sendable {
    public var fps: Int?
    public var scale: Double?
    public init(fps: Int? = nil, scale: Double? = nil) { self.fps = fps; self.scale = scale }
}

/// Preset → Storyboard: loads assets (relative to the preset's folder, never outside it),
/// builds screen node trees, simulates the stack and places every step at absolute times.
public struct Resolver {
    public var file: String
    /// The folder assets resolve against.
    public var baseDirectory: String

    /// True: images are probed, not decoded (`segue validate`, batch validation): every check
    /// runs, but the storyboard's images are placeholders and it must not be rendered.
    public var probesImagesOnly = false

    public init(file: String, baseDirectory: String, probesImagesOnly: Bool = false) {
        self.file = file; self.baseDirectory = baseDirectory; self.probesImagesOnly = probesImagesOnly
    }

    /// Every image file the given screens name (screens and layers), each once, in order of appearance.
    static func imageFiles(of preset: Preset, screens shown: Set<String>) -> [String] {
        var files: [String] = []
        var seen = Set<String>()
        func add(_ f: String) { if seen.insert(f).inserted { files.append(f) } }
        func walk(_ l: LayerSpec) {
            if l.kind == .image, let f = l.image { add(f) }
            l.children.forEach(walk)
        }
        for (id, spec) in preset.screens where shown.contains(id) {
            switch spec {
            case .image(let file, _, _): add(file)
            case .layers(_, let layers): layers.forEach(walk)
            case .mock: break
            }
        }
        ScreenExtras.assetPaths(preset).forEach(add)
        return files
    }

    /// The screens the story shows: the start screen and every push and present target (issue
    /// 20.5: 5000 mock screens nothing shows cost 1.78 GB when each was built).
    static func shownScreens(_ preset: Preset) -> Set<String> {
        var shown: Set<String> = [preset.start]
        for spec in preset.timeline {
            switch spec.kind {
            case .push(let id), .present(let id): shown.insert(id)
            case .hold, .pop, .dismiss, .detent: break
            }
        }
        return shown
    }

    public func resolve(_ preset: Preset, overrides: Overrides = Overrides()) throws(PresetError) -> Storyboard {
        var problems = ProblemList()
        func problem(_ path: String, _ message: String) { problems.append(Problem(file: file, path: path, message: message)) }

        let scale = overrides.scale.map { $0 * (preset.scale ?? preset.device.scale) } ?? preset.scale ?? preset.device.scale
        let px = preset.device.pixelSize(scale: scale)
        // Without --scale the decoder has checked the canvas already.
        if overrides.scale != nil, px.width > Limits.maxCanvasSide || px.height > Limits.maxCanvasSide || px.width < 2 || px.height < 2 {
            problem("scale", "canvas must be 2 to \(Limits.maxCanvasSide) pixels a side (got \(px.width)×\(px.height))")
        }
        let fps = overrides.fps ?? preset.fps
        let canvas = Size(Double(px.width) / scale, Double(px.height) / scale)

        // Screens: only those the story shows are built and their images loaded (20.4, 20.5).
        let shown = Resolver.shownScreens(preset)
        let store = ImageStore(files: Resolver.imageFiles(of: preset, screens: shown), base: baseDirectory,
                               box: (2 * max(px.width, 2), 2 * max(px.height, 2)), mode: probesImagesOnly ? .probe : .decode)
        func loadImage(_ relative: String, path: String) -> Bitmap? {
            switch AssetPath.resolve(relative, in: baseDirectory) {
            case .failure(let why):
                problem(path, why.description)
                return nil
            case .success:
                switch store.bitmap(relative) {
                case .success(let b)?:
                    return b
                case .failure(let error)?:
                    problem(path, "cannot load image \"\(relative)\": \(error)")
                    return nil
                case nil:
                    problem(path, "cannot load image \"\(relative)\"")
                    return nil
                }
            }
        }
        func node(_ l: LayerSpec) -> Node {
            var kind: Node.Kind
            switch l.kind {
            case .rect: kind = .rect
            case .ellipse: kind = .ellipse
            case .group: kind = .group
            case .text: kind = .text(l.text ?? "", l.style)
            case .image:
                if let file = l.image, let b = loadImage(file, path: l.path + ".image") { kind = .image(b, l.fit) } else { kind = .rect }
            }
            return Node(id: l.id, kind: kind, frame: l.frame, fill: l.fill, cornerRadius: l.cornerRadius, border: l.border,
                        shadow: l.shadow, opacity: l.opacity, clips: l.clips, hidden: l.hidden, transform: l.transform,
                        children: l.children.map(node))
        }
        var screens: [String: Node] = [:]
        var notes: [String] = []
        let full = Rect(0, 0, canvas.width, canvas.height)
        let sheets = Set(preset.timeline.compactMap { s -> String? in
            if case .present(let id) = s.kind, s.transition == "sheet" { return id } else { return nil }
        })
        for (id, spec) in preset.screens {
            let path = JSONPath().key("screens").key(id).text
            guard shown.contains(id) else { checkUnshown(spec, path: path, problem: problem); continue }
            switch spec {
            case .image(let file, let fit, let bg):
                if let b = loadImage(file, path: path + ".image") {
                    let shot = Node(id: id, kind: .rect, frame: full, fill: .solid(bg), clips: true,
                                    children: [.image(b, frame: full, fit: fit)])
                    let regions = ScreenshotRegions(canvas: canvas, pixelWidth: px.width, pixelHeight: px.height, scale: scale)
                    screens[id] = regions.adding(preset.extras[id]?.elements ?? [], to: shot, screenID: id, shot: b, fit: fit,
                                                 loadImage: { loadImage($0, path: $1) }, problem: problem)
                    if let note = regions.fitNote(file: file, b, fit: fit), !notes.contains(note) { notes.append(note) }
                }
            case .layers(let bg, let layers):
                screens[id] = Node(id: id, kind: .rect, frame: full, fill: .solid(bg), clips: true, children: layers.map(node))
            case .mock(let kind, let title, let tint, let dark, let seed, let items):
                let photo = preset.extras[id]?.photo
                let style = preset.mockStyles[id] ?? (preset.device.platform == .android ? .material : .ios)
                if let n = photo, kind == "detail", Mocks.gridPhoto(n, size: canvas, seed: seed) == nil {
                    let count = Mocks.gridPhotoCount(size: canvas, seed: seed)
                    problem(path + ".photo", "the grid mock with seed \(seed) has " + (count == 0 ? "no photos" : "photo0…photo\(count - 1)") + " on this device (got \(n))")
                } else if let n = Mocks.screen(kind: kind, size: canvas, title: title, tint: tint, dark: dark, seed: seed, items: items,
                                               presentedAsSheet: sheets.contains(id), photo: photo, style: style,
                                               statusHeight: preset.device.safeTop, gestureHeight: preset.device.safeBottom) {
                    var root = n
                    root.id = id
                    screens[id] = root
                } else {
                    problem(path + ".mock", FieldReader.unknown("mock", kind, Mocks.kinds.map(\.name)))
                }
            }
        }

        // Timeline.
        // Screens the decoder could not build still exist: steps naming them are checked as usual.
        let known = Set(preset.screens.map(\.id)).union(preset.unchecked.screens)
        let ids = preset.screens.map(\.id) + preset.unchecked.screens.sorted()
        func noScreen(_ id: String) -> String {
            "no screen \"\(id)\"\(FieldReader.hint(id, ids)) (screens: \(FieldReader.listing(ids)))"
        }
        // No screens at all is the decoder's problem to report, not every step's.
        if !known.contains(preset.start) && !known.isEmpty { problem("start", noScreen(preset.start)) }
        enum Entry { case pushed(String), presented(String) }
        var stack: [Entry] = [.pushed(preset.start)]
        func top() -> String { switch stack.last! { case .pushed(let s), .presented(let s): return s } }
        var steps: [Step] = []
        var t = 0.0
        for (i, spec) in preset.timeline.enumerated() {
            let path = spec.path
            let before = top()
            let operation: StackOperation
            var after = before
            switch spec.kind {
            case .hold(let d):
                steps.append(Step(index: i, path: path, operation: nil, start: t, end: t + d, before: before, after: before,
                                  transitionName: nil, transition: nil, timing: nil, curveName: "-", caption: spec.caption))
                t += d
                continue
            case .push(let id), .present(let id):
                operation = { if case .push = spec.kind { return .push } else { return .present } }()
                if !known.contains(id) {
                    if !known.isEmpty { problem(path + ".\(operation.rawValue)", noScreen(id)) }
                    // Keep the stack as the author meant it, so a later pop reports nothing more.
                    stack.append(operation == .push ? .pushed(id) : .presented(id))
                    continue
                }
                after = id
            case .detent(let d):
                let presented: Bool = { if case .presented = stack.last! { return stack.count > 1 } else { return false } }()
                let under: String? = presented ? { switch stack[stack.count - 2] { case .pushed(let s), .presented(let s): return s } }() : nil
                if let step = detentStep(spec, d, index: i, start: t, top: before, under: under, steps: steps, canvas: canvas, problem: problem) {
                    steps.append(step)
                    t = step.end
                }
                continue
            case .pop:
                operation = .pop
                guard stack.count > 1, case .pushed = stack.last! else {
                    if i < preset.unchecked.stackFrom { problem(path + ".pop", stack.count > 1 ? "the top screen \"\(before)\" was presented: dismiss it instead of popping"
                                                           : "nothing to pop: \"\(before)\" is the only screen on the stack") }
                    continue
                }
                if case .pushed(let s) = stack[stack.count - 2] { after = s } else if case .presented(let s) = stack[stack.count - 2] { after = s }
            case .dismiss:
                operation = .dismiss
                guard stack.count > 1, case .presented = stack.last! else {
                    if i < preset.unchecked.stackFrom { problem(path + ".dismiss", "nothing to dismiss: \"\(before)\" was not presented") }
                    continue
                }
                if case .pushed(let s) = stack[stack.count - 2] { after = s } else if case .presented(let s) = stack[stack.count - 2] { after = s }
            }
            func build() -> Step? {
                let name = spec.transition ?? "uikit"
                guard let entry = Catalog.entry(named: name) else {
                    let hint = FieldReader.closest(name, in: Catalog.entries.map(\.name)).map { "; did you mean \"\($0)\"?" } ?? ""
                    problem(path + ".transition", "unknown transition \"\(name)\"\(hint) (expected one of: \(Catalog.entries.map(\.name).joined(separator: ", ")))")
                    return nil
                }
                guard let given = checkParameters(spec, entry, problem: problem) else { return nil }
                let params = Resolver.inheritingDetent(given, name: name, operation: operation, top: before, steps: steps)
                var parameters = Parameters(merging: entry, params).resolvingDevice(preset.device, entry)
                parameters.screenCornerRadius = preset.device.cornerRadius
                let transition = entry.make(parameters)
                var step = Step(index: i, path: path, operation: operation, start: t, end: t, before: before, after: after,
                                transitionName: name, transition: transition, timing: nil, curveName: "", caption: spec.caption)
                guard let timedStep = timed(step, spec, canvas: canvas, problem: problem) else { return nil }
                step = timedStep
                if transition.usesMatchedElements {
                    guard let a = screens[before], let b = screens[after] else { return nil }
                    let pairs = transition.sourceElement.map { sourcePair($0, spec, operation.isForward ? a : b, forward: operation.isForward, path: path, name: name, problem: problem) }
                        ?? matchPairs(spec, a, b, path: path, name: name, problem: problem)
                    if pairs.isEmpty { return nil }
                    step.matches = pairs
                } else if spec.match != nil {
                    problem(path + ".match", "\(name) does not use matched elements (magic-move and shrink-dismiss do)")
                }
                return step
            }
            let built = build()
            if let step = built {
                steps.append(step)
                t = step.end
            }
            // The stack moves as written even when the step has problems (so one mistake gives
            // one problem); only a cancelled gesture leaves it as it was.
            if built?.isCancelled != true {
                switch operation {
                case .push: stack.append(.pushed(after))
                case .present: stack.append(.presented(after))
                case .pop, .dismiss: stack.removeLast()
                }
            }
        }
        if t > Limits.maxStoryDuration {
            problem("timeline", "the story lasts \(JSONNode.format(t)) s; at most \(JSONNode.format(Limits.maxStoryDuration)) s is allowed")
        }
        if !problems.isEmpty { throw PresetError(list: problems) }
        var storyboard = Storyboard(name: preset.name, device: preset.device, scale: scale, pixelWidth: px.width, pixelHeight: px.height, fps: fps,
                                    background: preset.background, output: preset.output, overlays: preset.overlays, screens: screens,
                                    start: preset.start, steps: steps, imageBytes: store.decodedBytes, largestImageFrameBytes: store.largestFrameBytes)
        storyboard.notes = notes
        storyboard.addCaptionBand()
        return storyboard
    }

    func fmt(_ v: Double) -> String { String(format: "%.3f", v) }

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
                var tracks: [String: [Keyframe]] = [:]
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
    func keyframes(_ node: JSONNode, _ path: JSONPath, problem: (String, String) -> Void) -> [Keyframe]? {
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
        return out
    }

    func makeGesture(_ g: GestureSpec) throws(MotionError) -> Gesture {
        let velocity = g.velocity.map { MotionPoint($0.x, $0.y) }
        if let samples = g.samples { return try Gesture(samples: samples, releaseVelocity: velocity) }
        let from = g.from ?? .zero, to = g.to ?? .zero
        return try Gesture(from: MotionPoint(from.x, from.y), to: MotionPoint(to.x, to.y), duration: g.duration ?? 0,
                           curve: g.curve.map(CurveMapping.curve) ?? .easeOut, releaseVelocity: velocity)
    }

    /// The matched element pairs of a step: `match` as given (each id must exist on its screen), or
    /// by default every id on both screens (the screens' own ids aside).
    func matchPairs(_ spec: StepSpec, _ a: Node, _ b: Node, path: String, name: String, problem: (String, String) -> Void) -> [(from: String, to: String)] {
        if let given = spec.match {
            var out: [(String, String)] = []
            // Each screen's ids once, not a tree walk per pair (300 000 pairs, issue 20.11).
            let idsA = Array(a.allIDs.dropFirst()), idsB = Array(b.allIDs.dropFirst())
            let setA = Set(idsA), setB = Set(idsB)
            for (k, pair) in given.enumerated() {
                let ok0 = setA.contains(pair[0]) && pair[0] != a.id
                let ok1 = setB.contains(pair[1]) && pair[1] != b.id
                for (side, ok, n, ids) in [(0, ok0, a, idsA), (1, ok1, b, idsB)] where !ok {
                    problem(path + ".match[\(k)][\(side)]", "no element \"\(pair[side])\"\(FieldReader.hint(pair[side], ids)) on the screen \"\(n.id ?? "?")\" (ids: \(FieldReader.listing(ids)))")
                }
                if ok0 && ok1 { out.append((pair[0], pair[1])) }
            }
            if given.isEmpty { problem(path + ".match", "\(name) needs at least one [fromId, toId] pair") }
            return out.count == given.count ? out : []
        }
        let ids = Set(b.allIDs.dropFirst())
        let both = Set(a.allIDs.dropFirst().filter { ids.contains($0) })
        // An element inside another matched element travels with it: match only the outermost.
        func outermost(_ n: Node, under matched: Bool, into out: inout Set<String>) {
            let isMatched = n.id.map(both.contains) ?? false
            if isMatched && !matched { out.insert(n.id!) }
            for c in n.children { outermost(c, under: matched || isMatched, into: &out) }
        }
        var outerA = Set<String>(), outerB = Set<String>()
        for c in a.children { outermost(c, under: false, into: &outerA) }
        for c in b.children { outermost(c, under: false, into: &outerB) }
        let shared = a.allIDs.dropFirst().filter { outerA.contains($0) && outerB.contains($0) }
        if shared.isEmpty {
            problem(path + ".transition", "\(name) needs matched elements: no id is on both \"\(a.id ?? "?")\" and \"\(b.id ?? "?")\"; give \"match\": [[fromId, toId]]")
        }
        return shared.map { ($0, $0) }
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

/// Asset paths: relative to the preset's folder, never outside it (no absolute paths, no `..`
/// escape, no symlink escape), plain local files only.
public enum AssetPath {
    public static func resolve(_ relative: String, in base: String) -> Result<String, AssetPathError> {
        if relative.isEmpty { return .failure(AssetPathError("empty asset path")) }
        if relative.hasPrefix("/") || relative.hasPrefix("~") {
            return .failure(AssetPathError("asset \"\(relative)\" must be a path relative to the preset's folder"))
        }
        if relative.contains("://") || relative.contains(":") && relative.split(separator: ":").first.map({ !$0.contains("/") }) == true {
            return .failure(AssetPathError("asset \"\(relative)\" must be a local file path, not a URL or protocol"))
        }
        let baseURL = URL(fileURLWithPath: base).standardizedFileURL.resolvingSymlinksInPath()
        let full = baseURL.appendingPathComponent(relative).standardizedFileURL
        let real = full.resolvingSymlinksInPath()
        let root = baseURL.path.hasSuffix("/") ? baseURL.path : baseURL.path + "/"
        guard real.path.hasPrefix(root) else {
            return .failure(AssetPathError("asset \"\(relative)\" is outside the preset's folder"))
        }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real.path, isDirectory: &isDir) else {
            return .failure(AssetPathError("asset \"\(relative)\" not found (looked for \(real.path))"))
        }
        if isDir.boolValue { return .failure(AssetPathError("asset \"\(relative)\" is a folder, not an image file")) }
        // A FIFO would block the decoder's open() forever, a device never ends (issue 20.2).
        if let why = RegularFile.problem(real.path) { return .failure(AssetPathError("asset \"\(relative)\" \(why)")) }
        return .success(real.path)
    }
}

public struct AssetPathError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ d: String) { description = d }
}

