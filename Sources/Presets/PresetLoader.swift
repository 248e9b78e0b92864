import Foundation
import Media

/// Reads a preset file (or a built-in demo) and resolves it.
public enum PresetLoader {
    /// Warnings (an unknown font family) go to `warn`: by default one line each on stderr.
    public static func load(path: String, overrides: Overrides = Overrides(),
                            warn: (Problem) -> Void = PresetLoader.printWarning) throws(PresetError) -> Storyboard {
        let checked = try check(path: path, overrides: overrides)
        checked.warnings.forEach(warn)
        return checked.storyboard
    }

    /// Decoded and resolved in one pass (PresetCheck): every problem of the file at once.
    /// - probesImagesOnly: check images without decoding them (the storyboard is for checks only).
    public static func check(path: String, overrides: Overrides = Overrides(), probesImagesOnly: Bool = false) throws(PresetError) -> CheckedPreset {
        let text = try readText(path: path)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let base = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try PresetCheck.run(text: text, file: path, baseDirectory: base, defaultName: name, overrides: overrides,
                                   probesImagesOnly: probesImagesOnly)
    }

    /// Decodes and resolves without rendering (`segue validate`): the problems, then the warnings.
    /// Images' headers only (issue 20.4).
    public static func validate(path: String) -> (problems: [Problem], warnings: [Problem]) {
        do { return ([], try check(path: path, probesImagesOnly: true).warnings) } catch { return (error.problems, error.warnings) }
    }

    public static func printWarning(_ p: Problem) {
        FileHandle.standardError.write(Data((p.description + "\n").utf8))
    }

    public static func demo(named name: String, overrides: Overrides = Overrides()) throws(PresetError) -> Storyboard {
        guard let demo = Demos.all.first(where: { $0.name == name }) else {
            throw PresetError([Problem(file: "--demo", path: "", message: "unknown demo \"\(name)\" (expected one of: \(Demos.all.map(\.name).joined(separator: ", ")))")])
        }
        let file = "demo:\(name)"
        return try PresetCheck.run(text: demo.json, file: file, baseDirectory: FileManager.default.currentDirectoryPath,
                                   defaultName: name, overrides: overrides).storyboard
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
