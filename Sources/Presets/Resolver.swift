import Foundation
import Geometry
import Vocabulary
import Scene
import Transitions

/// Options given on the command line that override the preset (docs/CLI.md).
public struct Overrides: Sendable {
    public var fps: Int?
    public var scale: Double?
    /// An exact canvas in pixels (`--for app-store`: the accepted preview size). The scale comes
    /// from the height; the screen's width in points follows from the width (within a few
    /// points of the device's: the accepted sizes are the devices' shapes to a few per cent).
    public var pixelSize: (width: Int, height: Int)?
    public init(fps: Int? = nil, scale: Double? = nil) { self.fps = fps; self.scale = scale }
}

/// Preset → Storyboard, in four parts: the canvas, the screens (ScreenBuilder: node trees, images
/// from the injected loader, those that name images deferred to their first frame), the timeline
/// (TimelineResolution: the stack, step timing in StepTiming, parameters in ParameterCheck) and
/// the matched elements (MatchPairs, SourceElement).
public struct Resolver {
    public var file: String
    /// Where the preset's images come from; Presets reads no image file itself.
    public var images: any ImageLoading
    /// Lays mock texts out as drawn (the check's `FontLookup`); nil: the mocks estimate.
    public var measure: (any TextMeasuring)?

    public init(file: String, images: any ImageLoading, measure: (any TextMeasuring)? = nil) {
        self.file = file; self.images = images; self.measure = measure
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

        var scale = overrides.scale.map { $0 * (preset.scale ?? preset.device.scale) } ?? preset.scale ?? preset.device.scale
        var px = preset.device.pixelSize(scale: scale)
        if let exact = overrides.pixelSize, preset.overlays.frame != nil {
            // The framed canvas is the exact size: the device shrinks to fit it (DeviceFraming).
            scale = DeviceFraming.fittingScale(preset.overlays, device: preset.device,
                                               captionPoints: preset.overlays.caption ? Storyboard.captionBandPoints : 0, exact: exact)
            px = preset.device.pixelSize(scale: scale)
        } else if let exact = overrides.pixelSize {
            scale = Double(exact.height) / preset.device.points.height
            px = exact
        }
        // Without --scale the decoder has checked the canvas already.
        if overrides.scale != nil, px.width > Limits.maxCanvasSide || px.height > Limits.maxCanvasSide || px.width < 2 || px.height < 2 {
            problem("scale", "canvas must be 2 to \(Limits.maxCanvasSide) pixels a side (got \(px.width)×\(px.height))")
        }
        let canvas = Size(Double(px.width) / scale, Double(px.height) / scale)
        let builder = ScreenBuilder(file: file, canvas: canvas, pixelWidth: px.width, pixelHeight: px.height, scale: scale, images: images,
                                    box: PixelBox(width: 2 * max(px.width, 2), height: 2 * max(px.height, 2)))
        let built = screens(preset, builder, nativeScale: preset.scale ?? preset.device.scale, problem: problem,
                            report: { problems.append($0) })
        let steps = TimelineResolution(resolver: self, preset: preset, screens: built.screens, canvas: canvas).steps(problem: problem)
        let duration = steps.last?.end ?? 0
        if duration > Limits.maxStoryDuration {
            problem("timeline", "the story lasts \(JSONNode.format(duration)) s; at most \(JSONNode.format(Limits.maxStoryDuration)) s is allowed")
        }
        var audio: String?
        if let a = preset.audio {
            switch AssetPath.resolve(a, in: URL(fileURLWithPath: file).deletingLastPathComponent().path) {
            case .success(let path): audio = path
            case .failure(let why): problem("audio", why.description.replacingOccurrences(of: "image file", with: "sound file"))
            }
        }
        if !problems.isEmpty { throw PresetError(list: problems) }
        var storyboard = Storyboard(name: preset.name, device: preset.device, scale: scale, pixelWidth: px.width, pixelHeight: px.height,
                                    fps: overrides.fps ?? preset.fps, background: preset.background, output: preset.output,
                                    overlays: preset.overlays, screens: built.screens, start: preset.start, steps: steps,
                                    imageBytes: built.tally.keptBytes, largestImageFrameBytes: built.tally.largestFrameBytes)
        storyboard.direction = preset.layoutDirection
        storyboard.clock = StatusBarClock.of(locale: preset.locale)
        storyboard.deferred = built.deferred
        storyboard.audio = audio
        let sheets = Resolver.sheetScreens(preset)
        for (id, spec) in preset.screens where built.screens[id] != nil {
            var chrome = ScreenChrome.of(spec, extras: preset.extras[id])
            // A mock presented as a sheet follows the sheet's height as UIKit lays it out.
            if case .mock = spec, sheets.contains(id), let root = built.screens[id], let pinned = Mocks.bottomBarTop(of: root) {
                chrome.sheetLayout = SheetLayout(pinnedFrom: pinned, laidOutFor: Mocks.sheetRestTop(statusHeight: Resolver.statusHeight(preset)))
            }
            storyboard.screenChrome[id] = chrome
        }
        storyboard.elementOrigins = Resolver.origins(preset, elements: built.elements)
        storyboard.notes = built.notes
        storyboard.addCaptionBand()
        if let why = storyboard.addDeviceFrame(exact: preset.overlays.frame == nil ? nil : overrides.pixelSize) {
            problem("overlays.frame", why)
            throw PresetError(list: problems)
        }
        return storyboard
    }

