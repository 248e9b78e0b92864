import Geometry

/// A phone's or tablet's body around its display, in the display's points: what `overlays.frame`
/// draws (docs/SHARING.md "Device frames" lists each value and where it comes from). The body is
/// the makers' published outline (width × height in mm) over the display's published pixels and
/// density: one point is `scale_physical / ppi` inches, so a bezel is (body − display) / 2 in
/// points. Makers publish no corner radius for the body: it is concentric with the display's
/// (display radius + bezel), as on the real devices. Buttons and cameras are not published
/// either: their places are estimates from product photos, said so in the docs.
public struct DeviceBody: Sendable, Hashable {
    /// Body beyond the display at the left and right, and at the top and bottom (points).
    public var side: Double
    public var top: Double
    public var bottom: Double
    /// The body's outer corner radius (points).
    public var cornerRadius: Double
    /// The metal (or plastic) rim seen from the front, in the body's colour; inside it the black
    /// glass reaches to the display (points).
    public var rim: Double
    public var buttons: [SideButton]
    public var camera: Camera
    /// A home button's diameter (points), centred in the bottom bezel; nil: none.
    public var homeButton: Double?

    public struct SideButton: Sendable, Hashable {
        public enum Edge: String, Sendable, Hashable { case left, right, top }
        public var edge: Edge
        /// From the display's top (left and right edges) or its left (top edge), points.
        public var offset: Double
        public var length: Double
    }

    /// The front camera as the display shows it.
    public enum Camera: Sendable, Hashable {
        /// Drawn by DeviceChrome.cutout() (the Dynamic Island, the notch).
        case cutout
        /// A round hole in the display, centre and diameter in display points.
        case punchHole(center: Point, diameter: Double)
        /// A lens in the top bezel: its centre (y < 0: above the display) and diameter.
        case bezel(center: Point, diameter: Double)
    }

    /// How far a side button stands out of the body (points).
    public static let buttonDepth = 3.0
}

extension Device {
    /// The body `overlays.frame` draws: the table's, or for a custom device a generic 18 pt body
    /// with the camera its chrome layout implies (docs/SHARING.md).
    public var body: DeviceBody {
        if let b = Device.bodies[name] { return b }
        let camera: DeviceBody.Camera = platform == .android ? .punchHole(center: Point(points.width / 2, safeTop / 2), diameter: 20) : .cutout
        return DeviceBody(side: 18, top: 18, bottom: 18, cornerRadius: cornerRadius + 18, rim: 3, buttons: [], camera: camera)
    }

    /// Body outlines (mm, makers' tech specs) and display pixels/ppi → bezels in points; see the
    /// table in docs/SHARING.md. `iphone` and `pixel` lay buttons out as those lines do.
    static let bodies: [String: DeviceBody] = [
        "iphone-se": DeviceBody(side: 28.4, top: 110.6, bottom: 110.6, cornerRadius: 60, rim: 3,
                                buttons: iphoneButtons(667, homeButton: true), camera: .bezel(center: Point(375 / 2 - 44, -56), diameter: 9),
                                homeButton: 68),
        "iphone-13-mini": iphone(side: 21.4, vertical: 21.8, radius: 44, height: 812),
        "iphone-13": iphone(side: 20.8, vertical: 20.8, radius: 47.33, height: 844),
        "iphone-14": iphone(side: 20.8, vertical: 20.8, radius: 47.33, height: 844),
        "iphone-14-pro": iphone(side: 19.3, vertical: 19.2, radius: 55, height: 852),
        "iphone-15": iphone(side: 19.6, vertical: 19.5, radius: 55, height: 852),
        "iphone-15-pro": iphone(side: 16.6, vertical: 16.5, radius: 55, height: 852),
        "iphone-15-pro-max": iphone(side: 16.5, vertical: 16.6, radius: 55, height: 932),
        "iphone-16-pro": iphone(side: 14.8, vertical: 14.6, radius: 62, height: 874),
        "ipad-mini": DeviceBody(side: 60.5, top: 60.5, bottom: 60.5, cornerRadius: 21.5 + 60.5, rim: 4,
                                buttons: [.init(edge: .top, offset: 600, length: 70), .init(edge: .right, offset: 110, length: 60),
                                          .init(edge: .right, offset: 185, length: 60)],
                                camera: .bezel(center: Point(744 / 2, -30), diameter: 8)),
        "pixel-8": pixel(side: 21.5, vertical: 25.9, radius: 102 / 2.625, width: 1080 / 2.625, height: 2400 / 2.625),
        "pixel-9": pixel(side: 22.1, vertical: 21.8, radius: 102 / 2.625, width: 1080 / 2.625, height: 2424 / 2.625),
        "pixel-9-pro": pixel(side: 20.5, vertical: 20.3, radius: 115 / 3.0, width: 1280 / 3.0, height: 2856 / 3.0),
        "pixel-9-pro-fold": DeviceBody(side: 24.7, top: 24.2, bottom: 24.2, cornerRadius: 26 + 24.7, rim: 3,
                                       buttons: [.init(edge: .right, offset: 160, length: 48), .init(edge: .right, offset: 240, length: 100)],
                                       camera: .punchHole(center: Point(2076 / 2.625 - 40, 22), diameter: 20)),
        "galaxy-s24": DeviceBody(side: 12.7, top: 11.3, bottom: 11.3, cornerRadius: 30 + 12.7, rim: 2.5,
                                 buttons: [.init(edge: .right, offset: 150, length: 110), .init(edge: .right, offset: 290, length: 55)],
                                 camera: .punchHole(center: Point(180, 16), diameter: 16)),
    ]

    /// Notch and Dynamic Island iPhones: left the action/ring switch and two volume buttons,
    /// right the side button (positions as fractions of the display's height, from photos).
    static func iphone(side: Double, vertical: Double, radius: Double, height: Double) -> DeviceBody {
        DeviceBody(side: side, top: vertical, bottom: vertical, cornerRadius: radius + side, rim: 3.5,
                   buttons: iphoneButtons(height, homeButton: false), camera: .cutout)
    }

    static func iphoneButtons(_ h: Double, homeButton: Bool) -> [DeviceBody.SideButton] {
        let top = homeButton ? -50.0 : 0
        return [.init(edge: .left, offset: top + 0.13 * h, length: 0.035 * h), .init(edge: .left, offset: top + 0.21 * h, length: 0.075 * h),
                .init(edge: .left, offset: top + 0.31 * h, length: 0.075 * h), .init(edge: .right, offset: top + 0.22 * h, length: 0.12 * h)]
    }

    /// Pixels: right the power button above the volume rocker; a centred punch-hole camera in the
    /// middle of the status bar.
    static func pixel(side: Double, vertical: Double, radius: Double, width: Double, height: Double) -> DeviceBody {
        DeviceBody(side: side, top: vertical, bottom: vertical, cornerRadius: radius + side, rim: 3,
                   buttons: [.init(edge: .right, offset: 0.2 * height, length: 0.06 * height),
                             .init(edge: .right, offset: 0.3 * height, length: 0.14 * height)],
                   camera: .punchHole(center: Point(width / 2, 24), diameter: 22))
    }
}
