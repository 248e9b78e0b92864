import CFFmpeg
import Foundation
import Vocabulary

/// libavfilter, opened on first use instead of linked (shim.h's segue_avfilter_load): only GIF
/// needs it, and linking it costs every process ≈ 34 ms and ≈ 12 MB of start-up for its ~30
/// dependencies. Loaded once (a `static let` is initialised once, thread-safely); a failure is a
/// MediaError like any other. On success every field of the table is set, hence the `!`s below.
enum LibAVFilter {
    private static let loaded: Result<SegueAVFilter, MediaError> = {
        var api = SegueAVFilter()
        var err = [CChar](repeating: 0, count: 512)
        guard segue_avfilter_load(&api, &err, err.count) == 0 else {
            return .failure(MediaError(String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        return .success(api)
    }()

    /// `purpose` names what needs it in the error ("GIF output needs libavfilter: …").
    static func load(_ purpose: String = "GIF output") throws -> SegueAVFilter {
        switch loaded {
        case .success(let api): return api
        case .failure(let why): throw MediaError("\(purpose) needs libavfilter: \(why.description)")
        }
    }
}

/// A libavfilter graph of a few filters linked in a chain, created and checked call by call
/// (FFmpeg's doc/examples/filtering_video.c, without the string parser).
final class FilterGraph {
    let path: String
    let avf: SegueAVFilter
    private(set) var graph: UnsafeMutablePointer<AVFilterGraph>?

    init(path: String, avf: SegueAVFilter) throws {
        self.path = path
        self.avf = avf
        guard let g = avf.avfilter_graph_alloc!() else { throw MediaError("\(path): avfilter_graph_alloc failed") }
        g.pointee.nb_threads = 1          // palettegen/paletteuse are not threaded; the CPU budget is Export's
        graph = g
    }

    deinit { avf.avfilter_graph_free!(&graph) }

    func add(_ filter: String, _ name: String, _ args: String?) throws -> UnsafeMutablePointer<AVFilterContext> {
        guard let f = avf.avfilter_get_by_name!(filter) else { throw MediaError("\(path): this FFmpeg has no \(filter) filter") }
        var ctx: UnsafeMutablePointer<AVFilterContext>?
        try check(avf.avfilter_graph_create_filter!(&ctx, f, name, args, nil, graph), path, "avfilter_graph_create_filter(\(filter)=\(args ?? ""))")
        guard let ctx else { throw MediaError("\(path): avfilter_graph_create_filter(\(filter)) returned nothing") }
        return ctx
    }

    /// A buffer source for frames of `format`, w×h, time base 1/fps.
    func source(_ name: String, width: Int32, height: Int32, format: AVPixelFormat, fps: Int) throws -> UnsafeMutablePointer<AVFilterContext> {
        try add("buffer", name, "video_size=\(width)x\(height):pix_fmt=\(format.rawValue):time_base=1/\(fps):pixel_aspect=1/1")
    }

    func link(_ a: UnsafeMutablePointer<AVFilterContext>, _ aPad: UInt32, _ b: UnsafeMutablePointer<AVFilterContext>, _ bPad: UInt32) throws {
        try check(avf.avfilter_link!(a, aPad, b, bPad), path, "avfilter_link")
    }

    func configure() throws { try check(avf.avfilter_graph_config!(graph, nil), path, "avfilter_graph_config") }
}

/// GIF: one palette per clip, from every frame, then every frame mapped onto it.
///
/// palettegen emits its palette only after the last frame, while paletteuse needs the palette
/// before the first: the usual `split → palettegen / paletteuse` graph keeps every frame queued
/// inside the graph (BGRA at 1170×2532 is 11.9 MB a frame, 1.4 GB for 2 s at 60 fps). Instead:
/// - pass 1, as frames arrive (`write`): each frame goes into `buffer → palettegen
///   (stats_mode=full) → buffersink`, which keeps only a colour histogram, and its pixels are
///   appended to a raw spill file beside the destination (an AtomicFile, so cancel and signals
///   remove it); memory stays at a frame or two.
/// - pass 2 (`finish`): the palette goes into a second graph's palette input, then every frame
///   is read back from the spill file through `paletteuse` → the gif encoder (pal8) → the gif
///   muxer with `loop=0` (NETSCAPE2.0: loop forever). The spill file is deleted.
/// The cost is disk (w × h × 4 bytes a frame, temporarily) and one extra read of it.
///
/// paletteuse: `dither=bayer:bayer_scale=3` — ordered dithering keeps a static pixel's index the
/// same from frame to frame, so flat UI colours do not shimmer as they would with error diffusion
/// (sierra2_4a), and the gif encoder's inter-frame transparency (transdiff) finds unchanged
/// pixels, which keeps files small; `diff_mode=rectangle` re-maps only the changed rectangle.
/// Transparency: palettegen reserves one entry (`reserve_transparent=1`) and paletteuse maps
/// pixels with alpha < 128 to it (`alpha_threshold=128`); GIF has 1-bit alpha, so translucent
/// pixels become either opaque (straight colour) or fully transparent. Opaque clips reserve no
/// entry and get all 256 colours. The gif encoder uses "restore to background" disposal for
/// frames with transparent pixels, so moving content leaves no trails.
/// Timing (GIFTiming): time base 1/100, frame i at pts i × delay, every delay the same whole
/// number of centiseconds ≥ 2, the last frame's too (`final_delay`), so the delays sum to the
/// frame count × delay. Export samples the story at that rate, so it plays at the story's speed.
final class GIFWriter: PictureSink {
    let path: String
    let settings: EncoderSettings
    private let avf: SegueAVFilter
    private let spill: AtomicFile
    private var spillFile: UnsafeMutablePointer<FILE>?
    private let statsGraph: FilterGraph
    private let statsSource: UnsafeMutablePointer<AVFilterContext>
    private let statsSink: UnsafeMutablePointer<AVFilterContext>
    private var output: EncodedStream?
    private var frames: Int64 = 0
    private var scratch: UnsafeMutablePointer<AVFrame>?
    var temporaryPath: String { output?.file.temporaryPath ?? spill.temporaryPath }

    init(destination: String, settings: EncoderSettings) throws {
        path = destination
        self.settings = settings
        avf = try LibAVFilter.load()                       // before any file exists
        spill = try AtomicFile(destination: destination)   // a second temporary beside the destination
        statsGraph = try FilterGraph(path: destination, avf: avf)
        statsSource = try statsGraph.source("frames", width: Int32(settings.width), height: Int32(settings.height),
                                           format: AV_PIX_FMT_BGRA, fps: 100)
        let gen = try statsGraph.add("palettegen", "palettegen",
                                     "max_colors=256:stats_mode=full:reserve_transparent=\(settings.transparent ? 1 : 0)")
        statsSink = try statsGraph.add("buffersink", "palette", nil)
        try statsGraph.link(statsSource, 0, gen, 0)
        try statsGraph.link(gen, 0, statsSink, 0)
        try statsGraph.configure()
        // "rb+", not "wb+": AtomicFile created the file empty, and truncating it again (O_TRUNC)
        // makes ext4 flush all of it to disk on close (auto_da_alloc), measured 0.26–0.6 s for an
        // 850 MB spill before a cancelled GIF could exit, and the unlink then waits for that
        // writeback (0.23–0.58 s against 0.08 s). Issue 20.8.
        guard let fp = fopen(spill.temporaryPath, "rb+") else {
            spill.discard()
            throw MediaError("\(destination): cannot open \(spill.temporaryPath): \(String(cString: strerror(errno)))")
        }
        spillFile = fp
        scratch = av_frame_alloc()
        guard scratch != nil else { cancel(); throw MediaError("\(destination): av_frame_alloc failed") }
    }

    deinit { cancel() }

    var rowBytes: Int { settings.width * 4 }

    func write(_ frame: PictureFrame, index: Int64) throws {
        let f = frame.frame
        // PUSH: run palettegen on this frame now, so frames never queue inside the graph.
        try check(avf.av_buffersrc_add_frame_flags!(statsSource, f, Int32(segue_buffersrc_flag_keep_ref() | segue_buffersrc_flag_push())),
                  path, "av_buffersrc_add_frame(palettegen)")
        let base = segue_frame_data(f, 0)!, stride = Int(segue_frame_linesize(f, 0))
        for y in 0..<settings.height where fwrite(base + y * stride, 1, rowBytes, spillFile) != rowBytes {
            throw MediaError("\(path): writing the frame spill \(spill.temporaryPath) failed: \(String(cString: strerror(errno)))")
        }
        frames += 1
    }

    func finish(stopReason: () -> Int32) throws {
        do { try finishPasses(stopReason) } catch { cancel(); throw error }
    }

    /// Throws InterruptedError when `stopReason` says so: pass 2 asks before every frame, so a
    /// signal stops it within one frame's mapping instead of after the whole pass (issue 20.8).
    private func stopIfAsked(_ stopReason: () -> Int32) throws {
        let sig = stopReason()
        if sig != 0 { throw InterruptedError(signal: sig, destination: path) }
    }

    private func finishPasses(_ stopReason: () -> Int32) throws {
        guard frames > 0 else { throw MediaError("\(path): a GIF needs at least one frame") }
        // End of pass 1: the palette (16×16 BGRA).
        try check(avf.av_buffersrc_add_frame_flags!(statsSource, nil, 0), path, "av_buffersrc_add_frame(palettegen EOF)")
        guard let palette = av_frame_alloc() else { throw MediaError("\(path): av_frame_alloc failed") }
        var paletteRef: UnsafeMutablePointer<AVFrame>? = palette
        defer { av_frame_free(&paletteRef) }
        try check(avf.av_buffersink_get_frame!(statsSink, palette), path, "av_buffersink_get_frame(palette)")

        // Pass 2: frames + palette → paletteuse → pal8.
        let g = try FilterGraph(path: path, avf: avf)
        let src = try g.source("frames", width: Int32(settings.width), height: Int32(settings.height), format: AV_PIX_FMT_BGRA, fps: 100)
        let pal = try g.source("palette", width: palette.pointee.width, height: palette.pointee.height,
                               format: AVPixelFormat(palette.pointee.format), fps: 100)
        let use = try g.add("paletteuse", "paletteuse", "dither=bayer:bayer_scale=3:diff_mode=rectangle:alpha_threshold=128")
        let sink = try g.add("buffersink", "out", nil)
        try g.link(src, 0, use, 0)
        try g.link(pal, 0, use, 1)
        try g.link(use, 0, sink, 0)
        try g.configure()
        palette.pointee.pts = 0
        try check(avf.av_buffersrc_add_frame_flags!(pal, palette, 0), path, "av_buffersrc_add_frame(palette)")
        try check(avf.av_buffersrc_add_frame_flags!(pal, nil, 0), path, "av_buffersrc_add_frame(palette EOF)")

        let delay = settings.gifTiming.delay
        let out = try EncodedStream(destination: path, muxer: "gif", encoder: "gif", fps: 100,
                                    title: nil, comment: nil, header: [("loop", "0"), ("final_delay", "\(delay)")], bitexact: false,
                                    configure: { c in
                                        c.pointee.width = Int32(self.settings.width)
                                        c.pointee.height = Int32(self.settings.height)
                                        c.pointee.pix_fmt = AV_PIX_FMT_PAL8
                                    }, createsParents: false,   // the spill file's folder: gone means failed
                                    frameDuration: Int64(delay))
        output = out
        guard let mapped = av_frame_alloc() else { throw MediaError("\(path): av_frame_alloc failed") }
        var mappedRef: UnsafeMutablePointer<AVFrame>? = mapped
        defer { av_frame_free(&mappedRef) }
        func drain() throws {
            while true {
                let r = avf.av_buffersink_get_frame!(sink, mapped)
                if r == AVERROR_EAGAIN || r == AVERROR_EOF_ { return }
                try check(r, path, "av_buffersink_get_frame(paletteuse)")
                defer { av_frame_unref(mapped) }
                try out.encode(mapped)
            }
        }
        // fseek, not rewind: it reports failure, and it flushes what stdio still buffers (a
        // write error there would surface here, not in a silently short read).
        if fseek(spillFile, 0, SEEK_SET) != 0 {
            throw MediaError("\(path): rewinding the frame spill \(spill.temporaryPath) failed: \(String(cString: strerror(errno)))")
        }
        let f = scratch!
        for i in 0..<frames {
            try stopIfAsked(stopReason)
            f.pointee.width = Int32(settings.width); f.pointee.height = Int32(settings.height)
            f.pointee.format = AV_PIX_FMT_BGRA.rawValue
            try check(av_frame_get_buffer(f, 0), path, "av_frame_get_buffer")
            let base = segue_frame_data(f, 0)!, stride = Int(segue_frame_linesize(f, 0))
            for y in 0..<settings.height where fread(base + y * stride, 1, rowBytes, spillFile) != rowBytes {
                throw MediaError("\(path): reading the frame spill \(spill.temporaryPath) failed")
            }
            f.pointee.pts = i * Int64(delay)
            try check(avf.av_buffersrc_add_frame_flags!(src, f, 0), path, "av_buffersrc_add_frame(paletteuse)")  // takes f's buffers
            try drain()
        }
        try check(avf.av_buffersrc_add_frame_flags!(src, nil, 0), path, "av_buffersrc_add_frame(paletteuse EOF)")
        try drain()
        closeSpill()
        try stopIfAsked(stopReason)
        try out.finish()
    }

    private func closeSpill() {
        // Every byte was read back (or the output is being cancelled): a close error loses nothing.
        if let fp = spillFile { _ = fclose(fp); spillFile = nil }
        spill.discard()
    }

    func cancel() {
        closeSpill()
        output?.cancel()
        if scratch != nil { av_frame_free(&scratch) }
    }
}
