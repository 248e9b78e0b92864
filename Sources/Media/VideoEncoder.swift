import CFFmpeg
import Raster

/// H.264 (libx264) in MP4, following FFmpeg's doc/examples/mux.c: send/receive, global header
/// when the muxer wants it, time base 1/fps with pts = frame index, packets rescaled to the
/// stream's time base, `+faststart`, BT.709 tags, closed GOPs. Output goes to an `AtomicFile`
/// and is renamed into place by `finish()`.
///
/// Thread use: `write`, `finish` and `cancel` from ONE thread (the encoder thread);
/// `makeConverter` from any thread (it only reads immutable settings and shares the
/// thread-safe frame pool).
public final class VideoEncoder: @unchecked Sendable {
    public let settings: EncoderSettings
    public let destination: String
    private let pool: FramePool?
    private var file: AtomicFile?
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var nextPTS: Int64 = 0
    private var done = false

    /// Frames written so far.
    public var frameCount: Int { Int(nextPTS) }
    /// The file being written (nil for `.null`, and after finish/cancel).
    public var temporaryPath: String? { done ? nil : file?.temporaryPath }

    public init(destination path: String, settings: EncoderSettings) throws {
        _ = mediaLogDefaultOnce
        self.settings = settings
        destination = path
        try settings.validate(path)
        pool = FramePool(width: settings.paddedWidth, height: settings.paddedHeight)
        guard pool != nil else { throw MediaError("\(path): av_buffer_pool_init failed") }
        if settings.format == .null { return }
        do { try open() } catch { release(); throw error }
    }

    deinit { release() }

    public func makeConverter() -> FrameConverter {
        FrameConverter(width: settings.width, height: settings.height, pool: pool)
    }

    private func open() throws {
        let path = destination
        let file = try AtomicFile(destination: path)
        self.file = file
        // "file:" so a path with a colon is never read as a protocol name.
        let url = "file:" + file.temporaryPath

        var oc: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_alloc_output_context2(&oc, nil, settings.format.rawValue, url), path, "avformat_alloc_output_context2")
        guard let oc else { throw MediaError("\(path): avformat_alloc_output_context2 returned no context") }
        format = oc

        guard let encoder = avcodec_find_encoder_by_name("libx264") else {
            throw MediaError("\(path): avcodec_find_encoder_by_name(libx264) failed: this FFmpeg has no libx264")
        }
        guard let st = avformat_new_stream(oc, nil) else { throw MediaError("\(path): avformat_new_stream failed") }
        stream = st
        guard let c = avcodec_alloc_context3(encoder) else { throw MediaError("\(path): avcodec_alloc_context3 failed") }
        codec = c

        let fps = Int32(settings.fps)
        c.pointee.width = Int32(settings.paddedWidth)
        c.pointee.height = Int32(settings.paddedHeight)
        c.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        c.pointee.time_base = AVRational(num: 1, den: fps)
        c.pointee.framerate = AVRational(num: fps, den: 1)
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        c.pointee.gop_size = 2 * fps            // a keyframe every 2 s: seekable previews
        c.pointee.thread_count = Int32(settings.threads)
        c.pointee.color_primaries = AVCOL_PRI_BT709
        c.pointee.color_trc = AVCOL_TRC_BT709
        c.pointee.colorspace = AVCOL_SPC_BT709
        c.pointee.color_range = AVCOL_RANGE_MPEG
        c.pointee.flags |= segue_codec_flag_closed_gop()
        if oc.pointee.oformat.pointee.flags & segue_fmt_flag_globalheader() != 0 {
            c.pointee.flags |= segue_codec_flag_global_header()
        }
        try check(av_opt_set(c.pointee.priv_data, "preset", settings.preset, 0), path, "av_opt_set(preset=\(settings.preset))")
        try check(av_opt_set(c.pointee.priv_data, "crf", String(settings.crf), 0), path, "av_opt_set(crf=\(settings.crf))")
        try check(avcodec_open2(c, encoder, nil), path, "avcodec_open2(libx264)")
        try check(avcodec_parameters_from_context(st.pointee.codecpar, c), path, "avcodec_parameters_from_context")
        st.pointee.time_base = c.pointee.time_base
        st.pointee.avg_frame_rate = c.pointee.framerate

