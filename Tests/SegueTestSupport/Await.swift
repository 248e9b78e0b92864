import Foundation

/// Waiting for something outside the test process (a file appearing, a child's state): checks
/// `condition` every `poll` seconds until it holds (true) or `timeout` seconds pass (false). The
/// timeout only bounds a failure; a passing test waits exactly as long as the event takes.
@discardableResult
public func awaitCondition(timeout: Double, poll: Double = 0.002, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if condition() { return true }
        if Date() >= deadline { return false }
        Thread.sleep(forTimeInterval: poll)
    }
}

/// The names in `dir` (empty when it does not exist).
public func names(in dir: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
}

/// The hidden temporaries (names starting with ".") in `dir`.
public func temporaries(in dir: String) -> [String] {
    names(in: dir).filter { $0.hasPrefix(".") }
}
