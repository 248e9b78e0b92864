import Foundation
import XCTest
import SegueTestSupport

/// DESIGN §3: each frame is a pure function of (preset, frame index), and the encoder's thread
/// count is fixed (RenderJob.defaultEncoderThreads), so the same preset gives byte-identical
/// files across runs and across --jobs. Checked for every seed preset, in mp4 (x264) and webm
/// (libvpx-vp9), at --scale 0.25 for speed.
final class DeterminismTests: XCTestCase {
    static var root: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }

    func testSeedPresetsAreByteIdenticalAcrossRunsAndJobs() throws {
        let seeds = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("presets/seeds").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(seeds.count, 4)
        let dir = try temporaryFolder("determinism")
        for seed in seeds {
            let preset = Self.root.appendingPathComponent("presets/seeds/" + seed).path
            for format in ["mp4", "webm"] {
                // (jobs, run): every render is its own process, so --jobs 1 vs 2 is also run vs run;
                // mp4 adds a second --jobs 2 run (same options). VP9 is slow: two runs for webm.
                var files: [(String, Data)] = []
                for (jobs, run) in format == "mp4" ? [(1, 0), (2, 0), (2, 1)] : [(1, 0), (2, 0)] {
                    let out = dir + "/\(seed)-\(jobs)-\(run).\(format)"
                    let r = try CLI.run(["render", preset, "-o", out, "--format", format, "--scale", "0.25", "--jobs", "\(jobs)", "--progress", "none"])
                    XCTAssertEqual(r.status, 0, "\(seed) \(format): \(r.stderr)")
                    files.append(("--jobs \(jobs) run \(run)", try Data(contentsOf: URL(fileURLWithPath: out))))
                    try? FileManager.default.removeItem(atPath: out)
                }
                XCTAssertGreaterThan(files[0].1.count, 1000, "\(seed) \(format)")
                for (what, data) in files.dropFirst() {
                    XCTAssertEqual(data, files[0].1, "\(seed) \(format): \(what) differs from --jobs 1")
                }
            }
        }
    }
}
