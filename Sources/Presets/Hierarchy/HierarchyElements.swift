import Geometry
import Scene

/// A dump's nodes → a screenshot screen's elements, in the canvas's points (issue 31): named by
/// identifier (`photo`, then `photo#2`, `photo#3` in document order), without the nodes that
/// have no identifier, are invisible, have no area or lie off the screen (partly off: clipped).
public struct HierarchyPlacement: Sendable {
    /// The screenshot's own pixel size (the dump's pixels are its pixels).
    public var shotWidth: Int
    public var shotHeight: Int
    /// The device's pixels per point, for dumps in points.
    public var scale: Double
    /// Where the screenshot is drawn on the canvas after its `fit`, in points.
    public var imageRect: Rect
    public var canvas: Size
    public init(shotWidth: Int, shotHeight: Int, scale: Double, imageRect: Rect, canvas: Size) {
        self.shotWidth = shotWidth; self.shotHeight = shotHeight; self.scale = scale; self.imageRect = imageRect; self.canvas = canvas
    }
}

/// One element read from a dump.
public struct PlacedElement: Sendable, Hashable {
    public var name: String
    /// Canvas points.
    public var frame: Rect
    public var node: DumpNode
}

public enum HierarchyElements {
    public static func elements(_ dump: HierarchyDump, _ p: HierarchyPlacement) throws(HierarchyError) -> [PlacedElement] {
        let factor = try pixelsPerUnit(dump, p)
        let shot = Rect(0, 0, Double(p.shotWidth), Double(p.shotHeight)), screen = Rect(0, 0, p.canvas.width, p.canvas.height)
        var seen: [String: Int] = [:]
        var out: [PlacedElement] = []
        for n in dump.nodes {
            guard let id = n.identifier, n.visible, n.frame.width > 0, n.frame.height > 0 else { continue }
            let px = Rect(n.frame.minX * factor, n.frame.minY * factor, n.frame.width * factor, n.frame.height * factor).intersection(shot)
            guard px.width > 0, px.height > 0 else { continue }
            let sx = p.imageRect.width / Double(p.shotWidth), sy = p.imageRect.height / Double(p.shotHeight)
            let pt = Rect(p.imageRect.minX + px.minX * sx, p.imageRect.minY + px.minY * sy, px.width * sx, px.height * sy).intersection(screen)
            guard pt.width > 0, pt.height > 0 else { continue }
            let count = (seen[id] ?? 0) + 1
            seen[id] = count
            out.append(PlacedElement(name: count == 1 ? id : "\(id)#\(count)", frame: pt, node: n))
        }
        return out
    }

    /// Screenshot pixels per dump unit, after checking the dump's screen against the screenshot:
    /// the same width, and a height no greater (an Android app window may stop above the
    /// navigation bar) and not much smaller.
    static func pixelsPerUnit(_ dump: HierarchyDump, _ p: HierarchyPlacement) throws(HierarchyError) -> Double {
        guard let root = dump.rootSize else { return dump.units == .points ? p.scale : 1 }
        let w = Double(p.shotWidth), h = Double(p.shotHeight)
        var units = dump.units
        if units == .unknown { units = abs(root.width * p.scale - w) <= max(1.5, p.scale) ? .points : .pixels }
        let factor = units == .points ? p.scale : 1
        let tolerance = max(1.5, factor)   // Maestro truncates points to whole numbers
        let rw = root.width * factor, rh = root.height * factor
        if abs(rw - w) > tolerance || rh > h + tolerance || rh < h * 0.85 {
            let inPoints = units == .points ? " (\(fmt(root.width))×\(fmt(root.height)) pt at scale \(fmt(p.scale)))" : ""
            let at = dump.nodes.first.map { SourcePosition(line: $0.line, column: $0.column) }
            throw HierarchyError("the dump's screen is \(fmt(rw))×\(fmt(rh)) px\(inPoints) but the screenshot is \(p.shotWidth)×\(p.shotHeight) px: the dump belongs to another screen or device", at: at)
        }
        return factor
    }

    static func fmt(_ v: Double) -> String { JSONNode.format((v * 1000).rounded() / 1000) }

    /// Where a screenshot of `w`×`h` pixels lands on `canvas` with `fit` (the renderer's rule:
    /// fill and fit scale about the centre, keeping the aspect).
    public static func imageRect(width w: Int, height h: Int, canvas: Size, fit: ImageFit) -> Rect {
        let iw = Double(w), ih = Double(h)
        switch fit {
        case .stretch: return Rect(0, 0, canvas.width, canvas.height)
        case .fill, .fit:
            let s = fit == .fill ? max(canvas.width / iw, canvas.height / ih) : min(canvas.width / iw, canvas.height / ih)
            return Rect((canvas.width - iw * s) / 2, (canvas.height - ih * s) / 2, iw * s, ih * s)
        }
    }
}
