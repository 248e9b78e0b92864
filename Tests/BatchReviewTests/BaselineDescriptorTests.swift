import Foundation
import XCTest
@testable import BatchReview

/// Issue 27.1's last gap: a baseline clip was checked (a regular file inside --baseline, no
/// link) and then reopened by path by FFmpeg, so a file swapped in between was what got
/// compared. The check now hands over the descriptor it opened, and the comparison reads
/// /proc/self/fd/N: whatever replaces the name afterwards is not read.
final class BaselineDescriptorTests: XCTestCase {
    func testTheComparisonReadsTheFileThatWasChecked() throws {
        let dir = NSTemporaryDirectory() + "segue-baseline-fd-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir + "/base", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("checked clip".utf8).write(to: URL(fileURLWithPath: dir + "/base/a.mp4"))
        try Data("secret".utf8).write(to: URL(fileURLWithPath: dir + "/secret.txt"))
        guard case .file(let fd) = BaselineCheck.reach(dir + "/base/a.mp4", in: dir + "/base") else { return XCTFail("not reached as a file") }
        defer { close(fd) }
        // The swap: the name now is a link to a file outside the baseline folder.
        try FileManager.default.removeItem(atPath: dir + "/base/a.mp4")
        try FileManager.default.createSymbolicLink(atPath: dir + "/base/a.mp4", withDestinationPath: dir + "/secret.txt")
        XCTAssertEqual(try String(contentsOfFile: "/proc/self/fd/\(fd)", encoding: .utf8), "checked clip")
        // And the check itself refuses the link, as before.
        guard case .refused(let why) = BaselineCheck.reach(dir + "/base/a.mp4", in: dir + "/base") else { return XCTFail("the link was not refused") }
        XCTAssertTrue(why.contains("symbolic link"), why)
    }
}
