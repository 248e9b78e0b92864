import XCTest
final class GeometrySmokeTests: XCTestCase {
    func testBuilds() { XCTAssertTrue(true) // PLACEHOLDER: replace }
}
