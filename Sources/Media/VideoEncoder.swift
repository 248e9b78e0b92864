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
    private var sink: FrameSink?
    private var nextPTS: Int64 = 0
    private var done = false

    /// Frames written so far.
    public var frameCount: Int { Int(nextPTS) }
    /// The file (or, for png, directory) being written (nil for `.null`, and after finish/cancel).
    public var temporaryPath: String? { done ? nil : sink?.temporaryPath }
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
        case .null: sink = nil
        case .png: sink = try PNGSequenceWriter(destination: path)
        case .gif: sink = try GIFWriter(destination: path, settings: settings)
        case .mp4, .mov, .webm: sink = try VideoMuxer(destination: path, settings: settings, pixelFormat: {
            if case .yuv(let f, _) = conversion.target { return f } else { return AV_PIX_FMT_YUV420P } }())
        }
    }

    deinit { if !done { sink?.cancel() } }

    public func makeConverter() -> FrameConverter { conversion.makeConverter() }

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
    public func finish() throws {
        guard !done else { throw MediaError("\(destination): finish after finish or cancel") }
        do {
            try sink?.finish()
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
    /// Completes the output and moves it into place.
    func finish() throws
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
        do { try data.write(to: URL(fileURLWithPath: path)) } catch {
            throw MediaError("\(directory.destination): writing \(path) failed: \(error.localizedDescription)")
        }
    }

    func finish() throws { try directory.commit() }
    func cancel() { directory.discard() }
}
