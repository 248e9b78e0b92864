import XCTest
import Presets

final class MatchTests: XCTestCase {
    func testDefaultMatchesAreTheOutermostSharedIds() throws {
        let text = """
        { "segue": 1, "device": { "width": 100, "height": 100, "scale": 1 },
          "screens": {
            "a": { "layers": [ { "type": "group", "id": "card", "frame": [0, 0, 50, 50], "children": [
                                 { "type": "rect", "id": "photo", "frame": [0, 0, 10, 10], "fill": "#FF0000" } ] },
                               { "type": "rect", "id": "only-a", "frame": [60, 60, 5, 5], "fill": "#00FF00" } ] },
            "b": { "layers": [ { "type": "group", "id": "card", "frame": [10, 10, 80, 80], "children": [
                                 { "type": "rect", "id": "photo", "frame": [0, 0, 40, 40], "fill": "#FF0000" } ] } ] }
          },
          "start": "a", "timeline": [ { "push": "b", "transition": "magic-move" } ] }
        """
        let p = try PresetDecoder.decode(text: text, file: "m.json", defaultName: "m")
        let s = try Resolver(file: "m.json", images: folderImages(NSTemporaryDirectory())).resolve(p)
        XCTAssertEqual(s.steps[0].matches.map(\.from), ["card"])
        XCTAssertEqual(s.steps[0].matches.map(\.to), ["card"])
    }
}
