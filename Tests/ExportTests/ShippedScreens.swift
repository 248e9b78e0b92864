import Foundation
import FramePipeline
import Presets
import Raster
import Scene

/// Every screen of every catalog, story and seed preset, resolved as the CLI resolves it (the
/// installed fonts measuring mock texts), named "folder/file id". A matrix's clips share their
/// screens' declarations: its first clip stands for them.
func shippedScreens() throws -> [(name: String, screen: Node)] {
    let root = PresetContinuityTests.presetsDirectory
    var all: [(name: String, screen: Node)] = []
    for folder in ["catalog", "stories", "seeds"] {
        for file in try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder).sorted() where file.hasSuffix(".json") {
            let source = try PresetLoader.source(path: "\(root)/\(folder)/\(file)")
            let clip = source.matrix?.combinations.first { _ in true }
            let s = try PresetLoader.check(source, clip, overrides: Overrides(scale: 0.25), images: PresetImages.folder,
                                           fonts: InstalledFonts()).storyboard
            all += s.screens.map { ("\(folder)/\(file) \($0.key)", $0.value) }
        }
    }
    return all
}
