import CFFmpeg

/// What the render workers convert frames to for one output, and the frame pool they share with
/// its encoder: everything a worker needs, without the encoder itself. RenderJob makes this
/// first, starts drawing, and opens the encoder (libx264's set-up, the file, the header) while the
/// first frames are drawn: the encoder's opening is off the path to the first frame.
///
/// Thread use: immutable after init; `makeConverter` from any thread (the pool is thread-safe).
public final class FrameConversion: @unchecked Sendable {
    public let settings: EncoderSettings
    let target: ConversionTarget
    let pool: FramePool?

    public init(settings: EncoderSettings) throws {
        self.settings = settings
        target = FrameConversion.target(for: settings)
        switch target {
        case .yuv(let f, _): pool = FramePool(width: settings.paddedWidth, height: settings.paddedHeight, pixelFormat: f)
        case .bgra: pool = FramePool(width: settings.width, height: settings.height, pixelFormat: AV_PIX_FMT_BGRA)
        case .png: pool = nil
        }
        if case .png = target {} else if pool == nil {
            throw MediaError("\(settings.width)×\(settings.height) \(settings.format.rawValue): av_buffer_pool_init failed")
        }
    }

    /// What the workers convert to, per format, codec and alpha.
    static func target(for s: EncoderSettings) -> ConversionTarget {
        switch s.format {
        case .null: return .yuv(AV_PIX_FMT_YUV420P, alpha: false)
        case .gif: return .bgra(alpha: s.transparent)
        case .png: return .png(alpha: s.transparent)
        case .mp4, .mov, .webm:
            switch s.codec {
            case .h264, .hevc: return .yuv(AV_PIX_FMT_YUV420P, alpha: false)
            case .prores: return s.transparent ? .yuv(AV_PIX_FMT_YUVA444P10LE, alpha: true) : .yuv(AV_PIX_FMT_YUV422P10LE, alpha: false)
            case .vp9: return s.transparent ? .yuv(AV_PIX_FMT_YUVA420P, alpha: true) : .yuv(AV_PIX_FMT_YUV420P, alpha: false)
            }
        }
    }

    public func makeConverter() -> FrameConverter {
        FrameConverter(width: settings.width, height: settings.height, pool: pool, target: target)
    }

    /// The pixel format frames are converted to (e.g. "yuv420p", "yuva444p10le", "bgra", "png").
    public var pixelFormatName: String {
        switch target {
        case .yuv(let f, _): return String(cString: av_get_pix_fmt_name(f))
        case .bgra: return "bgra"
        case .png: return "png"
        }
    }
}
