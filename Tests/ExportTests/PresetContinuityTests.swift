import Foundation
import XCTest
import Export
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

    /// Largest channel difference and how many pixels differ at all.
    func difference(_ a: Bitmap, _ b: Bitmap) -> (max: Int, count: Int) {
        var m = 0, n = 0
        for i in 0..<a.count where a.pixels[i] != b.pixels[i] {
            n += 1
            let x = Bitmap.unpack(a.pixels[i]), y = Bitmap.unpack(b.pixels[i])
            m = max(m, abs(Int(x.r) - Int(y.r)), abs(Int(x.g) - Int(y.g)), abs(Int(x.b) - Int(y.b)), abs(Int(x.a) - Int(y.a)))
        }
        return (m, n)
    }

    func testEveryTransitionStartsAndEndsOnItsScreens() throws {
        let presets = Self.allPresets()
        XCTAssertGreaterThanOrEqual(presets.count, 6, "presets/ has the seed presets")
        // Every clip: a matrix preset's combinations each.
        let clips = try presets.flatMap { path in try PresetLoader.source(path: path).clips.map { (path, $0) } }
        for (path, clip) in clips {
            // Matched elements are snapshotted on the device's pixel grid, so those presets render
            // at full size; the others at a quarter of it (the geometry is the same).
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let s = try PresetLoader.resolve(PresetLoader.source(path: path), clip, overrides: Overrides(scale: text.contains("\"match\"") ? 1 : 0.25), images: PresetImages.folder, fonts: InstalledFonts())
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
                c.render(state: before, time: step.start, into: expected)
                c.render(state: .transition(step: step.index, progress: step.progress(at: 0)), time: step.start, into: frame)
                let start = difference(frame, expected)
                let after = s.state(at: step.end)
                c.render(state: after, time: step.end, into: expected)
                c.render(state: .transition(step: step.index, progress: step.progress(at: step.duration)), time: step.end, into: frame)
                let end = difference(frame, expected)
                if step.matches.isEmpty {
                    XCTAssertEqual(start.count, 0, "\(name): first frame differs from \(before) (max \(start.max))")
                    XCTAssertEqual(end.count, 0, "\(name): last frame differs from \(after) (max \(end.max))")
                } else {
                    // A matched element is drawn from its own snapshot: resampling at its frame's
                    // edges may differ by rounding, nowhere else.
                    XCTAssertLessThanOrEqual(start.max, 3, "\(name): first frame, \(start.count) px differ")
                    XCTAssertLessThanOrEqual(end.max, 3, "\(name): last frame, \(end.count) px differ")
                }
            }
            // The story's last frame shows its final state.
            c.render(frame: c.frameCount - 1, into: frame)
            let final = s.state(at: s.duration)
            if case .transition = final { XCTFail("\(path): the story ends inside a transition") }
            c.render(state: final, time: s.duration, into: expected)
            XCTAssertTrue(frame.isIdentical(to: expected), "\(path): last frame")
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
