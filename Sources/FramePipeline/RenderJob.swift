import Foundation
import Media
import Presets
import Raster
import Scene
import Synchronization
import Vocabulary

/// Options for one render (the CLI's flags over the preset's `output`).
public struct RenderOptions: Sendable {
    /// nil: the preset's `output.format`, else mp4.
    public var format: OutputFormat?
    /// nil: the preset's `output.codec`, else the container's default (h264, ProRes, VP9).
    public var codec: VideoCodec?
    public var crf: Int?
    public var x264Preset: String?
    public var slowMotion: Double = 1
    /// Render workers; default: the core count.
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Encoder threads; 0 = chosen from the core count (never from `jobs`, so output bytes do
    /// not depend on `--jobs`).
    public var encoderThreads: Int = 0
    public var progress: ProgressMode = .auto
    /// The preset's file, named in messages about its `output` and `background` choices.
    public var presetFile: String?
    /// `--fps` as given on the command line: a GIF must play it exactly (GIFTiming), where a
    /// preset's fps only caps the GIF's rate.
    public var requestedFPS: Int?
    /// `--for TARGET`: the destination's codec settings and audio track (TargetRender).
    public var target: ShareTarget?
    /// `--max-memory`: the limit on the estimated peak (nil: the preset's, else 2 GiB; MemoryEstimate).
    public var maxMemory: Int?
    public init() {}
}

public struct RenderResult: Sendable {
    public var output: String?
    public var frames: Int
    public var seconds: Double
}

/// One storyboard → one file: composes frames in parallel and encodes them in order.
public enum RenderJob {
    public static func run(_ storyboard: Storyboard, to destination: String?, options: RenderOptions,
                           cancel: CancellationToken = CancellationToken()) throws -> RenderResult {
        let started = Date()
        _ = MallocTuning.applied
        var settings = try options.encoderSettings(for: storyboard)
        let (sampled, slowMotion) = GIFSampling.frames(of: storyboard, settings: settings, slowMotion: options.slowMotion)
        let composer = FrameComposer(storyboard: sampled, slowMotion: slowMotion)
        let total = composer.frameCount
        settings.frameCount = total
        try settings.validate(destination ?? "/dev/null")
        // The workers' side first; the encoder opens (x264's set-up, the file, its header) on this
        // thread while the workers draw the first frames (`prepare` below).
        let conversion = try FrameConversion(settings: settings)
        var encoder: VideoEncoder?
        let jobs = max(1, min(options.jobs, total))
        let workers = (0..<jobs).map { _ in WorkerState(width: storyboard.pixelWidth, height: storyboard.pixelHeight, converter: conversion.makeConverter()) }
        let progress = ProgressReporter(mode: options.progress, total: total, label: storyboard.name)
        // Every frame in the window is one converted VideoFrame (4.4 MB at 1170×2532): it bounds memory.
        // jobs + 2: each worker one frame ahead while the encoder holds one (the encoder is the
        // bottleneck; a wider window only adds resident frames).
        let scheduler = FrameScheduler<VideoFrame>(frameCount: total, jobs: jobs, window: jobs + 2)
        let held = HeldFrames()
        let last = LastFrame()
        do {
            try scheduler.run(cancel: cancel, produce: { worker, i in
                let w = workers[worker]
                // A held screen renders and converts once: frames of the same still share one
                // converted frame, which the encoder receives again (encoders only read their
                // input; the pooled buffer is not reused while this frame holds it).
                let key = composer.stillKey(frame: i)
                if let frame = held.frame(for: key, at: i) { return frame }
                // Drawn band by band in cache where that is exact, else whole (FrameComposer.converted).
                let plan = composer.plan(frame: i)
                if let key {
                    last.clear()
                    let frame = try composer.converted(plan, w.converter) { try w.bitmap() }
                    held.store(frame, for: key, through: composer.lastFrame(ofStill: key, from: i))
                    return frame
                }
                // A transition frame whose scene is the one drawn last (a settled transition, a
                // paused gesture), with no overlay moving: the same frame again.
                let t = plan.time
                let scene = plan.scene ?? composer.scene(frame: i)
                let overlay: OverlayKey? = composer.overlays.isAnimated(at: t) ? nil : composer.overlays.stillKey(at: t)
                if let overlay, let f = last.frame(drawing: scene, overlay) { return f }
                let frame = try composer.converted(plan, w.converter) { try w.bitmap() }
                if let overlay { last.store(scene, overlay, frame) } else { last.clear() }
                return frame
            }, prepare: {
                encoder = try VideoEncoder(destination: destination ?? "/dev/null", conversion: conversion)
            }, consume: { i, frame in
                guard let encoder else { throw MediaError("\(destination ?? "null"): the encoder did not open") }
                try encoder.write(frame)
                progress.update(done: i + 1)
            })
            // A screen whose image no longer decoded, or text that failed, was drawn without it: keep nothing.
            try composer.checkDrawn()
            guard let encoder else { throw MediaError("\(destination ?? "null"): the encoder did not open") }
            try encoder.finish(stopReason: { cancel.reason })
        } catch {
            encoder?.cancel()
            progress.abort()
            throw error
        }
        progress.finish(output: destination, frames: total)
        return RenderResult(output: destination, frames: total, seconds: Date().timeIntervalSince(started))
    }

