import CFFmpeg
import Foundation
import Raster

/// The single encoder of one output: converted frames in, one file (or png directory) out.
/// Formats (EncoderSettings.validate says which combinations are allowed):
/// - mp4/mov/webm: `VideoMuxer` (libx264, libx265, prores_ks, libvpx-vp9), see there.
/// - gif: `GIFWriter` (libavfilter palettegen → paletteuse → gif encoder), see there.
/// - png: `PNGSequenceWriter` (frames compressed on the workers, a directory renamed into place).
/// - null: frames are converted (as for h264) and dropped; nothing is written.
/// Every output goes to a temporary beside its destination and is renamed into place by `finish()`.
///
/// Thread use: `write`, `finish` and `cancel` from ONE thread (the encoder thread);
/// `makeConverter` from any thread (it only reads immutable settings and shares the
/// thread-safe frame pool).
public final class VideoEncoder: @unchecked Sendable {
    public let settings: EncoderSettings
    public let destination: String
    private let pool: FramePool?
    private let target: ConversionTarget
    private var sink: FrameSink?
    private var nextPTS: Int64 = 0
    private var done = false

    /// Frames written so far.
    public var frameCount: Int { Int(nextPTS) }
    /// The file (or, for png, directory) being written (nil for `.null`, and after finish/cancel).
    public var temporaryPath: String? { done ? nil : sink?.temporaryPath }
    /// The pixel format frames are converted to (e.g. "yuv420p", "yuva444p10le", "bgra", "png").
    public var pixelFormatName: String {
        switch target {
        case .yuv(let f, _): return String(cString: av_get_pix_fmt_name(f))
        case .bgra: return "bgra"
        case .png: return "png"
        }
    }

    public init(destination path: String, settings: EncoderSettings) throws {
        _ = mediaLogDefaultOnce
        _ = MallocTuning.applied   // before the encoder allocates: see there (reproducible x264 bytes)
        self.settings = settings
        destination = path
        try settings.validate(path)
        target = VideoEncoder.conversionTarget(for: settings)
        switch target {
        case .yuv(let f, _): pool = FramePool(width: settings.paddedWidth, height: settings.paddedHeight, pixelFormat: f)
        case .bgra: pool = FramePool(width: settings.width, height: settings.height, pixelFormat: AV_PIX_FMT_BGRA)
        case .png: pool = nil
        }
        if case .png = target {} else if pool == nil { throw MediaError("\(path): av_buffer_pool_init failed") }
        switch settings.format {
        case .null: sink = nil
        case .png: sink = try PNGSequenceWriter(destination: path)
        case .gif: sink = try GIFWriter(destination: path, settings: settings)
        case .mp4, .mov, .webm: sink = try VideoMuxer(destination: path, settings: settings, pixelFormat: {
            if case .yuv(let f, _) = target { return f } else { return AV_PIX_FMT_YUV420P } }())
        }
    }

    deinit { if !done { sink?.cancel() } }

    /// What the workers convert to, per format, codec and alpha.
    static func conversionTarget(for s: EncoderSettings) -> ConversionTarget {
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

    /// Encodes the next frame (pts = its index).
    public func write(_ frame: VideoFrame) throws {
        guard !done else { throw MediaError("\(destination): write after finish or cancel") }
        guard frame.width == settings.paddedWidth, frame.height == settings.paddedHeight else {
            throw MediaError("\(destination): frame is \(frame.width)×\(frame.height), stream is \(settings.paddedWidth)×\(settings.paddedHeight)")
        }
        let pts = nextPTS
        if let f = frame.avFrame { f.pointee.pts = pts }
        nextPTS += 1
        do { try sink?.write(frame, index: pts) } catch { cancel(); throw error }
    }

    /// Flushes the encoder, writes the trailer (the faststart pass), closes and renames into place.
    /// `stopReason` is asked between the steps of a long finish (GIF's second pass asks before
    /// every frame): non-zero (a signal number) cancels the output with InterruptedError, so a
    /// signal during the finish is honoured at once, not after the whole pass (issue 20.8).
    public func finish(stopReason: () -> Int32 = { Interruption.received }) throws {
        guard !done else { throw MediaError("\(destination): finish after finish or cancel") }
        do {
            try sink?.finish(stopReason: stopReason)
            done = true
        } catch {
            cancel()
            throw error
        }
    }

    /// Stops without a trailer, closes and removes the temporary file; the destination is untouched.
    public func cancel() {
        sink?.cancel()
        done = true
    }
}

/// One output's writer behind VideoEncoder (encoder thread only).
protocol FrameSink: AnyObject {
    var temporaryPath: String { get }
    func write(_ frame: VideoFrame, index: Int64) throws
    /// Completes the output and moves it into place; `stopReason` as in VideoEncoder.finish.
    func finish(stopReason: () -> Int32) throws
    /// Frees everything and removes the temporary; idempotent.
    func cancel()
}

/// `frame-NNNNN.png` files (NNNNN the zero-padded frame index, 5 digits or more) in a temporary
/// directory beside the destination, moved into place on finish (AtomicDirectory).
final class PNGSequenceWriter: FrameSink {
    let directory: AtomicDirectory
    var temporaryPath: String { directory.temporaryPath }

    init(destination: String) throws { directory = try AtomicDirectory(destination: destination) }

    static func fileName(_ index: Int64) -> String { String(format: "frame-%05lld.png", index) }

    func write(_ frame: VideoFrame, index: Int64) throws {
        guard let data = frame.encoded else { throw MediaError("\(directory.destination): frame \(index) is not a PNG") }
        let path = directory.temporaryPath + "/" + PNGSequenceWriter.fileName(index)
        try FileBytes.write(data, to: path, name: directory.destination)
    }

    func finish(stopReason: () -> Int32) throws { try directory.commit() }
    func cancel() { directory.discard() }
}
