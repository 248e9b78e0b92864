import Foundation
import Raster
import Scene
import Vocabulary

/// The images of a preset's folder (issue 20.4), read when a screen that shows them is built:
///
/// - Inside the folder only: names resolve through `AssetPath` (no absolute path, no escape,
///   regular files only), to a canonical path (symlinks and `./`, `a/../` spellings removed).
/// - Decoded once while in use: a file asked for again while its bitmap is still held by a screen
///   (one PNG named 100 ways on a screen) is that bitmap, not a second decode; once nothing holds
///   it, it is gone (issue 20.5: screens are built when shown and released after).
/// - Scaled while decoding: at most the box a side (2× the canvas: what the canvas can show, with
///   room for a zoom), straight from the decoder's pixel format through swscale
///   (`ImageDecoder.decode(fitting:)`) — never a full-size RGBA copy.
/// - One full-size decode at a time: files whose decoder frame is large take `AssetImages.large`
///   in turn, so three 16000² PNGs cost one decoder frame at a time, not three.
public final class AssetImages: ImageLoading, @unchecked Sendable {
    /// A decoder frame above this many bytes is a large decode (one at a time).
    static let largeFrameBytes = 64 << 20
    private static let large = NSLock()

    /// The folder assets resolve against.
    public let base: String
    /// Images larger than this a side are refused before FFmpeg sees them (the preset's limit).
    public let maxImageSide: Int
    private let lock = NSLock()
    private var live: [String: LiveImage] = [:]

    public init(base: String, maxImageSide: Int) { self.base = base; self.maxImageSide = maxImageSide }

    /// The bitmap of one canonical file while something holds it; its lock orders two decodes of
    /// the same file so the second finds the first's bitmap.
    private final class LiveImage: @unchecked Sendable {
        let decoding = NSLock()
        weak var bitmap: Bitmap?
    }

    private func resolve(_ relative: String) -> Result<String, ImageLoadError> {
        AssetPath.resolve(relative, in: base).mapError { ImageLoadError($0.description) }
    }

    public func info(_ relative: String, fitting box: PixelBox, opensDecoder: Bool) -> Result<AssetImageInfo, ImageLoadError> {
        resolve(relative).flatMap { full in
            do {
                let info = try ImageDecoder.header(path: full, maxDimension: maxImageSide)
                guard let w = info.width, let h = info.height else {
                    guard opensDecoder else { return .success(AssetImageInfo(canonicalPath: full, width: 0, height: 0, keptBytes: 0, frameBytes: 0)) }
                    // Only decoding tells (one at a time, as any decode of unknown size).
                    let b = try decoded(full, box: box, frameBytes: Int.max)
                    return .success(AssetImageInfo(canonicalPath: full, width: b.width, height: b.height,
                                                   keptBytes: b.byteCount, frameBytes: b.byteCount))
                }
                if opensDecoder { _ = try ImageDecoder.probe(path: full, maxDimension: maxImageSide) }
                let kept = ImageDecoder.scaledSize(width: w, height: h, fitting: (box.width, box.height))
                return .success(AssetImageInfo(canonicalPath: full, width: kept.width, height: kept.height,
                                               keptBytes: kept.width * kept.height * 4, frameBytes: w * h * info.decodedBytesPerPixel))
            } catch {
                return .failure(ImageLoadError("cannot load image \"\(relative)\": \(error)"))
            }
        }
    }

    public func image(_ relative: String, fitting box: PixelBox) -> Result<any ImageSource, ImageLoadError> {
        resolve(relative).flatMap { full in
            let entry = lock.withLock { () -> LiveImage in
                if let e = live[full] { return e }
                let e = LiveImage()
                live[full] = e
                return e
            }
            entry.decoding.lock()
            defer { entry.decoding.unlock() }
            if let b = entry.bitmap { return .success(b) }
            do {
                let info = try ImageDecoder.header(path: full, maxDimension: maxImageSide)
                let frameBytes = info.width.flatMap { w in info.height.map { w * $0 * info.decodedBytesPerPixel } } ?? Int.max
                let b = try decoded(full, box: box, frameBytes: frameBytes)
                entry.bitmap = b
                return .success(b)
            } catch {
                return .failure(ImageLoadError("cannot load image \"\(relative)\": \(error)"))
            }
        }
    }

    /// One decode, a large one (or one of unknown size) in turn with the other large ones.
    private func decoded(_ full: String, box: PixelBox, frameBytes: Int) throws -> Bitmap {
        let isLarge = frameBytes > AssetImages.largeFrameBytes
        if isLarge { AssetImages.large.lock() }
        defer { if isLarge { AssetImages.large.unlock() } }
        return try ImageDecoder.decode(path: full, maxDimension: maxImageSide, fitting: (box.width, box.height))
    }
}