    /// The screens the story shows, as node trees (outlines for those that name images, which are
    /// deferred); those it never shows are only checked (UnshownScreens).
    func screens(_ preset: Preset, _ builder: ScreenBuilder, nativeScale: Double, problem: (String, String) -> Void, report: (Problem) -> Void)
        -> (screens: [String: Node], deferred: [String: DeferredScreen], notes: [String], tally: ScreenBuilder.Tally, elements: [String: [ElementSpec]]) {
        let shown = Resolver.shownScreens(preset)
        let tally = ScreenBuilder.Tally()
        let backTitles = Resolver.backTitles(preset)
        let openedRows = Resolver.conversationRows(preset)
        var screens: [String: Node] = [:], deferred: [String: DeferredScreen] = [:]
        var notes: [String] = []
        var elementsByScreen: [String: [ElementSpec]] = [:]
        let sheets = Resolver.sheetScreens(preset)
        for (id, spec) in preset.screens {
            let path = JSONPath().key("screens").key(id).text
            guard shown.contains(id) else { checkUnshown(spec, path: path, problem: problem); continue }
            if case .mock = spec {
                screens[id] = mockScreen(id, spec, preset, canvas: builder.canvas, presentedAsSheet: sheets.contains(id),
                                         backTitle: backTitles[id], openedRow: openedRows[id], problem: problem)
                continue
            }
            let elements = screenshotElements(id, spec, preset.extras[id], builder: builder, nativeScale: nativeScale, report: report)
            elementsByScreen[id] = elements
            screens[id] = builder.build(id, spec, elements: elements, tally: tally, notes: { if !notes.contains($0) { notes.append($0) } },
                                        problem: problem)
            if ScreenBuilder.namesImages(spec) { deferred[id] = DeferredScreen(id: id, spec: spec, elements: elements, builder: builder) }
        }
        return (screens, deferred, notes, tally, elementsByScreen)
    }

    /// The screens the timeline presents with the `sheet` transition.
    static func sheetScreens(_ preset: Preset) -> Set<String> {
        Set(preset.timeline.compactMap { s -> String? in
            if case .present(let id) = s.kind, s.transition == "sheet" { return id } else { return nil }
        })
    }

    /// The device's top safe area a mock leaves to the status bar; nil without a status bar.
    static func statusHeight(_ preset: Preset) -> Double? {
        preset.device.chrome.statusBarHeight > 0 ? preset.device.safeTop : nil
    }

    static func specsByID(_ preset: Preset) -> [String: ScreenSpec] {
        Dictionary(preset.screens.map { ($0.id, $0.spec) }, uniquingKeysWith: { first, _ in first })
    }

