import Geometry
import Scene

/// A phone's screen: size in points, pixel scale, the display's corner radius and safe areas.
public struct Device: Sendable, Hashable {
    public var name: String
    public var points: Size
    public var scale: Double
    public var cornerRadius: Double
    public var safeTop: Double
    public var safeBottom: Double
    /// Whose phone it is: picks the mocks' default style (iOS or Material 3).
    public var platform: Platform

    public enum Platform: String, Sendable, Hashable { case ios, android }

    public init(name: String, points: Size, scale: Double, cornerRadius: Double, safeTop: Double = 47, safeBottom: Double = 34,
                platform: Platform = .ios) {
        self.name = name; self.points = points; self.scale = scale; self.cornerRadius = cornerRadius
        self.safeTop = safeTop; self.safeBottom = safeBottom; self.platform = platform
    }

    /// Pixel size = points × scale, rounded (docs/PRESETS.md).
    public func pixelSize(scale s: Double? = nil) -> (width: Int, height: Int) {
        let k = s ?? scale
        return (Int(saturating: points.width * k), Int(saturating: points.height * k))
    }

    public static let all: [Device] = [
        Device(name: "iphone-se", points: Size(375, 667), scale: 2, cornerRadius: 0, safeTop: 20, safeBottom: 0),
        Device(name: "iphone-13-mini", points: Size(375, 812), scale: 3, cornerRadius: 44, safeTop: 50, safeBottom: 34),
        Device(name: "iphone-13", points: Size(390, 844), scale: 3, cornerRadius: 47.33, safeTop: 47, safeBottom: 34),
        Device(name: "iphone-14", points: Size(390, 844), scale: 3, cornerRadius: 47.33, safeTop: 47, safeBottom: 34),
        Device(name: "iphone-14-pro", points: Size(393, 852), scale: 3, cornerRadius: 55, safeTop: 59, safeBottom: 34),
        Device(name: "iphone-15", points: Size(393, 852), scale: 3, cornerRadius: 55, safeTop: 59, safeBottom: 34),
        Device(name: "iphone-15-pro", points: Size(393, 852), scale: 3, cornerRadius: 55, safeTop: 59, safeBottom: 34),
        Device(name: "iphone-15-pro-max", points: Size(430, 932), scale: 3, cornerRadius: 55, safeTop: 59, safeBottom: 34),
        Device(name: "iphone-16-pro", points: Size(402, 874), scale: 3, cornerRadius: 62, safeTop: 62, safeBottom: 34),
        Device(name: "ipad-mini", points: Size(744, 1133), scale: 2, cornerRadius: 21.5, safeTop: 24, safeBottom: 20),
    ] + Device.android

    /// The device's system chrome (DeviceChrome): its status bar layout and height, its home
    /// indicator band and display mask. Heights are Apple's safe-area figures (Human Interface
    /// Guidelines, "Layout": home-button iPhones a 20 pt status bar and no home indicator; iPhone
    /// 12/13/14 47 pt, 12/13 mini 50 pt; a 34 pt home indicator area). Dynamic Island iPhones
    /// report a 59 pt safe area whose status bar frame is 54 pt (`statusBarManager.statusBarFrame`
    /// on the 14 Pro), so their status bar is the safe area less 5 pt. A custom device without
    /// `safeTop` has no status bar.
    public var chrome: DeviceChrome {
        let layout: DeviceChrome.Layout
        if platform == .android { layout = .android }
        else if name.hasPrefix("ipad") { layout = .tablet }
        else if safeTop <= 20 { layout = .homeButton }
        else if safeTop >= 59 { layout = .dynamicIsland }
        else { layout = .notch }
        let status = layout == .dynamicIsland ? safeTop - 5 : safeTop
        return DeviceChrome(layout: layout, size: points, statusBarHeight: status, homeBandHeight: safeBottom, cornerRadius: cornerRadius)
    }

    public static let standard = all.first { $0.name == "iphone-13" }!

    public static func named(_ name: String) -> Device? { all.first { $0.name == name } }

    /// `unknown device "iphone13"; did you mean "iphone-13"? (expected one of: …)`.
    public static func unknownNameMessage(_ name: String) -> String { FieldReader.unknown("device", name, all.map(\.name)) }
}
