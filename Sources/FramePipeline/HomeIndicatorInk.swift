import Geometry
import Motion
import Raster
import Scene

/// The home indicator's and the gesture handle's legibility (issue 28): both platforms adapt the
/// bar at the bottom to what is under it instead of keeping the app's appearance.
/// - iOS (Apple publishes no numbers): the status bar's rule (StatusBarInk) on the indicator's
///   box: its ink turns once most of the box would make it illegible.
/// - Android: SystemUI's own rule. In gesture navigation NavigationBar samples the composed screen
///   under the handle (RegionSamplingHelper over SurfaceFlinger's RegionSamplingThread): the
///   median Rec. 709 luma of the handle's width plus 10 dp either side
///   (`navigation_handle_sample_horizontal_margin`), the whole bar tall. A median below 0.5 is a
///   dark region and gives the light handle, else the dark one, and the tint then animates over
///   1700 ms (NavigationBarTransitions' DEFAULT_COLOR_ADAPT_TRANSITION_TIME) with
///   LINEAR_OUT_SLOW_IN (LightBarTransitionsController.animateIconTint).
struct HomeIndicatorInk: Sendable {
    enum Rule: Sendable { case contrast, medianLuma }
    let rule: Rule
    /// The pixels judged (device pixels): iOS the indicator's box, Android the sampled region.
    let region: IRect

    static let lumaThreshold = 0.5
    static let tintDuration = 1.7
    static let linearOutSlowIn = CubicBezier(0, 0, 0.2, 1)!
    /// AOSP's `navigation_handle_sample_horizontal_margin` (dp).
    static let sampleMargin = 10.0

    init?(chrome: DeviceChrome, scale: Double, width: Int, height: Int) {
        guard let handle = chrome.homeIndicator(content: .black)?.frame else { return nil }
        let canvas = IRect(x0: 0, y0: 0, x1: width, y1: height)
        let points: Rect
        if chrome.layout == .android {
            rule = .medianLuma
            let band = chrome.homeBand
            points = Rect(handle.minX - HomeIndicatorInk.sampleMargin, band.minY, handle.width + 2 * HomeIndicatorInk.sampleMargin, band.height)
        } else {
            rule = .contrast
            points = handle
        }
        region = IRect(covering: Rect(points.minX * scale, points.minY * scale, points.width * scale, points.height * scale)).intersection(canvas)
        if region.isEmpty { return nil }
    }

    /// iOS: how far the ink of appearance `s` moves to the other ink over `pixels` (the region's
    /// pixels, the region's size).
    func shift(appearance s: Double, over pixels: Bitmap) -> Double {
        let box = IRect(x0: 0, y0: 0, x1: pixels.width, y1: pixels.height)
        return StatusBarInk.shift(StatusBarInk.illegibleShare(ink: StatusBarInk.luminance(s), box: box, in: pixels))
    }

    /// Android: the median luma (0…1) of `pixels` as SurfaceFlinger takes it (each pixel's
    /// round(0.2126 R + 0.7152 G + 0.0722 B) in 8 bits, the first of 256 buckets past half the
    /// pixels), or nil when most of the region is transparent (nothing under the handle to judge).
    static func medianLuma(_ pixels: Bitmap) -> Double? {
        var buckets = [Int](repeating: 0, count: 256), opaque = 0
        for y in 0..<pixels.height {
            let row = pixels.row(y)
            for x in 0..<pixels.width where row[x] >> 24 >= 128 {
                opaque += 1
                buckets[luma(row[x])] += 1
            }
        }
        guard opaque * 2 > pixels.width * pixels.height else { return nil }
        var seen = 0
        for (i, n) in buckets.enumerated() {
            seen += n
            if seen * 2 > opaque { return Double(i) / 255 }
        }
        return 1
    }

    /// A premultiplied pixel's 8-bit Rec. 709 luma, SurfaceFlinger's `getLuma` on its colour.
    static func luma(_ p: UInt32) -> Int {
        let a = p >> 24
        func channel(_ shift: UInt32) -> Double { Double(min(255, (((p >> shift) & 0xFF) * 255 + a / 2) / a)) }
        let r = channel(0), g = channel(8), b = channel(16)
        return Int((0.2126 * r + 0.7152 * g + 0.0722 * b).rounded())
    }

    /// Android's handle ink (0 black … 1 white) at the last of `samples` (story times in order,
    /// each with the median luma measured then, nil where there was nothing to judge): SystemUI's
    /// tint walked forward from the first sample, where the handle is taken as settled. With the
    /// samples spanning the tint's duration that is exact: any animation that began at or before
    /// the first sample has ended by the last. SystemUI also ignores a median within 0.05 of the
    /// last one it applied; that would tie a frame to the whole story before it, so the walk
    /// leaves it out (the 1.7 s animation already smooths a median that wavers about 0.5).
    static func handleInk(_ samples: [(time: Double, luma: Double?)]) -> Double? {
        let judged = samples.compactMap { s in s.luma.map { (time: s.time, dark: $0 < lumaThreshold ? 0.0 : 1.0) } }
        guard let first = judged.first, let t = samples.last?.time else { return nil }
        // The dark intensity (1: the dark handle) animating from `from` toward `target` since `start`.
        var (from, target, start) = (first.dark, first.dark, first.time)
        func intensity(at time: Double) -> Double {
            from + (target - from) * linearOutSlowIn.value(at: min(max((time - start) / tintDuration, 0), 1))
        }
        for s in judged.dropFirst() where s.dark != target {
            (from, start, target) = (intensity(at: s.time), s.time, s.dark)
        }
        return 1 - intensity(at: t)
    }
}
