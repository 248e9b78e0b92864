import CFFmpeg
import Raster

/// One converted frame: an AVFrame in yuv420p at the padded size, BT.709 limited range.
///
/// The pixel memory comes from a `FramePool` (an AVBufferPool), so after the first few frames
/// nothing big is allocated: when the last reference (ours or the encoder's) goes, the buffer
/// returns to the pool. Ownership: whoever holds the VideoFrame; it moves from a render worker to
/// the encoder thread and is not touched by two threads at once.
public final class VideoFrame: @unchecked Sendable {
    let frame: UnsafeMutablePointer<AVFrame>
    public var width: Int { Int(frame.pointee.width) }
    public var height: Int { Int(frame.pointee.height) }

    init(frame: UnsafeMutablePointer<AVFrame>) { self.frame = frame }

    deinit {
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
    }

    /// Plane samples, for tests: plane 0 = Y (width×height), 1 = Cb, 2 = Cr (half size).
    public func sample(plane: Int, x: Int, y: Int) -> UInt8 {
        let data = segue_frame_data(frame, Int32(plane))!
        return data[y * Int(segue_frame_linesize(frame, Int32(plane))) + x]
    }
}

/// The pool of yuv420p frame buffers for one encoder. AVBufferPool is thread-safe, so every
/// converter of an encoder shares it; buffers outliving the pool are freed when returned.
final class FramePool: @unchecked Sendable {
    let pool: OpaquePointer
    let width: Int32, height: Int32

    init?(width: Int, height: Int) {
        let size = segue_yuv420p_pool_size(Int32(width), Int32(height))
        guard let p = av_buffer_pool_init(size, av_buffer_alloc) else { return nil }
        pool = p; self.width = Int32(width); self.height = Int32(height)
    }

    deinit {
        var p: OpaquePointer? = pool
        av_buffer_pool_uninit(&p)
    }

    func makeFrame() throws -> UnsafeMutablePointer<AVFrame> {
        guard let f = av_frame_alloc() else { throw MediaError("frame: av_frame_alloc failed") }
        let r = segue_frame_attach_yuv420p(f, pool, width, height)
        if r < 0 {
            var ff: UnsafeMutablePointer<AVFrame>? = f
            av_frame_free(&ff)
            throw MediaError.ffmpeg("frame", "av_buffer_pool_get", r)
        }
        f.pointee.color_primaries = AVCOL_PRI_BT709
        f.pointee.color_trc = AVCOL_TRC_BT709
        f.pointee.colorspace = AVCOL_SPC_BT709
        f.pointee.color_range = AVCOL_RANGE_MPEG
        return f
    }
}
