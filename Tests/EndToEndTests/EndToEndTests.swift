import XCTest
final class EndToEndSmokeTests: XCTestCase {
    func testBuilds() { XCTAssertTrue(true) // PLACEHOLDER: replace }
}
