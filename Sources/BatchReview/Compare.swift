import Foundation
import FramePipeline
import Media
import Presets
import Raster

/// What `segue compare A B` found: every frame pair's PSNR and SSIM (Media's FrameComparator,
/// libavfilter's psnr and ssim filters), the worst frame and the first under the threshold.
public struct CompareReport: Sendable {
    public var a: String
    public var b: String
    public var width: Int
    public var height: Int
    /// Frames per second when either side says (both must agree); nil for two PNG folders.
    public var fps: Double?
    public var threshold: Double
    public var scores: [FrameScore]

    /// The frame with the lowest PSNR (the first of equals); nil when there are no frames.
    public var worstFrame: Int? {
        scores.indices.min { scores[$0].psnr < scores[$1].psnr || (scores[$0].psnr == scores[$1].psnr && $0 < $1) }
    }
    public var firstBelow: Int? { scores.firstIndex { $0.psnr < threshold } }
    public var psnrMin: Double? { scores.map(\.psnr).min() }
    public var ssimMin: Double? { scores.map(\.ssim).min() }
    /// Every frame at or above the threshold.
    public var passed: Bool { firstBelow == nil }
    public func time(ofFrame i: Int) -> Double? { fps.map { Double(i) / $0 } }
}

public enum Compare {
    public static let defaultThreshold = 40.0

    /// Decodes (or renders) both sides and scores frame i against frame i. Different sizes, rates
    /// or frame counts are a CompareError(usage:), said plainly.
    public static func run(_ a: CompareInput, _ b: CompareInput, threshold: Double = defaultThreshold, overrides: Overrides = Overrides(),
                           jobs: Int = ProcessInfo.processInfo.activeProcessorCount, maxMemory: Int? = nil,
                           cancel: CancellationToken = CancellationToken()) throws -> CompareReport {
        // Sizes and memory from the headers first: nothing is decoded for clips that cannot be
        // compared or would not fit (issue 27.9).
        if let ha = a.declaredSize, let hb = b.declaredSize {
            try checkSizes(a, ha, b, hb)
            try checkMemory(ha, maxMemory)
        }
        let sa = try a.open(overrides: overrides, jobs: jobs), sb = try b.open(overrides: overrides, jobs: jobs)
        try checkSizes(a, (sa.width, sa.height), b, (sb.width, sb.height))
        try checkMemory((sa.width, sa.height), maxMemory)
        if let fa = sa.fps, let fb = sb.fps, abs(fa - fb) > 0.01 {
            throw CompareError(usage: "different frame rates: \(a.path) is \(rate(fa)) fps, \(b.path) is \(rate(fb)) fps")
        }
        let comparator = try FrameComparator(width: sa.width, height: sa.height, threads: jobs)
        var count = 0
        while true {
            if cancel.isCancelled { throw CancelledError(reason: cancel.reason) }
            let fa = try sa.next(), fb = try sb.next()
            switch (fa, fb) {
            case let (x?, y?):
                try comparator.add(x, y)
                count += 1
            case (nil, nil):
                try comparator.finish()
                return CompareReport(a: a.path, b: b.path, width: sa.width, height: sa.height, fps: sa.fps ?? sb.fps,
                                     threshold: threshold, scores: comparator.scores)
            case (nil, _?):
                throw CompareError(usage: "different frame counts: \(a.path) has \(count) frames, \(b.path) has \(count + 1 + (try remaining(sb)))")
            case (_?, nil):
                throw CompareError(usage: "different frame counts: \(a.path) has \(count + 1 + (try remaining(sa))) frames, \(b.path) has \(count)")
            }
        }
    }

    static func checkSizes(_ a: CompareInput, _ sa: (width: Int, height: Int), _ b: CompareInput, _ sb: (width: Int, height: Int)) throws {
        guard sa.width == sb.width, sa.height == sb.height else {
            throw CompareError(usage: "different sizes: \(a.path) is \(sa.width)×\(sa.height), \(b.path) is \(sb.width)×\(sb.height)")
        }
    }

    /// Peak bytes a pixel of the frame size costs a comparison: both sides' decoded frames and
    /// RGBA bitmaps, the planar RGB copies and libavfilter's psnr/ssim buffers (measured: a
    /// 16000×16000 clip peaked at 9.08 GB, 35.5 B/px; a 4000×4000 one 678 MB, 39 B/px).
    public static let bytesPerPixel = 40

    /// The estimate against `--max-memory` (default 2 GiB), as render does.
    static func checkMemory(_ size: (width: Int, height: Int), _ maxMemory: Int?) throws {
        let limit = maxMemory ?? MemorySize.defaultLimit
        let bytes = size.width.multipliedReportingOverflow(by: size.height).partialValue.multipliedReportingOverflow(by: bytesPerPixel).partialValue
        guard bytes > limit || bytes < 0 else { return }
        throw CompareError(usage: "comparing \(size.width)×\(size.height) frames needs about \(MemorySize.format(bytes)) "
            + "(\(bytesPerPixel) bytes a pixel: both sides' frames, their RGB planes and the filters' buffers), over the limit of \(MemorySize.format(limit)); "
            + "give --max-memory to allow more")
    }

    private static func remaining(_ s: FrameSource) throws -> Int {
        var n = 0
        while try s.next() != nil { n += 1 }
        return n
    }

