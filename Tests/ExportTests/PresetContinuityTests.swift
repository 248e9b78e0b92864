import Foundation
import XCTest
import SegueTestSupport
import FramePipeline
import Presets
import Raster

/// Every ready-made preset in presets/: each transition step starts pixel-identical to the screen
/// before it and ends identical to the screen it leaves on top (a cancel ends where it began, a
/// finish on the new screen), so no step jumps into the next.
final class PresetContinuityTests: XCTestCase {
    static var presetsDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("presets").path
    }

    static func allPresets() -> [String] {
        let root = presetsDirectory
        guard let e = FileManager.default.enumerator(atPath: root) else { return [] }
        return e.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted().map { root + "/" + $0 }
    }

    func testEveryTransitionStartsAndEndsOnItsScreens() throws {
        let presets = Self.allPresets()
        XCTAssertGreaterThanOrEqual(presets.count, 6, "presets/ has the seed presets")
        // Every clip: a matrix preset's combinations each.
        let clips = try presets.flatMap { path in try PresetLoader.source(path: path).clips.map { (path, $0) } }
        for (path, clip) in clips {
            // Matched elements are snapshotted on the device's pixel grid, so those presets render
            // at full size (navigation-zoom matches its source with the new screen's counterpart);
            // the others at a quarter of it (the geometry is the same).
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let matched = text.contains("\"match\"") || text.contains("navigation-zoom")
            let s = try PresetLoader.resolve(PresetLoader.source(path: path), clip, overrides: Overrides(scale: matched ? 1 : 0.25), images: PresetImages.folder, fonts: InstalledFonts())
            let c = FrameComposer(storyboard: s)
            let frame = Bitmap(uncheckedWidth: s.pixelWidth, height: s.pixelHeight)
            let expected = Bitmap(uncheckedWidth: s.pixelWidth, height: s.pixelHeight)
            for step in s.steps where step.transition != nil {
                let name = "\(URL(fileURLWithPath: path).lastPathComponent) \(clip?.label ?? "") \(step.path) \(step.title)"
                // The step's first frame is the state before it, by construction; its scene at
                // progress 0 must match that too (the frame right after it is a step away from it).
                let before = s.state(at: step.start)
                if case .transition = before { XCTFail("\(name): starts inside a transition") }
                // Frames as the viewer sees them: the device's chrome (held screenshot bands, the
                // status bar) is drawn over the scene.
                // Matched elements are drawn from their own snapshots: resampling at their
                // frames' edges may differ by rounding (≤ 3 levels), nowhere else.
                let accept: (ImageDifference) -> Bool = step.matches.isEmpty ? { $0.differing == 0 } : { $0.worst <= 3 }
                c.render(state: before, time: step.start, into: expected)
                c.render(state: .transition(step: step.index, progress: step.progress(at: 0)), time: step.start, into: frame)
                ImageDiff.assertMatches(frame, expected, "\(name): first frame vs \(before)", accept: accept)
                let after = s.state(at: step.end)
                c.render(state: after, time: step.end, into: expected)
                c.render(state: .transition(step: step.index, progress: step.progress(at: step.duration)), time: step.end, into: frame)
                ImageDiff.assertMatches(frame, expected, "\(name): last frame vs \(after)", accept: accept)
            }
            // The story's last frame shows its final state.
            c.render(frame: c.frameCount - 1, into: frame)
            let final = s.state(at: s.duration)
            if case .transition = final { XCTFail("\(path): the story ends inside a transition") }
            c.render(state: final, time: s.duration, into: expected)
            ImageDiff.assertMatches(frame, expected, "\(URL(fileURLWithPath: path).lastPathComponent) \(clip?.label ?? ""): last frame")
        }
    }

    func testCancelledGesturesLeaveTheStackAsItWas() throws {
        for path in Self.allPresets() where path.contains("cancelled") {
            let s = try PresetLoader.load(path: path, overrides: Overrides(scale: 0.25), images: PresetImages.folder, fonts: InstalledFonts())
            let cancelled = s.steps.filter { $0.isCancelled }
            XCTAssertFalse(cancelled.isEmpty, path)
            for step in cancelled {
                XCTAssertEqual(step.resultingTop, step.before)
                XCTAssertEqual(step.progress(at: step.duration), 0)
                XCTAssertEqual(s.state(at: step.end), .still(screen: step.before))
            }
        }
    }
}
