/// The one table of destinations (`--for TARGET`; issue 33.2), beside OutputFormats: what each
/// destination accepts, as rules that are checked before rendering (duration, device) and met by
/// construction (size, rate, codec, bit rate, audio track), and the file size, which is measured
/// after encoding. Each rule carries the public page it comes from (docs/SHARING.md quotes them).
public enum ShareTarget: String, Sendable, CaseIterable {
    case appStore = "app-store", play, github, readmeGIF = "readme-gif"

    public var profile: TargetProfile {
        switch self {
        case .appStore: return .appStore
        case .play: return .play
        case .github: return .github
        case .readmeGIF: return .readmeGIF
        }
    }
}

/// One rule and where it is written down.
public struct TargetRule: Sendable {
    public var rule: String
    public var source: String
}

public struct TargetProfile: Sendable {
    public var target: ShareTarget
    public var summary: String
    public var format: OutputFormat
    public var codec: VideoCodec?
    /// Frames per second at most (the preset's rate above it is lowered to it).
    public var maxFPS: Int
    /// The file must be at most this many bytes (checked after encoding).
    public var maxBytes: Int?
    /// The clip must last this long (checked before rendering: exit 2 saying by how much).
    public var seconds: ClosedRange<Double>?
    /// H.264 rate control and structure (nil fields: Segue's defaults, crf).
    public var video: VideoShape
    /// A stereo audio track (nil: none).
    public var audio: AudioSpec?
    /// The canvas is made exactly the accepted size of the device's class (App Store).
    public var exactSize: Bool
    /// Scaled down (and, for video, compressed) until the file fits `maxBytes`.
    public var fitsBySize: Bool
    public var rules: [TargetRule]
}

/// How the H.264 stream is built for a destination.
public struct VideoShape: Sendable, Equatable {
    /// Average and peak bit rate in bits/s (nil: constant quality, crf).
    public var bitRate: Int? = nil, maxRate: Int? = nil
    /// "high" (nil: x264's choice for the preset).
    public var profile: String? = nil
    /// Consecutive B-frames (nil: the x264 preset's).
    public var bFrames: Int? = nil
    /// Keyframe interval as a fraction of the frame rate (0.5: YouTube's "half the frame rate").
    public var gopSeconds: Double? = nil
    public var crf: Int? = nil
    public init() {}
}

/// A stereo audio track: AAC-LC in MP4/MOV, Opus in WebM.
public struct AudioSpec: Sendable, Equatable {
    public var sampleRate = 48_000
    public var channels = 2
    public var bitRate: Int
    public init(bitRate: Int) { self.bitRate = bitRate }
}

extension TargetProfile {
    static let appStoreSpecs = "https://developer.apple.com/help/app-store-connect/reference/app-information/app-preview-specifications"
    static let guideline234 = "https://developer.apple.com/app-store/review/guidelines/#2.3.4"
    static let youtube = "https://support.google.com/youtube/answer/1722171"
    static let githubAttachments = "https://docs.github.com/en/get-started/writing-on-github/working-with-advanced-formatting/attaching-files"
    static let fastlanePreviewSet = "https://github.com/fastlane/fastlane/blob/master/spaceship/lib/spaceship/connect_api/models/app_preview_set.rb"
    static let fastlaneDeliver = "https://github.com/fastlane/fastlane/blob/master/deliver/lib/deliver/options.rb"