    static func rate(_ fps: Double) -> String { fps == fps.rounded() ? String(Int(fps)) : String(format: "%.3f", fps) }

    /// How much brighter the difference panel is than |A − B|: a difference of 1/255, invisible
    /// as it is, shows as 8/255; 32/255 or more is white.
    public static let diffGain: UInt32 = 8

    /// `--diff`: the worst frame as one PNG, A | B | the amplified per-channel difference, on a dark
    /// background with 8 px between panels. Translucent pixels show as composited over black
    /// (what the scores measured). Returns the file written, nil when there are no frames.
    @discardableResult
    public static func writeDiff(_ report: CompareReport, _ a: CompareInput, _ b: CompareInput, to path: String,
                                 overrides: Overrides = Overrides(), jobs: Int = 1) throws -> String? {
        guard let worst = report.worstFrame else { return nil }
        guard let fa = try a.open(overrides: overrides, jobs: 1).frame(at: worst),
              let fb = try b.open(overrides: overrides, jobs: 1).frame(at: worst) else {
            throw CompareError(failure: "frame \(worst) could not be read again for --diff")
        }
        try PNGWriter.write(diffStrip(fa, fb), to: path)
        return path
    }

    /// A | B | difference, side by side.
    public static func diffStrip(_ a: Bitmap, _ b: Bitmap) -> Bitmap {
        let w = a.width, h = a.height, gap = 8
        let out = Bitmap(uncheckedWidth: 3 * w + 2 * gap, height: h)   // a and b exist: positive
        for y in 0..<h {
            let ra = a.row(y), rb = b.row(y), d = UnsafeMutableBufferPointer(start: out.row(y), count: out.width)
            for x in 0..<d.count { d[x] = 0xFF1C_1C1C }
            for x in 0..<w {
                let pa = ra[x], pb = rb[x]
                d[x] = pa | 0xFF00_0000
                d[w &+ gap &+ x] = pb | 0xFF00_0000
                var px: UInt32 = 0xFF00_0000
                for shift in [0, 8, 16] as [UInt32] {
                    let ca = Int32((pa >> shift) & 0xFF), cb = Int32((pb >> shift) & 0xFF)
                    px |= min(255, UInt32(abs(ca &- cb)) &* diffGain) << shift
                }
                d[2 &* (w &+ gap) &+ x] = px
            }
        }
        return out
    }

    /// JSON for machines: per frame psnr and ssim; an infinite PSNR (identical frames) is null.
    public static func json(_ r: CompareReport) -> String {
        func psnr(_ d: Double?) -> String { d.map { $0.isFinite ? String(format: "%.4f", $0) : "null" } ?? "null" }
        func ssim(_ d: Double?) -> String { d.map { String(format: "%.6f", $0) } ?? "null" }
        func opt(_ i: Int?) -> String { i.map(String.init) ?? "null" }
        func time(_ i: Int?) -> String { i.flatMap(r.time).map { String(format: "%.4f", $0) } ?? "null" }
        var out = "{\n"
        out += "  \"a\": \(jsonString(r.a)),\n  \"b\": \(jsonString(r.b)),\n"
        out += "  \"width\": \(r.width), \"height\": \(r.height), \"fps\": \(r.fps.map { String(format: "%g", $0) } ?? "null"), \"frames\": \(r.scores.count),\n"
        out += "  \"threshold\": \(String(format: "%g", r.threshold)), \"passed\": \(r.passed),\n"
        out += "  \"psnrMin\": \(psnr(r.psnrMin)), \"ssimMin\": \(ssim(r.ssimMin)),\n"
        out += "  \"worstFrame\": \(opt(r.worstFrame)), \"worstTime\": \(time(r.worstFrame)),\n"
        out += "  \"firstBelow\": \(opt(r.firstBelow)), \"firstBelowTime\": \(time(r.firstBelow)),\n"
        out += "  \"perFrame\": ["
        for (i, s) in r.scores.enumerated() {
            out += (i == 0 ? "\n" : ",\n") + "    { \"frame\": \(i), \"psnr\": \(psnr(s.psnr)), \"ssim\": \(ssim(s.ssim)) }"
        }
        out += r.scores.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    /// The text summary: one line per fact.
    public static func text(_ r: CompareReport) -> String {
        func db(_ d: Double) -> String { d.isFinite ? String(format: "%.2f dB", d) : "inf (identical)" }
        func at(_ i: Int) -> String { r.time(ofFrame: i).map { "frame \(i) at \(String(format: "%.3f", $0)) s" } ?? "frame \(i)" }
        var lines = ["\(r.a) vs \(r.b): \(r.scores.count) frames, \(r.width)×\(r.height)\(r.fps.map { " @ \(rate($0)) fps" } ?? "")"]
        if let w = r.worstFrame {
            lines.append("worst: \(at(w)): PSNR \(db(r.scores[w].psnr)), SSIM \(String(format: "%.6f", r.scores[w].ssim))")
            lines.append("lowest SSIM: \(String(format: "%.6f", r.ssimMin ?? 1))")
        }
        if let f = r.firstBelow {
            let below = r.scores.filter { $0.psnr < r.threshold }.count
            lines.append("first under \(String(format: "%g", r.threshold)) dB: \(at(f)) (\(below) of \(r.scores.count) frames under)")
        } else {
            lines.append("every frame at or above \(String(format: "%g", r.threshold)) dB")
        }
        return lines.joined(separator: "\n")
    }
}
