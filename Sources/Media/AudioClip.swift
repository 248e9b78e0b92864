import CFFmpeg
import Foundation
import Vocabulary

/// A preset's `audio` (issue 33.2): a sound file decoded through libavformat/libavcodec (the file
/// protocol only, a whitelist of audio demuxers), converted by libswresample to the track's rate
/// as planar float stereo, trimmed or looped to the clip's length and faded out linearly over the
/// last 0.5 s (so a trimmed song does not stop mid-note).
public final class AudioClip: @unchecked Sendable {
    /// Samples per channel, planar (left, right).
    let channels: [[Float]]
    public var sampleCount: Int { channels.first?.count ?? 0 }

    static let demuxers = "wav,mp3,aac,mov,mp4,m4a,3gp,3g2,mj2,ogg,flac,matroska,webm,aiff,caf"
    public static let fadeSeconds = 0.5

    /// Decodes `path` into `count` samples per channel at `rate` Hz (stereo).
    public init(path: String, count: Int, rate: Int) throws {
        let decoded = try AudioClip.decode(path, rate: rate, limit: count)
        guard let first = decoded.first, !first.isEmpty else { throw MediaError("\(path): no audio samples") }
        channels = decoded.map { AudioClip.fitted($0, count: count, fade: Int(Double(rate) * AudioClip.fadeSeconds)) }
    }

    /// Trimmed, or looped from the start, to `count`; the last `fade` samples ramp down to 0.
    static func fitted(_ s: [Float], count: Int, fade: Int) -> [Float] {
        var out = [Float](repeating: 0, count: count)
        for i in 0..<count { out[i] = s[i % s.count] }
        let n = min(fade, count)
        for k in 0..<n { out[count - n + k] *= Float(n - 1 - k) / Float(max(n - 1, 1)) }
        return out
    }

    /// Copies `count` samples from `start` into `f` in the encoder's sample format.
    func copy(into f: UnsafeMutablePointer<AVFrame>, from start: Int, count: Int, format: AVSampleFormat, path: String) throws {
        let data = segue_frame_extended_data(f)!
        let end = min(start + count, sampleCount)
        guard end > start else { return }
        switch format {
        case AV_SAMPLE_FMT_FLTP:
            for (c, samples) in channels.enumerated() {
                data[c]!.withMemoryRebound(to: Float.self, capacity: count) { p in
                    for i in start..<end { p[i - start] = samples[i] }
                }
            }
        case AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_S16:
            let n = channels.count
            for i in start..<end {
                for c in 0..<n {
                    let v = channels[c][i]
                    if format == AV_SAMPLE_FMT_FLT {
                        data[0]!.withMemoryRebound(to: Float.self, capacity: count * n) { $0[(i - start) * n + c] = v }
                    } else {
                        data[0]!.withMemoryRebound(to: Int16.self, capacity: count * n) { $0[(i - start) * n + c] = Int16(max(-1, min(1, v)) * 32767) }
                    }
                }
            }
        default:
            throw MediaError("\(path): the audio encoder takes \(String(cString: av_get_sample_fmt_name(format))), which Segue does not write")
        }
    }

    /// Every sample of the first audio stream, up to `limit` per channel, as planar float stereo at `rate`.
    static func decode(_ path: String, rate: Int, limit: Int) throws -> [[Float]] {
        try DecoderSession.requireRegularFile(path)
        var oc: UnsafeMutablePointer<AVFormatContext>? = try DecoderSession.openInput(path, nil, options: [
            ("protocol_whitelist", "file"), ("format_whitelist", demuxers)])
        defer { avformat_close_input(&oc) }
        try check(avformat_find_stream_info(oc, nil), path, "avformat_find_stream_info")
        let idx = av_find_best_stream(oc, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        try check(idx, path, "av_find_best_stream(audio)")
        let par = oc!.pointee.streams[Int(idx)]!.pointee.codecpar!
        guard let decoder = avcodec_find_decoder(par.pointee.codec_id) else { throw MediaError("\(path): no decoder for its audio") }
        var c = avcodec_alloc_context3(decoder)
        defer { avcodec_free_context(&c) }
        guard let ctx = c else { throw MediaError("\(path): avcodec_alloc_context3 failed") }
        try check(avcodec_parameters_to_context(ctx, par), path, "avcodec_parameters_to_context(audio)")
        try check(avcodec_open2(ctx, decoder, nil), path, "avcodec_open2(audio)")
        let resampler = try Resampler(from: ctx, rate: rate, path: path)
        var out: [[Float]] = [[], []]
        var pkt = av_packet_alloc(), frame = av_frame_alloc()
        defer { av_packet_free(&pkt); av_frame_free(&frame) }
        guard let pkt, let frame else { throw MediaError("\(path): av_packet_alloc failed") }
        func drain() throws {
            while out[0].count < limit {
                let r = avcodec_receive_frame(ctx, frame)
                if r == AVERROR_EAGAIN || r == AVERROR_EOF_ { return }
                try check(r, path, "avcodec_receive_frame(audio)")
                try resampler.convert(frame, into: &out)
                av_frame_unref(frame)
            }
        }
        while out[0].count < limit, av_read_frame(oc, pkt) >= 0 {
            defer { av_packet_unref(pkt) }
            guard pkt.pointee.stream_index == idx else { continue }
            try check(avcodec_send_packet(ctx, pkt), path, "avcodec_send_packet(audio)")
            try drain()
        }
        _ = avcodec_send_packet(ctx, nil)
        try drain()
        try resampler.flush(into: &out)
        return out.map { Array($0.prefix(limit)) }
    }
}

/// libswresample: the decoder's samples → planar float stereo at the track's rate.
final class Resampler {
    private var swr: OpaquePointer?
    let path: String

    init(from c: UnsafeMutablePointer<AVCodecContext>, rate: Int, path: String) throws {
        self.path = path
        var stereo = AVChannelLayout()
        av_channel_layout_default(&stereo, 2)
        try check(swr_alloc_set_opts2(&swr, &stereo, AV_SAMPLE_FMT_FLTP, Int32(rate),
                                      &c.pointee.ch_layout, c.pointee.sample_fmt, c.pointee.sample_rate, 0, nil), path, "swr_alloc_set_opts2")
        try check(swr_init(swr), path, "swr_init")
    }

    deinit { swr_free(&swr) }

    func convert(_ f: UnsafeMutablePointer<AVFrame>?, into out: inout [[Float]]) throws {
        let input = f.flatMap { segue_frame_extended_data($0) }.map { UnsafeMutablePointer<UnsafePointer<UInt8>?>(OpaquePointer($0)) }
        let inCount = f?.pointee.nb_samples ?? 0
        let room = Int(swr_get_out_samples(swr, inCount)) + 32
        var left = [Float](repeating: 0, count: room), right = [Float](repeating: 0, count: room)
        let n = try left.withUnsafeMutableBytes { l in
            try right.withUnsafeMutableBytes { r in
                var planes: [UnsafeMutablePointer<UInt8>?] = [l.baseAddress!.assumingMemoryBound(to: UInt8.self), r.baseAddress!.assumingMemoryBound(to: UInt8.self)]
                return try planes.withUnsafeMutableBufferPointer { p in
                    let got = swr_convert(swr, p.baseAddress, Int32(room), input, inCount)
                    try check(got, path, "swr_convert")
                    return Int(got)
                }
            }
        }
        out[0] += left.prefix(n); out[1] += right.prefix(n)
    }

    func flush(into out: inout [[Float]]) throws { try convert(nil, into: &out) }
}
