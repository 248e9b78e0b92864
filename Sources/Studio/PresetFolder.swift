import Foundation
import Vocabulary

/// The presets a studio serves: the `*.json` files of the folder it was given (recursively, within
/// FolderWalk's bounds, hidden files and folders skipped), or the one preset it was given. A request names a preset
/// by its ID — its path relative to the folder, as this listing wrote it — and gets the file
/// this listing found; no path from a request is ever opened. A file (or folder) that is a
/// symlink to somewhere outside the folder is left out, and checked again at each read.
struct PresetFolder: Sendable {
    /// The folder, resolved (symlinks and "..": its real path).
    let root: String
    /// The one preset given instead of a folder, if so (its name in `root`).
    let single: String?

    init(target: String) throws {
        var st = stat()
        guard let real = RawPaths.resolved(target), RawPaths.withCString(real, { stat($0, &st) }) == 0 else {
            throw StudioError("\(target): no such file or folder", usage: true)
        }
        if st.st_mode & S_IFMT == S_IFDIR {
            root = real; single = nil
        } else {
            guard target.hasSuffix(".json") else { throw StudioError("\(target): a preset is a .json file", usage: true) }
            root = (real as NSString).deletingLastPathComponent
            single = (real as NSString).lastPathComponent
        }
    }

    /// The presets now, sorted by ID, and why the listing was cut short (FolderWalk's bounds).
    func list() -> (ids: [String], cut: String?) {
        if let single { return (inside(single) ? [single] : [], nil) }
        let walk = FolderWalk(root: root)
        return (walk.presets.filter(inside).sorted(), walk.cut)
    }

    /// The file's path if `id` names a regular file of the folder (itself, or a symlink to one
    /// inside it), else nil.
    func inside(_ id: String) -> Bool { path(of: id) != nil }

    func path(of id: String) -> String? {
        guard let real = RawPaths.resolved(root + "/" + id), real.hasPrefix(root + "/") else { return nil }
        var st = stat()
        guard RawPaths.withCString(real, { stat($0, &st) }) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return real
    }
}
