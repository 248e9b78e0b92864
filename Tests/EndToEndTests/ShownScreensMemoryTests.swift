import Foundation
import XCTest
import SegueTestSupport

/// Issue 20.5's remainder: a screen is built when the first frame that shows it is rendered and
/// let go after the last, so a story that shows N screenshots one after another holds the few
/// around the frame being drawn, not N decoded screens (peak RSS of the child, PeakRSS.swift).
final class ShownScreensMemoryTests: XCTestCase {
    /// A 600×1200 px story of `n` screenshots, each 1200×2400 px (2× the canvas: kept whole, 11 MB
    /// decoded plus a 2.9 MB snapshot), each held 2 s (20 frames, more than SnapshotStore.slack)
    /// and pushed to the next.
    static func story(_ n: Int) -> String {
        let screens = (0..<n).map { #""s\#($0)": { "image": "shots/\#($0).png" }"# }.joined(separator: ", ")
        let steps = (1..<n).map { #"{ "hold": 2 }, { "push": "s\#($0)", "transition": "cross-dissolve", "duration": 0.2 }"# }
        return """
        { "segue": 1, "name": "shots\(n)", "device": { "width": 300, "height": 600, "scale": 2 }, "fps": 10,
          "screens": { \(screens) }, "start": "s0", "timeline": [ \(steps.joined(separator: ", ")), { "hold": 1 } ] }
        """
    }

    func testShownScreenshotsAreHeldOnlyWhileShown() throws {
        let dir = try temporaryFolder("shown-screens")
        try FileManager.default.createDirectory(atPath: dir + "/shots", withIntermediateDirectories: true)
        for i in 0..<16 {
            // A different colour each: sixteen files, sixteen decodes.
            let colour = String(format: "0x%02X%02X%02X", (i * 47) % 256, (i * 91) % 256, (i * 13 + 60) % 256)
            let r = try CLI.run(["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=\(colour):s=1200x2400", "-frames:v", "1",
                                 "-pix_fmt", "rgb24", dir + "/shots/\(i).png"], executable: CLI.which("ffmpeg"))
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        var peaks: [Int] = []
        for n in [4, 16] {
            XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/p\(n).json", contents: Data(Self.story(n).utf8)))
            let r = try runMeasured(["render", dir + "/p\(n).json", "-o", dir + "/p\(n).mp4", "--progress", "none"])
            XCTAssertEqual(r.status, 0, r.stderr)
            peaks.append(r.maxRSSKiB)
            // The last frame shows the last screenshot: its colour, decoded from what was written.
            let last = try CLI.run(["-v", "error", "-sseof", "-0.3", "-i", dir + "/p\(n).mp4", "-frames:v", "1",
                                    "-vf", "crop=8:8:296:596,scale=1:1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-y", dir + "/last.rgb"],
                                   executable: CLI.which("ffmpeg"))
            XCTAssertEqual(last.status, 0, last.stderr)
            let want = [((n - 1) * 47) % 256, ((n - 1) * 91) % 256, ((n - 1) * 13 + 60) % 256]
            let got = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/last.rgb"))).map(Int.init)
            XCTAssertEqual(got.count, 3)
            for (g, w) in zip(got, want) { XCTAssertLessThanOrEqual(abs(g - w), 4, "last frame of \(n) screens: \(got) vs \(want)") }
        }
        // Built all at once, twelve more screens cost 12 × 14 MB = 173 MB more; held only while
        // shown, the peak is the same few screens at both sizes (32 MB margin: allocator noise).
        if Self.checksRSS { XCTAssertLessThan(peaks[1], peaks[0] + 32 * 1024, "16 vs 4 screenshots shown in turn: \(peaks) KiB") }
    }
}
