import Geometry
import XCTest
@testable import Motion

final class KeyframeTests: XCTestCase {
    func testTrackValues() throws {
        let track = try KeyframeTrack([
            Keyframe(progress: 0.2, value: 0), Keyframe(progress: 0.6, value: 10, curve: .linear),
            Keyframe(progress: 1, value: 0, curve: .easeIn),
        ])
        XCTAssertEqual(track.value(at: -1), 0)
        XCTAssertEqual(track.value(at: 0.1), 0)
        XCTAssertEqual(track.value(at: 0.4), 5, accuracy: 1e-12)
        XCTAssertEqual(track.value(at: 0.6), 10)
        XCTAssertEqual(track.value(at: 0.8), 10 - 10 * slowBezier(0.42, 0, 1, 1, 0.5), accuracy: 1e-9)
        XCTAssertEqual(track.value(at: 1), 0)
        XCTAssertEqual(track.value(at: 1.3), 0)
        XCTAssertEqual(track.value(at: .nan), 0)
    }

    func testJumpAndSingle() throws {
        let jump = try KeyframeTrack([Keyframe(progress: 0, value: 0), Keyframe(progress: 0.5, value: 1),
                                      Keyframe(progress: 0.5, value: 5), Keyframe(progress: 1, value: 5)])
        XCTAssertEqual(jump.value(at: 0.5 - 1e-9), 1, accuracy: 1e-6)
        XCTAssertEqual(jump.value(at: 0.5), 5)
        let one = try KeyframeTrack([Keyframe(progress: 0.3, value: 7)])
        XCTAssertEqual(one.value(at: 0), 7); XCTAssertEqual(one.value(at: 1), 7)
        XCTAssertThrowsError(try KeyframeTrack([]))
        XCTAssertThrowsError(try KeyframeTrack([Keyframe(progress: 0.5, value: 0), Keyframe(progress: 0.2, value: 1)]))
    }
}
