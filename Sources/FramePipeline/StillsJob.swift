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
        let reporter = SharedProgress(ProgressReporter(mode: progress, total: indices.count, label: storyboard.name))
        let done = Counter()
        let errors = ErrorSlot()
        let workers = max(1, min(jobs, indices.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let bitmap: Bitmap
            do { bitmap = try Bitmap(width: storyboard.pixelWidth, height: storyboard.pixelHeight) } catch { errors.set(error); return }
            var k = worker
            while k < indices.count && !cancel.isCancelled && !errors.isSet {
                composer.render(frame: indices[k], into: bitmap)
                do {
                    let data = try PNGWriter.encode(bitmap, path: names[k])
                    if let folder {
                        let path = folder.temporaryPath + "/" + names[k]
                        try FileBytes.write(data, to: path, name: directory)
                    }
                    let n = done.increment()
                    reporter.locked { $0.update(done: n) }
                } catch { errors.set(error) }
                k += workers
            }
        }
        do {
            if let e = errors.error { throw e }
            try composer.checkDrawn()
            if cancel.isCancelled { throw CancelledError(reason: cancel.reason) }
            try folder?.commit()
        } catch {
            folder?.discard()
            reporter.locked { $0.abort() }
            throw error
        }
        reporter.locked { $0.finish(output: null ? nil : directory, frames: indices.count) }
        return names.map { (directory as NSString).appendingPathComponent($0) }
    }
}

final class ErrorSlot: @unchecked Sendable {
    private let lock = NSLock()
    private var _error: Error?
    var error: Error? { lock.lock(); defer { lock.unlock() }; return _error }
    var isSet: Bool { error != nil }
    func set(_ e: Error) { lock.lock(); if _error == nil { _error = e }; lock.unlock() }
}

/// A thread-safe count of finished items.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
}

/// A ProgressReporter (single-threaded) shared by workers: every report under one lock.
final class SharedProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let reporter: ProgressReporter
    init(_ reporter: ProgressReporter) { self.reporter = reporter }
    func locked(_ body: (ProgressReporter) -> Void) { lock.lock(); body(reporter); lock.unlock() }
}
