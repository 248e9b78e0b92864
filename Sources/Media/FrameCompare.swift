import CFFmpeg
import Raster

/// One frame pair's scores: PSNR in dB (infinity for identical frames) and SSIM (1 = identical),
/// both averaged over the R, G and B planes as libavfilter reports them.
public struct FrameScore: Sendable, Equatable {
    public var psnr: Double
    public var ssim: Double
    public init(psnr: Double, ssim: Double) { self.psnr = psnr; self.ssim = ssim }
}

/// PSNR and SSIM of frame i of A against frame i of B, computed by libavfilter's own `psnr` and
/// `ssim` filters (not a hand-written metric), which GIFWriter's loader opens on first use.
///
/// The graph, for frames of one size:
///
///     a (rgba) → format=gbrp ───────────────→ psnr ─→ ssim ─→ sink
///     b (rgba) → format=gbrp → split ─┬─────↗        ↗
///                                     └─────────────┘
///
/// psnr passes frame a on with `lavfi.psnr.psnr_avg` in its metadata, ssim adds `lavfi.ssim.All`;
/// both values are read from the frame that reaches the sink. The bitmaps are premultiplied, so
/// translucent pixels are compared as composited over black; planar RGB (gbrp) keeps the
/// comparison free of chroma subsampling, whatever the sources were decoded from. Frames go in
/// with PUSH, so the graph holds at most a frame or two; scores come out in frame order, possibly
/// a frame late (the filters' frame sync), and the rest at `finish`.
public final class FrameComparator {
    public let width: Int, height: Int
    private let avf: SegueAVFilter
    private let graph: FilterGraph
    private let srcA: UnsafeMutablePointer<AVFilterContext>
    private let srcB: UnsafeMutablePointer<AVFilterContext>
    private let sink: UnsafeMutablePointer<AVFilterContext>
    private var staging: UnsafeMutablePointer<AVFrame>?
    private var out: UnsafeMutablePointer<AVFrame>?
    private var pushed: Int64 = 0
    /// Scores so far, in frame order.
    public private(set) var scores: [FrameScore] = []

    /// `threads`: the filters' slice threads (ssim is threaded).
    public init(width: Int, height: Int, threads: Int = 1) throws {
        self.width = width
        self.height = height
        avf = try LibAVFilter.load("comparing frames")
        graph = try FilterGraph(path: "compare", avf: avf)
        graph.graph?.pointee.nb_threads = Int32(max(1, threads))
        srcA = try graph.source("a", width: Int32(width), height: Int32(height), format: AV_PIX_FMT_RGBA, fps: 1)
        srcB = try graph.source("b", width: Int32(width), height: Int32(height), format: AV_PIX_FMT_RGBA, fps: 1)
        let fa = try graph.add("format", "fa", "pix_fmts=gbrp")
        let fb = try graph.add("format", "fb", "pix_fmts=gbrp")
        let split = try graph.add("split", "split", "2")
        let psnr = try graph.add("psnr", "psnr", nil)
        let ssim = try graph.add("ssim", "ssim", nil)
        sink = try graph.add("buffersink", "out", nil)
        try graph.link(srcA, 0, fa, 0)
        try graph.link(srcB, 0, fb, 0)
        try graph.link(fb, 0, split, 0)
        try graph.link(fa, 0, psnr, 0)
        try graph.link(split, 0, psnr, 1)
        try graph.link(psnr, 0, ssim, 0)
        try graph.link(split, 1, ssim, 1)
        try graph.link(ssim, 0, sink, 0)
        try graph.configure()
        staging = av_frame_alloc()
        out = av_frame_alloc()
        guard staging != nil, out != nil else { throw MediaError("compare: av_frame_alloc failed") }
    }

    deinit {
        av_frame_free(&staging)
        av_frame_free(&out)
    }

    /// Compares the next pair (both `width`×`height`); returns the scores that became available.
    @discardableResult
    public func add(_ a: Bitmap, _ b: Bitmap) throws -> [FrameScore] {
        guard a.width == width, a.height == height, b.width == width, b.height == height else {
            throw MediaError("compare: frame \(pushed) is \(a.width)×\(a.height) and \(b.width)×\(b.height), expected \(width)×\(height)")
        }
        try push(a, to: srcA)
        try push(b, to: srcB)
        pushed += 1
        return try drain()
    }

    /// Ends both inputs and returns the last scores.
    @discardableResult
    public func finish() throws -> [FrameScore] {
        try check(avf.av_buffersrc_add_frame_flags!(srcA, nil, 0), "compare", "av_buffersrc_add_frame(a EOF)")
        try check(avf.av_buffersrc_add_frame_flags!(srcB, nil, 0), "compare", "av_buffersrc_add_frame(b EOF)")
        let rest = try drain()
        if scores.count != Int(pushed) {
            throw MediaError("compare: the psnr/ssim filters scored \(scores.count) of \(pushed) frames")
        }
        return rest
    }

    private func push(_ bitmap: Bitmap, to src: UnsafeMutablePointer<AVFilterContext>) throws {
        let f = staging!
        f.pointee.width = Int32(width)
        f.pointee.height = Int32(height)
        f.pointee.format = AV_PIX_FMT_RGBA.rawValue
        try check(av_frame_get_buffer(f, 0), "compare", "av_frame_get_buffer")
        let base = segue_frame_data(f, 0)!, stride = Int(segue_frame_linesize(f, 0))
        for y in 0..<height {
            // Bitmap pixels are R | G << 8 | B << 16 | A << 24: RGBA bytes in memory.
            UnsafeMutableRawPointer(base + y * stride).copyMemory(from: bitmap.row(y), byteCount: width * 4)
        }
        f.pointee.pts = pushed
        // Without KEEP_REF the source takes f's buffers (f is left blank for the next frame).
        try check(avf.av_buffersrc_add_frame_flags!(src, f, Int32(segue_buffersrc_flag_push())), "compare", "av_buffersrc_add_frame")
    }

    private func drain() throws -> [FrameScore] {
        var got: [FrameScore] = []
        let f = out!
        while true {
            let r = avf.av_buffersink_get_frame!(sink, f)
            if r == AVERROR_EAGAIN || r == AVERROR_EOF_ { break }
            try check(r, "compare", "av_buffersink_get_frame(psnr/ssim)")
            defer { av_frame_unref(f) }
            let score = FrameScore(psnr: try metadata(f, "lavfi.psnr.psnr_avg"), ssim: try metadata(f, "lavfi.ssim.All"))
            got.append(score)
        }
        scores += got
        return got
    }

    /// A number the filters wrote as text ("inf" for identical frames' PSNR).
    private func metadata(_ f: UnsafeMutablePointer<AVFrame>, _ key: String) throws -> Double {
        guard let e = av_dict_get(f.pointee.metadata, key, nil, 0), let v = e.pointee.value else {
            throw MediaError("compare: frame \(scores.count) has no \(key) from libavfilter")
        }
        let text = String(cString: v)
        guard let d = Double(text) else { throw MediaError("compare: \(key) is \"\(text)\", not a number") }
        return d
    }
}
