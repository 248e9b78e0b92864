import Foundation
import Media

/// Reads a preset file (or a built-in demo) and resolves it.
public enum PresetLoader {
    /// - probesImagesOnly: check images without decoding them (the storyboard is for checks only).
    public static func load(path: String, overrides: Overrides = Overrides(), probesImagesOnly: Bool = false) throws(PresetError) -> Storyboard {
        let text = try readText(path: path)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let preset = try PresetDecoder.decode(text: text, file: path, defaultName: name)
        let base = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try Resolver(file: path, baseDirectory: base, probesImagesOnly: probesImagesOnly).resolve(preset, overrides: overrides)
    }

    /// Decodes and resolves without rendering (`segue validate`); images' headers only (20.4).
    public static func validate(path: String) -> [Problem] {
        do { _ = try load(path: path, probesImagesOnly: true); return [] } catch { return error.problems }
    }

    public static func demo(named name: String, overrides: Overrides = Overrides()) throws(PresetError) -> Storyboard {
        guard let demo = Demos.all.first(where: { $0.name == name }) else {
            throw PresetError([Problem(file: "--demo", path: "", message: "unknown demo \"\(name)\" (expected one of: \(Demos.all.map(\.name).joined(separator: ", ")))")])
        }
        let file = "demo:\(name)"
        let preset = try PresetDecoder.decode(text: demo.json, file: file, defaultName: name)
        return try Resolver(file: file, baseDirectory: FileManager.default.currentDirectoryPath).resolve(preset, overrides: overrides)
    }

    static func readText(path: String) throws(PresetError) -> String {
        func fail(_ m: String) -> PresetError { PresetError([Problem(file: path, path: "", message: m)]) }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue { throw fail("is a folder, not a preset file") }
        // Non-blocking open, regular files only: a FIFO or device never hangs or floods us (20.2).
        let data: Data
        do { data = try RegularFile.read(path, limit: Limits.maxPresetBytes + 1) } catch { throw fail(error.description) }
        if data.count > Limits.maxPresetBytes { throw fail("is larger than \(Limits.maxPresetBytes >> 20) MiB; a preset is a small JSON file") }
        guard let text = String(data: data, encoding: .utf8) else { throw fail("is not UTF-8 text") }
        return text
    }
}
