import CFFmpeg
import Foundation
import Vocabulary

/// One encoder feeding one muxer into an AtomicFile, following FFmpeg's doc/examples/mux.c:
/// send/receive, global header when the muxer wants it, time base 1/fps with pts = frame index
/// (GIF: time base 1/100 with pts = index × delay, `frameDuration` = the delay), packets rescaled
/// to the stream's time base. Shared by VideoMuxer (mp4/mov/webm) and GIFWriter.
final class EncodedStream {
    let path: String
    let file: AtomicFile
    private(set) var format: UnsafeMutablePointer<AVFormatContext>?
    private(set) var codec: UnsafeMutablePointer<AVCodecContext>?
    private(set) var stream: UnsafeMutablePointer<AVStream>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// A packet's duration in the time base when the encoder leaves it unset (the gif muxer's delay).
    private let frameDuration: Int64

    /// `configure` sets the codec context (size, pix_fmt, tags, private options) before
    /// avcodec_open2; `after` adjusts the stream (codec tag, metadata) before the header.
    init(destination path: String, muxer: String, encoder encoderName: String, fps: Int,
         title: String?, comment: String?, header: [(String, String)], bitexact: Bool,
         configure: (UnsafeMutablePointer<AVCodecContext>) throws -> Void,
         after: (UnsafeMutablePointer<AVStream>) throws -> Void = { _ in }, createsParents: Bool = true,
         frameDuration: Int64 = 1, moreStreams: (UnsafeMutablePointer<AVFormatContext>) throws -> Void = { _ in }) throws {
        self.path = path
        self.frameDuration = frameDuration
        file = try AtomicFile(destination: path, createsParents: createsParents)
        do { try open(muxer, encoderName, fps, title, comment, header, bitexact, configure, after, moreStreams) } catch {
            cancel(); throw error
        }
    }

    private func open(_ muxer: String, _ encoderName: String, _ fps: Int, _ title: String?, _ comment: String?,
                      _ header: [(String, String)], _ bitexact: Bool,
                      _ configure: (UnsafeMutablePointer<AVCodecContext>) throws -> Void,
                      _ after: (UnsafeMutablePointer<AVStream>) throws -> Void,
                      _ moreStreams: (UnsafeMutablePointer<AVFormatContext>) throws -> Void) throws {
        // "file:" so a path with a colon is never read as a protocol name.
        let url = "file:" + file.temporaryPath
        var oc: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_alloc_output_context2(&oc, nil, muxer, url), path, "avformat_alloc_output_context2(\(muxer))")
        guard let oc else { throw MediaError("\(path): avformat_alloc_output_context2 returned no context") }
        format = oc
        // Matroska writes random segment/track UIDs unless bit-exact: needed for byte-identical webm.
        if bitexact { oc.pointee.flags |= segue_fmt_flag_bitexact() }

        guard let encoder = avcodec_find_encoder_by_name(encoderName) else {
            throw MediaError("\(path): avcodec_find_encoder_by_name(\(encoderName)) failed: this FFmpeg has no \(encoderName)")
        }
        guard let st = avformat_new_stream(oc, nil) else { throw MediaError("\(path): avformat_new_stream failed") }
        stream = st
        guard let c = avcodec_alloc_context3(encoder) else { throw MediaError("\(path): avcodec_alloc_context3 failed") }
        codec = c
        let f = Int32(fps)
        c.pointee.time_base = AVRational(num: 1, den: f)
        c.pointee.framerate = AVRational(num: f, den: Int32(frameDuration))
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        if oc.pointee.oformat.pointee.flags & segue_fmt_flag_globalheader() != 0 {
            c.pointee.flags |= segue_codec_flag_global_header()
        }
        try configure(c)
        try check(avcodec_open2(c, encoder, nil), path, "avcodec_open2(\(encoderName))")
        try check(avcodec_parameters_from_context(st.pointee.codecpar, c), path, "avcodec_parameters_from_context")
        st.pointee.time_base = c.pointee.time_base
        st.pointee.avg_frame_rate = c.pointee.framerate
        try after(st)
        try moreStreams(oc)

        if let t = title { try check(av_dict_set(&oc.pointee.metadata, "title", t, 0), path, "av_dict_set(title)") }
        if let t = comment { try check(av_dict_set(&oc.pointee.metadata, "comment", t, 0), path, "av_dict_set(comment)") }

