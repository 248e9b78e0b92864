import Foundation

/// Reads a preset file (or a built-in demo) and resolves it.
public enum PresetLoader {
    /// `only`: the `--only KEY=VALUE,...` of a matrix preset (PresetSource.select).
    public static func load(path: String, overrides: Overrides = Overrides(), only: String? = nil) throws(PresetError) -> Storyboard {
        let source = try self.source(path: path)
        let clip = try source.select(only)
        return try resolve(source, clip, overrides: overrides)
    }

    /// The file parsed, not yet decoded: its matrix, if any, says which clips it holds.
    public static func source(path: String) throws(PresetError) -> PresetSource {
        let text = try readText(path: path)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return try PresetSource.parse(text: text, file: path, defaultName: name)
    }

    /// One clip of a source, decoded and resolved (assets relative to the file's folder).
    public static func resolve(_ source: PresetSource, _ clip: MatrixCombination?, overrides: Overrides = Overrides()) throws(PresetError) -> Storyboard {
        try decode(source, clip, overrides: overrides).storyboard
    }

    /// The clip's decoded preset and its storyboard.
    public static func decode(_ source: PresetSource, _ clip: MatrixCombination?, overrides: Overrides = Overrides()) throws(PresetError)
        -> (preset: Preset, storyboard: Storyboard) {
        let preset = try source.preset(clip)
        let base = URL(fileURLWithPath: source.file).deletingLastPathComponent().path
        do { return (preset, try Resolver(file: source.file, baseDirectory: base).resolve(preset, overrides: overrides)) } catch {
            throw clip.map { error.in($0) } ?? error
        }
    }

    /// Decodes and resolves without rendering (`segue validate`): every clip of a matrix, one at a
    /// time (each combination's problems name it).
    public static func validate(path: String) -> [Problem] {
        let source: PresetSource
        do { source = try self.source(path: path) } catch { return error.problems }
        guard let matrix = source.matrix else {
            do { _ = try resolve(source, nil); return [] } catch { return error.problems }
        }
        // A problem every combination has (a typo outside the matrix) is one line, not one per clip.
        var found: [(problem: Problem, labels: [String])] = []
        var index: [Problem: Int] = [:]
        for clip in matrix.combinations {
            do { _ = try resolve(source, clip) } catch {
                for p in error.problems {
                    var plain = p
                    plain.message = String(p.message.dropLast(" [in combination \(clip.label)]".count))
                    if let i = index[plain] { found[i].labels.append(clip.label) } else { index[plain] = found.count; found.append((plain, [clip.label])) }
                }
            }
            if found.count >= 200 { break }
        }
        return found.flatMap { f -> [Problem] in
            if f.labels.count == matrix.count && matrix.count > 1 { var p = f.problem; p.message += " [in every combination]"; return [p] }
            return f.labels.map { var p = f.problem; p.message += " [in combination \($0)]"; return p }
        }
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
