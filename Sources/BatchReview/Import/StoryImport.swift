import Foundation
import FramePipeline
import Geometry
import Media
import Presets
import Vocabulary

/// `segue import DIR -o story.json` (issue 31): a folder of screenshots (and their hierarchy dumps)
/// → a preset that validates and renders as it is: the device guessed from the pixel size, one
/// screen per screenshot in lexical order, a push from each to the next — `magic-move` matching
/// the image elements the two screens' dumps share, else the platform's own push — and holds.
public enum StoryImport {
    public struct Result: Sendable {
        public var text: String
        public var device: String
        public var screens: Int
        public var magicMoves: Int
    }

    /// The preset's text for `directory`, written to be saved at `output` (its files are named
    /// relative to `output`'s folder, which must hold `directory`: a preset reads only inside its folder).
    public static func plan(directory: String, output: String, device name: String? = nil) throws(ImportError) -> Result {
        let dir = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath().path
        let outDir = URL(fileURLWithPath: output).standardizedFileURL.deletingLastPathComponent().resolvingSymlinksInPath().path
        guard dir == outDir || dir.hasPrefix(outDir.hasSuffix("/") ? outDir : outDir + "/") else {
            throw ImportError("-o \(output): write the preset in \(directory) or a folder above it (a preset reads files only inside its own folder)")
        }
        let prefix = dir == outDir ? "" : String(dir.dropFirst(outDir.count).drop(while: { $0 == "/" })) + "/"
        let shots = try ImportFolder.shots(in: directory, excluding: output)
        let size = try pixelSize(shots, directory)
        let device = try chooseDevice(name, size)
        var elements: [[PlacedElement]] = []
        for s in shots { elements.append(try s.dump.map { d throws(ImportError) in try placed(d, directory, size, device) } ?? []) }
        var screens: [String] = []
        let px = device.pixelSize()
        // Screenshots of another shape than the --device named are cropped as the elements were placed.
        let fill = AspectCheck.problem(file: "", width: size.width, height: size.height, deviceWidth: px.width, deviceHeight: px.height) != nil
        for s in shots {
            var fields = ["\"image\": \(quote(prefix + s.image))"] + (fill ? ["\"fit\": \"fill\""] : [])
            if let d = s.dump { fields.append("\"hierarchy\": \(quote(prefix + d))") }
            screens.append("    \(quote(s.name)): { \(fields.joined(separator: ", ")) }")
        }
        var steps = ["    { \"hold\": 0.5 }"]
        var magic = 0
        for i in 1..<max(1, shots.count) {
            let shared = sharedImages(elements[i - 1], elements[i])
            var step = "    { \"push\": \(quote(shots[i].name)), \"transition\": "
            if shared.isEmpty {
                step += device.platform == .android ? "\"android-activity\"" : "\"uikit\""
            } else {
                magic += 1
                step += "\"magic-move\", \"match\": [" + shared.map { "[\(quote($0)), \(quote($0))]" }.joined(separator: ", ") + "]"
            }
            steps.append(step + " }")
            steps.append("    { \"hold\": 0.8 }")
        }
        let presetName = URL(fileURLWithPath: output).deletingPathExtension().lastPathComponent
        let text = """
        {
          "segue": 1,
          "name": \(quote(presetName)),
          "device": \(quote(device.name)),
          "fps": 60,
          "screens": {
        \(screens.joined(separator: ",\n"))
          },
          "start": \(quote(shots[0].name)),
          "timeline": [
        \(steps.joined(separator: ",\n"))
          ]
        }

        """
        return Result(text: text, device: device.name, screens: shots.count, magicMoves: magic)
    }

    /// Every screenshot's pixel size, which must be one.
    static func pixelSize(_ shots: [ImportFolder.Shot], _ directory: String) throws(ImportError) -> (width: Int, height: Int) {
        var first: (name: String, width: Int, height: Int)?
        for s in shots {
            let path = (directory as NSString).appendingPathComponent(s.image)
            let info: ImageInfo
            do { info = try ImageDecoder.header(path: path, maxDimension: Limits.maxImageSide) } catch { throw ImportError("\(path): \(error)") }
            guard let w = info.width, let h = info.height else { throw ImportError("\(path): the image's header gives no size") }
            if let f = first, f.width != w || f.height != h {
                throw ImportError("\(path) is \(w)×\(h) px but \(f.name) is \(f.width)×\(f.height) px: one story is one device; import each size apart")
            }
            if first == nil { first = (s.image, w, h) }
        }
        return (first!.width, first!.height)
    }

    static func chooseDevice(_ name: String?, _ size: (width: Int, height: Int)) throws(ImportError) -> Device {
        guard let name else { return try DeviceGuess.device(width: size.width, height: size.height).get() }
        guard let d = Device.named(name) else { throw ImportError("--device: \(Device.unknownNameMessage(name))") }
        return d
    }

    /// The elements a screen's dump gives, as the preset will place them (fit fill, the canvas).
    static func placed(_ dump: String, _ directory: String, _ size: (width: Int, height: Int), _ device: Device) throws(ImportError) -> [PlacedElement] {
        let path = (directory as NSString).appendingPathComponent(dump)
        let (pw, ph) = device.pixelSize()
        let canvas = Size(Double(pw) / device.scale, Double(ph) / device.scale)
        let p = HierarchyPlacement(shotWidth: size.width, shotHeight: size.height, scale: device.scale,
                                   imageRect: HierarchyElements.imageRect(width: size.width, height: size.height, canvas: canvas, fit: .fill), canvas: canvas)
        do { return try HierarchyElements.elements(try HierarchyReader.read(path: path), p) } catch {
            throw ImportError("\(path)\(error.position.map { ":\($0.line):\($0.column)" } ?? ""): \(error.message)")
        }
    }

    /// Names of image elements on both screens, in the first screen's order. A dump that gives no
    /// element types (some Maestro dumps) counts every element as a picture.
    static func sharedImages(_ a: [PlacedElement], _ b: [PlacedElement]) -> [String] {
        func pictures(_ es: [PlacedElement]) -> [String] { es.filter { $0.node.isImage || $0.node.type.isEmpty }.map(\.name) }
        let other = Set(pictures(b))
        return pictures(a).filter { other.contains($0) }
    }

    static func quote(_ s: String) -> String { OrderedJSON.quote(s) }
}
