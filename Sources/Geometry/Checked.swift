/// Double → Int for every number that comes from user input (preset fields, command-line
/// options, and what is computed from them: t × fps, points × scale, sizes).
///
/// Swift's `Int(_: Double)` traps on NaN, ±∞ and anything outside Int's range (issue 20.1:
/// `segue frames --at 1e308` died with SIGILL, "Double value cannot be converted to Int").
/// Conversions of user input go through here instead: `Int(checked:)` says no (nil) and the
/// caller reports it; `Int(saturating:)` clamps for sizes that a later range check rejects anyway.
extension Int {
    /// The largest magnitude converted: 2⁵³, the last integer a Double holds exactly — far beyond
    /// any frame index, pixel count or byte size Segue accepts.
    public static let checkedDoubleBound = 9_007_199_254_740_992.0

    /// `x` rounded to the nearest integer (half away from zero), or nil when `x` is not finite or
    /// its magnitude exceeds 2⁵³.
    public init?(checked x: Double) {
        let r = x.rounded()
        guard r.isFinite, abs(r) <= Int.checkedDoubleBound else { return nil }
        self.init(r)
    }

    /// `x` rounded, clamped to ±2⁵³; NaN becomes 0. For values whose range is checked afterwards
    /// (a canvas of 10¹⁵ pixels is then refused by the canvas limit instead of trapping here).
    public init(saturating x: Double) {
        if x.isNaN { self = 0; return }
        let r = Swift.min(Swift.max(x.rounded(), -Int.checkedDoubleBound), Int.checkedDoubleBound)
        self.init(r)
    }
}
