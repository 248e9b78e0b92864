import Geometry
import Presets
import Raster
import Scene

/// Places the composed screen inside the framed canvas (`overlays.frame`, DeviceFraming). The
/// screen is drawn as without a frame, by FrameComposer, into a buffer of its own width (bands or
/// whole); this copies its rows into place over the canvas drawn once (backdrop, buttons, body,
/// glass, text), shows the canvas again outside the display's rounded corners (the screen's
/// coverage there, as a clip), and draws the camera over it. So band rendering, chrome, overlays
/// and captions work in screen coordinates as before, and the frame costs a row copy and a few
/// blended spans per row.
struct DeviceFramePainter: @unchecked Sendable {
    let framing: DeviceFraming
    /// The framed canvas without the screen (drawn once, read only).
    let canvas: Bitmap
    /// The display's coverage (alpha) at the screen's size, with each row's spans below 255.
    let display: Bitmap
    let displaySpans: [[Range<Int>]]
    /// The camera over the display, with each row's spans above 0.
    let camera: Bitmap
    let cameraSpans: [[Range<Int>]]
    /// The caption band's rows under the screen (CaptionBand.swift), drawn over the canvas under the body.
    let captionBand: Int

    init(storyboard: Storyboard, framing: DeviceFraming, background: UInt32) {
        self.framing = framing
        captionBand = storyboard.captionBand
        let s = storyboard.scale, w = framing.screenWidth, h = framing.screenHeight
        canvas = Bitmap(uncheckedWidth: framing.width, height: framing.height)
        fillPixels(canvas.pixels, background, canvas.count)
        Renderer.render(DeviceFrameScene.canvas(framing, scale: s), scale: s, into: canvas)
        let display = Bitmap(uncheckedWidth: w, height: h), camera = Bitmap(uncheckedWidth: w, height: h)
        Renderer.render(DeviceFrameScene.display(storyboard.device, canvas: storyboard.canvas), scale: s, into: display)
        Renderer.render(DeviceFrameScene.camera(framing, device: storyboard.device, canvas: storyboard.canvas), scale: s, into: camera)
        self.display = display
        self.camera = camera
        displaySpans = (0..<h).map { DeviceFramePainter.spans(display.row($0), w) { $0 >> 24 != 255 } }
        cameraSpans = (0..<h).map { DeviceFramePainter.spans(camera.row($0), w) { $0 >> 24 != 0 } }
    }

    /// Runs of pixels in one row that `keep` picks.
    static func spans(_ row: UnsafeMutablePointer<UInt32>, _ n: Int, _ keep: (UInt32) -> Bool) -> [Range<Int>] {
        var out: [Range<Int>] = [], x = 0
        while x < n {
            guard keep(row[x]) else { x += 1; continue }
            let start = x
            while x < n && keep(row[x]) { x += 1 }
            out.append(start..<x)
        }
        return out
    }

    /// The composed screen's height (screen and caption band).
    var innerHeight: Int { framing.screenHeight + captionBand }

    /// Gives `rows` of the framed `target` their final pixels; `drawInner(view, innerRows)` draws
    /// rows of the composed screen (screen, then caption band) into a view of its size.
    func compose(into target: Bitmap, rows: Range<Int>, drawInner: (Bitmap, Range<Int>) -> Void) {
        let f = framing, w = target.width
        target.invalidateCaches()
        (target.pixels + rows.lowerBound * w).update(from: canvas.pixels + rows.lowerBound * w, count: rows.count * w)
        let screenPart = rows.clamped(to: f.screenY..<(f.screenY + f.screenHeight))
        let captionPart = rows.clamped(to: f.captionY..<(f.captionY + captionBand))
        // The composed rows these need are one range: the caption band follows the screen's last row.
        let lo: Int, hi: Int
        switch (screenPart.isEmpty, captionPart.isEmpty) {
        case (true, true): return
        case (false, true): (lo, hi) = (screenPart.lowerBound - f.screenY, screenPart.upperBound - f.screenY)
        case (true, false): (lo, hi) = (captionPart.lowerBound - f.captionY + f.screenHeight, captionPart.upperBound - f.captionY + f.screenHeight)
        case (false, false): (lo, hi) = (screenPart.lowerBound - f.screenY, captionPart.upperBound - f.captionY + f.screenHeight)
        }
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: (hi - lo) * f.screenWidth)
        defer { scratch.deallocate() }
        let view = Bitmap(width: f.screenWidth, height: innerHeight, rows: lo..<hi, band: scratch)
        drawInner(view, lo..<hi)
        for y in screenPart { placeScreen(view.row(y - f.screenY), row: y - f.screenY, into: target.row(y) + f.screenX, under: canvas.row(y) + f.screenX) }
        for y in captionPart {
            // The band is drawn on clear (FrameComposer): its text goes over the canvas.
            let src = view.row(y - f.captionY + f.screenHeight), dst = target.row(y) + f.screenX
            for x in 0..<f.screenWidth where src[x] != 0 { dst[x] = over(src[x], dst[x]) }
        }
    }

    /// One row of the screen: its pixels where the display covers them, the canvas beyond its
    /// rounded corners (blended by coverage, as an anti-aliased clip), the camera over both.
    private func placeScreen(_ src: UnsafeMutablePointer<UInt32>, row: Int, into dst: UnsafeMutablePointer<UInt32>, under: UnsafeMutablePointer<UInt32>) {
        dst.update(from: src, count: framing.screenWidth)
        let d = display.row(row), c = camera.row(row)
        for span in displaySpans[row] { for x in span { dst[x] = OverlayPainter.lerp(under[x], dst[x], d[x] >> 24) } }
        for span in cameraSpans[row] { for x in span { dst[x] = over(c[x], dst[x]) } }
    }
}
