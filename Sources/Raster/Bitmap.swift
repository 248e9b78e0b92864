import Geometry

/// A premultiplied RGBA8 image, sRGB-encoded, rows tightly packed (stride = width pixels).
///
/// Pixels are `UInt32`s whose bytes in memory are R, G, B, A (so a little-endian load gives
/// r | g << 8 | b << 16 | a << 24), the layout FFmpeg calls `AV_PIX_FMT_RGBA`.
///
/// A `Bitmap` owns its memory and is `@unchecked Sendable`: whoever holds it writes it; a bitmap
/// shared between threads (a cached screen snapshot) is only read after it is complete.
public final class Bitmap: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let pixels: UnsafeMutablePointer<UInt32>
    /// Derived data (opacity, mipmaps) computed on first use by readers; see `invalidateCaches()`.
    let caches = BitmapCaches()

    public var count: Int { width * height }
    public var byteCount: Int { width * height * 4 }
    public var bytesPerRow: Int { width * 4 }

    /// False for a band view: the memory belongs to someone else.
    private let ownsPixels: Bool

    /// A bitmap filled with transparent black; a size that is not positive (from a preset, an
    /// image, a flag) is a RasterError, not a trap.
    public convenience init(width: Int, height: Int) throws(RasterError) {
        guard width > 0, height > 0 else { throw RasterError.size(width: width, height: height) }
        self.init(uncheckedWidth: width, height: height)
    }

    /// A bitmap filled with transparent black, of a size positive by construction (a literal, a
    /// `max(1, …)`, half of a bitmap's size rounded up, the size of a bitmap that exists): for
    /// code that does not throw (drawing, snapshots). A size that is not positive here is a
    /// programmer error, so it traps.
    public init(uncheckedWidth width: Int, height: Int) {
        precondition(width > 0 && height > 0, "Bitmap size must be positive (got \(width)×\(height))")
        self.width = width
        self.height = height
        pixels = .allocate(capacity: width * height)
        pixels.initialize(repeating: 0, count: width * height)
        ownsPixels = true
    }

    /// A width × height bitmap of which only rows `rows` exist, stored in `band` (rows.count ×
    /// width pixels): row(y) for y in `rows` is band's row y − rows.lowerBound. For drawing one
    /// band of a frame (Renderer.render(rows:)) in a buffer that stays in cache; nothing may
    /// touch the other rows. The view does not own `band`.
    /// The size and rows come from whoever owns `band` (FrameConverter, LayerPool), which made
    /// it for them: a band outside the bitmap is a programmer error, so it traps.
    public init(width: Int, height: Int, rows: Range<Int>, band: UnsafeMutablePointer<UInt32>) {
        precondition(width > 0 && height > 0 && rows.lowerBound >= 0 && rows.upperBound <= height, "band outside the bitmap")
        self.width = width
        self.height = height
        pixels = band - rows.lowerBound * width
        ownsPixels = false
    }

    public convenience init(width: Int, height: Int, fill color: Color) throws(RasterError) {
        try self.init(width: width, height: height)
        clear(to: color)
    }

    /// `init(uncheckedWidth:height:)` filled with `color`.
    public convenience init(uncheckedWidth width: Int, height: Int, fill color: Color) {
        self.init(uncheckedWidth: width, height: height)
        clear(to: color)
    }

    deinit { if ownsPixels { pixels.deallocate() } }

    @inline(__always) public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { pixels + y * width }

    @inline(__always) public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    public func clear(to color: Color) {
        invalidateCaches()
        fillPixels(pixels, color.premultipliedPixel, width * height)
    }

    /// Callers copy between bitmaps they made the same size (a pooled frame, its copy): sizes
    /// that differ are a programmer error, so they trap.
    public func copy(from other: Bitmap) {
        precondition(other.width == width && other.height == height, "Bitmap sizes differ")
        invalidateCaches()
        pixels.update(from: other.pixels, count: width * height)
    }

    public func copy() -> Bitmap {
        let b = Bitmap(uncheckedWidth: width, height: height)
        b.copy(from: self)
        return b
    }

    /// Straight-alpha components of one pixel (for tests and PNG export).
    public func rgba(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        Bitmap.unpack(self[x, y])
    }

    @inline(__always) public static func unpack(_ p: UInt32) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (UInt8(truncatingIfNeeded: p), UInt8(truncatingIfNeeded: p >> 8),
         UInt8(truncatingIfNeeded: p >> 16), UInt8(truncatingIfNeeded: p >> 24))
    }

    @inline(__always) public static func pack(r: UInt8, g: UInt8, b: UInt8, a: UInt8) -> UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    /// True if every pixel is fully opaque.
    public var isOpaque: Bool {
        for i in 0..<count where pixels[i] >> 24 != 255 { return false }
        return true
    }

    /// Pixel-exact equality.
    public func isIdentical(to other: Bitmap) -> Bool {
        width == other.width && height == other.height
            && memcmp(pixels, other.pixels, byteCount) == 0
    }
}

/// A bitmap asked for at a size that is not positive (a preset's canvas, an image's, a layout's).
public enum RasterError: Error, CustomStringConvertible, Sendable, Equatable {
    case size(width: Int, height: Int)

    public var description: String {
        switch self {
        case .size(let w, let h): "raster: a bitmap must be at least 1×1 pixels (got \(w)×\(h))"
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif

import Scene

extension Bitmap: ImageSource {
    public var pixelWidth: Int { width }
    public var pixelHeight: Int { height }
}