        if oc.pointee.oformat.pointee.flags & segue_fmt_flag_nofile() == 0 {
            try check(avio_open(&oc.pointee.pb, url, AVIO_FLAG_WRITE), path, "avio_open(\(file.temporaryPath))")
        }
        // A muxer option it does not take (a misspelt `movflags`, `loop` for another muxer) would
        // be dropped silently: the file would lose its faststart or its looping (OptionDictionary).
        let opts = try OptionDictionary(header.map { (key: $0.0, value: $0.1) }, path: path)
        try check(avformat_write_header(oc, &opts.raw), path, "avformat_write_header")
        try opts.requireConsumed("avformat_write_header")
        guard let pkt = av_packet_alloc() else { throw MediaError("\(path): av_packet_alloc failed") }
        packet = pkt
    }

    /// Sends a frame (nil: flush) and muxes every packet the encoder has ready.
    func encode(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
        guard let c = codec, let oc = format, let st = stream, let pkt = packet else {
            throw MediaError("\(path): encoder is closed")
        }
        try check(avcodec_send_frame(c, frame), path, frame == nil ? "avcodec_send_frame(flush)" : "avcodec_send_frame")
        while true {
            let r = avcodec_receive_packet(c, pkt)
            if r == AVERROR_EAGAIN || r == AVERROR_EOF_ { return }
            try check(r, path, "avcodec_receive_packet")
            if pkt.pointee.duration == 0 { pkt.pointee.duration = frameDuration }   // one frame (the gif muxer's delay)
            av_packet_rescale_ts(pkt, c.pointee.time_base, st.pointee.time_base)
            pkt.pointee.stream_index = st.pointee.index
            let w = av_interleaved_write_frame(oc, pkt)   // takes the packet's reference
            if w < 0 { av_packet_unref(pkt); throw MediaError.ffmpeg(path, "av_interleaved_write_frame", w) }
        }
    }

    /// Flushes, writes the trailer (the faststart pass), closes and renames into place.
    func finish() throws {
        do {
            try encode(nil)
            guard let oc = format else { throw MediaError("\(path): encoder is closed") }
            try check(av_write_trailer(oc), path, "av_write_trailer")
            if oc.pointee.pb != nil { try check(avio_closep(&oc.pointee.pb), path, "avio_closep") }
            release()
            try file.commit()
        } catch {
            cancel(); throw error
        }
    }

    func cancel() {
        release()
        file.discard()
    }

    /// Frees every FFmpeg object (idempotent).
    private func release() {
        if packet != nil { av_packet_free(&packet) }
        if codec != nil { avcodec_free_context(&codec) }
        if let oc = format {
            // Only reached with pb still open on a failed or cancelled output, whose temporary
            // is discarded next: a close error has nothing left to protect (finish checks its own).
            if oc.pointee.pb != nil { _ = avio_closep(&oc.pointee.pb) }
            avformat_free_context(oc)
            format = nil
        }
        stream = nil
    }
}

/// mp4, mov and webm. Per codec (all tagged BT.709 primaries/transfer/matrix, limited range,
/// converted so by FrameConverter; a keyframe every 2 s where the codec has GOPs):
/// - h264: libx264 yuv420p, `preset`, `crf`, closed GOPs, `sync-lookahead=0` (the lookahead
///   runs in the encoding thread instead of its own: identical output, four fewer frames in
///   memory — docs/PERFORMANCE.md).
/// - hevc: libx265 yuv420p, `preset`, `crf`, closed GOPs, tagged `hvc1` (QuickTime and Safari
///   play only hvc1: parameter sets in the sample description). x265-params: `log-level=none`
///   unless MediaLog is verbose; `info=0` drops x265's settings SEI (it records the CPU's SIMD
///   flags and thread pools, so bytes would differ between machines); with `threads` N:
///   `pools=N:frame-threads=…` (frame threads change motion search, so they are part of the output).
/// - prores: prores_ks, profile 4444 with 16-bit alpha from yuva444p10le when transparent, else
///   422 HQ from yuv422p10le; vendor `apl0` as Apple's encoder writes; quality is the profile's
///   (crf does not apply). Slice threads do not change the bytes.
/// - vp9: libvpx-vp9 yuv420p, or yuva420p when transparent (libvpx codes alpha as a second
///   stream in Matroska BlockAdditions) plus the stream tag `alpha_mode=1` that browsers need to
///   use it. Constant quality: `crf` with bit rate 0. `deadline=good`, `cpu-used=4`: realtime is
///   faster but visibly blocky on text; 4 is the common "fast good" setting. `row-mt=0` and a
///   fixed thread count keep the output reproducible (see the determinism test).
/// mp4/mov: `+faststart`. webm: bit-exact muxing (no random UIDs). Metadata: title, comment.
/// Destinations (ShareTargets) shape the h264 stream: a bit rate with a peak (`maxrate`, a VBV
/// buffer of one second at the peak), the High profile, B-frames, a GOP of
/// a fraction of a second; and add a silent stereo AudioTrack.
final class VideoMuxer: PictureSink {
    let stream: EncodedStream
    private var audio: AudioTrack?
    private let fps: Int
    private var frames: Int64 = 0
    private let audioRate: Int64
    var temporaryPath: String { stream.file.temporaryPath }

