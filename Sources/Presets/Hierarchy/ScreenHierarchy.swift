import Foundation
import Geometry
import Vocabulary
import Scene

/// A screenshot screen's `hierarchy` while resolving: the dump read from the preset's folder (as
/// assets are: inside it, regular files only), its elements placed on the canvas, and the
/// hand-written `elements` added to them (one of the same name replaces the dump's).
extension Resolver {
    /// The folder the preset's files resolve against.
    var baseDirectory: String { URL(fileURLWithPath: file).deletingLastPathComponent().path }

    /// `relative` as messages show it: beside the preset file as the user named it.
    func shownPath(_ relative: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return relative }
        return String(file[...slash]) + relative
    }

    func screenshotElements(_ id: String, _ spec: ScreenSpec, _ extras: ScreenExtras?, builder: ScreenBuilder, nativeScale: Double,
                            report: (Problem) -> Void) -> [ElementSpec] {
        let written = extras?.elements ?? []
        guard let h = extras?.hierarchy, case .image(let shotFile, let fit, _) = spec else { return written }
        let full: String
        switch AssetPath.resolve(h.file, in: baseDirectory) {
        case .success(let f): full = f
        case .failure(let why):
            report(Problem(file: file, path: h.path.text, message: why.description.replacingOccurrences(of: "asset \"", with: "hierarchy \"")))
            return written
        }
        // The screenshot's own pixel size (not fitted to the canvas): the dump's pixels are its pixels.
        guard case .success(let info) = images.info(shotFile, fitting: PixelBox(width: 1 << 20, height: 1 << 20), opensDecoder: false),
              info.width > 0, info.height > 0 else { return written }   // the image's own problem is reported by the build
        let placement = HierarchyPlacement(shotWidth: info.width, shotHeight: info.height, scale: nativeScale,
                                           imageRect: HierarchyElements.imageRect(width: info.width, height: info.height, canvas: builder.canvas, fit: fit ?? .fill),
                                           canvas: builder.canvas)
        let placed: [PlacedElement]
        do { placed = try HierarchyElements.elements(try HierarchyReader.read(path: full), placement) } catch {
            report(Problem(file: shownPath(h.file), path: h.path.text, message: error.message, position: error.position))
            return written
        }
        var out = placed.map { e in
            ElementSpec(name: e.name, frame: e.frame, cornerRadius: 0, hidden: .borderMedian, path: h.path,
                        origin: "\(shownPath(h.file)):\(e.node.line)", isImage: e.node.isImage)
        }
        for w in written {
            if let i = out.firstIndex(where: { $0.name == w.name }) { out[i] = w } else { out.append(w) }
        }
        return out
    }
}

extension Resolver {
    /// Where each element of the screenshot and layers screens came from (Storyboard.elementOrigins).
    static func origins(_ preset: Preset, elements: [String: [ElementSpec]]) -> [String: [String: String]] {
        var out: [String: [String: String]] = [:]
        for (id, list) in elements { for e in list { out[id, default: [:]][e.name] = e.origin ?? e.path.text } }
        for (id, spec) in preset.screens {
            guard case .layers(_, let layers) = spec else { continue }
            var stack = layers
            while let l = stack.popLast() {
                if let name = l.id { out[id, default: [:]][name] = l.path }
                stack.append(contentsOf: l.children)
            }
        }
        return out
    }
}
