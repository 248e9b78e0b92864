import Geometry
import XCTest
@testable import Motion

final class GestureTests: XCTestCase {
    func testSampleInterpolation() throws {
        let g = try Gesture(samples: [[1.0, 0, 0], [1.1, 10, 0], [1.2, 30, 10]])
        XCTAssertEqual(g.duration, 0.2, accuracy: 1e-12)       // clock starts at the first sample
        XCTAssertEqual(g.position(at: -1), MotionPoint(0, 0))
        XCTAssertEqual(g.position(at: 0.05).x, 5, accuracy: 1e-9)
        XCTAssertEqual(g.position(at: 0.15).x, 20, accuracy: 1e-9)
        XCTAssertEqual(g.position(at: 0.15).y, 5, accuracy: 1e-9)
        XCTAssertEqual(g.position(at: 9), MotionPoint(30, 10))
        XCTAssertEqual(g.velocity(at: 0.05).x, 100, accuracy: 1e-6)
        XCTAssertEqual(g.velocity(at: 0.15).x, 200, accuracy: 1e-6)
        XCTAssertEqual(g.velocity(at: 0.15).y, 100, accuracy: 1e-6)
    }

    func testReleaseVelocityAveragesLastThreeSpacedSamples() throws {
        // Samples at 0, 10, 20, 30, 35, 40 ms. From the last: 35 ms is only 5 ms back → skipped;
        // picked 40, 30, 20, 10 ms → velocities (50−30)/0.01, (30−15)/0.01, (15−5)/0.01 = 2000, 1500, 1000.
        let g = try Gesture(samples: [[0, 0, 0], [0.01, 5, 0], [0.02, 15, 0], [0.03, 30, 0], [0.035, 40, 0], [0.04, 50, 0]])
        XCTAssertEqual(g.releaseVelocity.x, 1500, accuracy: 1e-6)
        XCTAssertEqual(g.velocity(at: 0.04).x, 1500, accuracy: 1e-6)
        // A short recording: all within 10 ms → overall average.
        let short = try Gesture(samples: [[0, 0, 0], [0.004, 4, 2], [0.008, 12, 2]])
        XCTAssertEqual(short.releaseVelocity.x, 1500, accuracy: 1e-6)
        XCTAssertEqual(short.releaseVelocity.y, 250, accuracy: 1e-6)
        // Override wins.
        let o = try Gesture(samples: [[0, 0, 0], [0.1, 10, 0]], releaseVelocity: MotionPoint(-300, 40))
        XCTAssertEqual(o.releaseVelocity, MotionPoint(-300, 40))
    }

    func testStrokeVelocity() throws {
        let lin = try Gesture(from: MotionPoint(0, 0), to: MotionPoint(100, 50), duration: 0.5, curve: .linear)
        XCTAssertEqual(lin.position(at: 0.25).x, 50, accuracy: 1e-9)
        XCTAssertEqual(lin.velocity(at: 0.1).x, 200, accuracy: 1e-6)
        XCTAssertEqual(lin.releaseVelocity.y, 100, accuracy: 1e-6)
        // Default easeOut: the finger comes to rest before lifting.
        let eo = try Gesture(from: MotionPoint(0, 0), to: MotionPoint(100, 0), duration: 0.5)
        XCTAssertEqual(eo.releaseVelocity.x, 0, accuracy: 1e-3)
        // End slope of bezier (0.3, 0, 0.7, 0.5) is (1 − 0.5)/(1 − 0.7) = 5/3 → 100 · 5/3 / 0.5 pt/s.
        let b = try Gesture(from: MotionPoint(0, 0), to: MotionPoint(100, 0), duration: 0.5,
                            curve: .bezier(x1: 0.3, y1: 0, x2: 0.7, y2: 0.5))
        XCTAssertEqual(b.releaseVelocity.x, 100 * (5.0 / 3) / 0.5, accuracy: 1e-4)
    }

    func testInvalidGestures() {
        XCTAssertThrowsError(try Gesture(samples: [[0, 0, 0]]))
        XCTAssertThrowsError(try Gesture(samples: [[0, 0, 0], [0, 1, 1]]))
        XCTAssertThrowsError(try Gesture(samples: [[0, 0, 0], [0.1, 1]]))
        XCTAssertThrowsError(try Gesture(samples: [[0, 0, 0], [0.1, .nan, 1]]))
        XCTAssertThrowsError(try Gesture(from: .zero, to: MotionPoint(1, 1), duration: -1))
        XCTAssertThrowsError(try Gesture(from: .zero, to: MotionPoint(1, 1), duration: 1, curve: .uiviewSpring(damping: 2, velocity: 0)))
    }
}
