import Foundation
import FramePipeline
import Presets
import Raster

/// Resolves a preset written in a test as text, as `segue` resolves a file: the loader reads a
/// path (positions in errors, assets relative to the preset's folder), so the text is written to
/// `folder` as `name` first. The file stays: `folder` is a test's temporary folder.
func loadPreset(text: String, in folder: String, name: String = "p.json", overrides: Overrides = Overrides()) throws -> Storyboard {
    let path = folder + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return try PresetLoader.load(path: path, overrides: overrides, images: PresetImages.folder, fonts: InstalledFonts())
}
