import CFFmpeg
import Foundation
import Raster

/// One still image (`segue sheet`, `segue plot`): PNG or JPEG by the file's extension, written
/// atomically; `-o /dev/null` writes nothing (issue 13 item 4: a `.jpg` holds JPEG bytes).
public enum StillWriter {
    public enum Kind: String, Sendable { case png, jpeg }

    /// The kind a file name asks for (.png, .jpg, .jpeg); anything else is a DestinationError.
    public static func kind(for path: String) throws -> Kind {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "png": return .png
        case "jpg", "jpeg": return .jpeg
        case let ext:
            throw DestinationError("\(path): \(ext.isEmpty ? "no extension" : ".\(ext)"): a still is written as .png or .jpg (.jpeg)")
        }
    }

    /// A text-stack failure met while the still was drawn (Renderer.checkText) is thrown instead
    /// of writing a still with blanks where its labels should be.
    public static func write(_ bitmap: Bitmap, to path: String) throws {
        try Renderer.checkText()
        if OutputDestination.isNullSink(path) { return }
        switch try kind(for: path) {
        case .png: try PNGWriter.write(bitmap, to: path)
        case .jpeg: try FileBytes.writeAtomically(try JPEGEncoder.encode(bitmap, path: path), to: path)
        }
    }
}

/// Bitmap → baseline JPEG through libavcodec's mjpeg encoder: swscale to full-range 4:2:0
/// (yuvj420p, BT.601 as JFIF defines), alpha dropped (premultiplied colour with alpha ignored is
/// the pixel composited onto black; sheets and plots are opaque), quality q 2 (near the best).
enum JPEGEncoder {
    static func encode(_ bitmap: Bitmap, path: String) throws -> Data {
        guard let encoder = avcodec_find_encoder(AV_CODEC_ID_MJPEG) else { throw MediaError("\(path): avcodec_find_encoder(mjpeg) failed") }
        var c = avcodec_alloc_context3(encoder)
        var frame = av_frame_alloc()
        var pkt = av_packet_alloc()
        defer { avcodec_free_context(&c); av_frame_free(&frame); av_packet_free(&pkt) }
        guard let c, let frame, let pkt else { throw MediaError("\(path): allocating the jpeg encoder failed") }
        let w = Int32(bitmap.width), h = Int32(bitmap.height)
        c.pointee.width = w; c.pointee.height = h
        c.pointee.pix_fmt = AV_PIX_FMT_YUVJ420P
        c.pointee.color_range = AVCOL_RANGE_JPEG
        c.pointee.time_base = AVRational(num: 1, den: 1)
        c.pointee.thread_count = 1
        c.pointee.flags |= segue_codec_flag_qscale()
        c.pointee.global_quality = 2 * segue_ff_qp2lambda()
        _ = try check(avcodec_open2(c, encoder, nil), path, "avcodec_open2(mjpeg)")
        frame.pointee.width = w; frame.pointee.height = h
        frame.pointee.format = AV_PIX_FMT_YUVJ420P.rawValue
        frame.pointee.quality = c.pointee.global_quality
        _ = try check(av_frame_get_buffer(frame, 0), path, "av_frame_get_buffer")
        guard let sws = sws_getContext(w, h, AV_PIX_FMT_RGBA, w, h, AV_PIX_FMT_YUVJ420P,
                                       SWS_BICUBIC | SWS_ACCURATE_RND | SWS_BITEXACT, nil, nil, nil) else {
            throw MediaError("\(path): sws_getContext(RGBA → yuvj420p) failed")
        }
        defer { sws_freeContext(sws) }
        let rows = bitmap.pixels.withMemoryRebound(to: UInt8.self, capacity: bitmap.width * bitmap.height * 4) {
            segue_sws_scale_packed_to_frame(sws, $0, Int32(bitmap.width * 4), h, frame)
        }
        if rows != h { throw MediaError.ffmpeg(path, "sws_scale", rows < 0 ? rows : segue_averror_invaldata()) }
        _ = try check(avcodec_send_frame(c, frame), path, "avcodec_send_frame(mjpeg)")
        _ = try check(avcodec_send_frame(c, nil), path, "avcodec_send_frame(mjpeg flush)")
        var out = Data()
        while true {
            let r = avcodec_receive_packet(c, pkt)
            if r == AVERROR_EOF_ { break }
            _ = try check(r, path, "avcodec_receive_packet(mjpeg)")
            out.append(pkt.pointee.data, count: Int(pkt.pointee.size))
            av_packet_unref(pkt)
        }
        guard !out.isEmpty else { throw MediaError("\(path): the jpeg encoder produced no data") }
        return out
    }
}
