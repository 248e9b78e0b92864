import Geometry
import Scene
import Transitions
import Vocabulary

/// How a screen meets the device's chrome (issue 28.1). A mock or layers screen leaves the status
/// bar and home indicator to the system: Segue draws them above the frame in the screen's content
/// colour. A screenshot carries its own: by default its status-bar and home-indicator bands (the
/// device's heights) are held fixed while its content moves (`"chrome": "slides"` keeps them on
/// the screen, as before).
public struct ScreenChrome: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        /// Segue draws the status bar; `lightContent`: white items (a dark screen top).
        case drawn(lightContent: Bool)
        /// The screen's own pixels are its status bar; `held`: its bands stay in place.
        case baked(held: Bool)
    }
    public var source: Source
    /// A screenshot's navigation bar below the status bar: in a `uikit` push or pop its band
    /// (without a large title) cross-fades in place instead of sliding.
    public var navigationBar: DeclaredNavigationBar?
    /// A Material mock's navigation bar (`tabs`): between two screens with the same destinations
    /// its band is held in place like the device's chrome (ChromeLayers, docs/CHROME.md).
    public var tabs: MockTabs?
    /// A mock presented as a sheet: how it follows the sheet's height (its bottom bar stays above
    /// the display's bottom edge at the medium detent and while the sheet moves between detents).
    public var sheetLayout: SheetLayout?

    public init(source: Source, navigationBar: DeclaredNavigationBar? = nil) { self.source = source; self.navigationBar = navigationBar }

    /// True when Segue draws this screen's status bar and home indicator.
    public var drawsSystemBars: Bool { if case .drawn = source { return true } else { return false } }
    /// True when the screen's own bands are held in place (a screenshot, `chrome` not `slides`).
    public var holdsBands: Bool { source == .baked(held: true) }
    /// 1 for white status-bar items, 0 for black (what a drawn status bar uses).
    public var lightContent: Double { if case .drawn(let light) = source { return light ? 1 : 0 } else { return 0 } }

    /// A screen's chrome from its spec.
    static func of(_ spec: ScreenSpec, extras: ScreenExtras?) -> ScreenChrome {
        switch spec {
        case .mock(let kind, _, _, let dark, _, _):
            var c = ScreenChrome(source: .drawn(lightContent: Mocks.hasDarkTop(kind: kind, dark: dark)))
            c.tabs = extras?.tabs
            return c
        case .layers(let bg, _):
            // Relative luminance below the midpoint: a dark top wants light items.
            return ScreenChrome(source: .drawn(lightContent: 0.2126 * bg.r + 0.7152 * bg.g + 0.0722 * bg.b < 0.5))
        case .image:
            return ScreenChrome(source: .baked(held: extras?.chromeSlides != true), navigationBar: extras?.navigationBar)
        }
    }
}

extension PresetDecoder {
    /// The values `chrome` takes on a screenshot screen.
    static let chromeModes = ["held", "slides"]

    /// `chrome` and `navigationBar` of an image screen (the keys are allowed by `decodeScreen`).
    static func decodeChromeExtras(_ members: [(key: String, value: JSONNode)], _ path: JSONPath, _ r: FieldReader, into extras: inout ScreenExtras) {
        if let c = members.first(where: { $0.key == "chrome" })?.value {
            extras.chromeSlides = r.choice(c, path.key("chrome"), chromeModes) == "slides"
        }
        if let n = members.first(where: { $0.key == "navigationBar" })?.value {
            extras.navigationBar = decodeNavigationBar(n, path.key("navigationBar"), r)
        }
    }
}
