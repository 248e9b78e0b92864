import CMicroHTTPD
import Foundation
import Media
import Presets

/// `segue studio [PRESET|DIR]`: a page on the loopback interface that shows a folder's presets
/// frame by frame and reloads on every save. Serves until SIGINT/SIGTERM, then stops the server
/// (every connection closed, the event streams ended) and returns: nothing is written to disk,
/// so nothing is left behind.
public enum Studio {
    /// `target`: the folder or preset as the user gave it; `port`: 0 for a free one;
    /// `extraProblems`: the problems only the caller sees (the CLI's output choice), as
    /// `segue validate` reports them. `ready` gets the page's address once it is served.
    public static func run(target: String, port: UInt16, extraProblems: @escaping @Sendable (Storyboard, String) -> [Problem],
                           ready: (String) -> Void) throws {
        returnLargeBlocksToTheSystem()
        let folder = try PresetFolder(target: target)
        let feed = ChangeFeed()
        let store = PresetStore(folder: folder, shownRoot: target, extraProblems: extraProblems)
        let routes = StudioRoutes(store: store, feed: feed, gate: RenderGate(slots: ProcessInfo.processInfo.activeProcessorCount))
        let watcher = try FolderWatcher(root: folder.root) { feed.bump() }
        let server = HTTPServer { routes.handle($0) }
        let stop = DispatchSemaphore(value: 0)
        try Interruption.install([SIGINT, SIGTERM]) { _ in stop.signal() }
        try server.start(port: port)
        routes.port = server.port
        watcher.start()
        ready("http://127.0.0.1:\(server.port)/")
        stop.wait()
        feed.close()
        watcher.stop()
        server.stop()
    }

    /// A studio lives for hours and allocates canvas-sized blocks (≈ 12 MB) all the time: frames,
    /// screen snapshots of every preset it opens. glibc's default raises its mmap threshold after
    /// such a block is freed, so later ones come from the heaps, where freed space is kept and
    /// fragments. A fixed threshold maps every block ≥ 1 MiB on its own and unmaps it when freed
    /// (mallopt(3)). Ten minutes of scrubbing presets/ (scripts/bench studio-soak) grew memory by
    /// 386 MB with the default and six presets kept, by 22 MB with this and four kept.
    static func returnLargeBlocksToTheSystem() {
        _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
    }
}
