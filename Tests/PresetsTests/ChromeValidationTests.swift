import Foundation
import Presets
import XCTest
import Raster

/// Issue 28: the screen keys `chrome` and `navigationBar` and `overlays.chrome`, checked with
/// their JSON paths and a "did you mean" for the closed set.
final class ChromeValidationTests: XCTestCase {
    func problems(_ text: String) -> [Problem] {
        do {
            _ = try PresetCheck.run(text: text, file: "x.json", images: folderImages(NSTemporaryDirectory()), fonts: InstalledFonts(), defaultName: "x")
            return []
        } catch { return error.problems }
    }

    func testChromeKeysAreChecked() {
        let text = """
        { "segue": 1, "device": "iphone-13", "overlays": { "chrome": "yes" },
          "screens": { "a": { "mock": "list", "chrome": "held" },
                       "b": { "image": "b.png", "chrome": "slide", "navigationBar": -4 } },
          "start": "a", "timeline": [ { "hold": 1 } ] }
        """
        let p = problems(text)
        XCTAssertTrue(p.contains { $0.path == "overlays.chrome" }, "\(p)")
        XCTAssertTrue(p.contains { $0.path == "screens.a.chrome" }, "a mock has no chrome key: \(p)")
        XCTAssertTrue(p.contains { $0.path == "screens.b.chrome" && $0.message.contains("did you mean \"slides\"") }, "\(p)")
        XCTAssertTrue(p.contains { $0.path == "screens.b.navigationBar" }, "\(p)")
        for x in p { XCTAssertNotNil(x.position, "\(x)") }
    }
}
