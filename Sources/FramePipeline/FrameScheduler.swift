import Foundation
import Media
import Raster
import Synchronization

/// Stops a render: set from a signal handler's queue or a test, polled by workers between frames.
/// A token made `observingSignals` is the process's one interruption source: it reports a
/// SIGINT/SIGTERM from the instant the signal is recorded (Interruption), before the signal
/// thread gets to `cancel`, so nothing needs to ask both.
public final class CancellationToken: Sendable {
    private struct State {
        var reason: Int32 = 0
        var handlers: [@Sendable (Int32) -> Void] = []
    }
    private let state = Mutex(State())
    private let observesSignals: Bool
    public init(observingSignals: Bool = false) { observesSignals = observingSignals }
    /// The signal number (or any non-zero code) that cancelled the render; 0 while running.
    public var reason: Int32 {
        let own = state.withLock { $0.reason }
        return own == 0 && observesSignals ? Interruption.received : own
    }
    public var isCancelled: Bool { reason != 0 }
    public func cancel(reason: Int32 = 1) {
        let run = state.withLock { s -> [@Sendable (Int32) -> Void] in
            guard s.reason == 0 else { return [] }
            s.reason = reason
            defer { s.handlers = [] }
            return s.handlers
        }
        for h in run { h(reason) }
    }

    /// Runs `handler(reason)` once, on the cancelling thread, when the token is cancelled (at
    /// once if it already is): an event to wait on instead of polling `isCancelled`.
    public func onCancel(_ handler: @escaping @Sendable (Int32) -> Void) {
        let reason = state.withLock { s -> Int32 in
            if s.reason == 0 { s.handlers.append(handler) }
            return s.reason
        }
        if reason != 0 { handler(reason) }
    }
}

public struct CancelledError: Error, CustomStringConvertible {
    public var reason: Int32
    public init(reason: Int32) { self.reason = reason }
    public var description: String { "cancelled" }
}

/// The one parallel driver of the frame pipeline (docs/ARCHITECTURE.md): `render`, `frames`,
/// `sheet` and `compare` all run on it. `jobs` Dispatch workers, each with its own buffers,
/// claim frames in order, whichever is free next (frames differ in cost — a held still is a
/// cache hit, a touch overlay adds work — and a fixed round-robin deal left one worker waiting
/// on the other); at most `window` frames are in flight (a frame may start only when it is
/// within `window` of the next frame to consume, which bounds memory and cannot deadlock: frames
/// are claimed in order, so the one the consumer waits for is always claimed); a reorder buffer
/// hands finished frames to the single consumer in order, on its own thread — pushed (`run`) or
/// pulled (`start`, then `next()` until nil, then `stop()`).
public final class FrameScheduler<Item>: @unchecked Sendable {   // every var is guarded by `condition` (NSCondition: threads wait on it)
    public let frameCount: Int
    public let jobs: Int
    public let window: Int
    private let condition = NSCondition()
    private let group = DispatchGroup()
    /// Frames converted and waiting for the consumer, by index (the reorder buffer).
    private var ready: [Int: Item] = [:]
    /// Every frame below this index has been consumed (the window starts here).
    private var nextToEncode = 0
    /// Frames handed to the consumer so far (asking for the next one ends the previous one's use).
    private var handedOut = 0
    /// The next frame a worker may take (frames are claimed in order, whichever worker is free).
    private var nextToClaim = 0
    private var failure: Error?
    private var cancel = CancellationToken()

    public init(frameCount: Int, jobs: Int, window: Int) {
        self.frameCount = frameCount
        self.jobs = max(1, min(jobs, frameCount))
        self.window = max(window, self.jobs)
    }

    /// Runs the whole render. `produce(worker, frame)` renders and converts one frame on a worker
    /// thread; `prepare` runs once on the calling thread while the workers draw the first frames
    /// (RenderJob opens the encoder there); `consume` writes one frame on the calling thread, in order.
    public func run(cancel: CancellationToken,
             produce: @escaping @Sendable (_ worker: Int, _ frame: Int) throws -> Item,
             prepare: () throws -> Void = {},
             consume: (Int, Item) throws -> Void) throws {
        start(cancel: cancel, produce: produce)
        // On any exit, make workers stop and wait for them: no thread outlives the run.
        defer { stop() }
        try prepare()
        for i in 0..<frameCount {
            // `next()` for frame i + 1 lets the window move on only after frame i is let go here,
            // so a worker starting frame i + window finds its pooled buffer free.
            try consume(i, try next()!)
        }
    }

    /// Starts the workers (once); frames then come out of `next()` in order.
    public func start(cancel: CancellationToken, produce: @escaping @Sendable (_ worker: Int, _ frame: Int) throws -> Item) {
        self.cancel = cancel
        let queue = DispatchQueue(label: "segue.render", qos: .userInitiated, attributes: .concurrent)
        for worker in 0..<jobs {
            queue.async(group: group) { [self] in
                while let i = claim() {
                    do {
                        let frame = try produce(worker, i)
                        condition.lock()
                        ready[i] = frame
                        condition.broadcast()
                        condition.unlock()
                    } catch {
                        fail(error)
                        return
                    }
                }
            }
        }
    }

    /// The next frame once it is inside the window; nil when the workers must stop.
    private func claim() -> Int? {
        condition.lock(); defer { condition.unlock() }
        while nextToClaim < frameCount && nextToClaim >= nextToEncode + window && failure == nil && !cancel.isCancelled {
            condition.wait()
        }
        guard failure == nil, !cancel.isCancelled, nextToClaim < frameCount else { return nil }
        nextToClaim += 1
        return nextToClaim - 1
    }

    /// The next frame in order (nil after the last), waiting for a worker to finish it; the
    /// first worker's error, or CancelledError, is thrown. Calling it says the consumer is done
    /// with the frame it had before.
    public func next() throws -> Item? {
        condition.lock(); defer { condition.unlock() }
        nextToEncode = handedOut
        condition.broadcast()
        guard handedOut < frameCount else { return nil }
        while ready[handedOut] == nil && failure == nil && !cancel.isCancelled {
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.1))
        }
        if let error = failure { throw error }
        if cancel.isCancelled { throw CancelledError(reason: cancel.reason) }
        handedOut += 1
        return ready.removeValue(forKey: handedOut - 1)
    }

    /// Stops the workers (a consumer that leaves early) and waits for them; frames not yet
    /// handed out are let go. Safe to call more than once.
    public func stop() {
        condition.lock()
        if failure == nil && handedOut < frameCount { failure = CancelledError(reason: 0) }
        condition.broadcast()
        condition.unlock()
        group.wait()
        condition.lock(); ready.removeAll(); condition.unlock()
    }

    private func fail(_ error: Error) {
        condition.lock()
        if failure == nil { failure = error }
        condition.broadcast()
        condition.unlock()
    }
}
