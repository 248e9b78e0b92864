import Geometry
import XCTest
@testable import Motion

final class InteractiveDriverTests: XCTestCase {
    let width = 390.0

    private func edge(toX x: Double, velocity vx: Double?, duration: Double = 0.5) throws -> Gesture {
        try Gesture(from: MotionPoint(0, 400), to: MotionPoint(x, 400), duration: duration,
                    releaseVelocity: vx.map { MotionPoint($0, 0) })
    }

    /// Threshold for width 390: min(187.5 / 390, 0.5) = 0.48077; p = 150 / 390 = 0.38462;
    /// projection p + (vx / 390)·0.35.
    func testUIKitRuleBothSidesOfThreshold() throws {
        // vx = 100: 0.38462 + 0.08974 = 0.47436 < 0.48077 → cancel.
        XCTAssertEqual(try InteractiveDriver.uikitEdgePop(gesture: edge(toX: 150, velocity: 100), width: width).decision, .cancel)
        // vx = 130: 0.38462 + 0.11667 = 0.50128 > 0.48077 → finish.
        XCTAssertEqual(try InteractiveDriver.uikitEdgePop(gesture: edge(toX: 150, velocity: 130), width: width).decision, .finish)
        // No velocity (easeOut finger at rest): 200 / 390 = 0.5128 > 0.4808 → finish; 180 → 0.4615 → cancel.
        XCTAssertEqual(try InteractiveDriver.uikitEdgePop(gesture: edge(toX: 200, velocity: nil), width: width).decision, .finish)
        XCTAssertEqual(try InteractiveDriver.uikitEdgePop(gesture: edge(toX: 180, velocity: nil), width: width).decision, .cancel)
        // A wide screen: min(187.5 / 500, 0.5) = 0.375; 200/500 = 0.4 → finish, 180/500 = 0.36 → cancel.
        XCTAssertEqual(try InteractiveDriver.uikitEdgePop(gesture: edge(toX: 200, velocity: nil), width: 500).decision, .finish)
        XCTAssertEqual(try InteractiveDriver.uikitEdgePop(gesture: edge(toX: 180, velocity: nil), width: 500).decision, .cancel)
        // A flick backwards cancels even far across.
        XCTAssertEqual(try InteractiveDriver.uikitEdgePop(gesture: edge(toX: 300, velocity: -1000), width: width).decision, .cancel)
        // Forced release overrides the rule.
        XCTAssertEqual(try InteractiveDriver.uikitEdgePop(gesture: edge(toX: 10, velocity: nil), width: width, release: .finish).decision, .finish)
        XCTAssertEqual(try InteractiveDriver.uikitEdgePop(gesture: edge(toX: 380, velocity: nil), width: width, release: .cancel).decision, .cancel)
    }

    func testUIKitCompletionTimeIsMinOfTAndRemainingOverSpeed() throws {
        // Fast flick: p = 300/390, v = 2000/390 per s → remaining (90/390)/(2000/390) = 0.045 s < 0.35.
        let fast = try InteractiveDriver.uikitEdgePop(gesture: edge(toX: 300, velocity: 2000), width: width)
        XCTAssertEqual(fast.decision, .finish)
        XCTAssertEqual(fast.completionDuration, 0.045, accuracy: 1e-6)
        XCTAssertEqual(fast.totalDuration, 0.545, accuracy: 1e-6)
        // Slow: p = 150/390, v = 130/390 → remaining (240/390)/(130/390) = 1.846 s > 0.35 → 0.35.
        let slow = try InteractiveDriver.uikitEdgePop(gesture: edge(toX: 150, velocity: 130), width: width)
        XCTAssertEqual(slow.completionDuration, 0.35, accuracy: 1e-12)
        // At rest: T.
        XCTAssertEqual(try InteractiveDriver.uikitEdgePop(gesture: edge(toX: 250, velocity: nil), width: width).completionDuration, 0.35)
        // Cancel with speed: remaining = p: (100/390)/(1000/390) = 0.1 s.
        let back = try InteractiveDriver.uikitEdgePop(gesture: edge(toX: 100, velocity: -1000), width: width)
        XCTAssertEqual(back.decision, .cancel)
        XCTAssertEqual(back.completionDuration, 0.1, accuracy: 1e-6)
    }

