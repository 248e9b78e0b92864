import Foundation
import XCTest
import SegueTestSupport

/// A bad navigation-bar declaration on a mock (`tabs`, `tab`: docs/PRESETS.md) is refused with
/// exit 2, naming the file, line and column, the JSON path and what was expected.
final class TabsDeclarationTests: XCTestCase {
    func validate(_ screen: String, device: String = "pixel-8") throws -> (status: Int32, stderr: String) {
        try validateScreen(screen, device: device, label: "tabsdecl")
    }

    func testTooFewDestinations() throws {
        let r = try validate(#"{ "mock": "grid", "tabs": ["Photos", "Albums"] }"#)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("p.json:2:47: screens.a.tabs: expected an array of 3 to 5 items (got 2)"), r.stderr)
    }

    func testSelectedDestinationOutOfRange() throws {
        let r = try validate(#"{ "mock": "grid", "tabs": ["Photos", "For you", "Albums"], "tab": 3 }"#)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("screens.a.tab: must be between 0 and 2 (got 3)"), r.stderr)
    }

    func testALabelMustBeText() throws {
        let r = try validate(#"{ "mock": "grid", "tabs": ["Photos", 7, "Albums"] }"#)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("screens.a.tabs[1]"), r.stderr)
    }

    func testTabWithoutTabs() throws {
        let r = try validate(#"{ "mock": "grid", "tab": 1 }"#)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("screens.a.tab: \"tab\" selects one of the screen's \"tabs\""), r.stderr)
    }

    func testAnIOSMockHasNoMaterialNavigationBar() throws {
        let r = try validate(#"{ "mock": "grid", "tabs": ["Photos", "For you", "Albums"] }"#, device: "iphone-13")
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("screens.a.tabs: \"tabs\" draws Material 3's navigation bar"), r.stderr)
    }
}
