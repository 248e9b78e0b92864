import CFFmpeg

/// The FFmpeg libraries this process runs with. They decide output bytes as much as Segue does
/// (libavcodec's build also fixes the x264 it wraps), so caches key on this string; it lives in
/// Media so that no room above it needs FFmpeg's headers.
public enum LibraryVersions {
    public static let ffmpeg: String =
        "ffmpeg \(String(cString: av_version_info())) avcodec \(avcodec_version()) avformat \(avformat_version()) swscale \(swscale_version())"
}
