import Foundation
import Geometry
import Scene

/// Screenshot screens with named `elements` (issue 15): each becomes a `Node.region` on the
/// screen, so it matches by name exactly as a layer id does, its snapshot is the screenshot's own
/// pixels inside its rounded frame, and hidden it shows a colour, the same region of a second
/// screenshot, or (default) the median colour of the ring of pixels just outside its frame
/// (`SurroundingColors`: measured by the renderer when first drawn; resolving draws nothing).
struct ScreenshotRegions {
    /// The canvas in points and pixels.
    var canvas: Size
    var pixelWidth: Int
    var pixelHeight: Int
    var scale: Double

    /// `screen` (a screenshot screen: background rect, the image) with its regions added; problems
    /// go to `problem` with the element's JSON path.
    func adding(_ specs: [ElementSpec], to screen: Node, screenID: String, shot: any ImageSource, fit: ImageFit,
                loadImage: (String, String) -> (any ImageSource)?, problem: (String, String) -> Void) -> Node {
        var out = screen
        var surrounded: [(child: Int, frame: Rect)] = []
        for e in specs {
            let fp = e.path.key("frame").text
            let w = e.frame, eps = 1e-6
            if w.minX < -eps || w.minY < -eps || w.maxX > canvas.width + eps || w.maxY > canvas.height + eps {
                problem(fp, "the element must lie inside the screen, 0…\(JSONNode.format(canvas.width)) × 0…\(JSONNode.format(canvas.height)) pt (got [\(JSONNode.format(w.minX)), \(JSONNode.format(w.minY)), \(JSONNode.format(w.width)), \(JSONNode.format(w.height))])")
                // Its id stays known (an empty region: the preset is invalid and never drawn), so
                // a `match` naming it adds no second "no element" problem (issue 27.14).
                out.children.append(.region(id: e.name, frame: .zero, cornerRadius: 0, standIn: .rect(.zero, .clear)))
                continue
            }
            if e.name == screenID {
                problem(e.path.text, "an element must not have its screen's id \"\(screenID)\"")
                continue
            }
            // A screenshot is whole pixels: the region is the pixels nearest its frame's edges,
            // so its snapshot is an exact crop and its stand-in covers exactly those pixels.
            let f = ScreenshotRegions.rounded(e.frame, scale: scale)
            let local = Rect(0, 0, f.width, f.height)
            let standIn: Node
            switch e.hidden {
            case .color(let c):
                standIn = .rect(local, c)
            case .image(let file):
                let hp = e.path.key("hidden").key("image").text
                guard let b = loadImage(file, hp) else { continue }
                guard b.pixelWidth == shot.pixelWidth && b.pixelHeight == shot.pixelHeight else {
                    problem(hp, "the hidden image must have the screenshot's pixel size \(shot.pixelWidth)×\(shot.pixelHeight) (got \(b.pixelWidth)×\(b.pixelHeight))")
                    continue
                }
                // The second screenshot, placed as the screen places the first, seen through the region.
                standIn = .image(b, frame: Rect(-f.minX, -f.minY, canvas.width, canvas.height), fit: fit)
            case .borderMedian:
                surrounded.append((out.children.count, f))
                standIn = .rect(local, .white)   // painted with its surrounding colour below
            }
            out.children.append(.region(id: e.name, frame: f, cornerRadius: e.cornerRadius, standIn: standIn))
        }
        if !surrounded.isEmpty {
            let colors = SurroundingColors(screen: screen, scale: scale, frames: surrounded.map(\.frame))
            for (k, s) in surrounded.enumerated() { out.children[s.child].standIn[0].fill = .surrounding(colors, index: k) }
        }
        return out
    }

    /// A frame with each edge moved to the nearest pixel boundary (at least one pixel a side).
    static func rounded(_ f: Rect, scale: Double) -> Rect {
        let x0 = (f.minX * scale).rounded(), y0 = (f.minY * scale).rounded()
        let x1 = max(x0 + 1, (f.maxX * scale).rounded()), y1 = max(y0 + 1, (f.maxY * scale).rounded())
        return Rect(x0 / scale, y0 / scale, (x1 - x0) / scale, (y1 - y0) / scale)
    }

    /// How a screenshot not at the canvas's pixel size was fitted, for a note on stderr (nil when
    /// it is at the canvas's size).
    func fitNote(file: String, _ image: any ImageSource, fit: ImageFit) -> String? {
        let b = (width: image.pixelWidth, height: image.pixelHeight)
        guard b.width != pixelWidth || b.height != pixelHeight else { return nil }
        let sx = Double(pixelWidth) / Double(b.width), sy = Double(pixelHeight) / Double(b.height)
        func f(_ v: Double) -> String { String(format: "%.4g", v) }
        let how: String
        switch fit {
        case .stretch:
            how = "stretched by \(f(sx)) × \(f(sy))"
        case .fill:
            let s = max(sx, sy)
            let cw = Double(b.width) * s - Double(pixelWidth), ch = Double(b.height) * s - Double(pixelHeight)
            how = "scaled by \(f(s)) to fill it" + (cw > 0.5 ? ", cropping \(f(cw / 2)) px left and right" : "")
                + (ch > 0.5 ? ", cropping \(f(ch / 2)) px top and bottom" : "")
        case .fit:
            let s = min(sx, sy)
            let bw = Double(pixelWidth) - Double(b.width) * s, bh = Double(pixelHeight) - Double(b.height) * s
            how = "scaled by \(f(s)) to fit it" + (bw > 0.5 ? ", with \(f(bw / 2)) px bars left and right" : "")
                + (bh > 0.5 ? ", with \(f(bh / 2)) px bars top and bottom" : "")
        }
        return "note: \(file) is \(b.width)×\(b.height) px, the canvas \(pixelWidth)×\(pixelHeight) px: fit \"\(fit.rawValue)\" \(how); element frames are in the canvas's points (\(JSONNode.format(canvas.width))×\(JSONNode.format(canvas.height)))"
    }
}
