import Foundation
import Geometry
import Media
import Presets

/// The peak memory a render will need, estimated before it starts (issue 20.6), so that a
/// preset whose canvas, encoder or images would take more than the machine can give is refused
/// with exit 2 and the numbers, instead of being killed by the OOM killer (or swapping a shared
/// CI machine to a halt) half-way through.
///
/// The parts follow the pipeline (docs/ARCHITECTURE.md): the process itself; the screens'
/// images (kept scaled, ImageStore, plus their mip levels) and the largest full-size decoder
/// frame while they load; the snapshots FrameComposer renders once (one canvas per shown screen,
/// two per matched step, each matched element's box); per worker a canvas and offscreen layers;
/// the converted frames in the scheduler's window (jobs + 2); the encoder's own frames
/// (x264/x265 lookahead and reference frames, libvpx's lag, the GIF palette's frame list).
/// The encoder coefficients are measured peak RSS (GNU time, docs/PERFORMANCE.md "Peak memory"),
/// rounded up: the estimate is meant to be a little above the measured peak, never far below.
public struct MemoryEstimate: Sendable, CustomStringConvertible {
    public var parts: [(name: String, bytes: Int)]
    public var total: Int { parts.reduce(0) { $0 + $1.bytes } }

    /// The process with its libraries, fonts and caches before any canvas exists (measured:
    /// `segue validate` peaks at 47–49 MiB; drawing adds the fallback faces ICU's scripts pick,
    /// the device chrome's glyphs and the text caches: `frames --at 0 --jobs 1` of the demo
    /// peaks at 94 MiB against 84 MiB of canvases and snapshots estimated before them).
    static let processBytes = 60 << 20

    public static func render(_ s: Storyboard, settings: EncoderSettings, jobs: Int, slowMotion: Double = 1) -> MemoryEstimate {
        let px = s.pixelWidth * s.pixelHeight
        let frames = s.frameCount(slowMotion: slowMotion)
        let workers = max(1, min(jobs, frames))
        let canvas = px * 4
        var parts: [(String, Int)] = [("process", processBytes)]
        // Images stay for the whole render; the largest decoder frame only while they load,
        // when no canvas exists yet: the larger of the two phases counts.
        let images = s.imageBytes + s.imageBytes / 3
        let inFlight = min(workers + 2, frames)
        let rendering = snapshotBytes(s) + workers * canvas + inFlight * convertedBytes(settings, pixels: px)
            + encoderBytes(settings, pixels: px, frames: frames)
        parts.append(("images", images))
        if s.largestImageFrameBytes > rendering {
            parts.append(("largest image while decoding", s.largestImageFrameBytes))
        } else {
            parts.append(("snapshots", snapshotBytes(s)))
            parts.append(("\(workers) worker canvases", workers * canvas))
            parts.append(("\(inFlight) frames in flight", inFlight * convertedBytes(settings, pixels: px)))
            parts.append(("encoder (\(encoderName(settings)))", encoderBytes(settings, pixels: px, frames: frames)))
        }
        if let f = s.framing {
            // DeviceFramePainter: the framed canvas and two screen-sized masks, drawn once, and
            // each worker's buffer for the composed screen.
            let screen = s.screenPixelWidth * s.composedPixelHeight * 4
            parts.append(("device frame", f.width * f.height * 4 + 2 * screen + workers * screen))
        }
        return MemoryEstimate(parts: parts)
    }

    /// One canvas per shown screen (a screenshot at the canvas size is its own snapshot, but the
    /// estimate does not count on it), the two screens of each matched step with the elements
    /// hidden, and each matched element alone in its pixel box.
    static func snapshotBytes(_ s: Storyboard) -> Int {
        let canvas = s.pixelWidth * s.pixelHeight * 4
        var bytes = s.screens.count * canvas
        // Each screen's frames by id in one walk (issue 27.7), not one walk per matched element;
        // the screen's own id is its frame, as frameOfDescendant gives it.
        var indexes: [String: [String: Geometry.Rect]] = [:]
        func frame(_ screen: String, _ id: String) -> Geometry.Rect? {
            guard let n = s.screens[screen] else { return nil }
            if indexes[screen] == nil { indexes[screen] = n.elementIndex.mapValues { $0.element.frame } }
            return id == n.id ? n.frameOfDescendant(id: id) : indexes[screen]![id]
        }
        for step in s.steps where !step.matches.isEmpty {
            bytes += 2 * canvas
            for m in step.matches {
                for (screen, id) in [(step.before, m.from), (step.after, m.to)] {
                    guard let f = frame(screen, id) else { continue }
                    bytes += (Int(saturating: f.width * s.scale) + 2) * (Int(saturating: f.height * s.scale) + 2) * 4
                }
            }
        }
        return bytes
    }

