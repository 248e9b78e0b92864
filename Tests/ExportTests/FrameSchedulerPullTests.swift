import Foundation
import XCTest
import FramePipeline

/// FrameScheduler pulled (`start`, `next()`, `stop()`), as compare's preset side uses it: frames
/// come out in order, each made once, and a consumer that leaves early stops the workers.
final class FrameSchedulerPullTests: XCTestCase {
    func testNextGivesEveryFrameInOrderThenNil() throws {
        for jobs in [1, 2, 3] {
            let s = FrameScheduler<Int>(frameCount: 41, jobs: jobs, window: jobs)
            s.start(cancel: CancellationToken()) { _, i in i * 3 }
            var got: [Int] = []
            while let v = try s.next() { got.append(v) }
            XCTAssertEqual(got, (0..<41).map { $0 * 3 }, "jobs \(jobs)")
            XCTAssertNil(try s.next())
            s.stop()
        }
    }

    /// Stopping after a few frames: no frame past the window is ever started, the workers are
    /// gone when `stop` returns (no frame starts after it), and `next()` then reports the stop.
    func testStopEndsTheWorkersWithinTheWindow() throws {
        let started = Started()
        let s = FrameScheduler<Int>(frameCount: 1000, jobs: 2, window: 3)
        s.start(cancel: CancellationToken()) { _, i in started.add(i); return i }
        XCTAssertEqual(try s.next(), 0)
        XCTAssertEqual(try s.next(), 1)
        s.stop()
        let afterStop = started.all
        // Frame 1 is held: frames up to 1 + window - 1 may have started, none beyond.
        XCTAssertLessThanOrEqual(afterStop.max() ?? 0, 1 + s.window)
        XCTAssertEqual(Set(afterStop).count, afterStop.count, "each frame made once")
        XCTAssertThrowsError(try s.next()) { XCTAssertTrue($0 is CancelledError) }
        XCTAssertEqual(started.all, afterStop)
    }

    func testAWorkerErrorIsThrownByNext() {
        struct Boom: Error {}
        let s = FrameScheduler<Int>(frameCount: 20, jobs: 2, window: 2)
        s.start(cancel: CancellationToken()) { _, i in
            if i == 5 { throw Boom() }
            return i
        }
        defer { s.stop() }
        var got: [Int] = []
        XCTAssertThrowsError(try { while let v = try s.next() { got.append(v) } }()) { XCTAssertTrue($0 is Boom) }
        XCTAssertEqual(got, Array(got.indices), "frames before the failure, in order")
        XCTAssertLessThanOrEqual(got.count, 5)
    }
}

/// The frames workers started (any thread).
private final class Started: @unchecked Sendable {   // `frames` is only touched under `lock`
    private let lock = NSLock()
    private var frames: [Int] = []
    func add(_ i: Int) { lock.withLock { frames.append(i) } }
    var all: [Int] { lock.withLock { frames } }
}
