import CFFmpeg
import Raster
import Vocabulary

/// Decodes a video (or an image) back to premultiplied RGBA bitmaps, reading YUV with the
/// stream's own matrix and range (BT.709 limited for Segue's MP4s): `segue compare`'s clips, the
/// gallery's codec names, and tests checking pixels (their members are `@_spi(Testing)`). Plain
/// local files only. One owner thread at a time.
public final class VideoReader {
    let path: String
    public let width: Int, height: Int
    /// Frames the container declares (0 if it does not say); `readAllFrames().count` is the truth.
    @_spi(Testing) public let frameCount: Int
    /// Frames per second from the stream (its average frame rate), 0 if unknown.
    public let fps: Double
    /// The stream's codec as FFmpeg names it: h264, hevc, prores, vp9, gif, png…
    public let codecName: String
    private let session: DecoderSession

    static let allowedFormats = "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,gif,apng,png_pipe,jpeg_pipe,webp_pipe"

    public init(path: String, maxDimension: Int = Limits.maxImageSide) throws {
        self.path = path
        session = try DecoderSession(path: path, formatName: nil, allowedFormats: VideoReader.allowedFormats,
                                     maxDimension: maxDimension)
        let st = session.stream!
        width = Int(st.pointee.codecpar.pointee.width)
        height = Int(st.pointee.codecpar.pointee.height)
        frameCount = Int(st.pointee.nb_frames)
        let r = st.pointee.avg_frame_rate
        fps = r.den == 0 ? 0 : Double(r.num) / Double(r.den)
        codecName = String(cString: avcodec_get_name(st.pointee.codecpar.pointee.codec_id))
        self.maxDimension = maxDimension
    }
    private let maxDimension: Int

    /// The video stream's size as the container declares it, read without decoding a frame (nil
    /// when the header does not say): `compare` checks sizes and memory before decoding (issue
    /// 27.9: a 16000×16000 clip took 665 MB just to report a size mismatch).
    public static func declaredSize(path: String) -> (width: Int, height: Int)? {
        guard (try? DecoderSession.requireRegularFile(path)) != nil,
              let opened = try? DecoderSession.openInput(path, nil, options: [("protocol_whitelist", "file"), ("format_whitelist", allowedFormats)])
        else { return nil }
        var oc: UnsafeMutablePointer<AVFormatContext>? = opened
        defer { avformat_close_input(&oc) }
        let idx = av_find_best_stream(opened, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard idx >= 0, let par = opened.pointee.streams[Int(idx)]?.pointee.codecpar else { return nil }
        let w = Int(par.pointee.width), h = Int(par.pointee.height)
        return w > 0 && h > 0 ? (w, h) : nil
    }

    /// The container's `comment` tag (Segue writes "Segue VERSION" in every mp4, mov and webm),
    /// read from the header only; nil when there is none or the file is not a video.
    public static func comment(path: String) throws -> String? {
        let reader = try VideoReader(path: path)
        return reader.session.metadata("comment")
    }

    /// The next frame in decode-output (presentation) order, nil at the end.
    public func next() throws -> Bitmap? { try session.nextBitmap(maxDimension: maxDimension) }

    @_spi(Testing) public func readAllFrames() throws -> [Bitmap] {
        var frames: [Bitmap] = []
        while let f = try next() { frames.append(f) }
        return frames
    }
}
