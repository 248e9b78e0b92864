import Foundation
import XCTest
import Geometry
import Scene

/// Issue 28, review 5: the launcher (`home`, catalog/predictive-back-home) drew Keep, a notes
/// app, with Music's quaver, so two apps of one home screen had the same icon. Keep now has its
/// light bulb; the apps that still share a glyph are the ones of one kind (Camera and Meet both
/// film, Play and YouTube both play, Files and Drive both hold folders).
final class LauncherGlyphTests: XCTestCase {
    func testKeepIsNotMusic() throws {
        for size in [Size(411.43, 914.29), Size(426.67, 952)] {
            let home = try XCTUnwrap(Mocks.screen(kind: "home", size: size, seed: 61, items: 20, style: .material))
            // Each icon's label is the text centred under it.
            func glyph(of app: String) throws -> String {
                let label = try XCTUnwrap(home.children.first { $0.kind.textString == app }, app)
                let icon = try XCTUnwrap(home.children.first { $0.id?.hasPrefix("icon") == true && abs($0.frame.midX - label.frame.midX) < 1
                                                                   && $0.frame.maxY <= label.frame.minY && label.frame.minY - $0.frame.maxY < 8 }, app)
                return icon.children.map(LauncherDockTests.shape).joined()
            }
            XCTAssertNotEqual(try glyph(of: "Keep"), try glyph(of: "Music"), "\(size): Keep has its own glyph")
            XCTAssertEqual(try glyph(of: "Camera"), try glyph(of: "Meet"), "\(size): the shapes are compared, not their colours")
        }
    }
}
