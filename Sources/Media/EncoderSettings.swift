import Vocabulary

/// What the encoder is asked to produce. Odd canvas sizes are padded to even for the YUV formats
/// by repeating the last column/row (`paddedWidth`/`paddedHeight` are the stream's size; gif and
/// png keep the exact size).
public struct EncoderSettings: Sendable, Equatable {
    public var width: Int, height: Int
    public var fps: Int
    public var format: OutputFormat = .mp4
    /// Ignored for gif, png and null. Use `defaultCodec(for:)` when the user did not choose one.
    public var codec: VideoCodec = .h264
    /// Constant rate factor: x264/x265 0 (lossless) … 51, VP9 0 … 63 (OutputFormats). ProRes has
    /// no CRF (its profile fixes the quality), gif/png are lossless or palette-limited.
    public var crf: Int = 18
    /// x264/x265 preset name (ultrafast … placebo); ignored by the other codecs.
    public var preset: String = "veryfast"
    /// Encoder threads; 0 = the encoder's auto (from the core count). The thread count can be part
    /// of the output (x264 writes it into its SEI and frame threads change rate control; x265 frame
    /// threads change motion search), so pin it for outputs that must be byte-identical across machines.
    public var threads: Int = 0
    public var title: String? = nil, comment: String? = nil
    /// The preset's background is "transparent": store alpha (mov/ProRes 4444, webm/VP9 yuva420p,
    /// gif transparent index, png RGBA). Refused for mp4 and for mov with h264/hevc.
    public var transparent: Bool = false
    /// GIF only: the frame delay (nil: the highest GIF rate not above `fps`). Frames are sampled
    /// at this rate (Export), not at `fps`.
    public var gif: GIFTiming? = nil
    public var gifTiming: GIFTiming { gif ?? GIFTiming(highestNotAbove: fps) }
    /// h264 rate control and structure a destination asks for (ShareTargets; default: crf).
    public var shape = VideoShape()
    /// A silent stereo track beside the video (mp4/mov: AAC, webm: Opus); nil: no audio.
    public var audio: AudioSpec? = nil
    /// The preset's `audio` file (inside its folder), encoded into `audio`'s track; nil: silence.
    public var audioFile: String? = nil
    /// Frames the render will write (the audio clip is cut to their length).
    public var frameCount = 0

    public init(width: Int, height: Int, fps: Int) {
        self.width = width; self.height = height; self.fps = fps
    }

    /// The codec used when none is asked for (the output table's rule, `OutputFormat.defaultCodec`).
    public static func defaultCodec(for format: OutputFormat) -> VideoCodec? { format.defaultCodec }

    /// True for the formats that go through a YUV encoder (padded to even sizes).
    var isYUV: Bool { format != .gif && format != .png }
    public var paddedWidth: Int { isYUV ? width + (width & 1) : width }
    public var paddedHeight: Int { isYUV ? height + (height & 1) : height }
    public var isPadded: Bool { paddedWidth != width || paddedHeight != height }

    /// Checks the numbers and the format/codec/alpha combination before anything is allocated.
    /// `path` names the output in the message.
    public func validate(_ path: String = "output") throws {
        guard width > 0, height > 0, width <= Limits.maxVideoSide, height <= Limits.maxVideoSide else {
            throw MediaError("\(path): video size \(width)×\(height) must be between 1 and \(Limits.maxVideoSide)")
        }
        guard fps > 0, fps <= 1000 else { throw MediaError("\(path): fps \(fps) must be between 1 and 1000") }
        guard threads >= 0, threads <= 128 else { throw MediaError("\(path): threads \(threads) must be between 0 and 128") }
        // The table's rules (OutputFormats); crf only where the codec has one (the default
        // crf is filled in for every codec, and ProRes ignores it).
        let crfRange = usesCodec ? OutputFormats.info(codec).crf : nil
        let problems = OutputFormats.problems(format: format, codec: usesCodec || format == .null ? codec : nil,
                                              crf: crfRange == nil ? nil : crf, preset: nil, transparent: transparent)
        if let p = problems.first { throw MediaError("\(path): \(p.message)") }
    }

    /// True when `codec` applies (mp4, mov, webm).
    var usesCodec: Bool { !format.allowedCodecs.isEmpty }
}
