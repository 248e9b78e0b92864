import Export
import Foundation
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
    private var listing: (version: Int, ids: [String])?
    static let kept = 6
    /// The preview's pixel scale: one pixel per point (a ninth of the pixels of a 3x canvas),
    /// for playback at real speed.
    static let previewPixelsPerPoint = 1.0

    init(folder: PresetFolder, shownRoot: String, extraProblems: @escaping @Sendable (Storyboard, String) -> [Problem]) {
        self.folder = folder
        self.shownRoot = shownRoot
        self.extraProblems = extraProblems
    }

    /// The folder's presets at `version` (listed once per version).
    func ids(version: Int) -> [String] {
        lock.withLock {
            if let l = listing, l.version == version { return l.ids }
            let ids = folder.list()
            listing = (version, ids)
            return ids
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

    private func resolve(_ key: Key, path: String, version: Int) -> Loaded {
        let shown = shownPath(key.id)
        let extra = extraProblems
        let (problems, warnings) = PresetLoader.validate(path: path, images: PresetImages.folder, fonts: InstalledFonts()) { extra($0, shown) }
        let lines = (problems + warnings).map { renamed($0, path, shown).description }
        guard problems.isEmpty else { return Loaded(version: version, problems: lines, composer: nil) }
        do {
            let source = try PresetLoader.source(path: path)
            let clips = Array(source.clips)
            guard key.combination >= 0 && key.combination < clips.count else {
                return Loaded(version: version, problems: lines + ["\(shown): no combination \(key.combination)"], composer: nil)
            }
            var storyboard = try PresetLoader.check(source, clips[key.combination], images: PresetImages.folder, fonts: InstalledFonts()).storyboard
            if key.preview && storyboard.scale > Self.previewPixelsPerPoint {
                let overrides = Overrides(scale: Self.previewPixelsPerPoint / storyboard.scale)
                storyboard = try PresetLoader.check(source, clips[key.combination], overrides: overrides, images: PresetImages.folder, fonts: InstalledFonts()).storyboard
            }
            return Loaded(version: version, problems: lines, composer: FrameComposer(storyboard: storyboard))
        } catch {
            return Loaded(version: version, problems: lines + renamed(error, path, shown).problems.map(\.description), composer: nil)
        }
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
