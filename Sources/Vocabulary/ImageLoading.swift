import Scene

/// At most `width` × `height` pixels: what an image is fitted into while it decodes.
public struct PixelBox: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
}

/// An image file as its header tells it, nothing decoded: the size it decodes to (fitted into the
/// box asked for), the bytes that keeps, and the bytes of the decoder's full-size frame.
public struct AssetImageInfo: Sendable, Hashable {
    /// The file's canonical path: two spellings of one file have the same.
    public var canonicalPath: String
    public var width: Int
    public var height: Int
    public var keptBytes: Int
    public var frameBytes: Int
    public init(canonicalPath: String, width: Int, height: Int, keptBytes: Int, frameBytes: Int) {
        self.canonicalPath = canonicalPath; self.width = width; self.height = height
        self.keptBytes = keptBytes; self.frameBytes = frameBytes
    }
}

/// Why an image named by a preset cannot be used; the description is the problem's message.
public struct ImageLoadError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Where a preset's images come from (issue 19.1): Presets names each file relative to the
/// preset's folder and builds screens from what it is given; whoever renders or checks the preset
/// (the CLI, Export) passes the loader, so Presets reads no image file itself.
public protocol ImageLoading: Sendable {
    /// What `image` would give, checked without decoding a pixel. `opensDecoder`: libavformat
    /// and libavcodec open the file as `image` would (a screen that is shown; a header without
    /// its size is decoded to learn it); false: the header only (a screen that is never shown;
    /// the size is 0×0 when the header lacks it).
    func info(_ relative: String, fitting box: PixelBox, opensDecoder: Bool) -> Result<AssetImageInfo, ImageLoadError>
    /// The image decoded, fitted into `box`.
    func image(_ relative: String, fitting box: PixelBox) -> Result<any ImageSource, ImageLoadError>
}
