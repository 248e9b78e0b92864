import Foundation

/// What a child process writes to one pipe, collected on a thread of its own (so a chatty child
/// never blocks on a full pipe) and observable while it arrives: a test waits for the line it
/// needs, or for the end of the stream, instead of sleeping.
public final class Output: @unchecked Sendable {   // @unchecked: every field is guarded by `condition`
    private let condition = NSCondition()
    private var bytes = Data()
    private var ended = false

    public init() {}

    /// Reads `handle` to its end on a new thread.
    public static func collecting(_ handle: FileHandle) -> Output {
        let out = Output()
        Thread {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                out.append(chunk)
            }
            out.end()
        }.start()
        return out
    }

    func append(_ chunk: Data) {
        condition.lock(); bytes.append(chunk); condition.broadcast(); condition.unlock()
    }

    func end() {
        condition.lock(); ended = true; condition.broadcast(); condition.unlock()
    }

    /// Everything read so far.
    public var data: Data { condition.lock(); defer { condition.unlock() }; return bytes }
    public var text: String { String(decoding: data, as: UTF8.self) }

    /// Waits until the text read so far satisfies `test` (true) or the stream ends without it,
    /// or `timeout` seconds pass (false). The timeout only bounds a failure.
    @discardableResult
    public func wait(timeout: Double, until test: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock(); defer { condition.unlock() }
        while true {
            if test(String(decoding: bytes, as: UTF8.self)) { return true }
            if ended || !condition.wait(until: deadline) { return false }
        }
    }

    /// Waits for the end of the stream (the child closed it, normally by exiting); returns the text.
    @discardableResult
    public func waitForEnd() -> String {
        condition.lock()
        while !ended { condition.wait() }
        condition.unlock()
        return text
    }
}
