import XCTest
import Motion
import Presets
import Scene
import Transitions

/// The Android additions as a preset sees them: devices, Material curve names, ratio/stiffness
/// springs, per-operation defaults, mock styles and the predictive-back gesture.
final class AndroidPresetTests: XCTestCase {
    func resolve(_ text: String) throws -> Storyboard {
        let p = try PresetDecoder.decode(text: text, file: "x.json", defaultName: "x")
        return try Resolver(file: "x.json", images: folderImages(NSTemporaryDirectory())).resolve(p)
    }

    func problems(_ text: String) -> [String] {
        do { _ = try resolve(text); return [] } catch { return (error as? PresetError)?.problems.map(\.description) ?? ["\(error)"] }
    }

    func preset(device: String = "pixel-8", screens: String = #""a": { "mock": "list" }, "b": { "mock": "detail" }"#, _ steps: String) -> String {
        #"{ "segue": 1, "device": "\#(device)", "screens": { \#(screens) }, "start": "a", "timeline": [ \#(steps) ] }"#
    }

    func testPixelDevicesAndMaterialMocks() throws {
        let s = try resolve(preset(#"{ "hold": 0.1 }"#))
        XCTAssertEqual(s.pixelWidth, 1080)
        XCTAssertEqual(s.pixelHeight, 2400)
        XCTAssertEqual(s.scale, 2.625)
        // An Android device gets Material mocks: Roboto, the FAB, no iOS "Edit" button.
        let list = try XCTUnwrap(s.screens["a"])
        XCTAssertNotNil(list.find(id: "fab"))
        // "style" overrides the device's platform either way.
        let ios = try resolve(preset(screens: #""a": { "mock": "list", "style": "ios" }, "b": { "mock": "detail" }"#, #"{ "hold": 0.1 }"#))
        XCTAssertNil(ios.screens["a"]?.find(id: "fab"))
        let m = try resolve(preset(device: "iphone-13", screens: #""a": { "mock": "list", "style": "material" }, "b": { "mock": "home" }"#, #"{ "push": "b", "duration": 0.1 }"#))
        XCTAssertNotNil(m.screens["a"]?.find(id: "fab"))
        XCTAssertNotNil(m.screens["b"]?.find(id: "icon0"))
        XCTAssertTrue(problems(preset(screens: #""a": { "mock": "list", "style": "android" }, "b": { "mock": "detail" }"#, #"{ "hold": 0.1 }"#))
            .contains { $0.contains("screens.a.style") })
        for name in ["pixel-9", "pixel-9-pro", "pixel-9-pro-fold", "galaxy-s24"] { XCTAssertNotNil(Device.named(name), name) }
    }

    func testMaterialCurvesAndSprings() throws {
        let s = try resolve(preset(#"{ "push": "b", "transition": "uikit", "curve": "emphasized", "duration": 0.45 },"#
                                   + #"{ "pop": true, "transition": "uikit", "curve": { "spring": { "dampingRatio": 0.8, "stiffness": 380 } } }"#))
        XCTAssertEqual(s.steps[0].curveName, "emphasized")
        // A ratio/stiffness spring without a duration lasts until settled.
        let settle = Spring.android(dampingRatio: 0.8, stiffness: 380).settlingDuration()
        XCTAssertEqual(s.steps[1].duration, settle, accuracy: 1e-9)
        XCTAssertTrue(problems(preset(#"{ "push": "b", "curve": { "spring": { "dampingRatio": 0, "stiffness": 380 } } }"#))
            .contains { $0.contains("timeline[0].curve.spring.dampingRatio") })
        XCTAssertTrue(problems(preset(#"{ "push": "b", "curve": "emphasised" }"#)).contains { $0.contains("timeline[0].curve") })
    }

    func testPerOperationDefaultsAndBackGesture() throws {
        let s = try resolve(preset(#"{ "present": "b", "transition": "material-fade" }, { "dismiss": true, "transition": "material-fade" },"#
                                   + #"{ "push": "b", "transition": "predictive-back" },"#
                                   + #"{ "pop": true, "transition": "predictive-back", "gesture": { "from": [4, 500], "to": [200, 520], "duration": 0.5 } }"#))
        XCTAssertEqual(s.steps[0].duration, 0.4, accuracy: 1e-12)
        XCTAssertEqual(s.steps[1].duration, 0.15, accuracy: 1e-12)
        let d = try XCTUnwrap(s.steps[3].driver)
        XCTAssertEqual(d.decision, .finish)
        XCTAssertEqual(d.completionDuration, 0.45, accuracy: 1e-12)
        XCTAssertEqual(s.steps[3].end - s.steps[3].start, 0.95, accuracy: 1e-9)
    }

    func testEveryAndroidPresetResolves() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let names = ["shared-axis-x", "shared-axis-y", "shared-axis-z", "fade-through", "material-fade", "container-transform",
                     "android-activity", "android-fragment", "predictive-back", "predictive-back-cancelled", "predictive-back-right-edge",
                     "predictive-back-home", "predictive-back-inapp"]
        var transitions = Set<String>()
        for name in names.map({ "presets/catalog/\($0).json" }) + ["presets/stories/android-feed.json"] {
            let url = root.appendingPathComponent(name)
            let p = try PresetDecoder.decode(text: try String(contentsOf: url, encoding: .utf8), file: name, defaultName: "x")
            let s = try Resolver(file: name, images: folderImages(url.deletingLastPathComponent().path)).resolve(p)
            XCTAssertEqual(s.device.platform, .android, name)
            s.steps.compactMap(\.transitionName).forEach { transitions.insert($0) }
            if name.hasSuffix("cancelled.json") { XCTAssertEqual(s.steps.last { $0.driver != nil }?.driver?.decision, .cancel) }
        }
        // One preset per Android transition.
        XCTAssertTrue(Set(MaterialCatalog.entries.map(\.name)).isSubset(of: transitions))
    }
}
