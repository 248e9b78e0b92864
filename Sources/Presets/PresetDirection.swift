// `"direction"` and `"locale"` (issue 30): a right-to-left app (mock screens mirrored, transitions
// moving the other way) and the language mock screens speak. A right-to-left locale (ar, he)
// without a direction means "rtl"; an explicit direction wins (a left-to-right Arabic mock is a
// layout bug some apps have, and a preset may show it). Gestures are written as for the
// left-to-right app and mirrored with the transition (FrameComposer, OverlayPainter), so one
// preset serves both directions in a matrix.
import Scene

extension PresetDecoder {
    static func decodeDirection(_ o: [String: JSONNode], _ top: JSONPath, _ r: FieldReader) -> (LayoutDirection?, String?) {
        var direction: LayoutDirection?
        if let v = o["direction"], let s = r.choice(v, top.key("direction"), LayoutDirection.allCases.map(\.rawValue)) {
            direction = LayoutDirection(rawValue: s)
        }
        var locale: String?
        if let v = o["locale"], let s = r.string(v, top.key("locale")) {
            if MockLocale.language(of: s) != nil { locale = s }
            else { r.problem(top.key("locale"), "unknown locale \(FieldReader.quoted(s)) (expected one of: \(MockLocale.supported.map(\.code).joined(separator: ", ")), optionally with a region such as \"de-AT\")", v) }
        }
        return (direction, locale)
    }
}

extension Preset {
    /// The layout direction: as given, else the locale's (right to left for ar and he).
    public var layoutDirection: LayoutDirection {
        direction ?? (locale.map(MockLocale.isRightToLeft) == true ? .rtl : .ltr)
    }
}