    public static let appStore: TargetProfile = {
        var v = VideoShape()
        v.bitRate = 11_000_000; v.maxRate = 12_000_000; v.profile = "high"
        return TargetProfile(
            target: .appStore, summary: "App Store app preview: the device class's accepted size, ≤ 30 fps, H.264 High ≈ 11 Mbps, silent stereo AAC, 15–30 s, ≤ 500 MB",
            format: .mp4, codec: .h264, maxFPS: 30, maxBytes: 500_000_000, seconds: 15...30, video: v,
            audio: AudioSpec(bitRate: 256_000), exactSize: true, fitsBySize: false,
            rules: [
                TargetRule(rule: "size: 886×1920 (iPhones with Face ID), 1080×1920 (5.5\"), 750×1334 (4.7\"), 1200×1600 (iPads); landscape swapped", source: appStoreSpecs),
                TargetRule(rule: "frame rate: at most 30 fps", source: appStoreSpecs),
                TargetRule(rule: "video: H.264 High profile, 10–12 Mbps (or ProRes 422 HQ)", source: appStoreSpecs),
                TargetRule(rule: "audio: stereo AAC, 256 kbps, 44.1 or 48 kHz (silent unless the preset has \"audio\")", source: appStoreSpecs),
                TargetRule(rule: "duration: 15 to 30 seconds", source: appStoreSpecs),
                TargetRule(rule: "file size: at most 500 MB", source: appStoreSpecs),
                TargetRule(rule: "poster frame: 5 s unless chosen (fastlane deliver's preview_frame_time_code)", source: fastlaneDeliver),
                TargetRule(rule: "content: \"App previews may only use video screen captures of the app itself\" (Guideline 2.3.4): a device frame is never added; a preset that asks for one gets a warning and is scaled into the exact size", source: guideline234),
            ])
    }()

    public static let play: TargetProfile = {
        var v = VideoShape()
        v.profile = "high"; v.bFrames = 2; v.gopSeconds = 0.5
        return TargetProfile(
            target: .play, summary: "a YouTube upload for a Google Play listing: H.264 High, 2 B-frames, closed GOP of half the frame rate, YouTube's bit rate, AAC-LC stereo 384 kbps, faststart",
            format: .mp4, codec: .h264, maxFPS: 60, maxBytes: nil, seconds: nil, video: v,
            audio: AudioSpec(bitRate: 384_000), exactSize: false, fitsBySize: false,
            rules: [
                TargetRule(rule: "container MP4, moov atom at the front (faststart), no edit lists", source: youtube),
                TargetRule(rule: "video: H.264, progressive, High profile, 2 consecutive B-frames, closed GOP of half the frame rate, CABAC, 4:2:0", source: youtube),
                TargetRule(rule: "bit rate: YouTube's table by resolution and frame rate (e.g. 1080p: 8 Mbps at 24–30 fps, 12 Mbps at 48–60 fps)", source: youtube),
                TargetRule(rule: "audio: AAC-LC, stereo, 48 kHz, 384 kbps", source: youtube),
                TargetRule(rule: "frame rate: the source's", source: youtube),
            ])
    }()

    public static let github: TargetProfile = {
        var v = VideoShape()
        v.crf = 23
        return TargetProfile(
            target: .github, summary: "an MP4 that plays inline in a GitHub comment: H.264 yuv420p, at most 10 MB (scaled and compressed to fit)",
            format: .mp4, codec: .h264, maxFPS: 60, maxBytes: 10_000_000, seconds: nil, video: v,
            audio: nil, exactSize: false, fitsBySize: true,
            rules: [
                TargetRule(rule: "videos up to 10 MB (free plans; 100 MB on paid plans); .mp4 and .mov play inline", source: githubAttachments),
                TargetRule(rule: "H.264 yuv420p (what every browser plays)", source: githubAttachments),
            ])
    }()

    public static let readmeGIF = TargetProfile(
        target: .readmeGIF, summary: "a GIF for a README or comment: at most 10 MB, at most 50 fps (whole-centisecond delays), scaled to fit",
        format: .gif, codec: nil, maxFPS: 50, maxBytes: 10_000_000, seconds: nil, video: VideoShape(),
        audio: nil, exactSize: false, fitsBySize: true,
        rules: [
            TargetRule(rule: "images (GIF) up to 10 MB", source: githubAttachments),
            TargetRule(rule: "frame delays are whole centiseconds ≥ 2 (browsers show shorter ones as 10 cs): at most 50 fps", source: "https://www.w3.org/Graphics/GIF/spec-gif89a.txt"),
        ])
}
