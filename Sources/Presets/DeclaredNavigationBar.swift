import Vocabulary

/// A screenshot's declared navigation bar (issue 28.2): `"navigationBar": 44` (the bar's height in
/// points below the status bar, held whole) or `{ "height": 96, "largeTitle": 52 }`, whose lowest
/// `largeTitle` points are a large title. UIKit keeps the bar (44 pt on iPhone) in place during a
/// push and moves a large title as an item of its own, so only `held` cross-fades in place; the
/// large title's strip belongs to its page (FramePipeline lifts its ink out and moves it).
public struct DeclaredNavigationBar: Sendable, Hashable {
    /// The whole band below the status bar, large title included (points).
    public var height: Double
    /// The large title's strip at the bottom of the band (points); 0 when none.
    public var largeTitle: Double
    /// True when written as an object: the author said whether the band has a large title, so a
    /// tall band gets no hint.
    public var explicit: Bool

    public init(height: Double, largeTitle: Double = 0, explicit: Bool = false) {
        self.height = height; self.largeTitle = largeTitle; self.explicit = explicit
    }

    /// The bar held in place: the band without its large title (points).
    public var held: Double { height - largeTitle }

    /// iOS's navigation bar without a large title: 44 pt on iPhone (UIKit's standard bar;
    /// Flutter's `_kNavBarPersistentHeight`), 50 pt on iPad. A taller number is almost always a
    /// bar with a large title (iOS's 52 pt extension, Flutter's `_kNavBarLargeTitleHeightExtension`)
    /// or a search field below it.
    public static func standardHeight(tablet: Bool) -> Double { tablet ? 50 : 44 }
}

extension PresetDecoder {
    static let navigationBarKeys = ["height", "largeTitle"]
    static let navigationBarExpected = "a height in points, or { \"height\": points, \"largeTitle\": points }"

    /// `navigationBar`: a number (the held band's height) or `{ "height", "largeTitle" }`, the large
    /// title's strip fitting inside the band.
    static func decodeNavigationBar(_ n: JSONNode, _ path: JSONPath, _ r: FieldReader) -> DeclaredNavigationBar? {
        switch n.value {
        case .number:
            return r.number(n, path, 0...Limits.maxCoordinate).map { DeclaredNavigationBar(height: $0) }
        case .object:
            guard let m = r.object(n, path, allowed: navigationBarKeys, required: ["height"]),
                  let h = m["height"], let height = r.number(h, path.key("height"), 0...Limits.maxCoordinate) else { return nil }
            var bar = DeclaredNavigationBar(height: height, explicit: true)
            if let t = m["largeTitle"] {
                guard let title = r.number(t, path.key("largeTitle"), 0...Limits.maxCoordinate) else { return nil }
                guard title <= height else {
                    r.problem(path.key("largeTitle"), "the large title (\(JSONNode.format(title)) pt) must fit inside the bar's height (\(JSONNode.format(height)) pt)",
                              t, expected: "at most \(JSONNode.format(height)) (the bar's \"height\")")
                    return nil
                }
                bar.largeTitle = title
            }
            return bar
        default:
            r.expected(path, navigationBarExpected, n)
            return nil
        }
    }
}