    /// The default output path: `<name>.<ext>` (a folder `<name>` for png frames), in `directory`.
    public static func defaultOutput(for storyboard: Storyboard, format: OutputFormat, in directory: String = ".") -> String? {
        guard format != .null else { return nil }
        let name = format.writesDirectory ? storyboard.name : storyboard.name + "." + (format.fileExtension ?? format.rawValue)
        return directory == "." ? name : (directory as NSString).appendingPathComponent(name)
    }

    /// x264 threads: a fixed number, not the core count or `--jobs`, because x264's output
    /// depends on its thread count: the same preset must give the same bytes on every machine.
    public static let defaultEncoderThreads = 2
}

/// A usage problem with the chosen output (exit 2: nothing rendered).
public struct OutputChoiceError: Error, CustomStringConvertible {
    public var description: String
}

extension RenderOptions {
    /// The container: the flag, else the preset, else mp4.
    public func resolvedFormat(for storyboard: Storyboard) throws -> OutputFormat {
        let name = format?.rawValue ?? storyboard.output.format ?? "mp4"
        guard let f = OutputFormat(rawValue: name) else {
            throw OutputChoiceError(description: "unknown format \(name) (\(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return f
    }

    /// Encoder settings for a storyboard: format, codec (the container's default unless chosen),
    /// transparency, quality; every combination checked before anything is rendered, by the
    /// table's rules (OutputFormats), each problem naming where its value came from (the
    /// command line's option or the preset's `output` field).
    public func encoderSettings(for storyboard: Storyboard) throws -> EncoderSettings {
        let f = try resolvedFormat(for: storyboard)
        var settings = EncoderSettings(width: storyboard.pixelWidth, height: storyboard.pixelHeight, fps: storyboard.fps)
        settings.format = f
        let codecName = codec?.rawValue ?? storyboard.output.codec
        var chosenCodec: VideoCodec?
        if let codecName {
            guard let c = VideoCodec(rawValue: codecName) else { throw OutputChoiceError(description: "unknown codec \(codecName)") }
            chosenCodec = c
        }
        if case .transparent = storyboard.background { settings.transparent = true }
        let chosenCRF = crf ?? storyboard.output.crf, chosenPreset = x264Preset ?? storyboard.output.preset
        let problems = OutputFormats.problems(format: f, codec: chosenCodec, crf: chosenCRF, preset: chosenPreset, transparent: settings.transparent)
        if !problems.isEmpty {
            throw OutputChoiceError(description: problems.map { "\(source(of: $0.field, storyboard)): \($0.message)" }.joined(separator: "\n"))
        }
        settings.codec = chosenCodec ?? EncoderSettings.defaultCodec(for: f) ?? .h264
        settings.crf = chosenCRF ?? OutputFormats.info(settings.codec).defaultCRF ?? 18
        settings.preset = chosenPreset ?? OutputFormats.defaultEncoderPreset
        settings.threads = encoderThreads > 0 ? encoderThreads : RenderJob.defaultEncoderThreads
        settings.title = storyboard.name
        settings.comment = "Segue \(SegueVersion.string)"
        if f == .gif { settings.gif = try gifTiming(storyboard) }
        if let p = target?.profile {
            settings.shape = p.video
            if crf == nil, let c = p.video.crf { settings.crf = c }
            if f != .gif { settings.audio = p.audio }
        }
        // The preset's sound: AAC in mp4/mov, Opus in webm (a GIF or PNG frames have none).
        if let sound = storyboard.audio, [.mp4, .mov, .webm].contains(f) {
            settings.audio = settings.audio ?? AudioSpec(bitRate: f == .webm ? 128_000 : 192_000)
            settings.audioFile = sound
        }
        do { try settings.validate() } catch { throw OutputChoiceError(description: "\(error)") }
        return settings
    }

    /// A GIF's rate: `--fps` exactly when it can be played (else exit 2 naming the rates that
    /// can), else the highest GIF rate not above the preset's fps.
    func gifTiming(_ storyboard: Storyboard) throws -> GIFTiming {
        guard let asked = requestedFPS else { return GIFTiming(highestNotAbove: storyboard.fps) }
        guard let exact = GIFTiming(exactly: asked) else { throw OutputChoiceError(description: "--fps \(asked): " + GIFTiming.unreachable(asked)) }
        return exact
    }

    /// Where a choice came from, for messages: the option, else the preset's field.
    func source(of field: OutputFormats.Field, _ s: Storyboard) -> String {
        let flag: Bool
        switch field {
        case .format: flag = format != nil
        case .codec: flag = codec != nil
        case .crf: flag = crf != nil
        case .preset: flag = x264Preset != nil
        case .background: return "\(presetFile ?? s.name): background"
        }
        let option = field == .preset ? "--x264-preset" : "--\(field.rawValue)"
        return flag ? option : "\(presetFile ?? s.name): output.\(field.rawValue)"
    }
}

/// The converted frames of the most recent held stills, shared by the workers (two keys: with
/// several workers the next still may start before the last one's frames are all rendered), each
/// let go once frames past its run are being made (a held frame the encoder is done with is a
/// pooled buffer no frame needs).
final class HeldFrames: Sendable {
    private let entries = Mutex<[(key: StillKey, through: Int, frame: VideoFrame)]>([])
    /// The held frame of `key` for frame `i` (nil: a frame that is no held still); entries whose
    /// run ended before `i` are dropped.
    func frame(for key: StillKey?, at i: Int) -> VideoFrame? {
        entries.withLock { entries in
            entries.removeAll { $0.through < i }
            guard let key else { return nil }
            return entries.first { $0.key == key }?.frame
        }
    }
    /// Holds `frame` for the frames of its still up to `through`.
    func store(_ frame: VideoFrame, for key: StillKey, through: Int) {
        entries.withLock { entries in
            if entries.contains(where: { $0.key == key }) { return }
            entries.append((key, through, frame))
            if entries.count > 2 { entries.removeFirst() }
        }
    }
}

/// The last transition frame made (its scene, overlay and converted frame), shared by the
/// workers: the next frame that draws identically is sent again instead of drawn. One for the
/// render, not one per worker: each would hold a pooled frame the encoder is done with.
final class LastFrame: Sendable {
    private let entry = Mutex<(scene: Node, overlay: OverlayKey, frame: VideoFrame)?>(nil)
    func frame(drawing scene: Node, _ overlay: OverlayKey) -> VideoFrame? {
        guard let e = entry.withLock({ $0 }), e.overlay == overlay, e.scene.drawsIdentically(to: scene) else { return nil }
        return e.frame
    }
    func store(_ scene: Node, _ overlay: OverlayKey, _ frame: VideoFrame) { entry.withLock { $0 = (scene, overlay, frame) } }
    func clear() { entry.withLock { $0 = nil } }
}

/// A worker's own pooled bitmap and converter. Touched only by the worker that owns it.
final class WorkerState: @unchecked Sendable {   // one per worker index: only that worker's thread touches it
    /// A whole frame, for frames that cannot be drawn band by band (allocated on first use: a
    /// canvas size that is not positive is a RasterError then).
    func bitmap() throws -> Bitmap {
        if let whole { return whole }
        let b = try Bitmap(width: width, height: height)
        whole = b
        return b
    }
    private var whole: Bitmap?
    let width: Int, height: Int
    let converter: FrameConverter
    init(width: Int, height: Int, converter: FrameConverter) {
        self.width = width; self.height = height
        self.converter = converter
    }
}

public enum SegueVersion {
    public static let string = "0.1.0"
}
