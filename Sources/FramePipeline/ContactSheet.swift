import Foundation
import Geometry
import Media
import Presets
import Raster
import Scene

/// `segue sheet`: a contact sheet (filmstrip) of N evenly spaced frames, each labelled with its
/// frame index and video time, drawn with Segue's own renderer and written as one PNG or JPEG.
public enum ContactSheet {
    /// The frames a sheet of `count` shows: evenly spaced from the first to the last.
    public static func frames(count: Int, total: Int) -> [Int] {
        guard count > 1, total > 1 else { return [0] }
        let n = min(count, total)
        return (0..<n).map { Int((Double($0) * Double(total - 1) / Double(n - 1)).rounded()) }
    }

    /// Where a sheet's thumbnails go: ~300 px wide, in points of a 1× sheet, `columns` across.
    struct Layout {
        let indices: [Int]
        let cols: Int, rows: Int
        let thumbW = 300.0, thumbH: Double
        let gap = 16.0, label = 28.0
        var sheetW: Double { Double(cols) * thumbW + Double(cols + 1) * gap }
        var sheetH: Double { Double(rows) * (thumbH + label) + Double(rows + 1) * gap }
        var thumbPixels: Int { Int(thumbW) * Int(thumbH) }
        var sheetPixels: Int { Int(sheetW) * Int(sheetH) }

        init(_ storyboard: Storyboard, count: Int, columns: Int, slowMotion: Double) {
            indices = ContactSheet.frames(count: count, total: storyboard.frameCount(slowMotion: slowMotion))
            cols = max(1, min(columns, indices.count))
            rows = (indices.count + cols - 1) / cols
            thumbH = (thumbW * Double(storyboard.pixelHeight) / Double(storyboard.pixelWidth)).rounded()
        }
    }

    /// Renders and writes the sheet (PNG or JPEG by `path`'s extension, StillWriter); returns
    /// how many frames it shows (at most the clip's frame count).
    @discardableResult
    public static func run(_ storyboard: Storyboard, to path: String, count: Int, columns: Int, slowMotion: Double = 1,
                           jobs: Int, cancel: CancellationToken = CancellationToken()) throws -> Int {
        let layout = Layout(storyboard, count: count, columns: columns, slowMotion: slowMotion)
        // Composed in a function of its own: the thumbnails are gone before the sheet is encoded
        // (MemoryEstimate.sheet counts the two phases apart).
        let out = try compose(storyboard, layout, slowMotion: slowMotion, jobs: jobs, cancel: cancel)
        try StillWriter.write(out, to: path)
        return layout.indices.count
    }

    private static func compose(_ storyboard: Storyboard, _ layout: Layout, slowMotion: Double, jobs: Int,
                                cancel: CancellationToken) throws -> Bitmap {
        let composer = FrameComposer(storyboard: storyboard, slowMotion: slowMotion)
        let indices = layout.indices, cols = layout.cols
        let thumbW = layout.thumbW, thumbH = layout.thumbH, gap = layout.gap, label = layout.label
        // Render the chosen frames in parallel, each scaled into its thumbnail as soon as it is
        // drawn: one full frame per worker (issue 20.6: `--count 400` held 400 full frames,
        // 1.1 GB), then the thumbnails are laid out 1:1.
        let thumbPixels = (Int(thumbW), Int(thumbH))
        let scheduler = FrameScheduler<Bitmap>(frameCount: indices.count, jobs: jobs, window: jobs + 2)
        let frames = try (0..<scheduler.jobs).map { _ in try Bitmap(width: storyboard.pixelWidth, height: storyboard.pixelHeight) }
        var bitmaps: [Bitmap] = []
        try scheduler.run(cancel: cancel, produce: { worker, k in
            let b = frames[worker]
            composer.render(frame: indices[k], into: b)
            b.invalidateCaches()   // drawn from below: last frame's mip levels are stale
            // A thumbnail 0 pixels high (a canvas 150 times wider than high) is a RasterError.
            let thumb = try Bitmap(width: thumbPixels.0, height: thumbPixels.1)
            Renderer.render(Node.image(b, frame: Rect(0, 0, thumbW, thumbH), fit: .stretch), scale: 1, into: thumb)
            return thumb
        }, consume: { _, thumb in bitmaps.append(thumb) })
        try composer.checkDrawn()
        var cells: [Node] = []
        let style = TextStyle(font: Font(size: 15, weight: .medium), color: Color(white: 0.85), alignment: .center, lines: 1)
        for (k, i) in indices.enumerated() {
            let x = gap + Double(k % cols) * (thumbW + gap), y = gap + Double(k / cols) * (thumbH + label + gap)
            var thumb = Node.image(bitmaps[k], frame: Rect(x, y, thumbW, thumbH), fit: .stretch)
            thumb.border = Border(width: 1, color: Color(white: 0.3))
            cells.append(thumb)
            let t = Double(i) / Double(storyboard.fps)
            cells.append(Node(kind: .text(String(format: "#%d  %.3f s", i, t), style), frame: Rect(x, y + thumbH + 6, thumbW, 20)))
        }
        let sheet = Node(kind: .rect, frame: Rect(0, 0, layout.sheetW, layout.sheetH), fill: .solid(Color(white: 0.11)), children: cells)
        let out = try Bitmap(width: Int(layout.sheetW), height: Int(layout.sheetH))
        Renderer.render(sheet, scale: 1, into: out)
        return out
    }
}
