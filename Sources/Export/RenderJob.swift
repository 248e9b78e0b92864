import Foundation
import Media
import Presets
import Raster

/// Options for one render (the CLI's flags over the preset's `output`).
public struct RenderOptions: Sendable {
    public var format: OutputFormat = .mp4
    public var crf: Int?
    public var x264Preset: String?
    public var slowMotion: Double = 1
    /// Render workers; default: the core count.
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Encoder threads; 0 = chosen from the core count (never from `jobs`, so output bytes do
    /// not depend on `--jobs`).
    public var encoderThreads: Int = 0
    public var progress: ProgressMode = .auto
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
        let composer = FrameComposer(storyboard: storyboard, slowMotion: options.slowMotion, jobs: options.jobs)
        let total = composer.frameCount
        var settings = EncoderSettings(width: storyboard.pixelWidth, height: storyboard.pixelHeight, fps: storyboard.fps)
        settings.format = options.format
        settings.crf = options.crf ?? storyboard.output.crf ?? 18
        settings.preset = options.x264Preset ?? storyboard.output.preset ?? "veryfast"
        settings.threads = options.encoderThreads > 0 ? options.encoderThreads : RenderJob.defaultEncoderThreads
        settings.title = storyboard.name
        settings.comment = "Segue \(SegueVersion.string)"
        let encoder = try VideoEncoder(destination: destination ?? "/dev/null", settings: settings)
        let jobs = max(1, min(options.jobs, total))
        let workers = (0..<jobs).map { _ in WorkerState(width: storyboard.pixelWidth, height: storyboard.pixelHeight, converter: encoder.makeConverter()) }
        let progress = ProgressReporter(mode: options.progress, total: total, label: storyboard.name)
        let scheduler = FrameScheduler<VideoFrame>(frameCount: total, jobs: jobs, window: jobs * 2 + 2)
        do {
            try scheduler.run(cancel: cancel, produce: { worker, i in
                let w = workers[worker]
                // A held screen renders once: consecutive frames of the same still reuse the bitmap.
                let key = composer.stillKey(frame: i)
                if key == nil || key != w.lastStill {
                    composer.render(frame: i, into: w.bitmap)
                    w.lastStill = key
                }
                return try w.converter.convert(w.bitmap)
            }, consume: { i, frame in
                try encoder.write(frame)
                progress.update(done: i + 1)
            })
            try encoder.finish()
        } catch {
            encoder.cancel()
            progress.abort()
            throw error
        }
        progress.finish(output: destination, frames: total)
        return RenderResult(output: destination, frames: total, seconds: Date().timeIntervalSince(started))
    }

    /// x264 threads: a fixed number, not the core count or `--jobs`, because x264's output
    /// depends on its thread count: the same preset must give the same bytes on every machine.
    public static let defaultEncoderThreads = 2
}

/// A worker's own pooled bitmap and converter. Touched only by the worker that owns it.
final class WorkerState: @unchecked Sendable {
    let bitmap: Bitmap
    let converter: FrameConverter
    var lastStill: String?
    init(width: Int, height: Int, converter: FrameConverter) {
        bitmap = Bitmap(width: width, height: height)
        self.converter = converter
    }
}

public enum SegueVersion {
    public static let string = "0.1.0"
}
