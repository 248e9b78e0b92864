import XCTest
final class TransitionsSmokeTests: XCTestCase {
    func testBuilds() { XCTAssertTrue(true) // PLACEHOLDER: replace }
}
