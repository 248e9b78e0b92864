import Foundation
import XCTest
@_spi(Testing) import FramePipeline
import Presets
import Raster

/// A snapshot lives from the first to the last frame that draws it (SnapshotStore), and a still
/// whose snapshot no frame around it draws is drawn from the screen itself: a story holds the
/// canvases its transitions draw, not every screen's as it is and with its elements hidden.
final class SnapshotLifetimeTests: XCTestCase {

    /// Plans every frame in order, as a render does, and returns the most snapshot bytes held.
    func peakHeld(_ s: Storyboard) -> Int {
        let c = FrameComposer(storyboard: s)
        var peak = 0
        for i in 0..<c.frameCount {
            _ = c.plan(frame: i)
            peak = max(peak, c.heldSnapshotBytes)
        }
        return peak
    }

    /// magic-move draws both screens with the photo hidden while it moves, and each screen as it
    /// is while held; android-feed's container transform keeps the detail whole, its predictive
    /// back draws both screens as they are. Each transition needs two canvases and its elements;
    /// held as long as their screens were shown, magic-move held four and android-feed three.
    func testMatchedStoriesHoldTheTwoCanvasesATransitionDraws() throws {
        for preset in ["seeds/003-magic-move.json", "stories/android-feed.json"] {
            let s = try PresetLoader.load(path: PresetContinuityTests.presetsDirectory + "/" + preset, images: PresetImages.folder, fonts: InstalledFonts())
            let canvas = s.pixelWidth * s.screenPixelHeight * 4
            let peak = peakHeld(s)
            XCTAssertGreaterThanOrEqual(peak, 2 * canvas, "\(preset): a transition draws two canvases")
            XCTAssertLessThan(peak, 3 * canvas, "\(preset): \(peak) bytes of snapshots held at once (a canvas is \(canvas))")
        }
    }

    /// Stills of mock screens draw the screen's tree: the pixels of the snapshot copy they replace
    /// (checked on the first frame of every still of every ready-made preset), and at least some
    /// stills take that path.
    func testStillsDrawnFromTheScreenEqualTheSnapshotCopy() throws {
        var direct = 0
        for path in PresetContinuityTests.allPresets() {
            let source = try PresetLoader.source(path: path)
            let s = try PresetLoader.resolve(source, source.clips.first(where: { _ in true }) ?? nil, overrides: Overrides(scale: 0.5), images: PresetImages.folder, fonts: InstalledFonts())
            let c = FrameComposer(storyboard: s)
            let a = try Bitmap(width: s.pixelWidth, height: s.pixelHeight), b = try Bitmap(width: s.pixelWidth, height: s.pixelHeight)
            var previous: FrameState?
            for i in 0..<c.frameCount {
                let t = s.time(ofFrame: i), state = s.state(at: t)
                defer { previous = state }
                guard case .still = state, state != previous else { continue }
                let plan = c.plan(frame: i)
                guard let scene = plan.scene else { continue }
                if case .image = scene.kind { continue }   // the snapshot drawn over the background
                direct += 1
                c.render(plan, into: a)
                c.render(c.plan(state: state, time: t), into: b)
                XCTAssertTrue(a.isIdentical(to: b), "\(URL(fileURLWithPath: path).lastPathComponent) frame \(i): the screen drawn itself differs from its snapshot")
            }
        }
        XCTAssertGreaterThanOrEqual(direct, 20, "stills drawn from their screen")
    }
}
