import CFFmpeg
import Foundation
import Raster

/// What a converter produces for its encoder.
enum ConversionTarget: Sendable, Equatable {
    /// swscale RGBA → a YUV format, BT.709 matrix, full-range RGB in, limited-range YUV out.
    /// `alpha`: the format has an alpha plane, fed with straight (un-premultiplied) colour.
    case yuv(AVPixelFormat, alpha: Bool)
    /// Straight-alpha BGRA (AV_PIX_FMT_BGRA = FFmpeg's RGB32 on little-endian, the one format
    /// palettegen/paletteuse take, so the filter graph inserts no scaler). Opaque: alpha 255.
    case bgra(alpha: Bool)
    /// A finished PNG (RGBA when `alpha`, else RGB), compressed on the worker thread.
    case png(alpha: Bool)
}

/// Converts finished bitmaps to the encoder's input, on a render worker's thread: one converter
/// per worker (an SwsContext must not be shared between threads), one call at a time.
///
/// Premultiplied input: Segue's Bitmap is premultiplied RGBA8. Without alpha, swscale drops the
/// alpha byte, and premultiplied RGB with alpha ignored is exactly the pixel composited onto
/// black (Export renders opaque frames anyway). With alpha, the stored frame needs straight
/// colour (video codecs, PNG and GIF all store unassociated alpha): c = round(c′ · 255 / a),
/// clamped to 255, 0 where a = 0 — the exact inverse of the renderer's c′ = round(c · a / 255)
/// for every value it can produce.
///
/// Odd sizes (YUV formats): the bitmap is copied into a padded scratch image with its last column
/// and row repeated, so the padding is invisible at the edge after chroma subsampling.
public final class FrameConverter: @unchecked Sendable {
    public let width: Int, height: Int
    let paddedWidth: Int, paddedHeight: Int
    let target: ConversionTarget
    private let pool: FramePool?
    private let sws: OpaquePointer?
    private var scratch: UnsafeMutablePointer<UInt32>?
    /// Opaque yuv420p goes through Raster's `YUV420` (one pass, integer BT.709, 2×2 box chroma)
    /// unless this is set: then swscale does it (a test hook, `@_spi(Testing)`: tests compare the two).
    @_spi(Testing) public var usesSwscale = false
    /// swscale's flags; the yuv420p fast path matches swscale with SWS_AREA (2×2 box chroma).
    static func swscaleFlags(for fmt: AVPixelFormat, alpha: Bool) -> Int32 {
        let filter = fmt == AV_PIX_FMT_YUV420P && !alpha ? SWS_AREA : SWS_BICUBIC
        return filter | SWS_ACCURATE_RND | SWS_BITEXACT
    }

