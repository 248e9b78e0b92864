import Foundation
import Presets
import Scene
import Vocabulary

/// The images of a preset's folder for PresetsTests, which link no FFmpeg: names resolve as the
/// CLI's loader resolves them (`AssetPath`: inside the folder, regular files only), and a PNG's
/// size comes from its IHDR chunk (the PNG specification, 11.2.2: after the 8-byte signature,
/// the chunk's length and type, the width and height as 4-byte big-endian numbers). Resolving
/// needs sizes only; Presets draws nothing.
let folderImages: ImageLoaderFactory = { PNGSizes(base: $0) }

final class PNGSizes: ImageLoading {
    let base: String
    init(base: String) { self.base = base }

    func info(_ relative: String, fitting box: PixelBox, opensDecoder: Bool) -> Result<AssetImageInfo, ImageLoadError> {
        AssetPath.resolve(relative, in: base).mapError { ImageLoadError($0.description) }.flatMap { full in
            guard let bytes = try? [UInt8](RegularFile.read(full, limit: 24)), bytes.count == 24,
                  bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), Array(bytes[12..<16]) == Array("IHDR".utf8) else {
                return .failure(ImageLoadError("cannot load image \"\(relative)\": not a PNG file"))
            }
            func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            let w = be32(16), h = be32(20)
            guard w <= Limits.maxImageSide, h <= Limits.maxImageSide else {
                return .failure(ImageLoadError("cannot load image \"\(relative)\": \(w)×\(h) is larger than \(Limits.maxImageSide) pixels a side"))
            }
            // Scaled down (never up) into the box, aspect kept: what the CLI's decoder keeps.
            let s = min(1, Double(box.width) / Double(w), Double(box.height) / Double(h))
            let kw = s < 1 ? max(1, Int(Double(w) * s)) : w, kh = s < 1 ? max(1, Int(Double(h) * s)) : h
            return .success(AssetImageInfo(canonicalPath: full, width: kw, height: kh, keptBytes: kw * kh * 4, frameBytes: w * h * 4))
        }
    }

    func image(_ relative: String, fitting box: PixelBox) -> Result<any ImageSource, ImageLoadError> {
        info(relative, fitting: box, opensDecoder: true).map { SizedImage(pixelWidth: $0.width, pixelHeight: $0.height) }
    }
}

/// An image of a known size and no pixels.
final class SizedImage: ImageSource {
    let pixelWidth: Int, pixelHeight: Int
    init(pixelWidth: Int, pixelHeight: Int) { self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight }
}
