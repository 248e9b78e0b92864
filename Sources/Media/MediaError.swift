// The Media room: FFmpeg image decoding, encoding and muxing, colour conversion, atomic files.
// Every FFmpeg result is checked through `check` so an error names the file and the call.
//
// Files: EncoderSettings (what to produce), FrameConverter + VideoFrame (RGBA → yuv420p BT.709 on
// a render worker, pooled buffers), VideoEncoder (libx264 → MP4 on the encoder thread),
// AtomicFile (temp file beside the destination, rename on commit, registry for signals),
// ImageDecoder + DecoderSession (safe local image decoding), PNGWriter, VideoReader (tests).
//
// Determinism (measured with FFmpeg 5.1 / x264 on Debian): the same frames with the same
// settings give byte-identical MP4s, for every fixed `threads` value and with parallel converters.
// Different thread counts give different bytes: x264 writes "threads=N" into its SEI, and at
// higher counts (6 vs 1 at 640×360) frame threading also changes the slice data; 1 vs 2 frame
// threads differed only in the SEI; sliced threads change the slices. `threads = 0` (auto, 1.5 ×
// cores) therefore hashes differently on machines with different core counts: pin `threads` when
// hashes must match across machines. swscale runs with SWS_BITEXACT (no CPU-dependent rounding;
// measured at no cost: ~10 ms per 1170×2532 frame either way).
import CFFmpeg

/// A failure in Media: which file, which step or FFmpeg call, and FFmpeg's own words.
public struct MediaError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    /// `path: call failed: <av_strerror text>`
    static func ffmpeg(_ path: String, _ call: String, _ code: Int32) -> MediaError {
        MediaError("\(path): \(call) failed: \(averrorText(code))")
    }
}

/// FFmpeg's text for an AVERROR code.
func averrorText(_ code: Int32) -> String {
    var buf = [CChar](repeating: 0, count: 256)
    return buf.withUnsafeMutableBufferPointer { b in
        String(cString: segue_av_strerror(code, b.baseAddress, b.count))
    }
}

/// Throws a MediaError when an FFmpeg call returned a negative code; returns the code otherwise.
@discardableResult
func check(_ code: Int32, _ path: String, _ call: String) throws -> Int32 {
    if code < 0 { throw MediaError.ffmpeg(path, call, code) }
    return code
}

let AVERROR_EAGAIN = segue_averror_eagain()
let AVERROR_EOF_ = segue_averror_eof()

/// FFmpeg's own log: silent by default (DESIGN §4: quiet unless asked), FFmpeg's stderr printer
/// when verbose. Process-wide, like FFmpeg's log level itself.
public enum MediaLog {
    public static func configure(verbose: Bool) {
        _ = mediaLogDefaultOnce   // so the lazy quiet default cannot undo this later
        av_log_set_level(verbose ? AV_LOG_VERBOSE : AV_LOG_QUIET)
    }
}

/// Media's FFmpeg log starts quiet even if nobody calls `MediaLog.configure`.
let mediaLogDefaultOnce: Void = { av_log_set_level(AV_LOG_QUIET) }()
