import Foundation
import Geometry
import XCTest
import SegueTestSupport
import FramePipeline
import Presets
import Raster
import Scene

/// Right-to-left stories (issue 30): a transition runs mirrored, its content not. For screens
/// that are their own mirror image, every frame of a right-to-left push (and of an interactive
/// pop, finger overlay included) is the left-to-right frame mirrored — the reference is Segue's
/// own left-to-right render, mirrored here by index arithmetic. Within 2 levels: a mirrored
/// layer's edge lands at W − x, whose fraction rounds the other way in 8-bit blending (measured:
/// a UIKit push at most 1, pan-back at most 2 on 91 pixels of one frame).
final class RightToLeftTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = try temporaryFolder("rtl")
    }

    /// Two symmetric screens (centred shapes, a vertical gradient), a push, then a dragged pop.
    func preset(_ direction: String, transition: String, push: String? = nil, interactivePop: Bool = true) -> String {
        let pop = interactivePop ? #""gesture": { "from": [3, 30], "to": [60, 32], "duration": 0.3, "curve": "linear" }"# : #""duration": 0.3"#
        return """
        { "segue": 1, "name": "sym", "device": { "width": 90, "height": 60, "scale": 2 }, "fps": 20, "direction": "\(direction)",
          "overlays": { "touches": true },
          "screens": {
            "a": { "background": "#EEF0F4", "layers": [
              { "type": "rect", "frame": [25, 10, 40, 20], "cornerRadius": 6, "fill": "#D14A2F" },
              { "type": "ellipse", "frame": [35, 36, 20, 16], "fill": { "linear": { "from": [0.5, 0], "to": [0.5, 1], "stops": [[0, "#2255AA"], [1, "#88CC44"]] } } } ] },
            "b": { "background": "#203050", "layers": [
              { "type": "rect", "frame": [15, 20, 60, 24], "cornerRadius": 12, "fill": "#F2C230" } ] } },
          "start": "a",
          "timeline": [ { "push": "b", "transition": "\(push ?? transition)", "duration": 0.4 },
                        { "pop": true, "transition": "\(transition)", \(pop) } ] }
        """
    }

    func composer(_ text: String, _ name: String) throws -> FrameComposer {
        let path = dir + "/\(name).json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return FrameComposer(storyboard: try PresetLoader.load(path: path, images: PresetImages.folder, fonts: InstalledFonts()))
    }

    func assertMirroredFrames(transition: String, push: String? = nil, interactivePop: Bool = true,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let name = transition.filter { $0.isLetter }
        let ltr = try composer(preset("ltr", transition: transition, push: push, interactivePop: interactivePop), "ltr-\(name)")
        let rtl = try composer(preset("rtl", transition: transition, push: push, interactivePop: interactivePop), "rtl-\(name)")
        XCTAssertEqual(ltr.frameCount, rtl.frameCount, file: file, line: line)
        let w = ltr.storyboard.pixelWidth, h = ltr.storyboard.pixelHeight
        var moving = 0
        for i in 0..<ltr.frameCount {
            let a = Bitmap(uncheckedWidth: w, height: h), b = Bitmap(uncheckedWidth: w, height: h)
            ltr.render(frame: i, into: a)
            rtl.render(frame: i, into: b)
            var worst = 0, differing = 0, asymmetric = false
            for y in 0..<h {
                for x in 0..<w {
                    let p = Bitmap.unpack(a[x, y]), q = Bitmap.unpack(b[w - 1 - x, y])
                    let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
                    worst = max(worst, d)
                    if d > 0 { differing += 1 }
                    if a[x, y] != a[w - 1 - x, y] { asymmetric = true }
                }
            }
            if asymmetric { moving += 1 }
            XCTAssertLessThanOrEqual(worst, 2, "\(transition) frame \(i): \(differing) pixels differ, worst by \(worst)", file: file, line: line)
        }
        // The comparison means something: most frames are not symmetric themselves (the motion is).
        XCTAssertGreaterThan(moving, ltr.frameCount / 2, file: file, line: line)
    }

    func testMirroredUIKitPushAndInteractivePopAreTheLeftToRightFramesMirrored() throws {
        try assertMirroredFrames(transition: "uikit")
    }

    func testMirroredPanBackIsTheLeftToRightFramesMirrored() throws {
        try assertMirroredFrames(transition: "pan-back")
    }

    /// Hero's directional cover, Material's shared axis X and Android's predictive back reverse too.
    func testMirroredDirectionalTransitionsAreTheLeftToRightFramesMirrored() throws {
        try assertMirroredFrames(transition: "cover", interactivePop: false)
        try assertMirroredFrames(transition: "shared-axis", interactivePop: false)
        try assertMirroredFrames(transition: "predictive-back", push: "android-activity")
    }

    /// Mock screens are laid out mirrored: the back button sits at the right, a large title is
    /// right-aligned; an Arabic locale shows Arabic text, right to left.
    func testMockScreensMirrorAndSpeakTheLocale() throws {
        let size = Size(390, 844)
        let ltr = try XCTUnwrap(Mocks.screen(kind: "detail", size: size))
        let rtl = try XCTUnwrap(Mocks.screen(kind: "detail", size: size, locale: "ar", direction: .rtl))
        let a = try XCTUnwrap(ltr.frameOfDescendant(id: "hero")), b = try XCTUnwrap(rtl.frameOfDescendant(id: "hero"))
        XCTAssertEqual(a, b, "a full-width picture stays")
        let list = try XCTUnwrap(Mocks.screen(kind: "list", size: size, direction: .rtl))
        let add = try XCTUnwrap(list.frameOfDescendant(id: "composeButton")), ltrAdd = try XCTUnwrap(Mocks.screen(kind: "list", size: size)?.frameOfDescendant(id: "composeButton"))
        XCTAssertEqual(add.minX, size.width - ltrAdd.maxX, accuracy: 1e-9, "the compose button trades sides")
        guard case .text(let title, let style)? = list.find(id: "title")?.kind else { return XCTFail("a title") }
        XCTAssertEqual(title, "Messages")
        XCTAssertEqual(style.alignment, .right)
        XCTAssertEqual(style.direction, .rtl)
        guard case .text(let arabic, let arStyle)? = rtl.find(id: "title")?.kind else { return XCTFail("a title") }
        XCTAssertEqual(arabic, "التفاصيل")
        XCTAssertEqual(arStyle.language, "ar")
    }
}
