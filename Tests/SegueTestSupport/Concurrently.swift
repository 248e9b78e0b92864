import Foundation
import Synchronization

/// Runs `count` independent jobs, `width` at a time, each on a thread of its own, and returns
/// their results in the order of their indices. For tests that run many short child processes:
/// a child spends much of its life loading libraries, reading and waiting on pipes, so more of
/// them than there are cores keep the cores busy. Errors are rethrown after every job has ended
/// (the first by index); assertions belong on the results, on the test's own thread.
public func concurrently<T: Sendable>(_ count: Int, width: Int = ProcessInfo.processInfo.activeProcessorCount * 2,
                                      _ job: @escaping @Sendable (Int) throws -> T) throws -> [T] {
    let next = Mutex(0)
    let results = Mutex([Result<T, Error>?](repeating: nil, count: count))
    let group = DispatchGroup()
    for _ in 0..<max(1, min(width, count)) {
        group.enter()
        Thread {
            defer { group.leave() }
            while true {
                let i = next.withLock { n in defer { n += 1 }; return n }
                if i >= count { return }
                let r = Result { try job(i) }
                results.withLock { $0[i] = r }
            }
        }.start()
    }
    group.wait()
    return try results.withLock { $0 }.map { try $0!.get() }
}
