import Foundation
import XCTest
import FramePipeline
import Presets
import Raster
import Transitions

/// Which element of the new screen a navigation-zoom's source lands on (issue 28: the zoom flies
/// one picture into its counterpart): the element of the same id, or a detail mock's hero when it
/// shows the grid's photoN and the source is photoN; otherwise none (the whole screen grows out
/// of the source, as before). A sheet's `from` never has one.
final class ZoomCounterpartResolutionTests: XCTestCase {
    func resolve(_ text: String) throws -> Storyboard {
        let p = try PresetDecoder.decode(text: text, file: "z.json", defaultName: "z")
        return try Resolver(file: "z.json", images: PresetImages.folder(NSTemporaryDirectory())).resolve(p)
    }

    func pairs(_ s: Storyboard) -> [[String]] { s.steps.flatMap { $0.matches.map { [$0.from, $0.to] } } }

    func zoom(_ source: String) -> String {
        """
        { "push": "b", "transition": { "type": "navigation-zoom", "source": "\(source)" } },
        { "pop": true, "transition": { "type": "navigation-zoom", "source": "\(source)" } }
        """
    }

    func testTheElementOfTheSameIdIsTheCounterpart() throws {
        let s = try resolve("""
            { "segue": 1, "device": { "width": 100, "height": 200, "scale": 1 }, "fps": 20,
              "screens": {
                "a": { "background": "#FF0000", "layers": [ { "type": "rect", "id": "card", "frame": [20, 40, 40, 20], "fill": "#FFFF00" } ] },
                "b": { "background": "#0000FF", "layers": [ { "type": "rect", "id": "card", "frame": [0, 0, 100, 50], "fill": "#FFFF00" } ] }
              },
              "start": "a", "timeline": [ \(zoom("card")) ] }
            """)
        XCTAssertEqual(pairs(s), [["card", "card"], ["card", "card"]])
    }

    func testADetailMockShowingTheCellsPhotoLandsItOnItsHero() throws {
        func story(photo: Int, source: String) -> String {
            """
            { "segue": 1, "device": "iphone-13", "fps": 20,
              "screens": { "a": { "mock": "grid", "seed": 3 }, "b": { "mock": "detail", "seed": 3, "photo": \(photo) } },
              "start": "a", "timeline": [ \(zoom(source)) ] }
            """
        }
        XCTAssertEqual(pairs(try resolve(story(photo: 4, source: "photo4"))), [["photo4", "hero"], ["hero", "photo4"]])
        // Another cell than the one the hero shows: no counterpart, the screen grows out of it.
        XCTAssertEqual(pairs(try resolve(story(photo: 4, source: "photo5"))), [["photo5", ""], ["", "photo5"]])
    }

    func testASheetFromAButtonHasNoCounterpart() throws {
        let s = try resolve("""
            { "segue": 1, "device": "iphone-13", "fps": 20,
              "screens": { "a": { "mock": "list" }, "b": { "mock": "list" } },
              "start": "a", "timeline": [ { "present": "b", "transition": { "type": "sheet", "from": "composeButton" } } ] }
            """)
        XCTAssertEqual(pairs(s), [["composeButton", ""]])
    }
}
