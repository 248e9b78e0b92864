import CFFmpeg
import Foundation
import Vocabulary

/// The audio stream of a video (issue 33.2): AAC-LC in MP4/MOV, Opus in WebM, stereo at the
/// spec's rate, as long as the video: a preset's `audio` (AudioClip), else silence: the App
/// Store takes previews with a stereo track (practitioners add a silent one), and YouTube's
/// recommended settings name a stereo track. Packets go through
/// the muxer's interleaver beside the video's (FFmpeg's doc/examples/mux.c with two streams):
/// after each video frame the track is encoded up to that frame's end time.
final class AudioTrack {
    let path: String
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private let stream: UnsafeMutablePointer<AVStream>
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// Samples sent to the encoder so far (the next frame's pts in 1/sampleRate).
    private var sent: Int64 = 0
    private let clip: AudioClip?

    init(path: String, format oc: UnsafeMutablePointer<AVFormatContext>, spec: AudioSpec, container: OutputFormat, clip: AudioClip?) throws {
        self.path = path
        self.clip = clip
        let name = container == .webm ? "libopus" : "aac"
        guard let encoder = avcodec_find_encoder_by_name(name) else { throw MediaError("\(path): this FFmpeg has no \(name) encoder") }
        guard let st = avformat_new_stream(oc, nil) else { throw MediaError("\(path): avformat_new_stream(audio) failed") }
        stream = st
        guard let c = avcodec_alloc_context3(encoder) else { throw MediaError("\(path): avcodec_alloc_context3(\(name)) failed") }
        codec = c
        c.pointee.sample_fmt = encoder.pointee.sample_fmts?.pointee ?? AV_SAMPLE_FMT_FLTP
        c.pointee.sample_rate = Int32(spec.sampleRate)
        c.pointee.bit_rate = Int64(spec.bitRate)
        av_channel_layout_default(&c.pointee.ch_layout, Int32(spec.channels))
        c.pointee.time_base = AVRational(num: 1, den: Int32(spec.sampleRate))
        if oc.pointee.oformat.pointee.flags & segue_fmt_flag_globalheader() != 0 { c.pointee.flags |= segue_codec_flag_global_header() }
        try check(avcodec_open2(c, encoder, nil), path, "avcodec_open2(\(name))")
        try check(avcodec_parameters_from_context(st.pointee.codecpar, c), path, "avcodec_parameters_from_context(audio)")
        st.pointee.time_base = c.pointee.time_base
        guard let f = av_frame_alloc(), let p = av_packet_alloc() else { throw MediaError("\(path): av_frame_alloc failed") }
        frame = f; packet = p
    }

    deinit {
        if frame != nil { av_frame_free(&frame) }
        if packet != nil { av_packet_free(&packet) }
        if codec != nil { avcodec_free_context(&codec) }
    }

    /// Encodes whole frames of samples up to `total` (samples since the start), and with `last`
    /// the short frame that ends the track, and muxes the packets ready.
    func write(upTo total: Int64, last: Bool = false, into oc: UnsafeMutablePointer<AVFormatContext>) throws {
        guard let c = codec, let f = frame else { return }
        // Fixed-size encoders (AAC: 1024, Opus: 960) take whole frames; only the last may be
        // short (the encoder pads a short one: one in the middle would insert silence).
        let size = Int64(c.pointee.frame_size > 0 ? c.pointee.frame_size : 960)
        while total - sent >= size || (last && sent < total) {
            let n = Int32(min(size, total - sent))
            av_frame_unref(f)
            f.pointee.format = c.pointee.sample_fmt.rawValue
            f.pointee.sample_rate = c.pointee.sample_rate
            f.pointee.nb_samples = n
            try check(av_channel_layout_copy(&f.pointee.ch_layout, &c.pointee.ch_layout), path, "av_channel_layout_copy")
            try check(av_frame_get_buffer(f, 0), path, "av_frame_get_buffer(audio)")
            try check(av_samples_set_silence(segue_frame_extended_data(f), 0, n, c.pointee.ch_layout.nb_channels, c.pointee.sample_fmt),
                      path, "av_samples_set_silence")
            try clip?.copy(into: f, from: Int(sent), count: Int(n), format: c.pointee.sample_fmt, path: path)
            f.pointee.pts = sent
            sent += Int64(n)
            try send(f, oc)
        }
    }

    /// Flushes the encoder into the muxer (before the trailer).
    func finish(into oc: UnsafeMutablePointer<AVFormatContext>) throws { try send(nil, oc) }

    private func send(_ f: UnsafeMutablePointer<AVFrame>?, _ oc: UnsafeMutablePointer<AVFormatContext>) throws {
        guard let c = codec, let pkt = packet else { return }
        try check(avcodec_send_frame(c, f), path, f == nil ? "avcodec_send_frame(audio flush)" : "avcodec_send_frame(audio)")
        while true {
            let r = avcodec_receive_packet(c, pkt)
            if r == AVERROR_EAGAIN || r == AVERROR_EOF_ { return }
            try check(r, path, "avcodec_receive_packet(audio)")
            av_packet_rescale_ts(pkt, c.pointee.time_base, stream.pointee.time_base)
            pkt.pointee.stream_index = stream.pointee.index
            let w = av_interleaved_write_frame(oc, pkt)
            if w < 0 { av_packet_unref(pkt); throw MediaError.ffmpeg(path, "av_interleaved_write_frame(audio)", w) }
        }
    }
}
