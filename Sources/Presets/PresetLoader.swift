import Foundation
import Vocabulary

/// Makes the image loader of a preset from the folder its assets resolve against (issue 19.1:
/// whoever resolves a preset says where its images come from; the CLI and Export pass Media's
/// AssetImages through Export's `PresetImages.folder`, so Presets opens no image itself).
public typealias ImageLoaderFactory = @Sendable (_ baseDirectory: String) -> any ImageLoading

/// Reads a preset file (or a built-in demo) and resolves it with the images `images` gives for
/// the preset's folder; `fonts` answers the font check's questions.
public enum PresetLoader {
    /// Warnings (an unknown font family) go to `warn`: by default one line each on stderr.
    /// `only`: the `--only KEY=VALUE,...` of a matrix preset (PresetSource.select).
    public static func load(path: String, overrides: Overrides = Overrides(), only: String? = nil,
                            warn: (Problem) -> Void = PresetLoader.printWarning,
                            images: ImageLoaderFactory, fonts: any FontLookup) throws(PresetError) -> Storyboard {
        let checked = try check(path: path, overrides: overrides, only: only, images: images, fonts: fonts)
        checked.warnings.forEach(warn)
        return checked.storyboard
    }

    /// Decoded and resolved in one pass (PresetCheck): every problem of the file at once.
    public static func check(path: String, overrides: Overrides = Overrides(), only: String? = nil,
                             images: ImageLoaderFactory, fonts: any FontLookup) throws(PresetError) -> CheckedPreset {
        let source = try self.source(path: path)
        return try check(source, try source.select(only), overrides: overrides, images: images, fonts: fonts)
    }

    /// The file parsed, not yet decoded: its matrix, if any, says which clips it holds.
    public static func source(path: String) throws(PresetError) -> PresetSource {
        let text = try readText(path: path)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return try PresetSource.parse(text: text, file: path, defaultName: name)
    }

    /// One clip of a source (nil: a plain preset), checked in one pass; its problems name the
    /// combination. Assets resolve against the file's folder; images' headers are read, their
    /// pixels are not (a screen's images are decoded when a frame first shows it, issue 20.5).
    public static func check(_ source: PresetSource, _ clip: MatrixCombination?, overrides: Overrides = Overrides(),
                             images: ImageLoaderFactory, fonts: any FontLookup) throws(PresetError) -> CheckedPreset {
        let base = URL(fileURLWithPath: source.file).deletingLastPathComponent().path
        do {
            return try PresetCheck.run(text: source.text, file: source.file, images: images(base), fonts: fonts, defaultName: source.defaultName,
                                       overrides: overrides, parsed: source.document, tree: source.tree(clip))
        } catch { throw clip.map { error.in($0) } ?? error }
    }

    public static func resolve(_ source: PresetSource, _ clip: MatrixCombination?, overrides: Overrides = Overrides(),
                               images: ImageLoaderFactory, fonts: any FontLookup) throws(PresetError) -> Storyboard {
        try check(source, clip, overrides: overrides, images: images, fonts: fonts).storyboard
    }

    /// Decodes and resolves without rendering (`segue validate`): the problems, then the warnings;
    /// every clip of a matrix, one at a time (MatrixValidation); images' headers only (issue 20.4).
    /// `also` adds the problems of the resolved storyboard that only the caller can see (the CLI:
    /// its output choice); those with a JSON path get its line and column, as every other problem.
    public static func validate(path: String, images: ImageLoaderFactory, fonts: any FontLookup,
                                also callerProblems: (Storyboard) -> [Problem] = { _ in [] }) -> (problems: [Problem], warnings: [Problem]) {
        let source: PresetSource
        do { source = try self.source(path: path) } catch { return (error.problems, error.warnings) }
        func also(_ s: Storyboard) -> [Problem] { PresetCheck.finish(callerProblems(s), root: source.root) }
        guard source.matrix != nil else {
            do { let c = try check(source, nil, images: images, fonts: fonts); return (also(c.storyboard), c.warnings) } catch { return (error.problems, error.warnings) }
        }
        return MatrixValidation.validate(source, images: images, fonts: fonts, also: also)
    }

    public static func printWarning(_ p: Problem) {
        FileHandle.standardError.write(Data((p.description + "\n").utf8))
    }

    /// A built-in demo; image names in it resolve against the current directory.
    public static func demo(named name: String, overrides: Overrides = Overrides(), images: ImageLoaderFactory,
                            fonts: any FontLookup) throws(PresetError) -> Storyboard {
        guard let demo = Demos.all.first(where: { $0.name == name }) else {
            throw PresetError([Problem(file: "--demo", path: "", message: "unknown demo \"\(name)\" (expected one of: \(Demos.all.map(\.name).joined(separator: ", ")))")])
        }
        let file = "demo:\(name)"
        return try PresetCheck.run(text: demo.json, file: file, images: images(FileManager.default.currentDirectoryPath), fonts: fonts,
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
