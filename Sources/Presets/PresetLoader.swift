import Foundation

/// Reads a preset file (or a built-in demo) and resolves it.
public enum PresetLoader {
    public static func load(path: String, overrides: Overrides = Overrides()) throws(PresetError) -> Storyboard {
        let text = try readText(path: path)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let preset = try PresetDecoder.decode(text: text, file: path, defaultName: name)
        let base = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try Resolver(file: path, baseDirectory: base).resolve(preset, overrides: overrides)
    }

    /// Decodes and resolves without rendering (`segue validate`); `also` adds the problems of a
    /// resolved storyboard that only the caller can see (the CLI: its output choice).
    public static func validate(path: String, also: (Storyboard) -> [Problem] = { _ in [] }) -> [Problem] {
        do { return also(try load(path: path)) } catch { return error.problems }
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
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { throw fail("no such file") }
        if isDir.boolValue { throw fail("is a folder, not a preset file") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw fail("cannot be read (permission denied?)") }
        defer { try? handle.close() }
        let data: Data
        do { data = try handle.read(upToCount: Limits.maxPresetBytes + 1) ?? Data() } catch { throw fail("cannot be read: \(error.localizedDescription)") }
        if data.count > Limits.maxPresetBytes { throw fail("is larger than \(Limits.maxPresetBytes >> 20) MiB; a preset is a small JSON file") }
        guard let text = String(data: data, encoding: .utf8) else { throw fail("is not UTF-8 text") }
        return text
    }
}
