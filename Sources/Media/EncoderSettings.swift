/// Container formats. `.null` converts frames but writes nothing (profiling).
public enum OutputFormat: String, Sendable, CaseIterable {
    case mp4, null
    /// The file extension for outputs of this format (nil: no file).
    public var fileExtension: String? { self == .null ? nil : rawValue }
}

public enum VideoCodec: String, Sendable, CaseIterable { case h264 }

/// What the encoder is asked to produce. Odd canvas sizes are padded to even for 4:2:0 by
/// repeating the last column/row (`paddedWidth`/`paddedHeight` are the stream's size).
public struct EncoderSettings: Sendable, Equatable {
    public var width: Int, height: Int
    public var fps: Int
    public var format: OutputFormat = .mp4
    public var codec: VideoCodec = .h264
    /// x264 constant rate factor, 0 (lossless) … 51.
    public var crf: Int = 18
    /// x264 preset name (ultrafast … placebo).
    public var preset: String = "veryfast"
    /// x264 threads; 0 = x264's auto (1.5 × cores). The thread count is part of the output: x264
    /// writes it into its SEI and it changes frame-thread rate control, so pin it for outputs that
    /// must be byte-identical across machines.
    public var threads: Int = 0
    public var title: String? = nil, comment: String? = nil

    public init(width: Int, height: Int, fps: Int) {
        self.width = width; self.height = height; self.fps = fps
    }

    public var paddedWidth: Int { width + (width & 1) }
    public var paddedHeight: Int { height + (height & 1) }
    public var isPadded: Bool { paddedWidth != width || paddedHeight != height }

    /// Checks the numbers before anything is allocated.
    func validate(_ path: String) throws {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw MediaError("\(path): video size \(width)×\(height) must be between 1 and 16384")
        }
        guard fps > 0, fps <= 1000 else { throw MediaError("\(path): fps \(fps) must be between 1 and 1000") }
        guard (0...51).contains(crf) else { throw MediaError("\(path): crf \(crf) must be between 0 and 51") }
        guard threads >= 0, threads <= 128 else { throw MediaError("\(path): threads \(threads) must be between 0 and 128") }
    }
}
