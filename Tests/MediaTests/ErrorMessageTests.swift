import Foundation
import XCTest
import SegueTestSupport
import Raster
@_spi(Testing) @testable import Media

final class ErrorMessageTests: XCTestCase {
    /// The messages users see name the file and the failing step.
    func testMessagesNameFileAndCall() throws {
        let dir = try temporaryFolder("media")
        try Data("text".utf8).write(to: URL(fileURLWithPath: dir + "/t.png"))
        try craftedPNGHeader(width: 100, height: 100).write(to: URL(fileURLWithPath: dir + "/g.png"))
        var messages: [String] = []
        for p in [dir + "/t.png", dir + "/g.png", dir + "/none.png", dir] {
            do { _ = try ImageDecoder.decode(path: p) } catch { messages.append("\(error)") }
        }
        XCTAssertEqual(messages.count, 4)
        XCTAssertTrue(messages[0].hasSuffix("not a PNG, JPEG or WebP image"), messages[0])
        XCTAssertTrue(messages[2].contains("No such file"), messages[2])
        XCTAssertTrue(messages[3].contains("not a regular file"), messages[3])
        print(messages.joined(separator: "\n"))
    }
}
