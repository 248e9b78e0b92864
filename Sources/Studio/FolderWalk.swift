import Foundation
import Vocabulary

/// The studio's bounded walk of its folder, shared by the listing and the watcher: a folder
/// given by mistake (`segue studio /`, a home folder) is not walked whole. It stays on the
/// folder's file system (so /proc, /sys and other mounts are not entered), skips hidden names,
/// symlinked folders and folders that hold dependencies rather than presets, and stops at a depth,
/// a number of folders and a number of presets, saying which limit cut it.
struct FolderWalk {
    /// Folders below the root, relative to it ("" is the root itself), in walk order.
    var folders: [String] = []
    /// `*.json` files (regular, or symlinks; the listing checks where they lead), relative.
    var presets: [String] = []
    /// Why the walk stopped early, for the page; nil when it saw everything.
    var cut: String?

    static let maxDepth = 8
    static let maxFolders = 2_000
    static let maxPresets = 1_000
    /// Folders that hold installed dependencies or build output, never a user's presets.
    static let skipped: Set<String> = ["node_modules", "Pods", "DerivedData", "__pycache__"]

    init(root: String) {
        var rootStat = stat()
        guard RawPaths.withCString(root, { lstat($0, &rootStat) }) == 0 else { return }
        var queue: [(rel: String, depth: Int)] = [("", 0)]   // breadth first: the shallow presets first
        while !queue.isEmpty {
            let (rel, depth) = queue.removeFirst()
            guard folders.count < Self.maxFolders else { cut = "more than \(Self.maxFolders) folders"; return }
            folders.append(rel)
            let dir = rel.isEmpty ? root : root + "/" + rel
            // readdir's own bytes (RawPaths): a name that is not UTF-8 is listed in its escaped form.
            for path in (RawPaths.entries(dir) ?? []).sorted() {
                let name = (path as NSString).lastPathComponent
                guard !name.hasPrefix(".") else { continue }
                let child = rel.isEmpty ? name : rel + "/" + name
                var st = stat()
                guard RawPaths.withCString(path, { lstat($0, &st) }) == 0 else { continue }
                switch st.st_mode & S_IFMT {
                case S_IFDIR:
                    guard st.st_dev == rootStat.st_dev, !Self.skipped.contains(name) else { continue }
                    guard depth + 1 <= Self.maxDepth else { cut = cut ?? "folders deeper than \(Self.maxDepth) levels"; continue }
                    queue.append((child, depth + 1))
                case S_IFREG, S_IFLNK:
                    guard name.hasSuffix(".json") else { continue }
                    guard presets.count < Self.maxPresets else { cut = "more than \(Self.maxPresets) presets"; return }
                    presets.append(child)
                default: continue
                }
            }
        }
    }
}
