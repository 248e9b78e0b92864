import Foundation
import Media
import Raster

/// Stops a render: set from a signal handler's queue or a test, polled by workers between frames.
/// A token made `observingSignals` is the process's one interruption source: it reports a
/// SIGINT/SIGTERM from the instant the signal is recorded (Interruption), before the signal
/// thread gets to `cancel`, so nothing needs to ask both.
public final class CancellationToken: @unchecked Sendable {
    private let lock = NSLock()
    private var _reason: Int32 = 0
    private let observesSignals: Bool
    public init(observingSignals: Bool = false) { observesSignals = observingSignals }
    /// The signal number (or any non-zero code) that cancelled the render; 0 while running.
    public var reason: Int32 {
        lock.lock(); defer { lock.unlock() }
        return _reason == 0 && observesSignals ? Interruption.received : _reason
    }
    public var isCancelled: Bool { reason != 0 }
    public func cancel(reason: Int32 = 1) {
        lock.lock()
        let run = _reason == 0 ? handlers : []
        if _reason == 0 { _reason = reason; handlers = [] }
        lock.unlock()
        for h in run { h(reason) }
    }

    private var handlers: [@Sendable (Int32) -> Void] = []

    /// Runs `handler(reason)` once, on the cancelling thread, when the token is cancelled (at
    /// once if it already is): an event to wait on instead of polling `isCancelled`.
    public func onCancel(_ handler: @escaping @Sendable (Int32) -> Void) {
        lock.lock()
        let reason = _reason
        if reason == 0 { handlers.append(handler) }
        lock.unlock()
        if reason != 0 { handler(reason) }
    }
}

public struct CancelledError: Error, CustomStringConvertible {
    public var reason: Int32
    public init(reason: Int32) { self.reason = reason }
    public var description: String { "cancelled" }
}

/// The parallel heart of Export (docs/ARCHITECTURE.md): `jobs` Dispatch workers, each with its own pooled
/// bitmap and converter, claim frames in order, whichever is free next (frames differ in cost —
/// a held still is a cache hit, a touch overlay adds work — and a fixed round-robin deal left one
/// worker waiting on the other); at most `window` frames are in flight (a frame may start only
/// when it is within `window` of the next frame to encode, which bounds memory and cannot
/// deadlock: frames are claimed in order, so the one the encoder waits for is always claimed); a
/// reorder buffer hands finished frames to the single encoder in order, on the calling thread.
public final class FrameScheduler<Item>: @unchecked Sendable {
    public let frameCount: Int
    public let jobs: Int
    public let window: Int
    private let condition = NSCondition()
    /// Frames converted and waiting for the encoder, by index (the reorder buffer).
    private var ready: [Int: Item] = [:]
    /// Every frame below this index has been handed to the encoder.
    private var nextToEncode = 0
    /// The next frame a worker may take (frames are claimed in order, whichever worker is free).
    private var nextToClaim = 0
    private var failure: Error?

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
        let group = DispatchGroup()
        let queue = DispatchQueue(label: "segue.render", qos: .userInitiated, attributes: .concurrent)
        for worker in 0..<jobs {
            queue.async(group: group) { [self] in
                while true {
                    // Claim the next frame once it is inside the window (or stop).
                    condition.lock()
                    while nextToClaim < frameCount && nextToClaim >= nextToEncode + window && failure == nil && !cancel.isCancelled {
                        condition.wait()
                    }
                    let stop = failure != nil || cancel.isCancelled || nextToClaim >= frameCount
                    let i = nextToClaim
                    if !stop { nextToClaim += 1 }
                    condition.unlock()
                    if stop { return }
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
        defer {
            // On any exit, make workers stop and wait for them: no thread outlives the run.
            condition.lock()
            if failure == nil && nextToEncode < frameCount { failure = CancelledError(reason: 0) }
            condition.broadcast()
            condition.unlock()
            group.wait()
            condition.lock(); ready.removeAll(); condition.unlock()
        }
        try prepare()
        for i in 0..<frameCount {
            condition.lock()
            while ready[i] == nil && failure == nil && !cancel.isCancelled {
                _ = condition.wait(until: Date(timeIntervalSinceNow: 0.1))
            }
            if let error = failure { condition.unlock(); throw error }
            if cancel.isCancelled { condition.unlock(); throw CancelledError(reason: cancel.reason) }
            var frame = ready.removeValue(forKey: i)
            condition.unlock()
            try consume(i, frame!)
            // Let go before the window moves on: a worker starting frame i + window then finds its
            // pooled buffer free (window frames at most, not one more).
            frame = nil
            condition.lock()
            nextToEncode = i + 1
            condition.broadcast()
            condition.unlock()
        }
    }

    private func fail(_ error: Error) {
        condition.lock()
        if failure == nil { failure = error }
        condition.broadcast()
        condition.unlock()
    }
}
