import XCTest
final class SceneSmokeTests: XCTestCase {
    func testBuilds() { XCTAssertTrue(true) // PLACEHOLDER: replace }
}
