import CFFmpeg
import Foundation
import Raster

/// One converted frame, ready for the encoder thread, of one of two kinds that no writer mixes up:
/// a picture (an AVFrame, what the muxer, the GIF writer and the null output take) or the
/// finished bytes of one PNG (what the png sequence writer takes; png sequences are compressed on
/// the worker that converted them). VideoEncoder hands each kind only to the writer of its kind.
public enum VideoFrame: Sendable {
    case picture(PictureFrame)
    case png(PNGFrame)

    public var width: Int {
        switch self { case .picture(let p): p.width; case .png(let p): p.width }
    }
    public var height: Int {
        switch self { case .picture(let p): p.height; case .png(let p): p.height }
    }

    /// What the frame holds, for messages: its pixel format's name, or "png".
    var kindName: String {
        switch self { case .picture(let p): p.pixelFormatName; case .png: "png" }
    }

    // Test hooks (`@_spi(Testing) import Media`), not product API (issue 19.7).

    /// The pixel format's name (e.g. "yuva444p10le"); "png" for encoded PNG frames.
    @_spi(Testing) public var pixelFormatName: String { kindName }

    /// The picture; a test that asks a PNG frame for planes has a wrong expectation.
    @_spi(Testing) public var picture: PictureFrame {
        guard case .picture(let p) = self else { preconditionFailure("a PNG frame has no planes") }
        return p
    }

    /// `PictureFrame.sample` of the picture.
    @_spi(Testing) public func sample(plane: Int, x: Int, y: Int) -> UInt8 { picture.sample(plane: plane, x: x, y: y) }
    /// `PictureFrame.row` of the picture.
    @_spi(Testing) public func row(plane: Int, y: Int, count: Int) -> UnsafeBufferPointer<UInt8> { picture.row(plane: plane, y: y, count: count) }
    /// `PictureFrame.sample16` of the picture.
    @_spi(Testing) public func sample16(plane: Int, x: Int, y: Int) -> UInt16 { picture.sample16(plane: plane, x: x, y: y) }
}

/// An AVFrame in the stream's pixel format (yuv420p BT.709 limited for h264/hevc/vp9 and null,
/// yuv422p10le/yuva444p10le for ProRes, yuva420p for VP9 with alpha, straight BGRA for the GIF
/// filter graph), and its one owner: the AVFrame is freed once, when the last reference to this
/// object goes.
///
/// The pixel memory comes from a `FramePool` (an AVBufferPool), so after the first few frames
/// nothing big is allocated: when the last reference (ours or the encoder's) goes, the buffer
/// returns to the pool. Whoever holds the frame owns it; it moves from a render worker to the
/// encoder thread and is not touched by two threads at once.
public final class PictureFrame: @unchecked Sendable {
    let frame: UnsafeMutablePointer<AVFrame>
    public let width: Int, height: Int

    /// Takes ownership of `frame` (freed in deinit).
    init(frame: UnsafeMutablePointer<AVFrame>) {
        self.frame = frame
        width = Int(frame.pointee.width); height = Int(frame.pointee.height)
    }

    deinit {
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
    }

    var pixelFormatName: String { String(cString: av_get_pix_fmt_name(AVPixelFormat(frame.pointee.format))) }

    // Test hooks (`@_spi(Testing) import Media`), not product API (issue 19.7).

    /// Plane samples, for tests: plane 0 = Y (width×height), 1 = Cb, 2 = Cr (half size), 3 = A.
    /// 8-bit formats only (use `sample16` for the 10-bit ProRes formats); packed formats: byte x.
    @_spi(Testing) public func sample(plane: Int, x: Int, y: Int) -> UInt8 {
        let data = segue_frame_data(frame, Int32(plane))!
        return data[y * Int(segue_frame_linesize(frame, Int32(plane))) + x]
    }

    /// One row of a plane, `count` bytes (for tests comparing frames).
    @_spi(Testing) public func row(plane: Int, y: Int, count: Int) -> UnsafeBufferPointer<UInt8> {
        let data = segue_frame_data(frame, Int32(plane))!
        return UnsafeBufferPointer(start: data + y * Int(segue_frame_linesize(frame, Int32(plane))), count: count)
    }

    /// A 16-bit little-endian sample (yuv422p10le, yuva444p10le).
    @_spi(Testing) public func sample16(plane: Int, x: Int, y: Int) -> UInt16 {
        let data = segue_frame_data(frame, Int32(plane))!
        let p = data + y * Int(segue_frame_linesize(frame, Int32(plane))) + 2 * x
        return UInt16(p[0]) | UInt16(p[1]) << 8
    }
}

/// The bytes of one finished PNG (RGBA or RGB) of `width` × `height` pixels.
public struct PNGFrame: Sendable {
    let data: Data
    public let width: Int, height: Int
}
/// The pool of frame buffers for one encoder, in one pixel format. AVBufferPool is thread-safe, so
/// every converter of an encoder shares it; buffers outliving the pool are freed when returned.
final class FramePool: @unchecked Sendable {
    let pool: OpaquePointer
    let width: Int32, height: Int32
    let pixelFormat: AVPixelFormat

    init?(width: Int, height: Int, pixelFormat: AVPixelFormat = AV_PIX_FMT_YUV420P) {
        let size = segue_image_pool_size(pixelFormat, Int32(width), Int32(height))
        guard size > 0, let p = av_buffer_pool_init(size, av_buffer_alloc) else { return nil }
        pool = p; self.width = Int32(width); self.height = Int32(height)
        self.pixelFormat = pixelFormat
    }

    deinit {
        var p: OpaquePointer? = pool
        av_buffer_pool_uninit(&p)
    }

    /// A frame from the pool, tagged BT.709 limited range for the YUV formats.
    func makeFrame() throws -> UnsafeMutablePointer<AVFrame> {
        guard let f = av_frame_alloc() else { throw MediaError("frame: av_frame_alloc failed") }
        let r = segue_frame_attach_pooled(f, pool, pixelFormat, width, height)
        if r < 0 {
            var ff: UnsafeMutablePointer<AVFrame>? = f
            av_frame_free(&ff)
            throw MediaError.ffmpeg("frame", "av_buffer_pool_get", r)
        }
        if pixelFormat != AV_PIX_FMT_BGRA {
            f.pointee.color_primaries = AVCOL_PRI_BT709
            f.pointee.color_trc = AVCOL_TRC_BT709
            f.pointee.colorspace = AVCOL_SPC_BT709
            f.pointee.color_range = AVCOL_RANGE_MPEG
        }
        return f
    }
}
