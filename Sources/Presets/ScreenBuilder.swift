import Geometry
import Vocabulary
import Scene

/// A preset's screen → its node tree, canvas-sized, in points (issue 19.1's screen building).
///
/// A screen that names image files is built twice (issue 20.5): when the preset resolves, as an
/// outline — each image a placeholder of the pixel size it decodes to, so ids, frames, sizes and
/// every problem are the built screen's, with nothing decoded — and when the first frame that
/// shows it is rendered, for real (`DeferredScreen`). Images come from the injected loader.
struct ScreenBuilder: Sendable {
    var file: String
    var canvas: Size
    var pixelWidth: Int
    var pixelHeight: Int
    var scale: Double
    var images: any ImageLoading
    /// What images are fitted into while decoding: 2× the canvas a side (ImageStore's rule: what
    /// the canvas can show, with room for a zoom).
    var box: PixelBox
    /// True: images are placeholders of their size (and screenshot stand-ins a placeholder colour).
    var outline = true

    /// The image files a resolve-time build met, each canonical file once (the memory estimate's).
    final class Tally {
        private var seen = Set<String>()
        private(set) var keptBytes = 0
        private(set) var largestFrameBytes = 0
        func add(_ info: AssetImageInfo) {
            guard seen.insert(info.canonicalPath).inserted else { return }
            keptBytes += info.keptBytes
            largestFrameBytes = max(largestFrameBytes, info.frameBytes)
        }
    }

    /// The same builder drawing for real.
    var drawing: ScreenBuilder { var b = self; b.outline = false; return b }

    /// An image or layers screen (mocks name no files: `Resolver.mockScreen`); nil with problems.
    /// `notes`: how a screenshot of another size was fitted.
    func build(_ id: String, _ spec: ScreenSpec, elements: [ElementSpec], tally: Tally?, notes: ((String) -> Void)? = nil,
               problem: (String, String) -> Void) -> Node? {
        let path = JSONPath().key("screens").key(id).text
        let full = Rect(0, 0, canvas.width, canvas.height)
        switch spec {
        case .image(let file, let given, let bg):
            guard let b = image(file, path: path + ".image", tally: tally, problem: problem) else { return nil }
            let fit = given ?? .fill
            if given == nil, outline, let why = aspectProblem(file, b) { problem(path + ".image", why) }
            let shot = Node(id: id, kind: .rect, frame: full, fill: ScreenBuilder.fill(behind: b, given: bg), clips: true,
                            children: [.image(b, frame: full, fit: fit)])
            let regions = ScreenshotRegions(canvas: canvas, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
            if let notes, let note = regions.fitNote(file: file, b, fit: fit) { notes(note) }
            return regions.adding(elements, to: shot, screenID: id, shot: b, fit: fit,
                                  loadImage: { image($0, path: $1, tally: tally, problem: problem) }, problem: problem)
        case .layers(let bg, let layers):
            return Node(id: id, kind: .rect, frame: full, fill: .solid(bg), clips: true,
                        children: layers.map { node($0, tally: tally, problem: problem) })
        case .mock:
            return nil
        }
    }

    func node(_ l: LayerSpec, tally: Tally?, problem: (String, String) -> Void) -> Node {
        var kind: Node.Kind
        switch l.kind {
        case .rect: kind = .rect
        case .ellipse: kind = .ellipse
        case .group: kind = .group
        case .text: kind = .text(l.text ?? "", l.style)
        case .image:
            if let file = l.image, let b = image(file, path: l.path + ".image", tally: tally, problem: problem) { kind = .image(b, l.fit) } else { kind = .rect }
        }
        return Node(id: l.id, kind: kind, frame: l.frame, fill: l.fill, cornerRadius: l.cornerRadius, border: l.border,
                    shadow: l.shadow, opacity: l.opacity, clips: l.clips, hidden: l.hidden, transform: l.transform,
                    children: l.children.map { node($0, tally: tally, problem: problem) })
    }

    /// One image: in an outline, its placeholder (the header read and the decoder opened, as
    /// `segue validate` checks it); else decoded.
    func image(_ relative: String, path: String, tally: Tally?, problem: (String, String) -> Void) -> (any ImageSource)? {
        if outline {
            switch images.info(relative, fitting: box, opensDecoder: true) {
            case .success(let info):
                tally?.add(info)
                return PlaceholderImage(pixelWidth: info.width, pixelHeight: info.height)
            case .failure(let why):
                problem(path, why.description)
                return nil
            }
        }
        switch images.image(relative, fitting: box) {
        case .success(let b): return b
        case .failure(let why):
            problem(path, why.description)
            return nil
        }
    }

    /// A screenshot without `fit` must have the device's shape (AspectCheck); the message names the
    /// file's own size (`b` may be scaled into the box).
    func aspectProblem(_ file: String, _ b: any ImageSource) -> String? {
        guard AspectCheck.problem(file: file, width: b.pixelWidth, height: b.pixelHeight, deviceWidth: pixelWidth, deviceHeight: pixelHeight) != nil else { return nil }
        var size = (b.pixelWidth, b.pixelHeight)
        if case .success(let own) = images.info(file, fitting: PixelBox(width: 1 << 20, height: 1 << 20), opensDecoder: false),
           own.width > 0, own.height > 0 { size = (own.width, own.height) }
        return AspectCheck.problem(file: file, width: size.0, height: size.1, deviceWidth: pixelWidth, deviceHeight: pixelHeight)
    }

    /// What a screenshot sits on: the preset's `background`, else the app's own colour read from
    /// its pixels (`ImageSource.backgroundColor`: Raster's `Bitmap.edgeColor`), which is what shows behind its window while it moves
    /// (FrameComposer's app background) and around it when it is letterboxed. An outline's
    /// placeholder has no pixels: no fill (FrameComposer reads the colour from the snapshot).
    static func fill(behind image: any ImageSource, given: Color?) -> Paint? {
        if let given { return .solid(given) }
        return image.backgroundColor.map { .solid($0) }
    }

    /// Whether building `spec` reads image files (then it is deferred to its first frame).
    static func namesImages(_ spec: ScreenSpec) -> Bool {
        func any(_ l: LayerSpec) -> Bool { (l.kind == .image && l.image != nil) || l.children.contains(where: any) }
        switch spec {
        case .image: return true
        case .layers(_, let layers): return layers.contains(where: any)
        case .mock: return false
        }
    }
}

/// An image of an outline: its pixel size, no pixels (nothing draws an outline).
final class PlaceholderImage: ImageSource {
    let pixelWidth: Int
    let pixelHeight: Int
    init(pixelWidth: Int, pixelHeight: Int) { self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight }
}
