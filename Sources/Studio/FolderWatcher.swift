import CMicroHTTPD
import Foundation
import Vocabulary

/// inotify on the studio's folder and the folders below it that the listing walks: a save —
/// written in place, or written beside and renamed over, as editors do — a new or removed file,
/// calls `changed` once per burst of events. Folders created later are watched as they appear.
final class FolderWatcher: @unchecked Sendable {
    private let fd: Int32
    private var wake: [Int32] = [-1, -1]
    private var directories: [Int32: String] = [:]
    private let changed: @Sendable () -> Void
    private var thread: Thread?

    static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB | IN_DELETE_SELF)

    init(root: String, changed: @escaping @Sendable () -> Void) throws {
        fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { throw StudioError("inotify_init1: \(String(cString: strerror(errno)))") }
        guard pipe(&wake) == 0 else { close(fd); throw StudioError("pipe: \(String(cString: strerror(errno)))") }
        self.changed = changed
        watchTree(root)
    }

    /// Watches `dir` and the folders below it that the listing walks (FolderWalk's bounds; in
    /// all, at most FolderWalk.maxFolders watches).
    private func watchTree(_ dir: String) {
        for rel in FolderWalk(root: dir).folders where directories.count < FolderWalk.maxFolders {
            let path = rel.isEmpty ? dir : dir + "/" + rel
            let w = RawPaths.withCString(path) { inotify_add_watch(fd, $0, Self.mask | UInt32(IN_ONLYDIR | IN_DONT_FOLLOW)) }
            if w >= 0 { directories[w] = path }
        }
    }

    func start() {
        let t = Thread { [self] in run() }
        t.name = "segue-studio-watch"
        thread = t
        t.start()
    }

    /// Ends the thread (it is waiting in poll on the wake pipe too).
    func stop() {
        var b: UInt8 = 1
        _ = write(wake[1], &b, 1)
    }

    private func run() {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)]
        while true {
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { return }
            if fds[1].revents != 0 { close(fd); close(wake[0]); close(wake[1]); return }
            guard fds[0].revents != 0 else { continue }
            var relevant = drain()
            // An editor's save is several events within a few milliseconds (write, rename,
            // attributes): gather the burst so the page reloads once.
            var one = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            while poll(&one, 1, 15) > 0 { relevant = drain() || relevant }
            if relevant { changed() }
        }
    }

    /// Reads the pending events; true if any concerns a file that is not hidden.
    private func drain() -> Bool {
        var relevant = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return relevant }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                buffer.withUnsafeBytes { raw in
                    let e = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let nameBytes = raw[nameStart..<min(n, nameStart + Int(e.len))].prefix { $0 != 0 }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    if name.hasPrefix(".") || name.hasSuffix("~") { offset = nameStart + Int(e.len); return }
                    relevant = true
                    if e.mask & UInt32(IN_ISDIR) != 0 && e.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, let parent = directories[e.wd] {
                        watchTree(RawPaths.child(parent, Array(nameBytes)))
                    }
                    offset = nameStart + Int(e.len)
                }
            }
        }
    }
}
