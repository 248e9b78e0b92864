import Foundation
import Presets
import Raster
import Scene
import SegueTestSupport
import XCTest
@testable import FramePipeline

/// Issue 28: the legibility rule's measurements are remembered per render (LegibilityCache):
/// the chrome a frame gets is the same whether its neighbours were drawn before it, after it, in
/// parallel or not at all, and the memory stays bounded.
final class LegibilityCacheTests: XCTestCase {
    func composer(_ preset: String) throws -> FrameComposer {
        let s = try PresetLoader.load(path: PresetContinuityTests.presetsDirectory + "/" + preset, overrides: Overrides(scale: 0.5),
                                      images: PresetImages.folder, fonts: InstalledFonts())
        return FrameComposer(storyboard: s)
    }

    /// The chrome (status bar, home indicator) and overlays of frame i, written out in full.
    static func chrome(_ c: FrameComposer, _ i: Int) -> String {
        let t = c.storyboard.time(ofFrame: i)
        return "\(c.plan(state: c.storyboard.state(at: t), time: t).overlays)"
    }

    /// Pan-back (the status bar's ink moves) and an Android story (the handle's tint walks 1.7 s
    /// of frames): every frame drawn in order by one composer equals the same frame drawn first
    /// by a fresh composer, and frames drawn in parallel by a shared one.
    func testRememberedMeasurementsGiveTheSameFrames() throws {
        for preset in ["catalog/pan-back.json", "catalog/android-activity.json"] {
            let warm = try composer(preset)
            let n = warm.storyboard.frameCount()
            let inOrder = (0..<n).map { Self.chrome(warm, $0) }
            XCTAssertGreaterThan(warm.legibility.count, 0, "\(preset): measurements remembered")
            for i in stride(from: 0, to: n, by: max(1, n / 6)) {
                XCTAssertEqual(Self.chrome(try composer(preset), i), inOrder[i], "\(preset) frame \(i) drawn alone")
            }
            let shared = try composer(preset)
            let parallel = try concurrently(n, width: 4) { i in LegibilityCacheTests.chrome(shared, n - 1 - i) }
            XCTAssertEqual(Array(parallel.reversed()), inOrder, "\(preset): frames drawn in parallel")
        }
    }

    /// The cache forgets its oldest entries past its capacity and still answers correctly.
    func testCacheIsBounded() {
        let cache = LegibilityCache()
        let n = LegibilityCache.capacity * 3
        for i in 0..<n { XCTAssertEqual(cache.value(.statusAt(UInt64(i))) { [Double(i)] }, [Double(i)]) }
        XCTAssertEqual(cache.count, LegibilityCache.capacity)
        var measured = false
        XCTAssertEqual(cache.value(.statusAt(UInt64(n - 1))) { measured = true; return [-1] }, [Double(n - 1)], "the newest is kept")
        XCTAssertFalse(measured)
        XCTAssertEqual(cache.value(.statusAt(0)) { measured = true; return [7] }, [7], "the oldest was forgotten")
        XCTAssertTrue(measured)
    }
}