    /// A converted frame: what the encoder is given (yuv420p 1.5 B/px, yuva420p 2.5, ProRes
    /// 4444's yuva444p10 8, GIF and PNG RGBA 4, null the yuv420p of h264).
    static func convertedBytes(_ settings: EncoderSettings, pixels: Int) -> Int {
        switch settings.format {
        case .gif, .png: return pixels * 4
        case .mp4, .mov, .webm, .null:
            switch settings.codec {
            case .prores: return pixels * 8
            case .vp9: return pixels * 5 / 2
            case .h264, .hevc: return pixels * 3 / 2
            }
        }
    }

    static func encoderName(_ settings: EncoderSettings) -> String {
        switch settings.format {
        case .gif, .png, .null: return settings.format.rawValue
        default: return settings.codec.rawValue
        }
    }

    /// The encoder's own memory: bytes per pixel for each frame it holds, up to the number of
    /// frames it holds at most, plus what it allocates once per pixel. Fitted (rounded up) to
    /// peak RSS over 1, 6, 12, 24 and 48 frames at 1170×2532 and 6 frames at 2048² to 8192²
    /// (docs/PERFORMANCE.md "Peak memory"): x264 veryfast grows ~8 B/px a frame up to ~13 frames
    /// (lookahead, B-frames, frame threads); libvpx-vp9 allocates ~118 B/px at once (its lag and
    /// alt-ref buffers) and little per frame; the GIF writer's palette batch stops growing at
    /// 6 frames; ProRes holds its frame threads' input. HEVC (x265) is not measured: its values
    /// are x264's with a margin.
    static func encoderBytes(_ settings: EncoderSettings, pixels: Int, frames: Int) -> Int {
        let (perFrame, cap, fixed): (Double, Int, Double)
        switch settings.format {
        case .null, .png: return 0
        case .gif: (perFrame, cap, fixed) = (5.5, 6, 16)
        case .mp4, .mov, .webm:
            switch settings.codec {
            // fixed 20: a process's second and later encoders start on zeroed heap memory
            // (MallocTuning), which makes x264's allocated-once buffers resident (306 MiB
            // measured at 1170×2532, 6 frames); a single render's first encoder needs less.
            case .h264: (perFrame, cap, fixed) = (8.5, 13, 20)
            case .hevc: (perFrame, cap, fixed) = (10, 16, 8)
            case .vp9: (perFrame, cap, fixed) = (3, 12, 120)
            case .prores: (perFrame, cap, fixed) = (5, 7, 0)
            }
        }
        return Int(saturating: Double(pixels) * (perFrame * Double(min(frames, cap)) + fixed))
    }

    /// The refusal when the estimate passes `limit`.
    public func check(limit: Int, source: String) throws(MemoryLimitError) {
        guard total > limit else { return }
        throw MemoryLimitError(description:
            "the render would need about \(MemorySize.format(total)) of memory, more than the limit of \(MemorySize.format(limit)) (\(source)); "
            + "raise it with --max-memory SIZE (e.g. --max-memory \(MemorySize.format(total + (total >> 3)).replacingOccurrences(of: " GiB", with: "G").replacingOccurrences(of: " MiB", with: "M"))) or the preset's output.maxMemory, "
            + "or lower --scale, --jobs or the story's length. Estimate: \(description)")
    }

    public var description: String {
        parts.filter { $0.bytes > 0 }.map { "\($0.name) \(MemorySize.format($0.bytes))" }.joined(separator: ", ")
    }

    /// The limit and where it came from: `--max-memory`, else the preset's, else the default.
    public static func limit(option: Int?, storyboard: Storyboard) -> (bytes: Int, source: String) {
        if let option { return (option, "--max-memory") }
        if let p = storyboard.output.maxMemory { return (p, "output.maxMemory") }
        return (MemorySize.defaultLimit, "the default")
    }
}

extension RenderOptions {
    /// Refuses a render whose estimated peak passes the limit (before any output exists).
    public func checkMemory(_ storyboard: Storyboard) throws {
        let settings = try encoderSettings(for: storyboard)
        let (limit, source) = MemoryEstimate.limit(option: maxMemory, storyboard: storyboard)
        try MemoryEstimate.render(storyboard, settings: settings, jobs: jobs, slowMotion: slowMotion).check(limit: limit, source: source)
    }
}

public struct MemoryLimitError: Error, CustomStringConvertible, Sendable {
    public var description: String
}
