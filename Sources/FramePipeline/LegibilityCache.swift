import Synchronization

/// The legibility rule's measurements for one render, remembered (issue 28): a transition frame's
/// status-bar ink averages the measurement at five times, four of which the next frame measures
/// again, and Android's gesture handle follows the last 1.7 s of measurements. Each measurement is
/// a pure function of its key (the story time's exact bits, or a still's screen), so a remembered
/// one is the one that would be measured again: results are identical with or without the cache.
/// Bounded: the oldest entries are forgotten first, so memory stays small for any story length.
final class LegibilityCache: Sendable {
    /// What was measured, and where: a still's screen shows the same pixels at every time.
    enum Key: Hashable, Sendable {
        case statusAt(UInt64), statusStill(String), homeAt(UInt64), homeStill(String)
    }

    /// Enough for Android's 1.7 s window at 120 frames a second in 2× slow motion, with room.
    static let capacity = 1024

    private struct Table {
        var values: [Key: [Double]] = [:]
        /// Keys in the order they came in; `next` is where the oldest one is.
        var order: [Key] = []
        var next = 0
    }
    private let table = Mutex(Table())

    /// The value for `key`, measured by `measure` the first time. Measured outside the lock, so
    /// parallel frames measure in parallel; two frames asking at once may both measure the same
    /// key, and get the same value.
    func value(_ key: Key, _ measure: () -> [Double]) -> [Double] {
        if let known = table.withLock({ $0.values[key] }) { return known }
        let value = measure()
        table.withLock { t in
            guard t.values[key] == nil else { return }
            if t.order.count < LegibilityCache.capacity {
                t.order.append(key)
            } else {
                t.values[t.order[t.next]] = nil
                t.order[t.next] = key
                t.next = (t.next + 1) % LegibilityCache.capacity
            }
            t.values[key] = value
        }
        return value
    }

    /// How many values are remembered now (for tests of the bound).
    var count: Int { table.withLock { $0.values.count } }
}
