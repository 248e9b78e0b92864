import Foundation
import XCTest
import FramePipeline
import Presets
import Raster

final class PanBackSliverTests: XCTestCase {
    /// Seed 000 at the moment the shrunken snapshot's left edge meets the top screen's left edge
    /// (q ≈ 0.158: (1 − s(q)) / 2 = q): the snapshot's visible part is a sliver with no whole
    /// source column. That overflowed in the scaled image path once (a slow-motion batch, frame
    /// 1669 at --slow-motion 20); every 1/1200 s around it is rendered here.
    func testTheSnapshotEdgeMeetingTheTopScreen() throws {
        let s = try PresetLoader.load(path: PresetContinuityTests.presetsDirectory + "/seeds/000-pan-back-finished.json", images: PresetImages.folder, fonts: InstalledFonts())
        let c = FrameComposer(storyboard: s)
        let step = s.steps.first { $0.transitionName == "pan-back" }!
        let frame = Bitmap(uncheckedWidth: s.pixelWidth, height: s.pixelHeight)
        for k in 156...182 {
            let local = Double(k) / 1200
            c.draw(c.scene(step: step.index, at: local), into: frame)
            // Far right: the top screen, opaque; far left: black under the cover (alpha ≈ 0.79).
            XCTAssertEqual(frame[s.pixelWidth - 1, s.pixelHeight / 2] >> 24, 255, "t \(local)")
            let left = Bitmap.unpack(frame[0, s.pixelHeight / 2])
            XCTAssertEqual([left.r, left.g, left.b], [0, 0, 0], "t \(local)")
        }
    }
}