    init(width: Int, height: Int, pool: FramePool?, target: ConversionTarget = .yuv(AV_PIX_FMT_YUV420P, alpha: false)) {
        self.width = width; self.height = height
        self.target = target
        if case .yuv = target {
            paddedWidth = width + (width & 1); paddedHeight = height + (height & 1)
        } else {
            paddedWidth = width; paddedHeight = height
        }
        self.pool = pool
        guard case .yuv(let fmt, _) = target else { sws = nil; return }
        // BITEXACT: the same output on every CPU (no SIMD-dependent rounding), so files hash the
        // same across machines; ACCURATE_RND: exact rounding for flat colours.
        let flags = FrameConverter.swscaleFlags(for: fmt, alpha: { if case .yuv(_, let a) = target { return a } else { return false } }())
        let ctx = sws_getContext(Int32(paddedWidth), Int32(paddedHeight), AV_PIX_FMT_RGBA,
                                 Int32(paddedWidth), Int32(paddedHeight), fmt,
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
        band?.deallocate()
    }

    /// Rows per band in `convert(drawing:)`: even (whole chroma rows), and small enough that a
    /// band of RGBA plus its Y, U and V (≈ 410 KB at 1170 wide) stays in a core’s L2 cache
    /// (1 MB here); 64 rather than 32 halves the per-band set-up (scene walk, draw set-up).
    public static let bandRows = 64

    /// Whether `convert(drawing:)` works band by band (the opaque yuv420p fast path); else it
    /// needs a whole frame.
    public var convertsInBands: Bool {
        if case .yuv(let fmt, let alpha) = target { return fmt == AV_PIX_FMT_YUV420P && !alpha && !usesSwscale }
        return false
    }

    /// The band buffer (bandRows × width pixels), allocated on first use; this converter's
    /// thread only.
    private var band: UnsafeMutablePointer<UInt32>?

    /// Has `draw(view, rows)` draw a frame band by band into a small buffer (`view` is a
    /// width × height bitmap of which only `rows` exist: Bitmap(width:height:rows:band:)) and
    /// converts each band while it is in cache: the frame never exists as a whole RGBA image.
    /// `draw` must give each row its final pixels. Only when `convertsInBands`.
    public func convert(drawing draw: (_ view: Bitmap, _ rows: Range<Int>) -> Void) throws -> VideoFrame {
        guard convertsInBands else { throw MediaError("convert: this target converts whole frames only") }
        guard let pool else { throw MediaError("convert: av_buffer_pool_init failed") }
        let buffer = band ?? .allocate(capacity: FrameConverter.bandRows * width)
        band = buffer
        let f = try pool.makeFrame()
        let frame = VideoFrame.picture(PictureFrame(frame: f))
        let y = segue_frame_data(f, 0)!, ys = Int(segue_frame_linesize(f, 0))
        let u = segue_frame_data(f, 1)!, us = Int(segue_frame_linesize(f, 1))
        let v = segue_frame_data(f, 2)!, vs = Int(segue_frame_linesize(f, 2))
        var y0 = 0
        while y0 < height {
            let y1 = min(height, y0 + FrameConverter.bandRows)
            let view = Bitmap(width: width, height: height, rows: y0..<y1, band: buffer)
            draw(view, y0..<y1)
            YUV420.convert(view, y: y, yStride: ys, u: u, uStride: us, v: v, vStride: vs, rows: (y0 / 2)..<((y1 + 1) / 2))
            y0 = y1
        }
        return frame
    }

    public func convert(_ bitmap: Bitmap) throws -> VideoFrame {
        guard bitmap.width == width, bitmap.height == height else {
            throw MediaError("convert: bitmap is \(bitmap.width)×\(bitmap.height), encoder expects \(width)×\(height)")
        }
        switch target {
        case .png(let alpha):
            return .png(PNGFrame(data: try PNGWriter.encode(bitmap, path: "convert", alpha: alpha), width: width, height: height))
        case .bgra(let alpha):
            guard let pool else { throw MediaError("convert: av_buffer_pool_init failed") }
            let f = try pool.makeFrame()
            let frame = VideoFrame.picture(PictureFrame(frame: f))
            let base = segue_frame_data(f, 0)!, stride = Int(segue_frame_linesize(f, 0))
            for y in 0..<height {
                let src = bitmap.row(y)
                let dst = UnsafeMutableRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let v = alpha ? unpremultiplied(src[x]) : src[x] | 0xFF00_0000
                    // RGBA (R in the low byte) → BGRA bytes: swap R and B.
                    dst[x] = (v & 0xFF00_FF00) | (v & 0xFF) << 16 | (v >> 16) & 0xFF
                }
            }
            return frame
        case .yuv(let fmt, let alpha):
            if fmt == AV_PIX_FMT_YUV420P && !alpha && !usesSwscale {
                guard let pool else { throw MediaError("convert: av_buffer_pool_init failed") }
                let f = try pool.makeFrame()
                let frame = VideoFrame.picture(PictureFrame(frame: f))
                YUV420.convert(bitmap, y: segue_frame_data(f, 0)!, yStride: Int(segue_frame_linesize(f, 0)),
                               u: segue_frame_data(f, 1)!, uStride: Int(segue_frame_linesize(f, 1)),
                               v: segue_frame_data(f, 2)!, vStride: Int(segue_frame_linesize(f, 2)))
                return frame
            }
            guard let sws else { throw MediaError("convert: sws_getContext/sws_setColorspaceDetails (RGBA → \(String(cString: av_get_pix_fmt_name(fmt))) BT.709) failed") }
            guard let pool else { throw MediaError("convert: av_buffer_pool_init failed") }
            var source = bitmap.pixels
            if alpha || paddedWidth != width || paddedHeight != height { source = prepared(bitmap, straight: alpha) }
            let f = try pool.makeFrame()
            let frame = VideoFrame.picture(PictureFrame(frame: f))
            let rows = source.withMemoryRebound(to: UInt8.self, capacity: paddedWidth * paddedHeight * 4) {
                segue_sws_scale_packed_to_frame(sws, $0, Int32(paddedWidth * 4), Int32(paddedHeight), f)
            }
            if rows != Int32(paddedHeight) { throw MediaError.ffmpeg("convert", "sws_scale", rows < 0 ? rows : segue_averror_invaldata()) }
            return frame
        }
    }

    /// The bitmap in the scratch image: padded to the even size, un-premultiplied when `straight`.
    private func prepared(_ bitmap: Bitmap, straight: Bool) -> UnsafeMutablePointer<UInt32> {
        let pw = paddedWidth
        let s = scratch ?? .allocate(capacity: pw * paddedHeight)
        scratch = s
        for y in 0..<height {
            let dst = s + y * pw, src = bitmap.row(y)
            if straight {
                for x in 0..<width { dst[x] = unpremultiplied(src[x]) }
            } else {
                dst.update(from: src, count: width)
            }
            if pw != width { dst[width] = dst[width - 1] }
        }
        if paddedHeight != height { (s + height * pw).update(from: s + (height - 1) * pw, count: pw) }
        return s
    }
}

/// Premultiplied RGBA8 (R in the low byte) → straight RGBA8: c = round(c′ · 255 / a), clamped.
/// Opaque and fully transparent pixels (most of a UI frame) skip the division.
@inline(__always)
func unpremultiplied(_ v: UInt32) -> UInt32 {
    let a = v >> 24
    if a == 255 { return v }
    if a == 0 { return 0 }
    @inline(__always) func un(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
    return un(v & 0xFF) | un((v >> 8) & 0xFF) << 8 | un((v >> 16) & 0xFF) << 16 | a << 24
}
