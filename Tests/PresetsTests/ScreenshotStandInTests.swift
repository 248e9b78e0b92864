import Foundation
import Geometry
import Presets
import Raster
import Scene
import XCTest
import SegueTestSupport

/// Resolving draws nothing (issue 29.2): a screenshot element's default stand-in is an
/// instruction (`Paint.surrounding`) naming the screenshot as drawn and the element's frame; the
/// renderer fills the colour in when it first draws the element hidden.
final class ScreenshotStandInTests: XCTestCase {
    /// The first 24 bytes of a PNG of `width`×`height`: signature, IHDR's length, type and size.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var d = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
        for v in [width, height] { d.append(contentsOf: [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]) }
        return d
    }

    func testTheDefaultStandInIsAnInstructionForTheShownScreen() throws {
        let dir = try temporaryFolder("standin")
        try Self.pngHeader(width: 40, height: 30).write(to: URL(fileURLWithPath: dir + "/shot.png"))
        let text = """
        { "segue": 1, "device": { "width": 40, "height": 30, "scale": 1 }, "fps": 10,
          "screens": { "a": { "image": "shot.png", "elements": { "card": { "frame": [5.2, 6, 10, 8] }, "tag": { "frame": [20, 2, 4, 4], "hidden": "#FF0000" } } },
                       "b": { "layers": [] } },
          "start": "a", "timeline": [ { "push": "b" } ] }
        """
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/p.json"))
        let s = try PresetLoader.load(path: dir + "/p.json", images: folderImages, fonts: InstalledFonts())
        let built = try XCTUnwrap(s.deferred["a"]?.build() ?? s.screens["a"])
        let card = try XCTUnwrap(built.find(id: "card")), tag = try XCTUnwrap(built.find(id: "tag"))
        guard case .surrounding(let colors, let index)? = card.standIn.first?.fill else {
            return XCTFail("the card's stand-in is \(String(describing: card.standIn.first?.fill))")
        }
        XCTAssertEqual(colors.frames[index], Rect(5, 6, 10, 8), "the element's frame on whole pixels")
        XCTAssertEqual(colors.scale, 1)
        XCTAssertNil(colors.screen.find(id: "card"), "the screenshot as drawn, without its regions")
        XCTAssertEqual(colors.screen.children.count, 1)
        XCTAssertEqual(tag.standIn.first?.fill, .solid(Color(r: 1, g: 0, b: 0)), "a given colour stays a colour")
    }
}
