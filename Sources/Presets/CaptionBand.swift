// The caption overlay sits in a band under the device screen (docs/TRANSITIONS.md: "the step's name under
// the screen"), never over the screen's content: the canvas grows by the band, which shows the
// preset's background. Two lines of 15 pt semibold text (UIKit's footnote-ish caption size) with
// 11 pt above and below fit 60 pt. Without the caption overlay nothing changes.

import Vocabulary

extension Storyboard {
    /// The band's height in points.
    public static let captionBandPoints = 60.0

    /// Grows the output by the caption band when the caption overlay is on (an even number of
    /// pixels, so 4:2:0 output needs no padding; within the canvas limit).
    mutating func addCaptionBand() {
        guard overlays.caption, captionBand == 0 else { return }
        var band = Int((Storyboard.captionBandPoints * scale).rounded())
        band = min(band, Limits.maxCanvasSide - pixelHeight)
        band -= band & 1
        guard band > 0 else { return }
        captionBand = band
        pixelHeight += band
    }
}
