/// Outputs. `.null` converts frames but writes nothing (profiling); `.png` writes a directory of
/// `frame-NNNNN.png` (the destination is the directory's path).
public enum OutputFormat: String, Sendable, CaseIterable {
    case mp4, mov, webm, gif, png, null
    /// The file extension for outputs of this format (nil: no file; `.png` is a directory, which
    /// gets no extension by default).
    public var fileExtension: String? {
        switch self {
        case .null, .png: return nil
        default: return rawValue
        }
    }
    /// True when the destination is a directory (`.png`).
    public var writesDirectory: Bool { self == .png }
    /// True when the format can store an alpha channel (`transparent` is allowed).
    public var carriesAlpha: Bool { self != .mp4 }
    /// Codecs this container accepts; empty when the format has its own fixed coding (gif, png, null).
    public var allowedCodecs: [VideoCodec] {
        switch self {
        case .mp4: return [.h264, .hevc]
        case .mov: return [.prores, .h264, .hevc]
        case .webm: return [.vp9]
        case .gif, .png, .null: return []
        }
    }
}

/// Video codecs for the containers that take one. For mov, only ProRes carries alpha.
public enum VideoCodec: String, Sendable, CaseIterable {
    case h264, hevc, prores, vp9
    /// True when Segue stores an alpha channel with this codec (ProRes 4444, VP9 yuva420p).
    public var carriesAlpha: Bool { self == .prores || self == .vp9 }
}

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

    /// The codec used when none is asked for: mp4 h264, mov prores, webm vp9; nil for gif/png/null.
    public static func defaultCodec(for format: OutputFormat) -> VideoCodec? {
        switch format {
        case .mp4: return .h264
        case .mov: return .prores
        case .webm: return .vp9
        case .gif, .png, .null: return nil
        }
    }

    /// True for the formats that go through a YUV encoder (padded to even sizes).
    var isYUV: Bool { format != .gif && format != .png }
    public var paddedWidth: Int { isYUV ? width + (width & 1) : width }
    public var paddedHeight: Int { isYUV ? height + (height & 1) : height }
    public var isPadded: Bool { paddedWidth != width || paddedHeight != height }

    /// Checks the numbers and the format/codec/alpha combination before anything is allocated.
    /// `path` names the output in the message.
    public func validate(_ path: String = "output") throws {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw MediaError("\(path): video size \(width)×\(height) must be between 1 and 16384")
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
