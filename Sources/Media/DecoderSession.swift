import CFFmpeg
import Raster
import Vocabulary

/// One opened input (libavformat, plain local file only) and a decoder for its video stream;
/// frames come out as premultiplied RGBA bitmaps. Shared by ImageDecoder and VideoReader.
///
/// Not thread-safe: one owner at a time (it holds FFmpeg contexts that are not).
final class DecoderSession {
    let path: String
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var sws: OpaquePointer?
    private var swsKey: (Int32, Int32, Int32, Int32, Int32) = (0, 0, -1, -1, -1)
    private var swsOut: (Int32, Int32) = (0, 0)
    private var flushed = false
    private(set) var streamIndex: Int32 = -1
    private(set) var stream: UnsafeMutablePointer<AVStream>?

    /// - formatName: force this demuxer (no probing); nil: probe among `allowedFormats`.
    /// - maxDimension: reject a stream whose declared width or height is larger, before decoding.
    init(path: String, formatName: String?, allowedFormats: String, maxDimension: Int) throws {
        _ = mediaLogDefaultOnce
        self.path = path
        try DecoderSession.requireRegularFile(path)
        var iformat: UnsafePointer<AVInputFormat>?
        if let formatName {
            iformat = av_find_input_format(formatName)
            guard iformat != nil else { throw MediaError("\(path): av_find_input_format(\(formatName)) failed") }
        }
        // The input-safety control: only the file protocol and only `allowedFormats`' demuxers.
        let oc = try DecoderSession.openInput(path, iformat, options: [
            ("protocol_whitelist", "file"), ("format_whitelist", allowedFormats)])
        format = oc
        do {
            if formatName == nil {
                // Containers need their stream info (probes a few packets, bounded by FFmpeg's probesize).
                try check(avformat_find_stream_info(oc, nil), path, "avformat_find_stream_info")
            }
            let idx = av_find_best_stream(oc, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
            try check(idx, path, "av_find_best_stream(video)")
            streamIndex = idx
            let st = oc.pointee.streams[Int(idx)]!
            stream = st
            let par = st.pointee.codecpar!
            if Int(par.pointee.width) > maxDimension || Int(par.pointee.height) > maxDimension {
                throw MediaError("\(path): image is \(par.pointee.width)×\(par.pointee.height), larger than the limit of \(maxDimension) pixels per side")
            }
            guard let decoder = avcodec_find_decoder(par.pointee.codec_id) else {
                throw MediaError("\(path): avcodec_find_decoder failed: no decoder for \(String(cString: avcodec_get_name(par.pointee.codec_id)))")
            }
            guard let c = avcodec_alloc_context3(decoder) else { throw MediaError("\(path): avcodec_alloc_context3 failed") }
            codec = c
            try check(avcodec_parameters_to_context(c, par), path, "avcodec_parameters_to_context")
            c.pointee.thread_count = 1
            // Defence in depth: the decoder itself refuses frames above the area limit before
            // allocating them, whatever the container claimed.
            c.pointee.max_pixels = Int64(maxDimension) * Int64(maxDimension)
            try check(avcodec_open2(c, decoder, nil), path, "avcodec_open2(\(String(cString: decoder.pointee.name)))")
            packet = av_packet_alloc()
            frame = av_frame_alloc()
            guard packet != nil, frame != nil else { throw MediaError("\(path): av_packet_alloc/av_frame_alloc failed") }
        } catch {
            release()
            throw error
        }
    }

    deinit { release() }

    /// avformat_open_input with `options`, every one of which must be applied (OptionDictionary):
    /// an option FFmpeg left unconsumed is an error and the input is closed again.
    static func openInput(_ path: String, _ iformat: UnsafePointer<AVInputFormat>?,
                          options: [(key: String, value: String)]) throws -> UnsafeMutablePointer<AVFormatContext> {
        let opts = try OptionDictionary(options, path: path)
        var oc: UnsafeMutablePointer<AVFormatContext>?
        // "file:" so the path is never read as another protocol or an image2 pattern.
        try check(avformat_open_input(&oc, "file:" + path, iformat, &opts.raw), path, "avformat_open_input")
        guard let ctx = oc else { throw MediaError("\(path): avformat_open_input returned no context") }
        do { try opts.requireConsumed("avformat_open_input") } catch {
            avformat_close_input(&oc)
            throw error
        }
        return ctx
    }

    static func requireRegularFile(_ path: String) throws {
        var st = stat()
        if stat(path, &st) != 0 { throw MediaError("\(path): cannot open: \(String(cString: strerror(errno)))") }
        if (st.st_mode & S_IFMT) != S_IFREG { throw MediaError("\(path): not a regular file") }
    }

    /// A container metadata tag (case-insensitive key), nil when absent.
    func metadata(_ key: String) -> String? {
        guard let oc = format, let e = av_dict_get(oc.pointee.metadata, key, nil, 0), let v = e.pointee.value else { return nil }
        return String(cString: v)
    }

    private func release() {
        if let s = sws { sws_freeContext(s); sws = nil }
        if frame != nil { av_frame_free(&frame) }
        if packet != nil { av_packet_free(&packet) }
        if codec != nil { avcodec_free_context(&codec) }
        if format != nil { avformat_close_input(&format) }
    }

    /// The next decoded frame as a premultiplied bitmap, or nil at the end of the stream.
    /// - fitting: at most this many pixels a side (aspect kept): swscale scales straight from the
    ///   decoder's own pixel format, so no full-size RGBA copy is ever made (issue 20.4).
    func nextBitmap(maxDimension: Int, fitting box: (width: Int, height: Int)? = nil) throws -> Bitmap? {
        guard let c = codec, let oc = format, let pkt = packet, let f = frame else { return nil }
        while true {
            let r = avcodec_receive_frame(c, f)
            if r == 0 {
                defer { av_frame_unref(f) }
                if Int(f.pointee.width) > maxDimension || Int(f.pointee.height) > maxDimension {
                    throw MediaError("\(path): image is \(f.pointee.width)×\(f.pointee.height), larger than the limit of \(maxDimension) pixels per side")
                }
                return try toBitmap(f, size: box.map { ImageDecoder.scaledSize(width: Int(f.pointee.width), height: Int(f.pointee.height), fitting: $0) })
            }
            if r == AVERROR_EOF_ { return nil }
            if r != AVERROR_EAGAIN { throw MediaError.ffmpeg(path, "avcodec_receive_frame", r) }
            if flushed { return nil }
            let rr = av_read_frame(oc, pkt)
            if rr == AVERROR_EOF_ {
                flushed = true
                try check(avcodec_send_packet(c, nil), path, "avcodec_send_packet(flush)")
                continue
            }
            try check(rr, path, "av_read_frame")
            defer { av_packet_unref(pkt) }
            if pkt.pointee.stream_index != streamIndex { continue }
            try check(avcodec_send_packet(c, pkt), path, "avcodec_send_packet")
        }
    }

    /// Any decoded pixel format → RGBA (straight) with swscale, reading YUV with the frame's own
    /// matrix and range (BT.709 for our videos, BT.601 full range for JPEG), then premultiplied.
    private func toBitmap(_ f: UnsafeMutablePointer<AVFrame>, size: (width: Int, height: Int)? = nil) throws -> Bitmap {
        let w = f.pointee.width, h = f.pointee.height
        guard w > 0, h > 0 else { throw MediaError("\(path): decoded frame has no size") }
        let dw = Int32(size?.width ?? Int(w)), dh = Int32(size?.height ?? Int(h))
        let fmt = f.pointee.format
        let src = AVPixelFormat(rawValue: fmt)
        if !ImageDecoder.alwaysSwscale, dw == w, dh == h, let b = try packedRGB(f, src) { return b }
        let cs = f.pointee.colorspace, range = f.pointee.color_range
        let key = (w, h, fmt, Int32(bitPattern: cs.rawValue), Int32(bitPattern: range.rawValue))
        if sws == nil || key != swsKey || dw != swsOut.0 || dh != swsOut.1 {
            if let s = sws { sws_freeContext(s); sws = nil }
            let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_BITEXACT | SWS_FULL_CHR_H_INT
            guard let s = sws_getContext(w, h, src, dw, dh, AV_PIX_FMT_RGBA, flags, nil, nil, nil) else {
                throw MediaError("\(path): sws_getContext(\(pixFmtName(src)) → rgba) failed")
            }
            sws = s
            swsKey = key
            swsOut = (dw, dh)
            if let desc = av_pix_fmt_desc_get(src), desc.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0,
               desc.pointee.flags & UInt64(AV_PIX_FMT_FLAG_PAL) == 0, desc.pointee.nb_components >= 3 {
                let matrix: Int32
                switch cs {
                case AVCOL_SPC_BT709: matrix = SWS_CS_ITU709
                case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: matrix = SWS_CS_BT2020
                case AVCOL_SPC_FCC: matrix = SWS_CS_FCC
                case AVCOL_SPC_SMPTE240M: matrix = SWS_CS_SMPTE240M
                default: matrix = SWS_CS_DEFAULT   // BT.601: JPEG/JFIF, WebP, untagged SD video
                }
                let fullRange: Int32 = (range == AVCOL_RANGE_JPEG || pixFmtName(src).hasPrefix("yuvj")) ? 1 : 0
                let coeffs = sws_getCoefficients(matrix)
                if sws_setColorspaceDetails(s, coeffs, fullRange, coeffs, 1, 0, 1 << 16, 1 << 16) < 0 {
                    throw MediaError("\(path): sws_setColorspaceDetails(\(pixFmtName(src))) failed")
                }
            }
        }
        let bitmap = try self.bitmap(Int(dw), Int(dh))
        let rows = bitmap.pixels.withMemoryRebound(to: UInt8.self, capacity: bitmap.byteCount) {
            segue_sws_scale_frame_to_packed(sws, f, $0, dw * 4)
        }
        if rows != dh { throw MediaError.ffmpeg(path, "sws_scale(\(pixFmtName(src)) → rgba)", rows < 0 ? rows : segue_averror_invaldata()) }
        premultiply(bitmap)
        return bitmap
    }
}

extension ImageDecoder {
    /// A test hook (`@_spi(Testing) import Media`): tests set it to compare the packed-RGB fast
    /// path of every decoder session with swscale. The product never sets it.
    @_spi(Testing) nonisolated(unsafe) public static var alwaysSwscale = false
}

extension DecoderSession {
    /// A bitmap of a decoded frame's size (or the size it is fitted to): one that is not
    /// positive is this file's error, not a trap.
    func bitmap(_ width: Int, _ height: Int) throws -> Bitmap {
        do { return try Bitmap(width: width, height: height) } catch { throw MediaError("\(path): \(error)") }
    }