    init(destination: String, settings s: EncoderSettings, pixelFormat: AVPixelFormat) throws {
        let path = destination
        let encoderName: String
        switch s.codec {
        case .h264: encoderName = "libx264"
        case .hevc: encoderName = "libx265"
        case .prores: encoderName = "prores_ks"
        case .vp9: encoderName = "libvpx-vp9"
        }
        let header: [(String, String)] = s.format == .webm ? [] : [("movflags", "+faststart")]
        fps = s.fps
        audioRate = Int64(s.audio?.sampleRate ?? 48_000)
        var track: AudioTrack?
        func opt(_ c: UnsafeMutablePointer<AVCodecContext>, _ k: String, _ v: String) throws {
            try check(av_opt_set(c.pointee.priv_data, k, v, 0), path, "av_opt_set(\(k)=\(v))")
        }
        stream = try EncodedStream(
            destination: destination, muxer: s.format.rawValue, encoder: encoderName, fps: s.fps,
            title: s.title, comment: s.comment, header: header, bitexact: s.format == .webm,
            configure: { c in
                c.pointee.width = Int32(s.paddedWidth)
                c.pointee.height = Int32(s.paddedHeight)
                c.pointee.pix_fmt = pixelFormat
                c.pointee.gop_size = Int32(s.shape.gopSeconds.map { max(1, (Double(s.fps) * $0).rounded()) } ?? Double(2 * s.fps))      // a keyframe every 2 s: seekable previews
                c.pointee.thread_count = Int32(s.threads)
                c.pointee.color_primaries = AVCOL_PRI_BT709
                c.pointee.color_trc = AVCOL_TRC_BT709
                c.pointee.colorspace = AVCOL_SPC_BT709
                c.pointee.color_range = AVCOL_RANGE_MPEG
                switch s.codec {
                case .h264:
                    c.pointee.flags |= segue_codec_flag_closed_gop()
                    try opt(c, "preset", s.preset)
                    try VideoMuxer.shape(c, s, opt)
                    // No lookahead thread: the same bytes (x264's decisions do not depend on
                    // it), and its 4 buffered frames (≈ 40 MB at 1170×2532) are not allocated.
                    try opt(c, "x264-params", "sync-lookahead=0")
                case .hevc:
                    c.pointee.flags |= segue_codec_flag_closed_gop()
                    try opt(c, "preset", s.preset)
                    try opt(c, "crf", String(s.crf))
                    var params = "log-level=\(segue_log_level() >= AV_LOG_VERBOSE ? "info" : "none"):info=0"
                    if s.threads > 0 {
                        params += ":pools=\(s.threads):frame-threads=\(s.threads >= 8 ? 4 : s.threads >= 4 ? 3 : s.threads >= 2 ? 2 : 1)"
                    }
                    try opt(c, "x265-params", params)
                case .prores:
                    try opt(c, "profile", s.transparent ? "4444" : "hq")
                    try opt(c, "vendor", "apl0")
                case .vp9:
                    c.pointee.bit_rate = 0
                    try opt(c, "crf", String(s.crf))
                    try opt(c, "deadline", "good")
                    try opt(c, "cpu-used", "4")
                    try opt(c, "row-mt", "0")
                }
            },
            after: { st in
                if s.codec == .hevc { st.pointee.codecpar.pointee.codec_tag = segue_mktag(0x68, 0x76, 0x63, 0x31) } // "hvc1"
                if s.codec == .vp9 && s.transparent {
                    try check(av_dict_set(&st.pointee.metadata, "alpha_mode", "1", 0), path, "av_dict_set(alpha_mode)")
                }
            },
            moreStreams: { oc in
                if let a = s.audio {
                    // The clip's samples: as long as the video (its frames at its fps).
                    let clip = try s.audioFile.map { try AudioClip(path: $0, count: (s.frameCount * a.sampleRate + s.fps / 2) / s.fps, rate: a.sampleRate) }
                    track = try AudioTrack(path: path, format: oc, spec: a, container: s.format, clip: clip)
                }
            })
        audio = track
    }

    /// crf, or a bit rate with its peak; the profile and B-frames a destination asks for.
    static func shape(_ c: UnsafeMutablePointer<AVCodecContext>, _ s: EncoderSettings,
                      _ opt: (UnsafeMutablePointer<AVCodecContext>, String, String) throws -> Void) throws {
        if let rate = s.shape.bitRate {
            c.pointee.bit_rate = Int64(rate)
            if let peak = s.shape.maxRate {
                c.pointee.rc_max_rate = Int64(peak)
                c.pointee.rc_buffer_size = Int32(clamping: peak)   // one second at the peak
            }
        } else {
            try opt(c, "crf", String(s.crf))
        }
        if let p = s.shape.profile { try opt(c, "profile", p) }
        if let b = s.shape.bFrames { c.pointee.max_b_frames = Int32(b) }
    }

    /// Audio samples that end where video frame `frames` ends.
    private var audioEnd: Int64 { (frames * audioRate + Int64(fps) / 2) / Int64(fps) }

    func write(_ frame: PictureFrame, index: Int64) throws {
        try stream.encode(frame.frame)
        frames += 1
        if let audio, let oc = stream.format { try audio.write(upTo: audioEnd, into: oc) }
    }

    func finish(stopReason: () -> Int32) throws {
        if let audio, let oc = stream.format {
            do { try audio.write(upTo: audioEnd, last: true, into: oc); try audio.finish(into: oc) } catch { stream.cancel(); throw error }
        }
        try stream.finish()
    }
    func cancel() { stream.cancel() }
}
