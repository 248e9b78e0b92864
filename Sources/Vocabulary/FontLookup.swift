import Scene

/// The installed fonts as text drawing sees them (issue 29.2). Checking a preset warns about a
/// font family that is not installed and characters no installed font draws; it asks whoever
/// resolves the preset (the CLI, Export and Studio pass Raster's `InstalledFonts`), as it asks
/// for images, so Presets neither opens a font nor shapes a glyph itself. It also lays a mock's
/// texts out as they will be drawn (`TextMeasuring`, Scene), so a message bubble hugs its words.
public protocol FontLookup: TextMeasuring {
    /// The family text in `family` is drawn with: another family when `family` is not
    /// installed. Nil when the text stack fails.
    func familyUsed(for family: String, weight: FontWeight) -> String?
    /// The characters of `text` no installed face has, each once, in order of first use (they
    /// draw as a box). Nil when the text stack fails.
    func unsupportedCharacters(in text: String, style: TextStyle) -> [Unicode.Scalar]?
}
