// `{ "spring": { "dampingRatio": ζ, "stiffness": k } }`: Android's SpringForce and Compose's
// spring() (mass 1), next to the UIKit, CASpringAnimation and SwiftUI forms of PresetDecoder.
import Motion

extension PresetDecoder {
    /// Every curve a preset can name (UIKit's and Material's).
    static var namedCurves: [String] { Curve.names }

    static func decodeRatioSpring(_ body: JSONNode, _ sp: JSONPath, _ r: FieldReader) -> CurveSpec? {
        guard let o = r.object(body, sp, allowed: ["dampingRatio", "stiffness"], required: ["dampingRatio", "stiffness"]) else { return nil }
        let z = o["dampingRatio"].flatMap { r.number($0, sp.key("dampingRatio"), 0...100, exclusiveLower: true) }
        let k = o["stiffness"].flatMap { r.number($0, sp.key("stiffness"), 0...1e7, exclusiveLower: true) }
        guard let z, let k else { return nil }
        return .ratioSpring(dampingRatio: z, stiffness: k)
    }
}
