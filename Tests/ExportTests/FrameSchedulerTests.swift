import Foundation
import XCTest
import FramePipeline

final class FrameSchedulerTests: XCTestCase {
    final class Counter: @unchecked Sendable {
        let lock = NSLock()
        var inFlight = 0, maxInFlight = 0
        var workersSeen: [Int: [Int]] = [:]
        func enter(_ worker: Int, _ frame: Int) {
            lock.lock(); inFlight += 1; maxInFlight = max(maxInFlight, inFlight); workersSeen[worker, default: []].append(frame); lock.unlock()
        }
        func leave() { lock.lock(); inFlight -= 1; lock.unlock() }
        var produced: Int { lock.lock(); defer { lock.unlock() }; return workersSeen.values.reduce(0) { $0 + $1.count } }
    }

    /// One semaphore per frame, signalled once that frame is produced: a frame can wait for a
    /// later one, so frames finish out of order by construction rather than by timing.
    final class Produced: @unchecked Sendable {   // @unchecked: DispatchSemaphore is thread-safe
        let done: [DispatchSemaphore]
        init(_ n: Int) { done = (0..<n).map { _ in DispatchSemaphore(value: 0) } }
        func signal(_ i: Int) { done[i].signal() }
        /// Waits for frame i; the bound only fails a scheduler that never hands it out.
        func wait(_ i: Int) {
            XCTAssertEqual(done[i].wait(timeout: .now() + 60), .success, "frame \(i) was never produced")
            done[i].signal()
        }
    }

    func testFramesArriveInOrderWithinTheWindowEachRenderedOnce() throws {
        for jobs in [1, 2, 3, 5] {
            let counter = Counter(), produced = Produced(97)
            let s = FrameScheduler<Int>(frameCount: 97, jobs: jobs, window: jobs * 2)
            var got: [Int] = []
            try s.run(cancel: CancellationToken(), produce: { worker, i in
                counter.enter(worker, i)
                // Every third frame finishes only after the next one (another worker's: frames are
                // claimed in order, so the next is free to take), so frames finish out of order.
                if jobs > 1 && i % 3 == 0 && i + 1 < 97 { produced.wait(i + 1) }
                produced.signal(i)
                return i * 10
            }, consume: { i, item in
                XCTAssertEqual(item, i * 10)
                got.append(i)
                counter.leave()
            })
            XCTAssertEqual(got, Array(0..<97), "jobs \(jobs)")
            // A frame may only start within `window` of the next frame to encode.
            XCTAssertLessThanOrEqual(counter.maxInFlight, s.window + 1, "jobs \(jobs)")
            // Every frame rendered exactly once, by a worker that exists.
            XCTAssertEqual(counter.workersSeen.values.flatMap { $0 }.sorted(), Array(0..<97), "jobs \(jobs)")
            XCTAssertTrue(counter.workersSeen.keys.allSatisfy { (0..<jobs).contains($0) })
        }
    }

    /// Frames go to whichever worker is free: every even frame finishes only after the odd one
    /// after it, so a fixed deal would give worker 0 all of them while worker 1 takes the odd ones;
    /// the worker freed by the odd frame must take the next even frame.
    func testAFreeWorkerTakesTheNextFrame() throws {
        let counter = Counter(), produced = Produced(40)
        let s = FrameScheduler<Int>(frameCount: 40, jobs: 2, window: 4)
        try s.run(cancel: CancellationToken(), produce: { worker, i in
            counter.enter(worker, i)
            if i % 2 == 0 { produced.wait(i + 1) }
            produced.signal(i)
            return i
        }, consume: { _, _ in counter.leave() })
        let slow = counter.workersSeen.mapValues { $0.filter { $0 % 2 == 0 }.count }
        XCTAssertEqual(slow.values.reduce(0, +), 20)
        XCTAssertGreaterThan(slow[0] ?? 0, 0, "worker 0: \(counter.workersSeen[0] ?? [])")
        XCTAssertGreaterThan(slow[1] ?? 0, 0, "worker 1: \(counter.workersSeen[1] ?? [])")
    }

    func testAFailingFrameStopsTheRunAndIsReported() {
        struct Boom: Error {}
        let s = FrameScheduler<Int>(frameCount: 50, jobs: 2, window: 4)
        var consumed = 0
        XCTAssertThrowsError(try s.run(cancel: CancellationToken(), produce: { _, i in
            if i == 17 { throw Boom() }
            return i
        }, consume: { _, _ in consumed += 1 })) { XCTAssertTrue($0 is Boom) }
        XCTAssertLessThanOrEqual(consumed, 17)
    }

    /// Promptly, counted in frames: after a cancel while frame 20 is consumed, no worker starts
    /// more than the window's frames past it (of 10 000).
    func testCancellationStopsPromptly() {
        let token = CancellationToken(), counter = Counter()
        let s = FrameScheduler<Int>(frameCount: 10_000, jobs: 2, window: 4)
        XCTAssertThrowsError(try s.run(cancel: token, produce: { w, i in counter.enter(w, i); return i }, consume: { i, _ in
            counter.leave()
            if i == 20 { token.cancel(reason: 2) }
        })) { error in
            XCTAssertEqual((error as? CancelledError)?.reason, 2)
        }
        XCTAssertLessThanOrEqual(counter.produced, 21 + s.window + s.jobs, "frames produced after the cancel")
    }
}
