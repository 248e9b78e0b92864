import Foundation
import Media
import Raster

/// The images of the screens a story shows, each file decoded once (issue 20.4).
///
/// - Once per file: asset names are resolved to their canonical path first (symlinks and
///   `./`, `a/../` spellings removed), so one PNG named 100 ways is decoded once, not 100 times.
/// - Scaled while decoding: at most `box` pixels a side (2× the canvas: what the canvas can show,
///   with room for a zoom), straight from the decoder's pixel format through swscale
///   (`ImageDecoder.decode(fitting:)`) — never a full-size RGBA copy.
/// - One full-size decode at a time: files whose decoder frame is large take `ImageStore.large`
///   in turn, so three 16000² PNGs cost one decoder frame at a time, not three. Small files
///   (every real screenshot) still decode in parallel: that is most of a short render's start.
/// - `.probe` (`segue validate`, batch validation) decodes nothing: headers and the demuxer and
///   decoder opening only; the bitmaps are 1×1 placeholders and `decodedBytes` is what decoding
///   would keep.
final class ImageStore {
    enum Mode { case decode, probe }

    /// A decoder frame above this many bytes is a large decode (one at a time).
    static let largeFrameBytes = 64 << 20
    private static let large = NSLock()

    private var results: [String: Result<Bitmap, any Error>] = [:]
    private var canonical: [String: String] = [:]
    /// Bytes of the kept (scaled) bitmaps, each file once.
    private(set) var decodedBytes = 0
    /// Bytes of the largest full-size decoder frame among the files.
    private(set) var largestFrameBytes = 0

    /// Resolves and loads `files` (relative to `base`); names that do not resolve are left for
    /// the caller's own path check (`AssetPath.resolve` says why).
    init(files: [String], base: String, box: (width: Int, height: Int), mode: Mode) {
        var unique: [String] = []
        for f in files {
            guard canonical[f] == nil, case .success(let full) = AssetPath.resolve(f, in: base) else { continue }
            canonical[f] = full
            if results[full] == nil && !unique.contains(full) { unique.append(full) }
        }
        let loaded = parallelMap(count: unique.count) { i in ImageStore.load(unique[i], box: box, mode: mode) }
        for (i, full) in unique.enumerated() {
            results[full] = loaded[i].bitmap
            decodedBytes += loaded[i].keptBytes
            largestFrameBytes = max(largestFrameBytes, loaded[i].frameBytes)
        }
    }

    /// The bitmap of `relative`, nil if it did not resolve.
    func bitmap(_ relative: String) -> Result<Bitmap, any Error>? {
        canonical[relative].flatMap { results[$0] }
    }

    private static func load(_ path: String, box: (width: Int, height: Int), mode: Mode)
        -> (bitmap: Result<Bitmap, any Error>, keptBytes: Int, frameBytes: Int) {
        do {
            let info = mode == .probe ? try ImageDecoder.probe(path: path, maxDimension: Limits.maxImageSide)
                                      : try ImageDecoder.header(path: path, maxDimension: Limits.maxImageSide)
            let w = info.width ?? box.width, h = info.height ?? box.height
            let frameBytes = w * h * info.decodedBytesPerPixel
            let kept = ImageDecoder.scaledSize(width: w, height: h, fitting: box)
            if mode == .probe { return (.success(Bitmap(width: 1, height: 1)), kept.width * kept.height * 4, frameBytes) }
            let isLarge = info.width == nil || frameBytes > largeFrameBytes
            if isLarge { large.lock() }
            defer { if isLarge { large.unlock() } }
            let b = try ImageDecoder.decode(path: path, maxDimension: Limits.maxImageSide, fitting: box)
            return (.success(b), b.byteCount, frameBytes)
        } catch {
            return (.failure(error), 0, 0)
        }
    }
}
