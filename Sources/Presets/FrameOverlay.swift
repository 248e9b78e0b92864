import Geometry
import Scene

/// `overlays.frame`: the device's body drawn around the screen (DeviceBody), in one of a few
/// finishes.
public struct FrameOverlay: Sendable, Hashable {
    public enum Finish: String, Sendable, Hashable, CaseIterable {
        case black, silver, titanium

        /// The body's colour and its buttons' (a shade darker, as a side in shadow reads), as
        /// sRGB: approximations of the finishes in the makers' product photos.
        public var body: Color {
            switch self {
            case .black: Color(hex: "#2A2B2D")!
            case .silver: Color(hex: "#DADBDD")!
            case .titanium: Color(hex: "#BDB6AB")!
            }
        }
        public var button: Color {
            switch self {
            case .black: Color(hex: "#1E1F20")!
            case .silver: Color(hex: "#BFC0C2")!
            case .titanium: Color(hex: "#A39C91")!
            }
        }
    }
    public var finish: Finish = .black
    /// The display's black glass between the rim and the screen.
    public static let glass = Color(hex: "#050505")!
    public init(finish: Finish = .black) { self.finish = finish }
}

/// `overlays.title` / `overlays.subtitle`: a line of marketing text in a band above (or below)
/// the framed device, as fastlane frameit's titles.
public struct MarketingText: Sendable, Hashable {
    public enum Position: String, Sendable, Hashable, CaseIterable { case top, bottom }
    public var text: String
    public var color: Color = .white
    /// Points.
    public var size: Double
    /// The title's: where the band goes and what fills the canvas around the device (a colour or a
    /// `linear` gradient over the whole canvas; nil: the preset's background).
    public var position: Position = .top
    public var background: Paint?

    public static let titleSize = 30.0
    public static let subtitleSize = 18.0
    public init(text: String, size: Double) { self.text = text; self.size = size }
}
