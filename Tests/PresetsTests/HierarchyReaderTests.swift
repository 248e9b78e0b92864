import Foundation
import Geometry
import Presets
import XCTest

/// The hierarchy readers on the tools' own output (Tests/Fixtures/hierarchies/README.md says
/// where each sample comes from) and on the hand-written grid → detail flow: format detection
/// from content, names, skipped nodes, pixels → points, and the root-size check.
final class HierarchyReaderTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/hierarchies").path

    func dump(_ path: String) throws -> HierarchyDump { try HierarchyReader.read(path: Self.fixtures + "/" + path) }

    /// Elements of a dump on a screen of `w`×`h` points at `scale` whose screenshot is the canvas.
    func elements(_ path: String, _ w: Double, _ h: Double, scale: Double) throws -> [PlacedElement] {
        let p = HierarchyPlacement(shotWidth: Int((w * scale).rounded()), shotHeight: Int((h * scale).rounded()), scale: scale,
                                   imageRect: Rect(0, 0, w, h), canvas: Size(w, h))
        return try HierarchyElements.elements(try dump(path), p)
    }

    func frame(_ es: [PlacedElement], _ name: String) -> Rect? { es.first { $0.name == name }?.frame }

    func testTheUiautomatorSampleNamesResourceIDsWithoutTheirPackage() throws {
        let d = try dump("real/uiautomator-launcher.xml")
        XCTAssertEqual(d.format, .uiautomator)
        XCTAssertEqual(d.units, .pixels)
        XCTAssertEqual(d.rootSize, Size(720, 1280))
        let es = try elements("real/uiautomator-launcher.xml", 360, 640, scale: 2)
        // The five nodes with a resource-id; the launcher's icons have only text or content-desc.
        XCTAssertEqual(es.map(\.name), ["workspace", "workspace_screen", "dock_divider", "hotseat", "bg_dock"])
        XCTAssertEqual(frame(es, "dock_divider"), Rect(0, 541.5, 360, 36))   // [0,1083][720,1155] / 2
        XCTAssertEqual(es.first { $0.name == "dock_divider" }?.node.isImage, true)
        XCTAssertEqual(es.first { $0.name == "dock_divider" }?.node.line, 11)
    }

    func testMaestrosJSONOfTheSameScreenGivesTheSameElements() throws {
        let d = try dump("real/maestro-android-launcher.json")
        XCTAssertEqual(d.format, .maestro)
        XCTAssertEqual(d.units, .pixels, "Android class names say pixels")
        let a = try elements("real/uiautomator-launcher.xml", 360, 640, scale: 2)
        let b = try elements("real/maestro-android-launcher.json", 360, 640, scale: 2)
        XCTAssertEqual(a.map(\.name), b.map(\.name))
        XCTAssertEqual(a.map(\.frame), b.map(\.frame))
        XCTAssertEqual(a.map(\.node.type), b.map(\.node.type))
    }

    func testTheAppiumAndroidSample() throws {
        let d = try dump("real/appium-android-settings.xml")
        XCTAssertEqual(d.format, .appiumAndroid)
        XCTAssertEqual(d.rootSize, Size(1080, 2088), "the <hierarchy> width and height")
        let es = try elements("real/appium-android-settings.xml", 1080, 2088, scale: 1)
        XCTAssertEqual(frame(es, "account_avatar"), Rect(926, 88, 132, 132))
        XCTAssertEqual(es.first { $0.name == "account_avatar" }?.node.type, "android.widget.ImageView")
        // android:id/icon on every row: document order, then #2, #3…
        let icons = es.filter { $0.name == "icon" || $0.name.hasPrefix("icon#") }
        XCTAssertEqual(icons.map(\.name).prefix(3), ["icon", "icon#2", "icon#3"])
        XCTAssertEqual(icons.first?.frame, Rect(61, 275, 66, 66))
        XCTAssertEqual(icons.dropFirst().first?.frame, Rect(44, 447, 99, 99))
        XCTAssertEqual(frame(es, "title"), Rect(198, 441, 375, 59), "\"Network &amp; internet\" decoded, bounds [198,441][573,500]")
    }

    func testTheAppiumIOSSampleSkipsLabelsAndInvisibleNodes() throws {
        let d = try dump("real/appium-ios-settings.xml")
        XCTAssertEqual(d.format, .appiumIOS)
        XCTAssertEqual(d.units, .points)
        XCTAssertEqual(d.rootSize, Size(390, 844))
        let es = try elements("real/appium-ios-settings.xml", 390, 844, scale: 3)
        XCTAssertEqual(frame(es, "APPLE_ACCOUNT"), Rect(95, 158, 166, 21))
        XCTAssertNil(frame(es, "General"), "a name equal to the label is the label")
        XCTAssertNil(frame(es, "chevron"), "the chevrons are visible=\"false\"")
        XCTAssertTrue(es.contains { $0.name == "ACCESSIBILITY" })
    }

    func testTheDebugDescriptionSample() throws {
        let d = try dump("real/xcuitest-tau.txt")
        XCTAssertEqual(d.format, .debugDescription)
        XCTAssertEqual(d.rootSize, Size(414, 896), "the window's frame")
        let es = try elements("real/xcuitest-tau.txt", 414, 896, scale: 2)
        XCTAssertEqual(es.map(\.name), ["welcomeMessage", "enterCity", "city", "enrollButton", "TAUlogo"],
                       "the Path to element and Query chain sections repeat the application, which has no frame anyway")
        XCTAssertEqual(frame(es, "city"), Rect(189, 422.5, 36, 51.5))
        XCTAssertEqual(es.last?.node.type, "Image")
        XCTAssertEqual(es.last?.node.isImage, true)
        XCTAssertEqual(es.last?.node.line, 13)
    }

    /// The flow fixtures in every format give the same elements, with what must be skipped skipped.
    func testTheFlowDumpsInEveryFormat() throws {
        for f in ["appium-ios/01-grid.xml", "xcuitest/01-grid.txt", "maestro-ios/01-grid.json"] {
            let es = try elements("flow/" + f, 390, 844, scale: 3)
            let names = es.map(\.name)
            XCTAssertEqual(Array(names.prefix(15)), (1...15).map { "photo-\($0)" }, f)
            XCTAssertFalse(names.contains("photo-16"), "\(f): below the screen")
            XCTAssertFalse(names.contains("spinner"), "\(f): invisible")
            XCTAssertFalse(names.contains("Photos"), "\(f): the title has only a label")
            XCTAssertEqual(names.filter { $0.hasPrefix("badge") }, ["badge", "badge#2"], f)
            XCTAssertEqual(frame(es, "photo-5"), Rect(131, 281, 128, 128), f)
            let detail = try elements("flow/" + f.replacingOccurrences(of: "01-grid", with: "02-detail"), 390, 844, scale: 3)
            XCTAssertEqual(frame(detail, "photo-5"), Rect(0, 91, 390, 292), f)
        }
        for f in ["uiautomator/01-grid.xml", "appium-android/01-grid.xml"] {
            let es = try elements("flow/" + f, 1080 / 2.625, 2400 / 2.625, scale: 2.625)
            let names = es.map(\.name)
            XCTAssertEqual(names.filter { $0.hasPrefix("photo_") }.count, 18, f)
            XCTAssertFalse(names.contains("divider"), "\(f): zero height")
            XCTAssertFalse(names.contains("spinner"), "\(f): displayed=\"false\"")
            XCTAssertEqual(names.filter { $0.hasPrefix("badge") }, ["badge", "badge#2"], f)
            let p5 = try XCTUnwrap(frame(es, "photo_5"))
            XCTAssertEqual(p5.minX * 2.625, 362, accuracy: 1e-9, f)
            XCTAssertEqual(p5.minY * 2.625, 662, accuracy: 1e-9, f)
            XCTAssertEqual(p5.width * 2.625, 356, accuracy: 1e-9, f)
            // The last row is cut by the screen's bottom: its frame ends there.
            XCTAssertEqual(try XCTUnwrap(frame(es, "photo_18")).maxY * 2.625, 2400, accuracy: 1e-9, f)
        }
    }

    func testAScreenshotOfAnotherSizeIsAnErrorNamingBoth() throws {
        XCTAssertThrowsError(try elements("flow/appium-ios/01-grid.xml", 393, 852, scale: 3)) { e in
            let m = (e as? HierarchyError)?.message ?? ""
            XCTAssertTrue(m.contains("1170×2532 px (390×844 pt at scale 3)") && m.contains("the screenshot is 1179×2556 px"), m)
            XCTAssertEqual((e as? HierarchyError)?.position?.line, 3)
        }
        XCTAssertThrowsError(try elements("flow/uiautomator/01-grid.xml", 1280 / 3, 2856 / 3, scale: 3), "a Pixel 8 dump on a Pixel 9 Pro screenshot")
        // A window shorter than the screen (above a navigation bar) is the same screen.
        XCTAssertNoThrow(try elements("flow/uiautomator/01-grid.xml", 1080 / 2.625, 2424 / 2.625, scale: 2.625))
    }

    func testMaestroInPointsIsToldFromTheScreenshot() throws {
        let d = try dump("flow/maestro-ios/01-grid.json")
        XCTAssertEqual(d.units, .unknown)
        // At scale 3 the root's 390 pt are the screenshot's 1170 px: points.
        let es = try elements("flow/maestro-ios/01-grid.json", 390, 844, scale: 3)
        XCTAssertEqual(frame(es, "photo-5"), Rect(131, 281, 128, 128))
    }

    func testPartlyOffScreenIsClippedAndNodesOutsideTheImageAreDropped() throws {
        let text = """
        <hierarchy rotation="0"><node bounds="[0,0][100,200]" resource-id="a:id/root">
          <node bounds="[-20,150][40,260]" resource-id="a:id/half" class="android.widget.ImageView"/>
          <node bounds="[120,10][180,60]" resource-id="a:id/right"/>
        </node></hierarchy>
        """
        let d = try HierarchyReader.parse(Array(text.utf8))
        let p = HierarchyPlacement(shotWidth: 100, shotHeight: 200, scale: 2, imageRect: Rect(0, 0, 50, 100), canvas: Size(50, 100))
        let es = try HierarchyElements.elements(d, p)
        XCTAssertEqual(es.map(\.name), ["root", "half"])
        XCTAssertEqual(es[1].frame, Rect(0, 75, 20, 25))
    }
}
