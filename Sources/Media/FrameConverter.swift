import CFFmpeg
import Raster

/// Converts finished bitmaps to yuv420p frames: swscale with the BT.709 matrix, full-range RGB in,
/// limited-range YUV out. One per render worker (an SwsContext must not be shared between threads);
/// `convert` runs on that worker's thread, one call at a time.
///
/// Premultiplied input: swscale drops alpha, and premultiplied RGB with its alpha ignored is
/// exactly the pixel composited onto black. Export renders mp4 frames opaque anyway.
///
/// Odd sizes: the bitmap is copied into a padded scratch image with its last column and row
/// repeated, so the padding is invisible at the edge after chroma subsampling.
public final class FrameConverter: @unchecked Sendable {
    public let width: Int, height: Int
    let paddedWidth: Int, paddedHeight: Int
    private let pool: FramePool?
    private let sws: OpaquePointer?
    private var scratch: UnsafeMutablePointer<UInt32>?

    init(width: Int, height: Int, pool: FramePool?) {
        self.width = width; self.height = height
        paddedWidth = width + (width & 1); paddedHeight = height + (height & 1)
        self.pool = pool
        // BITEXACT: the same output on every CPU (no SIMD-dependent rounding), so files hash the
        // same across machines; ACCURATE_RND: exact rounding for flat colours.
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_BITEXACT
        let ctx = sws_getContext(Int32(paddedWidth), Int32(paddedHeight), AV_PIX_FMT_RGBA,
                                 Int32(paddedWidth), Int32(paddedHeight), AV_PIX_FMT_YUV420P,
                                 flags, nil, nil, nil)
        if let ctx {
            // table (output YUV space) = BT.709, dstRange 0 = limited ("mpeg"); srcRange 1 = full RGB.
            let bt709 = sws_getCoefficients(SWS_CS_ITU709)
            if sws_setColorspaceDetails(ctx, sws_getCoefficients(SWS_CS_DEFAULT), 1, bt709, 0,
                                        0, 1 << 16, 1 << 16) < 0 {
                sws_freeContext(ctx)
                sws = nil
                return
            }
        }
        sws = ctx
    }

    deinit {
        if let sws { sws_freeContext(sws) }
        scratch?.deallocate()
    }

    public func convert(_ bitmap: Bitmap) throws -> VideoFrame {
        guard bitmap.width == width, bitmap.height == height else {
            throw MediaError("convert: bitmap is \(bitmap.width)×\(bitmap.height), encoder expects \(width)×\(height)")
        }
        guard let sws else { throw MediaError("convert: sws_getContext/sws_setColorspaceDetails (RGBA → yuv420p BT.709) failed") }
        guard let pool else { throw MediaError("convert: av_buffer_pool_init failed") }
        var source = bitmap.pixels
        if paddedWidth != width || paddedHeight != height { source = padded(bitmap) }
        let f = try pool.makeFrame()
        let frame = VideoFrame(frame: f)
        let rows = source.withMemoryRebound(to: UInt8.self, capacity: paddedWidth * paddedHeight * 4) {
            segue_sws_scale_packed_to_frame(sws, $0, Int32(paddedWidth * 4), Int32(paddedHeight), f)
        }
        if rows != Int32(paddedHeight) { throw MediaError.ffmpeg("convert", "sws_scale", rows < 0 ? rows : segue_averror_invaldata()) }
        return frame
    }

    private func padded(_ bitmap: Bitmap) -> UnsafeMutablePointer<UInt32> {
        let pw = paddedWidth
        let s = scratch ?? .allocate(capacity: pw * paddedHeight)
        scratch = s
        for y in 0..<height {
            let dst = s + y * pw
            dst.update(from: bitmap.row(y), count: width)
            if pw != width { dst[width] = dst[width - 1] }
        }
        if paddedHeight != height { (s + height * pw).update(from: s + (height - 1) * pw, count: pw) }
        return s
    }
}
