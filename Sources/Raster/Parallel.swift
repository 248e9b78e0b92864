import Dispatch

/// `(0..<count).map(body)` with the calls spread over `workers` Dispatch threads (each takes every
/// `workers`-th index; default: one per index, as concurrentPerform schedules them); the results
/// come back in index order. Each slot is written by exactly one call and read only after every
/// call has returned, so no lock is needed.
public func parallelMap<T>(count: Int, workers: Int? = nil, _ body: (Int) -> T) -> [T] {
    guard count > 0 else { return [] }
    let slots = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
    slots.initialize(repeating: nil)
    defer { slots.deinitialize().deallocate() }
    let n = max(1, min(workers ?? count, count))
    withoutActuallyEscaping(body) { body in
        let box = SlotBox(slots: slots, body: body)
        DispatchQueue.concurrentPerform(iterations: n) { w in
            var i = w
            while i < count { box.slots[i] = box.body(i); i += n }
        }
    }
    return slots.map { $0! }
}

/// Carries the slots and the body into concurrentPerform's closure (distinct indices only).
private struct SlotBox<T>: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<T?>
    let body: (Int) -> T
}
