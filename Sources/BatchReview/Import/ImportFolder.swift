import Foundation
import Media

/// The screenshots of a folder in lexical order, each with the hierarchy dump of the same base
/// name if there is one — the layout fastlane snapshot (`iPhone 13-01Grid.png`), Maestro
/// (`takeScreenshot` + `maestro hierarchy > NAME.json`) and Appium runs (screenshot + page source)
/// leave. Hidden files and folders are ignored.
struct ImportFolder {
    struct Shot: Equatable {
        /// The base name: the screen's id.
        var name: String
        var image: String
        var dump: String?
    }
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "webp"]

    static func shots(in directory: String, excluding output: String) throws(ImportError) -> [Shot] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
            throw ImportError("\(directory): cannot list the folder: \(systemReason(error))")
        }
        let outputName = URL(fileURLWithPath: output).standardizedFileURL.path
        var files: [(base: String, ext: String, name: String)] = []
        for n in names where !n.hasPrefix(".") {
            let full = (directory as NSString).appendingPathComponent(n)
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue,
                  URL(fileURLWithPath: full).standardizedFileURL.path != outputName else { continue }
            let ext = (n as NSString).pathExtension
            files.append(((n as NSString).deletingPathExtension, ext.lowercased(), n))
        }
        var shots: [Shot] = []
        for f in files.sorted(by: { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }) where imageExtensions.contains(f.ext) {
            if shots.contains(where: { $0.name == f.base }) { throw ImportError("\(directory): two screenshots named \(f.base) (\(f.name) and another); keep one") }
            let dumps = files.filter { $0.base == f.base && !imageExtensions.contains($0.ext) }.map(\.name).sorted()
            if dumps.count > 1 { throw ImportError("\(directory): \(f.name) has several dumps of its name (\(dumps.joined(separator: ", "))); keep one") }
            shots.append(Shot(name: f.base, image: f.name, dump: dumps.first))
        }
        if shots.isEmpty { throw ImportError("\(directory): no screenshots (.png, .jpg, .jpeg, .webp)") }
        return shots
    }
}
