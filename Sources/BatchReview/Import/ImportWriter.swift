import Foundation
import FramePipeline
import Media
import Presets
import Raster

extension StoryImport {
    /// Checks `text` as `segue validate` would, from where it will be saved, then writes it like
    /// every output (a temporary file beside, renamed into place). An existing file is replaced
    /// only with `force` (and only a regular file: OutputDestination's rules).
    public static func write(_ text: String, to output: String, force: Bool) throws {
        var st = stat()
        if lstat(output, &st) == 0 && !force { throw ImportError("\(output): exists; give --force to replace it") }
        let base = URL(fileURLWithPath: output).deletingLastPathComponent().path
        let name = URL(fileURLWithPath: output).deletingPathExtension().lastPathComponent
        do {
            _ = try PresetCheck.run(text: text, file: output, images: PresetImages.folder(base), fonts: InstalledFonts(), defaultName: name)
        } catch {
            throw ImportError("the imported preset does not validate:\n\(error.description)")
        }
        let file = try AtomicFile(destination: output)
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: file.temporaryPath)) } catch {
            file.discard()
            throw MediaError("\(output): cannot write: \(systemReason(error))")
        }
        try file.commit()
    }
}
