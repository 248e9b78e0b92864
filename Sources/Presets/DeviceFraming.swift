import Geometry
import Scene
import Vocabulary

/// Where the framed canvas puts everything, in output pixels (docs/SHARING.md "Device frames"
/// gives the rules; scripts/golden-references follows them). The screen is composed as without a
/// frame (FrameComposer) and placed at (`screenX`, `screenY`); the caption band's rows, if any,
/// go under the body at `captionY`. Every side of the body is its points × scale rounded; the
/// margin around it is 40 pt; a text band sits above (or below) the margin; the canvas is made
/// even by one more pixel of margin at the right or bottom.
public struct DeviceFraming: Sendable {
    public var frame: FrameOverlay
    public var body: DeviceBody
    public var title: MarketingText?
    public var subtitle: MarketingText?
    /// The framed canvas.
    public var width: Int
    public var height: Int
    public var screenX: Int
    public var screenY: Int
    public var captionY: Int
    public var screenWidth: Int
    public var screenHeight: Int
    /// The body's bezels in pixels.
    public var side: Int
    public var top: Int
    public var bottom: Int
    /// The text band's rows (empty without a title or subtitle).
    public var textBand: Range<Int>

    public static let marginPoints = 40.0
    /// Padding above and below the text, and between title and subtitle (points).
    public static let textPadding = 24.0
    public static let textGap = 8.0
    /// Each text gets two lines of 1.2 × its size.
    public static let linesPerText = 2.0, lineHeight = 1.2

    /// The text band's height in points (0 without text).
    public static func textBandPoints(_ texts: [MarketingText]) -> Double {
        guard !texts.isEmpty else { return 0 }
        let lines = texts.map { linesPerText * lineHeight * $0.size }.reduce(0, +)
        return 2 * textPadding + lines + textGap * Double(texts.count - 1)
    }

    /// The framed canvas around a screen of `screen` pixels and a caption band of `caption` rows
    /// at `scale`; `exact`: the output's size is given (app-store), the margins grow or shrink to it.
    public static func layout(_ overlays: Overlays, frame: FrameOverlay, body: DeviceBody, scale: Double,
                              screen: (width: Int, height: Int), caption: Int, exact: (width: Int, height: Int)? = nil) -> DeviceFraming {
        func px(_ pt: Double) -> Int { Int((pt * scale).rounded()) }
        let texts = [overlays.title, overlays.subtitle].compactMap { $0 }
        let band = px(textBandPoints(texts)), margin = px(marginPoints)
        let side = px(body.side), top = px(body.top), bottom = px(body.bottom)
        var w = 2 * (margin + side) + screen.width
        var h = band + 2 * margin + top + screen.height + bottom + caption
        var x = margin + side, y = margin + top
        if let exact {
            x += (exact.width - w) / 2; y += (exact.height - h) / 2
            w = exact.width; h = exact.height
        }
        w += w & 1; h += h & 1
        let bandAtTop = overlays.title?.position != .bottom
        if bandAtTop { y += band }
        let textBand = band == 0 ? 0..<0 : (bandAtTop ? 0..<band : (h - band)..<h)
        return DeviceFraming(frame: frame, body: body, title: overlays.title, subtitle: overlays.subtitle, width: w, height: h,
                             screenX: x, screenY: y, captionY: y + screen.height + bottom, screenWidth: screen.width,
                             screenHeight: screen.height, side: side, top: top, bottom: bottom, textBand: textBand)
    }

    /// The scale at which the framed canvas of `device` fits `exact` (app-store's fixed size):
    /// the smaller of the two axes' ratios, a little under so rounding cannot overflow.
    public static func fittingScale(_ overlays: Overlays, device: Device, captionPoints: Double, exact: (width: Int, height: Int)) -> Double {
        let b = device.body
        let texts = [overlays.title, overlays.subtitle].compactMap { $0 }
        let w = 2 * (marginPoints + b.side) + device.points.width
        let h = textBandPoints(texts) + 2 * marginPoints + b.top + device.points.height + b.bottom + captionPoints
        return min(Double(exact.width) / w, Double(exact.height) / h) * 0.995
    }
}

extension Storyboard {
    /// Puts the composed screen (and caption band) inside the framed canvas when `overlays.frame`
    /// is on; `exact`: the output's size is fixed (app-store). Nil, or a problem's message when
    /// the framed canvas would exceed the canvas limit.
    mutating func addDeviceFrame(exact: (width: Int, height: Int)?) -> String? {
        guard let frame = overlays.frame else { return nil }
        let f = DeviceFraming.layout(overlays, frame: frame, body: device.body, scale: scale,
                                     screen: (pixelWidth, pixelHeight - captionBand), caption: captionBand, exact: exact)
        guard f.width <= Limits.maxCanvasSide, f.height <= Limits.maxCanvasSide else {
            return "the framed canvas would be \(f.width)×\(f.height) px; at most \(Limits.maxCanvasSide) a side (lower --scale)"
        }
        framing = f
        pixelWidth = f.width
        pixelHeight = f.height
        return nil
    }
}
