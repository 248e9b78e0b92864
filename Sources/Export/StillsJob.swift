import Foundation
import Geometry
import Media
import Presets
import Raster

/// `segue frames`: chosen frames as PNG stills, DIR/frame-NNNNN.png at the exact canvas size.
public enum StillsJob {
    public enum Selection: Sendable {
        case times([Double])
        case every(Int)
        case all
    }

    /// The frame indices a selection picks: `--at T` is frame round(T × fps) (video time).
    public static func frames(_ selection: Selection, storyboard: Storyboard, slowMotion: Double = 1) -> [Int] {
        let count = storyboard.frameCount(slowMotion: slowMotion)
        switch selection {
        case .all: return Array(0..<count)
        case .every(let k): return Array(stride(from: 0, to: count, by: max(1, k)))
        case .times(let ts):
            // Checked: a time far past the end (1e308 s) is the last frame, not a trap.
            return ts.map { Int(checked: $0 * Double(storyboard.fps)).map { min(count - 1, max(0, $0)) } ?? count - 1 }
        }
    }

    public static func run(_ storyboard: Storyboard, selection: Selection, directory: String, slowMotion: Double = 1,
                           jobs: Int, cancel: CancellationToken = CancellationToken()) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let composer = FrameComposer(storyboard: storyboard, slowMotion: slowMotion)
        let indices = frames(selection, storyboard: storyboard, slowMotion: slowMotion)
        let digits = max(5, String(composer.frameCount - 1).count)
        let paths = indices.map { i -> String in
            let n = String(i)
            return (directory as NSString).appendingPathComponent("frame-" + String(repeating: "0", count: max(0, digits - n.count)) + n + ".png")
        }
        let errors = ErrorSlot()
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, indices.count))) { worker in
            let bitmap = Bitmap(width: storyboard.pixelWidth, height: storyboard.pixelHeight)
            var k = worker
            while k < indices.count && !cancel.isCancelled && !errors.isSet {
                composer.render(frame: indices[k], into: bitmap)
                do { try PNGWriter.write(bitmap, to: paths[k]) } catch { errors.set(error) }
                k += max(1, min(jobs, indices.count))
            }
        }
        if let e = errors.error { throw e }
        if cancel.isCancelled { throw CancelledError(reason: cancel.reason) }
        return paths
    }
}

final class ErrorSlot: @unchecked Sendable {
    private let lock = NSLock()
    private var _error: Error?
    var error: Error? { lock.lock(); defer { lock.unlock() }; return _error }
    var isSet: Bool { error != nil }
    func set(_ e: Error) { lock.lock(); if _error == nil { _error = e }; lock.unlock() }
}
