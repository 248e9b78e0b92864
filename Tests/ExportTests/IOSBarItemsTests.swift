import Foundation
import XCTest
import FramePipeline
import Geometry
import Presets
import Raster
import Scene
import SegueTestSupport

/// Issue 28, the review's "every iOS large-title mock shows Edit and +": a bar's items belong to
/// its screen. Settings' root has a large title and a search field and no buttons; Messages has
/// Edit and compose; Photos has Select; a compose sheet has an inline title, Cancel leading, a
/// "To:" field and a message field.
final class IOSBarItemsTests: XCTestCase {
    let size = Size(390, 844)

    /// The ids and texts of a mock's navigation-bar items.
    func barItems(_ kind: String, locale: String? = nil) throws -> [String: String] {
        let screen = try XCTUnwrap(Mocks.screen(kind: kind, size: size, seed: 5, locale: locale))
        let bar = try XCTUnwrap(screen.find(id: "navBar"), kind)
        var out: [String: String] = [:]
        for item in bar.children {
            guard let id = item.id else { continue }
            if case .text(let s, _) = item.kind { out[id] = s } else { out[id] = "" }
        }
        return out
    }

    func testEachKindCarriesItsOwnItems() throws {
        XCTAssertEqual(try barItems("settings"), ["title": "Settings"], "Settings' root: a large title, no buttons")
        XCTAssertEqual(try barItems("list"), ["title": "Messages", "leadingButton": "Edit", "composeButton": ""])
        XCTAssertEqual(try barItems("grid"), ["title": "Photos", "selectButton": "Select"])
        XCTAssertEqual(try barItems("compose"), ["title": "New Message", "leadingButton": "Cancel"])
        let settings = try XCTUnwrap(Mocks.screen(kind: "settings", size: size, seed: 5))
        let field = try XCTUnwrap(settings.find(id: "searchField"), "Settings has a search field under its title")
        XCTAssertGreaterThanOrEqual(field.frame.minY, try XCTUnwrap(settings.find(id: "navBar")).frame.maxY)
    }

    /// A compose sheet is a message being written, not an inbox: a To field, a message field, no
    /// rows and no people.
    func testComposeIsAMessageBeingWritten() throws {
        let compose = try XCTUnwrap(Mocks.screen(kind: "compose", size: size, seed: 6, presentedAsSheet: true))
        XCTAssertNotNil(compose.find(id: "toField"))
        XCTAssertNotNil(compose.find(id: "messageField"))
        XCTAssertFalse(compose.elementIDs.contains { $0.hasPrefix("cell") || $0.hasPrefix("avatar") }, "\(compose.elementIDs)")
        XCTAssertEqual(try XCTUnwrap(compose.find(id: "navBar")).frame.height, 44, "an inline title")
        let material = try XCTUnwrap(Mocks.screen(kind: "compose", size: Size(412, 915), seed: 6, style: .material))
        XCTAssertNotNil(material.find(id: "toField"))
        XCTAssertNotNil(material.find(id: "messageField"))
    }

    /// Every text button of every iOS bar lays its title out on one line, untruncated, in every
    /// locale (German "Abbrechen", "Auswählen", "Bearbeiten").
    func testLocalizedBarButtonsAreNotTruncated() throws {
        XCTAssertEqual(try barItems("compose", locale: "de")["leadingButton"], "Abbrechen")
        XCTAssertEqual(try barItems("grid", locale: "de")["selectButton"], "Auswählen")
        for locale in ["en", "de", "ar", "he", "ja"] {
            for kind in ["list", "grid", "compose"] {
                let screen = try XCTUnwrap(Mocks.screen(kind: kind, size: Size(375, 667), seed: 7, locale: locale))
                let buttons = try XCTUnwrap(screen.find(id: "navBar")).children.filter { $0.id?.hasSuffix("Button") == true }
                for button in buttons {
                    guard case .text(let title, let style) = button.kind else { continue }
                    let laid = Renderer.layoutText(title, style: style, width: button.frame.width)
                    XCTAssertEqual(laid.lines, [title], "\(kind) \(locale): \(title) in \(button.frame.width) pt")
                }
            }
        }
    }

    /// In pixels, on the first frame: a Settings root's bar shows no tinted button where "Edit"
    /// and "+" were (the row of the bar's buttons, under the status bar, is free of the system
    /// blue), while catalog/sheet-from's Messages bar shows its Edit and compose there (the count
    /// sees buttons), and its compose sheet grows out of that compose button.
    func testSettingsBarShowsNoButtonsInPixels() throws {
        let settings = try loadPreset(text: #"{ "segue": 1, "device": "iphone-13", "screens": { "s": { "mock": "settings", "seed": 5 } }, "# +
                                            #""start": "s", "timeline": [ { "hold": 0.1 } ] }"#,
                                      in: try temporaryFolder("bar-items"), overrides: Overrides(scale: 0.5))
        XCTAssertEqual(tintedButtonPixels(settings), 0, "tinted button pixels in Settings' bar")
        XCTAssertGreaterThan(try tintedButtonPixels("catalog/sheet-from.json"), 100, "Messages' Edit and compose")
        let from = try PresetLoader.load(path: PresetContinuityTests.presetsDirectory + "/catalog/sheet-from.json", overrides: Overrides(scale: 0.5),
                                         images: PresetImages.folder, fonts: InstalledFonts())
        XCTAssertNotNil(from.screens["inbox"]?.find(id: "composeButton"))
    }

    /// The system blue's pixels in the bar's button row (6…38 pt under the status bar) of a
    /// preset's first frame, at half scale.
    func tintedButtonPixels(_ preset: String) throws -> Int {
        tintedButtonPixels(try PresetLoader.load(path: PresetContinuityTests.presetsDirectory + "/" + preset, overrides: Overrides(scale: 0.5),
                                                 images: PresetImages.folder, fonts: InstalledFonts()))
    }

    func tintedButtonPixels(_ s: Storyboard) -> Int {
        let b = Bitmap(uncheckedWidth: s.pixelWidth, height: s.pixelHeight)
        FrameComposer(storyboard: s).render(frame: 0, into: b)
        let px = s.scale, top = s.device.safeTop
        var blue = 0
        for y in Int((top + 6) * px)..<Int((top + 38) * px) {
            for x in 0..<s.pixelWidth {
                let p = b.rgba(x: x, y: y)
                if Int(p.b) > 200 && Int(p.r) < 80 && Int(p.g) < 170 { blue += 1 }
            }
        }
        return blue
    }
}
