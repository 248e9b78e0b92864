import Geometry

/// The tools whose view-hierarchy dumps a screenshot screen can read its elements from
/// (`"hierarchy": FILE`), told apart by content, never by the file's extension.
public enum HierarchyFormat: String, Sendable, CaseIterable {
    /// Android `uiautomator dump`: `<hierarchy><node bounds="[l,t][r,b]" …>`, pixels.
    case uiautomator
    /// Appium's page source on Android (UiAutomator2): tags are class names, pixels.
    case appiumAndroid = "appium-android"
    /// Appium's page source on iOS (XCUITest/WebDriverAgent): `x y width height`, points.
    case appiumIOS = "appium-ios"
    /// Maestro's `hierarchy` JSON: `bounds` in points on iOS, pixels on Android.
    case maestro
    /// XCUITest's `debugDescription` of an element: indented lines, `{{x, y}, {w, h}}` points.
    case debugDescription = "xcuitest-debug-description"
}

/// What a dump's numbers are: pixels, points, or (Maestro) not said by the dump itself.
public enum HierarchyUnits: String, Sendable {
    case pixels, points
    /// Maestro without an Android class name: points if the root times the scale is the
    /// screenshot's size, pixels if the root is.
    case unknown
}

/// One node of a dump, as the tool wrote it.
public struct DumpNode: Sendable, Hashable {
    /// The stable identifier the element is named by (resource-id without its package prefix,
    /// or the accessibility identifier); nil when it has none (it is then not an element).
    public var identifier: String?
    /// The class or element type (`android.widget.ImageView`, `XCUIElementTypeImage`, `Image`).
    public var type: String
    /// In the dump's units, in screen coordinates.
    public var frame: Rect
    /// False for nodes the dump marks invisible (`visible="false"`, `displayed="false"`).
    public var visible: Bool
    /// Where the node starts in the dump.
    public var line: Int
    public var column: Int

    /// An image-like node (ImageView, Image, …): what a magic-move flies.
    public var isImage: Bool { type.lowercased().contains("image") }
}

/// A dump read: its format, units, the root's size (the screen as the dump saw it) and nodes in
/// document order.
public struct HierarchyDump: Sendable {
    public var format: HierarchyFormat
    public var units: HierarchyUnits
    public var rootSize: Size?
    public var nodes: [DumpNode]
}