        if let t = settings.title { try check(av_dict_set(&oc.pointee.metadata, "title", t, 0), path, "av_dict_set(title)") }
        if let t = settings.comment { try check(av_dict_set(&oc.pointee.metadata, "comment", t, 0), path, "av_dict_set(comment)") }

        if oc.pointee.oformat.pointee.flags & segue_fmt_flag_nofile() == 0 {
            try check(avio_open(&oc.pointee.pb, url, AVIO_FLAG_WRITE), path, "avio_open(\(file.temporaryPath))")
        }
        var opts: OpaquePointer?
        defer { av_dict_free(&opts) }
        if settings.format == .mp4 { av_dict_set(&opts, "movflags", "+faststart", 0) }
        try check(avformat_write_header(oc, &opts), path, "avformat_write_header")
        guard let pkt = av_packet_alloc() else { throw MediaError("\(path): av_packet_alloc failed") }
        packet = pkt
    }

    /// Encodes the next frame (pts = its index).
    public func write(_ frame: VideoFrame) throws {
        guard !done else { throw MediaError("\(destination): write after finish or cancel") }
        guard frame.width == settings.paddedWidth, frame.height == settings.paddedHeight else {
            throw MediaError("\(destination): frame is \(frame.width)×\(frame.height), stream is \(settings.paddedWidth)×\(settings.paddedHeight)")
        }
        frame.frame.pointee.pts = nextPTS
        nextPTS += 1
        guard let c = codec else { return }          // .null: converted, not encoded
        try check(avcodec_send_frame(c, frame.frame), destination, "avcodec_send_frame")
        try drain()
    }

    /// Flushes the encoder, writes the trailer (the faststart pass), closes and renames into place.
    public func finish() throws {
        guard !done else { throw MediaError("\(destination): finish after finish or cancel") }
        do {
            if let c = codec, let oc = format {
                try check(avcodec_send_frame(c, nil), destination, "avcodec_send_frame(flush)")
                try drain()
                try check(av_write_trailer(oc), destination, "av_write_trailer")
                if oc.pointee.pb != nil {
                    try check(avio_closep(&oc.pointee.pb), destination, "avio_closep")
                }
            }
            release()
            try file?.commit()
            done = true
        } catch {
            cancel()
            throw error
        }
    }

    /// Stops without a trailer, closes and removes the temporary file; the destination is untouched.
    public func cancel() {
        release()
        file?.discard()
        done = true
    }

    private func drain() throws {
        guard let c = codec, let oc = format, let st = stream, let pkt = packet else { return }
        while true {
            let r = avcodec_receive_packet(c, pkt)
            if r == AVERROR_EAGAIN || r == AVERROR_EOF_ { return }
            try check(r, destination, "avcodec_receive_packet")
            av_packet_rescale_ts(pkt, c.pointee.time_base, st.pointee.time_base)
            pkt.pointee.stream_index = st.pointee.index
            let w = av_interleaved_write_frame(oc, pkt)   // takes the packet's reference
            if w < 0 { av_packet_unref(pkt); throw MediaError.ffmpeg(destination, "av_interleaved_write_frame", w) }
        }
    }

    /// Frees every FFmpeg object (idempotent). Leaves the AtomicFile to the caller.
    private func release() {
        if packet != nil { av_packet_free(&packet) }
        if codec != nil { avcodec_free_context(&codec) }
        if let oc = format {
            if oc.pointee.pb != nil { avio_closep(&oc.pointee.pb) }
            avformat_free_context(oc)
            format = nil
        }
        stream = nil
    }
}
