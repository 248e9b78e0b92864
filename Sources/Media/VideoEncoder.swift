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
    /// The workers' side: conversion target and frame pool (made first, see FrameConversion).
    public let conversion: FrameConversion
    private let sink: Sink
    private var nextPTS: Int64 = 0
    private var done = false

    /// Frames written so far.
    public var frameCount: Int { Int(nextPTS) }
    /// The file (or, for png, directory) being written (nil for `.null`, and after finish/cancel).
    public var temporaryPath: String? { done ? nil : sink.writer?.temporaryPath }
    /// The pixel format frames are converted to (e.g. "yuv420p", "yuva444p10le", "bgra", "png").
    public var pixelFormatName: String { conversion.pixelFormatName }

    public convenience init(destination path: String, settings: EncoderSettings) throws {
        try settings.validate(path)
        try self.init(destination: path, conversion: FrameConversion(settings: settings))
    }

    /// Opens the output for frames converted by `conversion` (its settings are the output's).
    public init(destination path: String, conversion: FrameConversion) throws {
        _ = mediaLogDefaultOnce
        _ = MallocTuning.applied
        let settings = conversion.settings
        self.settings = settings
        self.conversion = conversion
        destination = path
        try settings.validate(path)
        // Before a libav encoder allocates: the second one in a process starts on zeroed heap
        // memory (MallocTuning: reproducible x264 bytes in batches).
        if settings.format != .null && settings.format != .png { MallocTuning.encoderOpening() }
        switch settings.format {
        case .null: sink = .null
        case .png: sink = .pngs(try PNGSequenceWriter(destination: path))
        case .gif: sink = .pictures(try GIFWriter(destination: path, settings: settings))
        case .mp4, .mov, .webm: sink = .pictures(try VideoMuxer(destination: path, settings: settings, pixelFormat: {
            if case .yuv(let f, _) = conversion.target { return f } else { return AV_PIX_FMT_YUV420P } }()))
        }
    }

    deinit { if !done { sink.writer?.cancel() } }

    public func makeConverter() -> FrameConverter { conversion.makeConverter() }

    /// Encodes the next frame (pts = its index).
    public func write(_ frame: VideoFrame) throws {
        guard !done else { throw MediaError("\(destination): write after finish or cancel") }
        guard frame.width == settings.paddedWidth, frame.height == settings.paddedHeight else {
            throw MediaError("\(destination): frame is \(frame.width)×\(frame.height), stream is \(settings.paddedWidth)×\(settings.paddedHeight)")
        }
        let pts = nextPTS
        nextPTS += 1
        do {
            switch (sink, frame) {
            case (.pictures(let writer), .picture(let p)):
                p.frame.pointee.pts = pts
                try writer.write(p, index: pts)
            case (.null, .picture): break
            case (.pngs(let writer), .png(let p)): try writer.write(p, index: pts)
            case (.pictures, .png), (.null, .png), (.pngs, .picture):
                throw MediaError("\(destination): frame \(pts) is \(frame.kindName), but this \(settings.format.rawValue) output takes \(conversion.pixelFormatName) frames")
            }
        } catch { cancel(); throw error }
    }

    /// Flushes the encoder, writes the trailer (the faststart pass), closes and renames into place.
    /// `stopReason` is asked between the steps of a long finish (GIF's second pass asks before
    /// every frame): non-zero (a signal number) cancels the output with InterruptedError, so a
    /// signal during the finish is honoured at once, not after the whole pass (issue 20.8).
    public func finish(stopReason: () -> Int32 = { Interruption.received }) throws {
        guard !done else { throw MediaError("\(destination): finish after finish or cancel") }
        do {
            try sink.writer?.finish(stopReason: stopReason)
            done = true
        } catch {
            cancel()
            throw error
        }
    }

    /// Stops without a trailer, closes and removes the temporary file; the destination is untouched.
    public func cancel() {
        sink.writer?.cancel()
        done = true
    }
}

/// Where an encoder's frames go, by the kind of frame each writer takes.
private enum Sink {
    /// VideoMuxer, GIFWriter: AVFrames.
    case pictures(any PictureSink)
    /// PNGSequenceWriter: finished PNG bytes.
    case pngs(PNGSequenceWriter)
    /// The null output: pictures (converted as for h264), dropped.
    case null

    var writer: (any OutputWriter)? {
        switch self {
        case .pictures(let w): w
        case .pngs(let w): w
        case .null: nil
        }
    }
}

/// One output's writer behind VideoEncoder (encoder thread only).
protocol OutputWriter: AnyObject {
    var temporaryPath: String { get }
    /// Completes the output and moves it into place; `stopReason` as in VideoEncoder.finish.
    func finish(stopReason: () -> Int32) throws
    /// Frees everything and removes the temporary; idempotent.
    func cancel()
}

/// A writer of AVFrames (VideoMuxer, GIFWriter).
protocol PictureSink: OutputWriter {
    func write(_ frame: PictureFrame, index: Int64) throws
}

/// `frame-NNNNN.png` files (NNNNN the zero-padded frame index, 5 digits or more) in a temporary
/// directory beside the destination, moved into place on finish (AtomicDirectory).
final class PNGSequenceWriter: OutputWriter {
    let directory: AtomicDirectory
    var temporaryPath: String { directory.temporaryPath }

    init(destination: String) throws { directory = try AtomicDirectory(destination: destination) }

    static func fileName(_ index: Int64) -> String { String(format: "frame-%05lld.png", index) }

    func write(_ frame: PNGFrame, index: Int64) throws {
        let path = directory.temporaryPath + "/" + PNGSequenceWriter.fileName(index)
        try FileBytes.write(frame.data, to: path, name: directory.destination)
    }

    func finish(stopReason: () -> Int32) throws { try directory.commit() }
    func cancel() { directory.discard() }
}
