import Foundation
import XCTest
import SegueTestSupport

/// `segue inspect`'s timeline table says what each step does before its caption: a captioned hold
/// printed only its caption, so a reader (or a tool reading the second column, as the fifth
/// review's frame tools do) took stories/rtl-arabic's first hold, "تطبيق من اليمين إلى اليسار",
/// for a transition.
final class InspectStepKindTests: XCTestCase {
    func testEveryStepSaysWhatItDoesThenItsCaption() throws {
        let r = try CLI.run(["inspect", CLI.root.appendingPathComponent("presets/stories/rtl-arabic.json").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let rows = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropFirst(2).prefix { !$0.isEmpty }
        XCTAssertGreaterThan(rows.count, 4)
        for row in rows {
            let words = row.split(separator: " ")
            let kind = words.count > 1 ? String(words[1]) : ""
            XCTAssertTrue(["hold", "push", "pop", "present", "dismiss"].contains(kind), "a step that does not say what it does: \(row)")
        }
        XCTAssertTrue(rows[rows.startIndex].hasPrefix("0     hold — تطبيق من اليمين إلى اليسار"), rows[rows.startIndex])
        XCTAssertTrue(rows.contains { $0.contains("push ") && $0.contains(" — الدفع يدخل من اليسار") }, rows.joined(separator: "\n"))
    }
}
