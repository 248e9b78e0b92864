/// Limits checked before anything is allocated (docs/ARCHITECTURE.md input safety).
public enum Limits {
    public static let maxCanvasSide = 8192
    public static let maxStoryDuration = 600.0
    public static let fps = 1...240
    /// A side of an image Segue decodes (a preset's screenshots and images, a video read back).
    public static let maxImageSide = 16384
    /// A side of a video Segue encodes: the encoder's own check, beyond any canvas a preset can
    /// ask for (`maxCanvasSide` times a `--scale`).
    public static let maxVideoSide = 16384
    public static let maxPresetBytes = 4 << 20
    /// The output file is `<name>.<ext>`; file systems allow 255 bytes.
    public static let maxNameBytes = 200
    /// Coordinates, sizes and offsets in points: far beyond any screen, small enough that no
    /// arithmetic on them overflows or loses all precision.
    public static let maxCoordinate = 100_000.0
    /// Layers nest at most this many levels (a screen's top layers are level 1).
    public static let maxLayerDepth = 32
}
