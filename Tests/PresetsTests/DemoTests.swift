import XCTest
import Presets
import Raster

final class DemoTests: XCTestCase {
    func testTheBuiltInDemoIsTheStoryInPresets() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("presets/stories/segue-demo.json")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), Demos.defaultDemo.json)
        let s = try PresetLoader.demo(named: "segue-demo", images: folderImages, fonts: InstalledFonts())
        XCTAssertEqual(s.steps.map(\.title), ["hold", "push detail (uikit)", "hold", "pop (uikit)", "hold"])
    }
}
