import Scene

extension PresetDecoder {
    /// A mock screen's `"style": "ios" | "material"` (docs/PRESETS.md), or nil when it gives none.
    static func decodeMockStyle(_ v: JSONNode, _ path: JSONPath, _ r: FieldReader) -> MockStyle? {
        guard case .object(let members) = v.value, let node = members.first(where: { $0.key == "style" })?.value else { return nil }
        return r.choice(node, path.key("style"), MockStyle.allCases.map(\.rawValue)).flatMap(MockStyle.init)
    }
}
