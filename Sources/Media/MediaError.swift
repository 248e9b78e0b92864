// The Media room: FFmpeg image decoding, encoding and muxing, colour conversion, atomic files.
// Every FFmpeg result is checked through `check` so an error names the file and the call; the
// options a call must consume go through OptionDictionary (one left over is an error), and stdio
// and POSIX file results are checked where they are made (FileBytes, the GIF spill, ImageHeader).
// Results left unchecked on purpose say why beside them (clean-up of an output being discarded).
//
// Files: EncoderSettings (what to produce; which format/codec/alpha combinations are allowed),
// FrameConverter + VideoFrame (premultiplied RGBA → the encoder's input on a render worker:
// opaque yuv420p through Raster's YUV420 (integer BT.709, band by band), the other YUV formats
// BT.709 via swscale, straight BGRA for GIF, finished PNG bytes; pooled buffers),
// VideoEncoder (the front: one writer per format), VideoMuxer (libx264/libx265/prores_ks/
// libvpx-vp9 into mp4/mov/webm), GIFWriter (palettegen/paletteuse in two passes with a spill
// file), PNGSequenceWriter (in VideoEncoder.swift), AtomicFile + AtomicDirectory (temporaries
// beside the destination, rename on commit, registry for signals), ImageDecoder + DecoderSession
// (safe local image decoding), PNGWriter, StillWriter, FileBytes, VideoReader (videos back to
// bitmaps: `segue compare`, the gallery's codec names, tests).
//
// Determinism (measured with FFmpeg 5.1 on Debian): the same frames with the same settings give
// byte-identical output for every format (FormatTests), with parallel converters. x264: different
// thread counts give different bytes (it writes "threads=N" into its SEI; frame threads change
// slice data), so `threads = 0` (auto) hashes differently on machines with different core counts:
// pin `threads`. x265 (info SEI off), libvpx-vp9 (row-mt off) and prores_ks gave the same bytes
// for 1, 2 and 4 threads at 640×360 (FormatBench). webm is muxed bit-exact (Matroska otherwise
// writes random UIDs). swscale runs with SWS_BITEXACT (no CPU-dependent rounding).
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

/// FFmpeg's own log: silent by default (docs/ARCHITECTURE.md: quiet unless asked), FFmpeg's stderr printer
/// when verbose. Process-wide, like FFmpeg's log level itself.
public enum MediaLog {
    public static func configure(verbose: Bool) {
        _ = mediaLogDefaultOnce   // so the lazy quiet default cannot undo this later
        av_log_set_level(verbose ? AV_LOG_VERBOSE : AV_LOG_QUIET)
    }
}

/// Media's FFmpeg log starts quiet even if nobody calls `MediaLog.configure`.
let mediaLogDefaultOnce: Void = { av_log_set_level(AV_LOG_QUIET) }()