    /// Every completion kind, finish and cancel: progress and progress-velocity continuous at
    /// release (one-sided finite differences), and the end exactly at 1 or 0.
    func testContinuityAndExactEnds() throws {
        // Linear finger 0 → x over 0.4 s: progress velocity during the drag is (x/0.4)/390 per s.
        func line(_ x: Double) throws -> Gesture {
            try Gesture(from: MotionPoint(0, 300), to: MotionPoint(x, 300), duration: 0.4, curve: .linear)
        }
        let completions: [Completion] = [
            .percentDriven(duration: 0.35, curve: .system), .percentDriven(duration: 0.35, curve: .easeInOut),
            .fixed(duration: 0.3, curve: .easeInOut), .fixed(duration: 0.3, curve: .linear),
            .spring(.uiviewSpring(damping: 0.5, velocity: 0.5), duration: 0.6), .spring(.system, duration: nil),
            .spring(.swiftUISpring(duration: 0.5, bounce: 0.2), duration: nil),
            .spring(.caSpring(mass: 1, stiffness: 300, damping: 20, velocity: 0), duration: nil),
        ]
        for c in completions {
            for (x, release) in [(260.0, ReleaseMode.finish), (260.0, .cancel), (60.0, .finish), (60.0, .cancel)] {
                let d = try InteractiveDriver(gesture: line(x), mapping: .horizontal(width: width),
                                              rule: .progress(greaterThan: 0.5), release: release, completion: c)
                let tr = d.releaseTime, h = 1e-5
                let expectedV = x / 0.4 / width
                XCTAssertEqual(d.releaseProgress, x / width, accuracy: 1e-12)
                XCTAssertEqual(d.releaseProgressVelocity, expectedV, accuracy: 1e-6)
                let left = (d.progress(at: tr) - d.progress(at: tr - h)) / h
                let right = (d.progress(at: tr + h) - d.progress(at: tr)) / h
                XCTAssertEqual(left, expectedV, accuracy: 1e-3, "\(c) \(release)")
                XCTAssertEqual(right, expectedV, accuracy: 2e-3 * max(1, expectedV), "\(c) \(release) speed jump")
                XCTAssertEqual(d.progressVelocity(at: tr), expectedV, accuracy: 1e-6, "\(c) \(release)")
                XCTAssertEqual(d.progress(at: tr - 1e-9), d.progress(at: tr + 1e-9), accuracy: 1e-7)
                let target: Double = release == .finish ? 1 : 0
                XCTAssertEqual(d.progress(at: d.totalDuration), target, "\(c) \(release)")
                XCTAssertEqual(d.progress(at: d.totalDuration + 1), target)
                XCTAssertEqual(d.progress(at: d.totalDuration - 1e-9), target, accuracy: 2e-3, "\(c) \(release) jump at end")
                XCTAssertEqual(d.progress(at: 0), 0)
            }
        }
    }

    func testCancelEndsWhereTheGestureBeganAndFinger() throws {
        let d = try InteractiveDriver.thresholdPan(gesture: edge(toX: 150, velocity: nil), width: width)
        XCTAssertEqual(d.decision, .cancel)                  // 150 < 0.5 × 390
        XCTAssertEqual(d.completionDuration, 0.3)
        XCTAssertEqual(d.progress(at: d.totalDuration), 0)
        XCTAssertTrue(d.isFingerDown(at: 0.2))
        XCTAssertFalse(d.isFingerDown(at: 0.6))
        XCTAssertEqual(d.fingerPosition(at: 0.7), MotionPoint(150, 400))
        XCTAssertEqual(d.fingerPosition(at: 0), MotionPoint(0, 400))
        let f = try InteractiveDriver.thresholdPan(gesture: edge(toX: 200, velocity: nil), width: width)
        XCTAssertEqual(f.decision, .finish)                  // 200 > 195
        XCTAssertEqual(f.progress(at: f.totalDuration), 1)
        // Finger at rest at release → easeInOut settle from rest: progress midway is halfway.
        XCTAssertEqual(f.progress(at: 0.5 + 0.15), 200 / width + (1 - 200 / width) * 0.5, accuracy: 1e-9)
    }

    func testSpringDismissMatchesFingerSpeed() throws {
        // Up 180 pt in 0.3 s (linear): 600 pt/s; progress 0.9 → finish; w = 3 /s, remaining 0.1.
        let g = try Gesture(from: MotionPoint(200, 600), to: MotionPoint(200, 420), duration: 0.3, curve: .linear)
        let d = try InteractiveDriver.springDismiss(gesture: g)
        XCTAssertEqual(d.decision, .finish)
        XCTAssertEqual(d.releaseProgress, 0.9, accuracy: 1e-12)
        XCTAssertEqual(d.releaseProgressVelocity, 3, accuracy: 1e-6)
        XCTAssertEqual(d.completionDuration, 0.6)
        let h = 1e-6
        XCTAssertEqual((d.progress(at: 0.3 + h) - d.progress(at: 0.3)) / h, 3, accuracy: 1e-3)
        XCTAssertEqual(d.progress(at: 0.9), 1)
        // An underdamped spring from that speed overshoots the target.
        XCTAssertGreaterThan((1...59).map { d.progress(at: 0.3 + Double($0) / 100) }.max()!, 1)
    }

    func testSampledGestureUsesSmoothedVelocity() throws {
        // Uniform 1000 pt/s samples every 5 ms → smoothed velocity equals the segment speed, so
        // the hand-off is continuous for a sampled finger too.
        let samples = (0...40).map { i -> [Double] in [Double(i) * 0.005, Double(i) * 5, 300] }
        let g = try Gesture(samples: samples)
        let d = try InteractiveDriver.uikitEdgePop(gesture: g, width: width, curve: .easeInOut)
        XCTAssertEqual(d.releaseProgressVelocity, 1000 / width, accuracy: 1e-6)
        let tr = d.releaseTime, h = 1e-5
        let left = (d.progress(at: tr) - d.progress(at: tr - h)) / h
        let right = (d.progress(at: tr + h) - d.progress(at: tr)) / h
        XCTAssertEqual(left, right, accuracy: 1e-3)
        // p = 200/390, v = 1000/390 → finish, remaining (190/390)/(1000/390) = 0.19 s.
        XCTAssertEqual(d.completionDuration, 0.19, accuracy: 1e-6)
    }
}