    /// RGB24 and RGBA frames (what PNG screenshots decode to) as bitmaps without swscale: the
    /// same pixels swscale gives for these formats (a byte shuffle, no filtering at the same
    /// size), without swscale's generic per-line pipeline. Nil for every other format.
    func packedRGB(_ f: UnsafeMutablePointer<AVFrame>, _ fmt: AVPixelFormat) throws -> Bitmap? {
        guard fmt == AV_PIX_FMT_RGB24 || fmt == AV_PIX_FMT_RGBA, let base = segue_frame_data(f, 0) else { return nil }
        let w = Int(f.pointee.width), h = Int(f.pointee.height), stride = Int(segue_frame_linesize(f, 0))
        guard stride >= w * (fmt == AV_PIX_FMT_RGB24 ? 3 : 4) else { return nil }
        let bitmap = try self.bitmap(w, h)
        for y in 0..<h {
            let s = UnsafePointer(base + y * stride), d = bitmap.row(y)
            if fmt == AV_PIX_FMT_RGB24 {
                var x = 0
                while x < w {
                    let o = 3 &* x
                    d[x] = UInt32(s[o]) | UInt32(s[o &+ 1]) << 8 | UInt32(s[o &+ 2]) << 16 | 0xFF00_0000
                    x &+= 1
                }
            } else {
                UnsafeMutableRawPointer(d).copyMemory(from: s, byteCount: w * 4)
            }
        }
        if fmt == AV_PIX_FMT_RGBA { premultiply(bitmap) }
        return bitmap
    }
}

func pixFmtName(_ f: AVPixelFormat) -> String {
    guard let n = av_get_pix_fmt_name(f) else { return "pix_fmt \(f.rawValue)" }
    return String(cString: n)
}

/// Exact premultiplication: round(c × a / 255) via (x + 128 + ((x + 128) >> 8)) >> 8.
func premultiply(_ b: Bitmap) {
    let p = b.pixels
    for i in 0..<b.count {
        let v = p[i]
        let a = v >> 24
        if a == 255 { continue }
        @inline(__always) func pm(_ c: UInt32) -> UInt32 { let x = c * a + 128; return (x + (x >> 8)) >> 8 }
        p[i] = pm(v & 0xFF) | pm((v >> 8) & 0xFF) << 8 | pm((v >> 16) & 0xFF) << 16 | a << 24
    }
}

#if canImport(Glibc)
import Glibc
#endif
