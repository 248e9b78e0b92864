import Foundation
import Geometry
import Media
import Presets
import Raster

/// `segue frames`: chosen frames as PNG stills, DIR/frame-NNNNN.png at the exact canvas size.
/// All or nothing, like `render`: the stills are written into a temporary folder beside DIR
/// (AtomicDirectory) and moved into place when every one is written; a failure or a signal
/// leaves no still and an existing DIR untouched. DIR must be new, empty or a folder of
/// Segue's own frames (OutputDestination). `/dev/null`: rendered, nothing written.
public enum StillsJob {
    public enum Selection: Sendable {
        case times([Double])
        case every(Int)
        case all
    }

    /// A `--at` time past the clip's last frame (bad usage, exit 2).
    public struct TimeError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The frame indices a selection picks, each once, in order: `--at T` is frame round(T × fps)
    /// (video time); a time whose frame is past the last one is a TimeError naming the duration.
    public static func frames(_ selection: Selection, storyboard: Storyboard, slowMotion: Double = 1) throws -> [Int] {
        let count = storyboard.frameCount(slowMotion: slowMotion)
        switch selection {
        case .all: return Array(0..<count)
        case .every(let k): return Array(stride(from: 0, to: count, by: max(1, k)))
        case .times(let ts):
            let fps = Double(storyboard.fps)
            var seen = Set<Int>(), out: [Int] = []
            for t in ts {
                // Compared as a Double first: t · fps may be far beyond Int's range.
                let f = (t * fps).rounded()
                guard f.isFinite, f >= 0, f <= Double(count - 1) else {
                    let last = Double(count - 1) / fps
                    throw TimeError(description: "--at \(t): past the end of the clip (\(String(format: "%.3f", Double(count) / fps)) s, "
                        + "\(count) frames at \(storyboard.fps) fps: the last frame is at \(String(format: "%.3f", last)) s)")
                }
                if seen.insert(Int(f)).inserted { out.append(Int(f)) }
            }
            return out
        }
    }

    /// The still's file name for frame `i` of a clip of `frameCount` frames (5 digits or more).
    static func fileName(_ i: Int, frameCount: Int) -> String {
        let digits = max(5, String(frameCount - 1).count), n = String(i)
        return "frame-" + String(repeating: "0", count: max(0, digits - n.count)) + n + ".png"
    }

    /// Writes the stills and returns their final paths (in order); `progress` is told after each.
    public static func run(_ storyboard: Storyboard, selection: Selection, directory: String, slowMotion: Double = 1,
                           jobs: Int, progress: ProgressMode = .none, cancel: CancellationToken = CancellationToken()) throws -> [String] {
        let composer = FrameComposer(storyboard: storyboard, slowMotion: slowMotion)
        let indices = try frames(selection, storyboard: storyboard, slowMotion: slowMotion)
        let names = indices.map { fileName($0, frameCount: composer.frameCount) }
        let null = OutputDestination.isNullSink(directory)
        let folder = null ? nil : try AtomicDirectory(destination: directory)
        let reporter = ProgressReporter(mode: progress, total: indices.count, label: storyboard.name)
        // Workers draw and encode; the PNGs are written here, in order, while they draw the next.
        let scheduler = FrameScheduler<Data>(frameCount: indices.count, jobs: jobs, window: jobs + 2)
        do {
            let bitmaps = try (0..<scheduler.jobs).map { _ in try Bitmap(width: storyboard.pixelWidth, height: storyboard.pixelHeight) }
            try scheduler.run(cancel: cancel, produce: { worker, k in
                composer.render(frame: indices[k], into: bitmaps[worker])
                return try PNGWriter.encode(bitmaps[worker], path: names[k])
            }, consume: { k, data in
                if let folder { try FileBytes.write(data, to: folder.temporaryPath + "/" + names[k], name: directory) }
                reporter.update(done: k + 1)
            })
            try composer.checkDrawn()
            if cancel.isCancelled { throw CancelledError(reason: cancel.reason) }
            try folder?.commit()
        } catch {
            folder?.discard()
            reporter.abort()
            throw error
        }
        reporter.finish(output: null ? nil : directory, frames: indices.count)
        return names.map { (directory as NSString).appendingPathComponent($0) }
    }
}
