import Foundation
import XCTest

/// `segue studio`'s page in headless Firefox ESR (Debian's firefox-esr), driven through Mozilla's
/// Marionette client (PyPI's marionette-driver, in the venv scripts/test makes: geckodriver is
/// not packaged for Debian): StudioPageCheck's scrub, save, problems, region and matrix checks.
final class StudioFirefoxTests: XCTestCase {
    /// SEGUE_TEST_PYTHON, else the venv scripts/lib.sh's ensure_test_venv makes.
    static var python: String {
        if let p = ProcessInfo.processInfo.environment["SEGUE_TEST_PYTHON"], !p.isEmpty { return p }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/test-venv/bin/python").path
    }

    func testScrubEditBreakAndPickARegionInFirefox() throws {
        try StudioPageCheck.run(browser: "firefox", python: Self.python, tools: ["/usr/bin/firefox-esr"])
    }
}