    /// The screen each screen is first pushed from.
    static func pushedFrom(_ preset: Preset) -> [String: String] {
        var stack = ScreenStack(preset.start), out: [String: String] = [:]
        for step in preset.timeline {
            switch step.kind {
            case .push(let id):
                if out[id] == nil { out[id] = stack.top }
                stack.apply(.push, id)
            case .present(let id): stack.apply(.present, id)
            case .pop: stack.apply(.pop, stack.top)
            case .dismiss: stack.apply(.dismiss, stack.top)
            default: break
            }
        }
        return out
    }

    /// The title of the screen each screen is first pushed from, for its back button (UIKit titles
    /// the back button with the previous screen's title): the mock's `title`, else the title the
    /// mock shows by default (localized with the rest of the mock).
    static func backTitles(_ preset: Preset) -> [String: String] {
        let specs = specsByID(preset)
        return pushedFrom(preset).compactMapValues { from in
            guard case .mock(let kind, let title, _, _, _, _)? = specs[from] else { return nil }
            return title ?? Mocks.defaultTitle(kind: kind)
        }
    }

    /// A `message` mock without a `title` pushed from a `list` mock is the conversation of the list's
    /// first row (the row the story opens): titled with that row's person, ending with the message
    /// the row previews, at its time.
    static func conversationRows(_ preset: Preset) -> [String: ListRow] {
        let specs = specsByID(preset)
        var out: [String: ListRow] = [:]
        for (id, from) in pushedFrom(preset) {
            if case .mock("message", nil, _, _, _, _)? = specs[id], case .mock("list", _, _, _, let seed, _)? = specs[from] {
                out[id] = Mocks.firstListRow(seed: seed)
            }
        }
        return out
    }

    /// The screens the timeline pushes: the others (the start, those presented) are top-level
    /// destinations, where a Material small top app bar has no back arrow.
    static func pushedScreens(_ preset: Preset) -> Set<String> {
        Set(preset.timeline.compactMap { if case .push(let id) = $0.kind { return id } else { return nil } })
    }

    /// A mock screen (drawn from code, no files), or nil with a problem.
    func mockScreen(_ id: String, _ spec: ScreenSpec, _ preset: Preset, canvas: Size, presentedAsSheet: Bool,
                    backTitle: String? = nil, openedRow: ListRow? = nil, problem: (String, String) -> Void) -> Node? {
        guard case .mock(let kind, let given, let tint, let dark, let seed, let items) = spec else { return nil }
        let title = given ?? openedRow?.person
        let path = JSONPath().key("screens").key(id).text
        let photo = preset.extras[id]?.photo
        let style = preset.mockStyles[id] ?? (preset.device.platform == .android ? .material : .ios)
        if let n = photo, kind == "detail", case let shown = Mocks.detailPhoto(n, size: canvas, seed: seed, style: style), !shown.exists {
            let count = shown.count
            problem(path + ".photo", "the \(shown.source) mock with seed \(seed) has " + (count == 0 ? "no photos" : "photo0…photo\(count - 1)") + " on this device (got \(n))")
            return nil
        }
        let post = preset.extras[id]?.post
        if let n = post, kind == "detail", case let count = Mocks.feedPostCount(size: canvas, seed: seed, style: style), n >= count {
            problem(path + ".post", "the \(style == .material ? "Material " : "")feed mock with seed \(seed) has " + (count == 0 ? "no posts" : "posts 0…\(count - 1)") + " on this device (got \(n))")
            return nil
        }
        guard var root = Mocks.screen(kind: kind, size: canvas, title: title, tint: tint, dark: dark, seed: seed, items: items,
                                      presentedAsSheet: presentedAsSheet, photo: photo, post: post, style: style,
                                      statusHeight: Resolver.statusHeight(preset), gestureHeight: preset.device.safeBottom,
                                      backTitle: backTitle, locale: preset.locale, direction: preset.layoutDirection,
                                      topLevel: !Resolver.pushedScreens(preset).contains(id), tabs: preset.extras[id]?.tabs,
                                      row: openedRow, measure: measure) else {
            problem(path + ".mock", FieldReader.unknown("mock", kind, Mocks.kinds.map(\.name)))
            return nil
        }
        root.id = id
        return root
    }
}
