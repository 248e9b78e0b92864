import Foundation
import Presets
import XCTest
import Raster
import SegueTestSupport

/// A transparent background and an output without alpha (issue 29.1): one rule, the output
/// table's, reported at `background`'s line and column whichever output field names the format.
final class TransparencyRuleTests: XCTestCase {
    static func preset(output: String) -> String {
        """
        { "segue": 1, "device": { "width": 30, "height": 20, "scale": 1 }, "fps": 10,
          "background": "transparent",\(output.isEmpty ? "" : "\n  \"output\": \(output),")
          "screens": { "a": { "layers": [] } }, "start": "a", "timeline": [ { "hold": 0.1 } ] }
        """
    }

    /// Line 2, column 17: where `"transparent"` starts in `preset`.
    static let backgroundPosition = SourcePosition(line: 2, column: 17)

    func validate(_ text: String, also: @escaping (Storyboard) -> [Problem] = { _ in [] }) throws -> [Problem] {
        let dir = try temporaryFolder("transparency")
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/p.json"))
        return PresetLoader.validate(path: dir + "/p.json", images: folderImages, fonts: InstalledFonts(), also: also).problems
    }

    func testEveryOutputWithoutAlphaIsOneProblemAtBackground() throws {
        let cases = [
            (#"{ "format": "mp4" }"#, "format mp4 cannot store transparency"),
            (#"{ "format": "mp4", "codec": "hevc" }"#, "format mp4 cannot store transparency"),
            (#"{ "codec": "h264" }"#, "codec h264 cannot store transparency"),
            (#"{ "codec": "hevc" }"#, "codec hevc cannot store transparency"),
            (#"{ "format": "mov", "codec": "hevc" }"#, "codec hevc cannot store transparency"),
        ]
        for (output, message) in cases {
            let problems = try validate(Self.preset(output: output))
            XCTAssertEqual(problems.count, 1, "\(output): \(problems.map(\.description))")
            XCTAssertEqual(problems.first?.path, "background", output)
            XCTAssertEqual(problems.first?.position, Self.backgroundPosition, output)
            XCTAssertTrue(problems.first?.message.hasPrefix(message) ?? false, "\(output): \(problems.map(\.message))")
        }
    }

    func testOutputsWithAlphaAndNoOutputAreAccepted() throws {
        for output in [#"{ "format": "mov" }"#, #"{ "format": "webm" }"#, #"{ "format": "gif" }"#, #"{ "format": "png" }"#,
                       #"{ "codec": "prores" }"#, #"{ "codec": "vp9" }"#, ""] {
            XCTAssertEqual(try validate(Self.preset(output: output)).map(\.description), [], output)
        }
    }

    /// The caller's check of render's default (mp4 when the preset names no format) names the
    /// same field: validate gives it the same line and column.
    func testCallerProblemsAtAPathArePositioned() throws {
        let problems = try validate(Self.preset(output: "")) { _ in
            [Problem(file: "p.json", path: "background", message: "format mp4 cannot store transparency")]
        }
        XCTAssertEqual(problems.map(\.position), [Self.backgroundPosition])
    }
}
