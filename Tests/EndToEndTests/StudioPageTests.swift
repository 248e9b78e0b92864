import Foundation
import XCTest

/// `segue studio`'s page in headless Chromium driven by Selenium (Debian's chromium-driver and
/// python3-selenium): StudioPageCheck's scrub, save, problems, region and matrix checks.
final class StudioPageTests: XCTestCase {
    func testScrubEditBreakAndPickARegionInChromium() throws {
        try StudioPageCheck.run(browser: "chromium", python: "/usr/bin/python3", tools: ["/usr/bin/chromium", "/usr/bin/chromedriver"])
    }
}
