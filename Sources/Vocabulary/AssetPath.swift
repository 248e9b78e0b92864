import Foundation

/// Asset paths: relative to the preset's folder, never outside it (no absolute paths, no `..`
/// escape, no symlink escape), plain local files only.
public enum AssetPath {
    public static func resolve(_ relative: String, in base: String) -> Result<String, AssetPathError> {
        if relative.isEmpty { return .failure(AssetPathError("empty asset path")) }
        if relative.hasPrefix("/") || relative.hasPrefix("~") {
            return .failure(AssetPathError("asset \"\(relative)\" must be a path relative to the preset's folder"))
        }
        if relative.contains("://") || relative.contains(":") && relative.split(separator: ":").first.map({ !$0.contains("/") }) == true {
            return .failure(AssetPathError("asset \"\(relative)\" must be a local file path, not a URL or protocol"))
        }
        let baseURL = URL(fileURLWithPath: base).standardizedFileURL.resolvingSymlinksInPath()
        let full = baseURL.appendingPathComponent(relative).standardizedFileURL
        let real = full.resolvingSymlinksInPath()
        let root = baseURL.path.hasSuffix("/") ? baseURL.path : baseURL.path + "/"
        guard real.path.hasPrefix(root) else {
            return .failure(AssetPathError("asset \"\(relative)\" is outside the preset's folder"))
        }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real.path, isDirectory: &isDir) else {
            return .failure(AssetPathError("asset \"\(relative)\" not found (looked for \(real.path))"))
        }
        if isDir.boolValue { return .failure(AssetPathError("asset \"\(relative)\" is a folder, not an image file")) }
        // A FIFO would block the decoder's open() forever, a device never ends (issue 20.2).
        if let why = RegularFile.problem(real.path) { return .failure(AssetPathError("asset \"\(relative)\" \(why)")) }
        return .success(real.path)
    }
}

public struct AssetPathError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ d: String) { description = d }
}

