import Foundation
import FramePipeline
import Presets
import Raster

/// Loaded presets, by (ID, matrix combination, preview), each valid for one version of the folder
/// (a change anywhere in it reloads on the next request). A few are kept: a page switching
/// between presets does not reload each time, and memory stays bounded.
final class PresetStore: @unchecked Sendable {
    struct Key: Hashable { var id: String; var combination: Int; var preview: Bool }

    /// A preset as the page sees it: its problems (what `validate` prints) and, when it resolves,
    /// the storyboard and its frame composer.
    struct Loaded {
        var version: Int
        var problems: [String]
        var composer: FrameComposer?
    }

    let folder: PresetFolder
    /// How the preset folder is named in problems: as the user gave it.
    let shownRoot: String
    let extraProblems: @Sendable (Storyboard, String) -> [Problem]
    private let lock = NSLock()
    private var entries: [Key: Loaded] = [:]
    private var order: [Key] = []
    private var listing: (version: Int, ids: [String], cut: String?)?
    /// Two presets, each at full size and at the preview scale: the page shows one at a time
    /// (each holds its screens' snapshots, ≈ 12 MB apiece at full size).
    static let kept = 4
    /// The preview's pixel scale: one pixel per point (a ninth of the pixels of a 3x canvas),
    /// for playback at real speed.
    static let previewPixelsPerPoint = 1.0

    init(folder: PresetFolder, shownRoot: String, extraProblems: @escaping @Sendable (Storyboard, String) -> [Problem]) {
        self.folder = folder
        self.shownRoot = shownRoot
        self.extraProblems = extraProblems
    }

    /// The folder's presets at `version` (listed once per version).
    func ids(version: Int) -> [String] { list(version: version).ids }

    /// The listing at `version`, and why it was cut short (nil: it is whole).
    func list(version: Int) -> (ids: [String], cut: String?) {
        lock.withLock {
            if let l = listing, l.version == version { return (l.ids, l.cut) }
            let (ids, cut) = folder.list()
            listing = (version, ids, cut)
            return (ids, cut)
        }
    }

    /// The name problems give the file: the folder as given + the ID (or the preset as given).
    func shownPath(_ id: String) -> String {
        if folder.single != nil { return shownRoot }
        return shownRoot.hasSuffix("/") ? shownRoot + id : shownRoot + "/" + id
    }

    /// The parsed source of a listed preset (nil: not listed now, or no longer inside the folder).
    func source(_ id: String, version: Int) -> Result<PresetSource, PresetError>? {
        guard ids(version: version).contains(id), let path = folder.path(of: id) else { return nil }
        do { return .success(try PresetLoader.source(path: path)) } catch { return .failure(renamed(error, path, shownPath(id))) }
    }

    func load(_ key: Key, version: Int) -> Loaded? {
        if let hit = lock.withLock({ entries[key] }), hit.version == version { return hit }
        guard ids(version: version).contains(key.id), let path = folder.path(of: key.id) else { return nil }
        let loaded = resolve(key, path: path, version: version)
        lock.withLock {
            if entries.updateValue(loaded, forKey: key) == nil { order.append(key) }
            while order.count > Self.kept { entries[order.removeFirst()] = nil }
        }
        return loaded
    }

    /// The problems `validate` reports and, when there are none, the storyboard. A plain preset
    /// is checked once (what `PresetLoader.validate` does for it, the storyboard kept); a matrix
    /// is validated whole, as `validate` does, then its combination checked.
    private func resolve(_ key: Key, path: String, version: Int) -> Loaded {
        let shown = shownPath(key.id)
        let extra = extraProblems
        func named(_ ps: [Problem]) -> [String] { ps.map { renamed($0, path, shown).description } }
        func failed(_ lines: [String], _ e: PresetError) -> Loaded {
            Loaded(version: version, problems: lines + named(e.problems + e.warnings), composer: nil)
        }
        let source: PresetSource
        do { source = try PresetLoader.source(path: path) } catch { return failed([], error) }
        var lines: [String] = []
        if source.matrix != nil {
            let (problems, warnings) = PresetLoader.validate(path: path, images: PresetImages.folder, fonts: InstalledFonts()) { extra($0, shown) }
            lines = named(problems + warnings)
            guard problems.isEmpty else { return Loaded(version: version, problems: lines, composer: nil) }
        }
        let clips = Array(source.clips)
        guard key.combination >= 0 && key.combination < clips.count else {
            return Loaded(version: version, problems: lines + ["\(shown): no combination \(key.combination)"], composer: nil)
        }
        do {
            let checked = try PresetLoader.check(source, clips[key.combination], images: PresetImages.folder, fonts: InstalledFonts())
            var storyboard = checked.storyboard
            if source.matrix == nil {
                let problems = extra(storyboard, shown)
                lines = named(problems + checked.warnings)
                guard problems.isEmpty else { return Loaded(version: version, problems: lines, composer: nil) }
            }
            if key.preview && storyboard.scale > Self.previewPixelsPerPoint {
                let overrides = Overrides(scale: Self.previewPixelsPerPoint / storyboard.scale)
                storyboard = try PresetLoader.check(source, clips[key.combination], overrides: overrides, images: PresetImages.folder, fonts: InstalledFonts()).storyboard
            }
            return Loaded(version: version, problems: lines, composer: FrameComposer(storyboard: storyboard))
        } catch { return failed(lines, error) }
    }

    private func renamed(_ p: Problem, _ from: String, _ to: String) -> Problem {
        var p = p
        if p.file == from { p.file = to }
        return p
    }

    func renamed(_ e: PresetError, _ from: String, _ to: String) -> PresetError {
        var e = e
        e.problems = e.problems.map { renamed($0, from, to) }
        e.warnings = e.warnings.map { renamed($0, from, to) }
        return e
    }
}
