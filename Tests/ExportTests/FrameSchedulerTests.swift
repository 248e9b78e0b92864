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
    }

    func testFramesArriveInOrderWithinTheWindowEachRenderedOnce() throws {
        for jobs in [1, 2, 3, 5] {
            let counter = Counter()
            let s = FrameScheduler<Int>(frameCount: 97, jobs: jobs, window: jobs * 2)
            var got: [Int] = []
            try s.run(cancel: CancellationToken(), produce: { worker, i in
                counter.enter(worker, i)
                // Uneven work so frames finish out of order.
                usleep(UInt32((i * 7919) % 5) * 300)
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

    /// Frames go to whichever worker is free: with every even frame slow, a fixed deal would give
    /// worker 0 all of them while worker 1 idles at the window's edge.
    func testAFreeWorkerTakesTheNextFrame() throws {
        let counter = Counter()
        let s = FrameScheduler<Int>(frameCount: 40, jobs: 2, window: 4)
        try s.run(cancel: CancellationToken(), produce: { worker, i in
            counter.enter(worker, i)
            usleep(i % 2 == 0 ? 4000 : 200)
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

    func testCancellationStopsPromptly() {
        let token = CancellationToken()
        let s = FrameScheduler<Int>(frameCount: 10_000, jobs: 2, window: 4)
        let start = Date()
        XCTAssertThrowsError(try s.run(cancel: token, produce: { _, i in usleep(1000); return i }, consume: { i, _ in
            if i == 20 { token.cancel(reason: 2) }
        })) { error in
            XCTAssertEqual((error as? CancelledError)?.reason, 2)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }
}
