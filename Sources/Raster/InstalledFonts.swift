import Scene
import Vocabulary

/// The fonts text is drawn with (fontconfig's matches, FreeType and HarfBuzz), as the
/// `FontLookup` a preset's check asks.
public struct InstalledFonts: FontLookup {
    public init() {}

    public func familyUsed(for family: String, weight: FontWeight) -> String? {
        Renderer.fontFamilyUsed(for: family, weight: weight)
    }

    public func unsupportedCharacters(in text: String, style: TextStyle) -> [Unicode.Scalar]? {
        Renderer.unsupportedCharacters(in: text, style: style)
    }

    public func measure(_ text: String, style: TextStyle, width: Double) -> (lines: Int, widest: Double)? {
        let laid = Renderer.layoutText(text, style: style, width: width)
        return laid.lines.isEmpty ? nil : (laid.lines.count, laid.widths.max() ?? 0)
    }
}
