import Foundation

/// The folder's change count, and the pages listening for it (server-sent events). The watcher
/// bumps the version; each page's stream wakes and sends `event: change`. `close()` ends every
/// stream (Ctrl-C), so libmicrohttpd's connection threads can be joined.
final class ChangeFeed: @unchecked Sendable {
    private let condition = NSCondition()
    private var version = 0
    private var closed = false
    /// A comment line sent on a quiet stream now and then, so a dead connection is noticed.
    static let keepAlive: TimeInterval = 15

    var current: Int { condition.lock(); defer { condition.unlock() }; return version }

    func bump() {
        condition.lock(); version += 1; condition.broadcast(); condition.unlock()
    }

    func close() {
        condition.lock(); closed = true; condition.broadcast(); condition.unlock()
    }

    func subscribe() -> Subscriber { Subscriber(feed: self, seen: current) }

    /// Blocks until the version passes `seen`, the feed closes (nil) or `keepAlive` passes.
    fileprivate func wait(after seen: Int, cancelled: () -> Bool) -> Int?? {
        condition.lock(); defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(Self.keepAlive)
        while version == seen && !closed && !cancelled() {
            if !condition.wait(until: deadline) { return .some(nil) }
        }
        return closed || cancelled() ? nil : .some(version)
    }

    /// One page's stream: first a hello with the current version, then a change event for
    /// every version it has not seen (a burst of saves is one event if the page is behind).
    final class Subscriber: @unchecked Sendable {
        private let feed: ChangeFeed
        private var seen: Int
        private var pending = Data()
        private var greeted = false
        private let lock = NSLock()
        private var isCancelled = false

        fileprivate init(feed: ChangeFeed, seen: Int) { self.feed = feed; self.seen = seen }

        func cancel() { lock.lock(); isCancelled = true; lock.unlock(); feed.condition.lock(); feed.condition.broadcast(); feed.condition.unlock() }
        private var cancelled: Bool { lock.lock(); defer { lock.unlock() }; return isCancelled }

        /// The next bytes of the stream, at most `max`; nil: the stream ends.
        func next(max: Int) -> Data? {
            if pending.isEmpty {
                if !greeted {
                    greeted = true
                    pending = Data("retry: 500\nevent: hello\ndata: {\"version\":\(seen)}\n\n".utf8)
                } else {
                    guard let got = feed.wait(after: seen, cancelled: { cancelled }) else { return nil }
                    if let v = got {
                        seen = v
                        pending = Data("event: change\ndata: {\"version\":\(v)}\n\n".utf8)
                    } else {
                        pending = Data(": keep-alive\n\n".utf8)
                    }
                }
            }
            let n = min(max, pending.count)
            let out = pending.prefix(n)
            pending = Data(pending.dropFirst(n))
            return Data(out)
        }
    }
}
