import Foundation
import FramePipeline
import Media
import Presets
import Raster

/// One side of `segue compare`: a preset (rendered in memory), a rendered clip, or a folder of
/// PNG frames (sorted by name, as `segue frames --all` writes them).
public enum CompareInput: Sendable, Equatable {
    case preset(String)
    case clip(String)
    case folder(String)

    /// A folder is a folder of frames; a `.json` file a preset; any other file a clip.
    public static func classify(_ path: String) throws -> CompareInput {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw CompareError(usage: "\(path): no such file or folder")
        }
        if isDir.boolValue { return .folder(path) }
        return path.lowercased().hasSuffix(".json") ? .preset(path) : .clip(path)
    }

    public var path: String {
        switch self { case .preset(let p), .clip(let p), .folder(let p): return p }
    }

    /// The frame size a clip's header declares, without decoding (nil for presets, folders and
    /// headers that do not say).
    var declaredSize: (width: Int, height: Int)? {
        if case .clip(let p) = self { return VideoReader.declaredSize(path: p) }
        return nil
    }

    /// Opens a fresh stream of its frames, from frame 0.
    func open(overrides: Overrides, jobs: Int) throws -> FrameSource {
        switch self {
        case .preset(let p):
            do { return PresetFrames(try PresetLoader.load(path: p, overrides: overrides, images: PresetImages.folder, fonts: InstalledFonts()), path: p, jobs: jobs) } catch {
                throw CompareError(usage: error.description)
            }
        case .clip(let p):
            return ClipFrames(try VideoReader(path: p), path: p)
        case .folder(let p): return try FolderFrames(p)
        }
    }
}

/// Bad usage or inputs that cannot be compared frame by frame (different sizes, rates or frame
/// counts): exit 2. `usage` false: a decode or render failure (exit 1).
public struct CompareError: Error, CustomStringConvertible {
    public var description: String
    public var usage: Bool
    init(usage message: String) { description = message; usage = true }
    init(failure message: String) { description = message; usage = false }
}

/// Frames in order; `frame(at:)` for one frame again (the --diff image), from a fresh open.
protocol FrameSource: AnyObject {
    var path: String { get }
    var width: Int { get }
    var height: Int { get }
    /// Frames per second when the source says (clips, presets); nil for PNG folders.
    var fps: Double? { get }
    func next() throws -> Bitmap?
    func frame(at index: Int) throws -> Bitmap?
}

extension FrameSource {
    func frame(at index: Int) throws -> Bitmap? {
        var i = 0
        while let b = try next() {
            if i == index { return b }
            i += 1
        }
        return nil
    }
}

final class ClipFrames: FrameSource {
    let path: String
    let reader: VideoReader
    init(_ reader: VideoReader, path: String) { self.reader = reader; self.path = path }
    var width: Int { reader.width }
    var height: Int { reader.height }
    var fps: Double? { reader.fps > 0 ? reader.fps : nil }
    func next() throws -> Bitmap? { try reader.next() }
}

final class FolderFrames: FrameSource {
    let path: String
    let files: [String]
    let width: Int, height: Int
    var fps: Double? { nil }
    private var index = 0
    private var first: Bitmap?

    init(_ path: String) throws {
        self.path = path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        files = names.filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }.sorted()
            .map { (path as NSString).appendingPathComponent($0) }
        guard let f = files.first else { throw CompareError(usage: "\(path): a folder of frames needs *.png files; it has none") }
        let b = try ImageDecoder.decode(path: f)
        first = b
        width = b.width
        height = b.height
    }

    func next() throws -> Bitmap? {
        defer { index += 1 }
        if index == 0, let b = first { first = nil; return b }
        guard index < files.count else { return nil }
        let b = try ImageDecoder.decode(path: files[index])
        guard b.width == width, b.height == height else {
            throw CompareError(usage: "\(files[index]): \(b.width)×\(b.height), but \(files[0]) is \(width)×\(height)")
        }
        return b
    }

    func frame(at i: Int) throws -> Bitmap? { i < files.count ? try ImageDecoder.decode(path: files[i]) : nil }
}

/// A preset rendered frame by frame in memory, in order, `jobs` frames in flight (FrameScheduler,
/// started on the first `next()`; `frame(at:)` alone renders just that frame).
final class PresetFrames: FrameSource {
    let path: String
    let composer: FrameComposer
    let jobs: Int
    private var frames: FrameScheduler<Bitmap>?

    init(_ storyboard: Storyboard, path: String, jobs: Int) {
        self.path = path
        composer = FrameComposer(storyboard: storyboard)
        self.jobs = max(1, jobs)
    }

    deinit { frames?.stop() }

    var width: Int { composer.storyboard.pixelWidth }
    var height: Int { composer.storyboard.pixelHeight }
    var fps: Double? { Double(composer.storyboard.fps) }

    func next() throws -> Bitmap? {
        if frames == nil {
            // Each frame is a bitmap of its own: the comparator holds it after it is handed over.
            let composer = composer, width = width, height = height
            let s = FrameScheduler<Bitmap>(frameCount: composer.frameCount, jobs: jobs, window: jobs)
            s.start(cancel: CancellationToken()) { _, i in try PresetFrames.render(composer, i, width, height) }
            frames = s
        }
        let b = try frames!.next()
        try composer.checkDrawn()
        return b
    }

    func frame(at i: Int) throws -> Bitmap? {
        guard i < composer.frameCount else { return nil }
        let b = try PresetFrames.render(composer, i, width, height)
        try composer.checkDrawn()
        return b
    }

    private static func render(_ composer: FrameComposer, _ i: Int, _ width: Int, _ height: Int) throws -> Bitmap {
        let b = try Bitmap(width: width, height: height)
        composer.render(frame: i, into: b)
        return b
    }
}
