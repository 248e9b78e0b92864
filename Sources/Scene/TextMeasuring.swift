/// Lays a text out as it will be drawn. Scene cannot (it has no fonts), so a mock that sizes a box
/// to its words — a message bubble hugs its text, as iOS Messages' and Google Messages' do — asks
/// whoever builds it: Presets passes the preset check's `FontLookup` (Vocabulary), which Raster's
/// `InstalledFonts` answers with the paragraph layout text is drawn with. Without one (a mock built
/// on its own) the mock estimates from its letters.
public protocol TextMeasuring: Sendable {
    /// The lines `text` takes in `width` points in `style` (at most `style.lines`) and the widest
    /// line's width in points; nil when the text stack fails.
    func measure(_ text: String, style: TextStyle, width: Double) -> (lines: Int, widest: Double)?
}
