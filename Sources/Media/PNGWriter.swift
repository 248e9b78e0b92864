import CFFmpeg
import Raster
import Foundation

/// Bitmap → PNG through libavcodec's png encoder, written atomically (temp file + rename).
/// 8-bit RGB (colour type 2) when every pixel is opaque, else RGBA (colour type 6) with the
/// premultiplied pixels un-premultiplied by exact rounding (so decoding and premultiplying again
/// gives back the same premultiplied pixel). Tagged sRGB.
public enum PNGWriter {
    public static func write(_ bitmap: Bitmap, to path: String) throws {
        _ = mediaLogDefaultOnce
        try FileBytes.writeAtomically(try encode(bitmap, path: path), to: path)
    }

    /// The PNG bytes of `bitmap` (`path` only names the file in errors). `alpha` forces RGBA
    /// (true) or RGB with alpha dropped, i.e. composited onto black (false); nil: RGBA only when
    /// some pixel is not opaque. PNG sequences force one colour type for every frame.
    /// `compression`: zlib's level (nil: the encoder's default); the studio sends frames over
    /// loopback with 0 (stored): the same pixels, encoded in a fraction of the time.
    public static func encode(_ bitmap: Bitmap, path: String = "png", alpha: Bool? = nil, compression: Int32? = nil) throws -> Data {
        let opaque = !(alpha ?? !bitmap.isOpaque)
        guard let encoder = avcodec_find_encoder(AV_CODEC_ID_PNG) else { throw MediaError("\(path): avcodec_find_encoder(png) failed") }
        var c = avcodec_alloc_context3(encoder)
        var frame = av_frame_alloc()
        var pkt = av_packet_alloc()
        defer { avcodec_free_context(&c); av_frame_free(&frame); av_packet_free(&pkt) }
        guard let c, let frame, let pkt else { throw MediaError("\(path): allocating the png encoder failed") }
        let w = Int32(bitmap.width), h = Int32(bitmap.height)
        let pixFmt = opaque ? AV_PIX_FMT_RGB24 : AV_PIX_FMT_RGBA
        c.pointee.width = w; c.pointee.height = h
        c.pointee.pix_fmt = pixFmt
        c.pointee.time_base = AVRational(num: 1, den: 1)
        c.pointee.thread_count = 1
        if let compression { c.pointee.compression_level = compression }
        c.pointee.color_trc = AVCOL_TRC_IEC61966_2_1
        try check(avcodec_open2(c, encoder, nil), path, "avcodec_open2(png)")

        frame.pointee.width = w; frame.pointee.height = h
        frame.pointee.format = pixFmt.rawValue
        frame.pointee.color_trc = AVCOL_TRC_IEC61966_2_1
        try check(av_frame_get_buffer(frame, 0), path, "av_frame_get_buffer")
        let base = segue_frame_data(frame, 0)!, stride = Int(segue_frame_linesize(frame, 0))
        for y in 0..<bitmap.height {
            let src = bitmap.row(y), dst = base + y * stride
            if opaque {
                for x in 0..<bitmap.width {
                    let v = src[x]
                    dst[3 * x] = UInt8(truncatingIfNeeded: v)
                    dst[3 * x + 1] = UInt8(truncatingIfNeeded: v >> 8)
                    dst[3 * x + 2] = UInt8(truncatingIfNeeded: v >> 16)
                }
            } else {
                let out = UnsafeMutableRawPointer(dst)
                for x in 0..<bitmap.width {
                    out.storeBytes(of: unpremultiplied(src[x]).littleEndian, toByteOffset: 4 * x, as: UInt32.self)
                }
            }
        }
        try check(avcodec_send_frame(c, frame), path, "avcodec_send_frame(png)")
        try check(avcodec_send_frame(c, nil), path, "avcodec_send_frame(png flush)")
        var out = Data()
        while true {
            let r = avcodec_receive_packet(c, pkt)
            if r == AVERROR_EOF_ { break }
            try check(r, path, "avcodec_receive_packet(png)")
            out.append(pkt.pointee.data, count: Int(pkt.pointee.size))
            av_packet_unref(pkt)
        }
        guard !out.isEmpty else { throw MediaError("\(path): the png encoder produced no data") }
        return out
    }
}
