import Foundation

/// Bounds the renders running at once (each holds a canvas-sized bitmap) and the requests
/// waiting for one, and drops a page's superseded frame requests: a page numbers its requests
/// (`client`, `seq`), and a request whose page has asked for a newer frame since is answered
/// "superseded" instead of rendered, whether it was still waiting or about to start. Scrubbing
/// faster than frames render therefore renders the newest position next, never a backlog.
final class RenderGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var running = 0
    private var waiting = 0
    private var newest: [String: Int] = [:]
    let slots: Int
    let maxWaiting: Int

    init(slots: Int, maxWaiting: Int = 128) { self.slots = max(1, slots); self.maxWaiting = maxWaiting }

    enum Admission { case run, superseded, busy }

    /// Records a page's request; false when the page has already asked for a newer frame (the
    /// request is then answered 204, even when its frame is cached).
    func note(client: String?, seq: Int?) -> Bool {
        condition.lock(); defer { condition.unlock() }
        return noteLocked(client, seq)
    }

    private func noteLocked(_ client: String?, _ seq: Int?) -> Bool {
        guard let client, let seq else { return true }
        if let n = newest[client], n > seq { return false }
        newest[client] = seq
        condition.broadcast()   // older requests of this page, waiting, leave now
        if newest.count > 1024 { newest = [client: seq] }   // pages come and go: bounded
        return true
    }

    /// Waits for a slot. `.run`: the caller renders, then calls `done()`.
    func enter(client: String?, seq: Int?) -> Admission {
        condition.lock(); defer { condition.unlock() }
        guard noteLocked(client, seq) else { return .superseded }
        guard waiting < maxWaiting else { return .busy }
        waiting += 1
        while running >= slots && !isSuperseded(client, seq) { condition.wait() }
        waiting -= 1
        if isSuperseded(client, seq) { return .superseded }
        running += 1
        return .run
    }

    func done() {
        condition.lock(); running -= 1; condition.broadcast(); condition.unlock()
    }

    /// Called with the lock held.
    private func isSuperseded(_ client: String?, _ seq: Int?) -> Bool {
        guard let client, let seq, let n = newest[client] else { return false }
        return n > seq
    }
}
