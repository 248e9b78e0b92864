import Foundation

/// A screenshot whose shape is not the device's (issue 27.13): a square 1170×1170 image on a
/// 1170×2532 iPhone was silently cropped by the default `fill` to a useless clip. Unless the
/// screen says how to fit it (`"fit"` given), a screenshot's aspect ratio may differ from the
/// device screen's by at most `tolerance` (status bars cropped off or a few pixels' rounding
/// pass; another device's or another orientation's screenshot does not).
public enum AspectCheck {
    /// 3 %: the larger ratio over the smaller, minus one.
    static let tolerance = 0.03

    /// Why a `width`×`height` px screenshot needs a `fit` on a `deviceWidth`×`deviceHeight` px
    /// screen, or nil when it has the device's shape.
    public static func problem(file: String, width: Int, height: Int, deviceWidth: Int, deviceHeight: Int) -> String? {
        guard width > 0, height > 0, deviceWidth > 0, deviceHeight > 0 else { return nil }
        let a = Double(width) / Double(height), d = Double(deviceWidth) / Double(deviceHeight)
        let off = max(a, d) / min(a, d) - 1
        guard off > tolerance else { return nil }
        func ratio(_ v: Double) -> String { String(format: "%.3f", v) }
        return "\(FieldReader.quoted(file)) is \(width)×\(height) px (aspect \(ratio(a))) but the device's screen is "
            + "\(deviceWidth)×\(deviceHeight) px (aspect \(ratio(d))): the shapes differ by \(Int((off * 100).rounded())) % "
            + "(at most \(Int(tolerance * 100)) % without a \"fit\"); say how to fit it with \"fit\": \"fill\" (crop), \"fit\" (bars) or \"stretch\""
    }
}
