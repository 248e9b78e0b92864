import Foundation
import XCTest
import SegueTestSupport

/// A `detail` mock's `"post": N` (docs/PRESETS.md) names a post the feed of the same seed, device
/// and style has; anything else is refused with exit 2, naming the file, line and column, the
/// JSON path, what was expected and what was found.
final class DetailPostDeclarationTests: XCTestCase {
    func validate(_ screen: String, device: String = "iphone-13") throws -> (status: Int32, stderr: String) {
        try validateScreen(screen, device: device, label: "postdecl")
    }

    func testAPostTheFeedHasIsValid() throws {
        for device in ["iphone-13", "iphone-se", "pixel-8"] {
            let r = try validate(#"{ "mock": "detail", "seed": 7, "post": 0 }"#, device: device)
            XCTAssertEqual(r.status, 0, "\(device): \(r.stderr)")
        }
    }

    func testAPostPastTheFeedsLast() throws {
        for (device, feed) in [("iphone-13", "the feed mock with seed 7 has posts 0…"), ("pixel-8", "the Material feed mock with seed 7 has posts 0…")] {
            let r = try validate(#"{ "mock": "detail", "seed": 7, "post": 150 }"#, device: device)
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertTrue(r.stderr.contains("p.json:2:"), "\(device): file and line: \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("screens.a.post: " + feed), "\(device): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("on this device (got 150)"), "\(device): \(r.stderr)")
        }
    }

    func testPostIsAWholeNumberInRange() throws {
        let negative = try validate(#"{ "mock": "detail", "post": -1 }"#)
        XCTAssertEqual(negative.status, 2, negative.stderr)
        XCTAssertTrue(negative.stderr.contains("p.json:2:"), negative.stderr)
        XCTAssertTrue(negative.stderr.contains("screens.a.post: must be between 0 and 199 (got -1)"), negative.stderr)
        let text = try validate(#"{ "mock": "detail", "post": "first" }"#)
        XCTAssertEqual(text.status, 2, text.stderr)
        XCTAssertTrue(text.stderr.contains("screens.a.post: expected a whole number"), text.stderr)
    }

    func testPostOnAnotherMock() throws {
        let r = try validate(#"{ "mock": "feed", "post": 0 }"#)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("p.json:2:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("screens.a.post: \"post\" applies to the detail mock only"), r.stderr)
    }

    func testPhotoAndPostTogether() throws {
        let r = try validate(#"{ "mock": "detail", "photo": 1, "post": 0 }"#)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("p.json:2:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("screens.a.post: a detail shows a grid's photo or a feed's post, not both"), r.stderr)
    }
}
