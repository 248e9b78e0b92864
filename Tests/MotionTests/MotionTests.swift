import XCTest
final class MotionSmokeTests: XCTestCase {
    func testBuilds() { XCTAssertTrue(true) // PLACEHOLDER: replace }
}
