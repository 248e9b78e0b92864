import Foundation
import XCTest
import SegueTestSupport

/// Issue 20.6: `segue frames` and `segue sheet` estimate their peak memory before rendering and
/// refuse above `--max-memory` (exit 2, the estimate, nothing written), like `render`; the
/// estimate is a little above the measured peak (GNU time's), never far below; and a sheet
/// streams its frames into thumbnails: 400 frames cost the thumbnails and the sheet, not 400
/// full frames.
final class StillsMemoryTests: XCTestCase {
    /// "…would need about 1.2 GiB of memory…" → bytes.
    func estimate(_ stderr: String) -> Double? {
        guard let r = stderr.range(of: #"need about [0-9.]+ [KMG]iB"#, options: .regularExpression) else { return nil }
        let words = stderr[r].split(separator: " ")
        guard let v = Double(words[2]) else { return nil }
        return v * ["KiB": 1024.0, "MiB": 1048576.0, "GiB": 1073741824.0][String(words[3])]!
    }

    func testFramesAndSheetRefuseAboveTheLimit() throws {
        let dir = try temporaryFolder("stills-memory")
        for args in [["frames", "--all", "-o", dir + "/stills", "--max-memory", "64M"],
                     ["sheet", "--count", "400", "--slow-motion", "3", "-o", dir + "/s.png", "--max-memory", "256M"]] {
            let r = try CLI.run(args)
            XCTAssertEqual(r.status, 2, "\(args[0]): \(r.stderr)")
            XCTAssertNotNil(estimate(r.stderr), "\(args[0]) gives its estimate: \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("(--max-memory)") && r.stderr.contains("raise it with --max-memory"), r.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [], "\(args[0]): nothing written")
        }
        // Under the default limit (2 GiB) both run.
        XCTAssertEqual(try CLI.run(["frames", "--every", "50", "-o", dir + "/ok", "--quiet"]).status, 0)
    }

    /// The estimate against the measured peak, for stills and sheets of several sizes; and the
    /// peak of a 400-frame sheet over a 50-frame one grows by the thumbnails and the sheet only.
    func testEstimatesFollowTheMeasuredPeakAndSheetsStream() throws {
        guard Self.checksRSS else { throw XCTSkip("RSS is inflated under a sanitizer") }
        let dir = try temporaryFolder("stills-peak")
        var peaks: [String: Double] = [:]
        let cases: [(String, [String])] = [
            ("frames 1 job", ["frames", "--every", "30", "--jobs", "1", "-o", dir + "/f1"]),
            ("frames 2 jobs", ["frames", "--every", "30", "--jobs", "2", "-o", dir + "/f2"]),
            ("sheet 50", ["sheet", "--count", "50", "--slow-motion", "3", "-o", dir + "/s50.png"]),
            ("sheet 400", ["sheet", "--count", "400", "--slow-motion", "3", "-o", dir + "/s400.png"]),
        ]
        for (what, args) in cases {
            let refused = try CLI.run(args + ["--max-memory", "1M"])
            let estimated = try XCTUnwrap(estimate(refused.stderr), "\(what): \(refused.stderr)")
            let m = try runMeasured(args + ["--quiet"])
            XCTAssertEqual(m.status, 0, "\(what): \(m.stderr)")
            let peak = Double(m.maxRSSKiB) * 1024
            peaks[what] = peak
            print("\(what): estimated \(Int(estimated / 1048576)) MiB, measured peak \(Int(peak / 1048576)) MiB")
            XCTAssertGreaterThan(estimated, peak * 0.95, "\(what): the estimate is not below the peak")
            XCTAssertLessThan(estimated, peak * 1.6, "\(what): nor far above it")
        }
        // 350 more full 1170×2532 frames would be 4.1 GB; 350 more thumbnails and their sheet rows
        // (300×649 and 316×693 px at 4 B/px, the sheet encoded at ≈ 10 B/px more) about 1 GB.
        let growth = peaks["sheet 400"]! - peaks["sheet 50"]!
        XCTAssertLessThan(growth, 350 * 1170 * 2532 * 4 / 3, "a sheet does not hold its full frames")
    }
}
