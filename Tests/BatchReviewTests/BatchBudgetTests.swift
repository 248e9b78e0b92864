import Foundation
import XCTest
@testable import BatchReview
@testable import FramePipeline

/// The batch's CPU budget (DESIGN §4: the encoder's own threads count toward `--jobs`) and its
/// Codable output (issue 19.4).
final class BatchBudgetTests: XCTestCase {
    func testEncoderThreadsCountTowardTheJobsBudget() {
        for jobs in 1...16 {
            for presets in 1...20 {
                for parallel in [nil, 1, 2, 5] as [Int?] {
                    for t in [0, 1, 2, 4] {
                        let (c, w) = BatchJob.split(jobs: jobs, presets: presets, parallel: parallel, encoderThreads: t)
                        let why = "jobs \(jobs) presets \(presets) parallel \(String(describing: parallel)) encoder threads \(t)"
                        XCTAssertEqual(c, max(1, min(presets, parallel ?? jobs)), why)
                        XCTAssertGreaterThanOrEqual(w, 1, why)
                        // Never more threads than the budget, unless the minimum (one worker per
                        // preset in flight) is already more.
                        XCTAssertLessThanOrEqual(c * (w + t), max(jobs, c * (1 + t)), why)
                        // No budget left unused that would give every preset another worker.
                        XCTAssertGreaterThan(c * (w + 1 + t), jobs, why)
                    }
                }
            }
        }
        // The default 2-core batch: two presets side by side, one worker each.
        XCTAssertEqual(BatchJob.split(jobs: 2, presets: 20, parallel: nil).concurrent, 2)
        XCTAssertEqual(BatchJob.split(jobs: 2, presets: 20, parallel: nil).workers, 1)
    }

    func testEventsAreOneJSONObjectEachWithEventFirstAndNullsKept() throws {
        var e = BatchEntry(input: "p/a \"q\".json", key: "a.json", name: "a", output: nil)
        e.status = .failed
        e.error = "line 1\nline 2\t\u{1}"
        e.wallTime = 1.23456
        let line = ProgressEvent.line(ProgressEvent.Preset(index: 2, total: 3, entry: e))
        XCTAssertFalse(line.contains("\n"))
        XCTAssertTrue(line.hasPrefix("{\"event\":\"preset\",\"index\":2,\"total\":3,\"input\":"), line)
        let obj = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(obj["input"] as? String, e.input)
        XCTAssertEqual(obj["error"] as? String, e.error)
        XCTAssertTrue(obj["output"] is NSNull && obj["sha256"] is NSNull && obj["frames"] is NSNull)
        XCTAssertEqual(obj["status"] as? String, "failed")
        XCTAssertEqual(obj["wallTime"] as? Double, 1.235)   // three decimals, as the text format had
        XCTAssertEqual(Array(obj.keys).sorted(), ["error", "event", "frames", "index", "input", "output", "sha256", "status", "total", "wallTime"])

        let progress = ProgressEvent.line(ProgressEvent.Progress(name: "n/ä", frame: 3, total: 9, fps: .infinity, eta: 0.126))
        XCTAssertEqual(progress, "{\"event\":\"progress\",\"name\":\"n/ä\",\"frame\":3,\"total\":9,\"fps\":null,\"eta\":0.13}")
        let batch = ProgressEvent.line(ProgressEvent.Batch(total: 2, counts: [.ok: 1, .failed: 1], exitCode: 1))
        XCTAssertEqual(batch, "{\"event\":\"batch\",\"total\":2,\"ok\":1,\"cached\":0,\"failed\":1,\"invalid\":0,\"skipped\":0,\"cancelled\":0,\"running\":0,\"changed\":0,\"new\":0,\"exitCode\":1}")
    }

    func testManifestParsesBackWithEveryFieldAndInfinityAsNull() throws {
        var a = BatchEntry(input: "a.json", key: "a.json", name: "a", output: "out/a.mp4")
        a.status = .ok; a.frames = 4; a.duration = 0.3; a.wallTime = 0.0834; a.sha256 = String(repeating: "0", count: 64)
        a.baseline = "base/a.mp4"; a.psnrMin = .infinity; a.ssimMin = 1; a.worstFrame = 0
        var b = BatchEntry(input: "b.json", key: "b.json", name: "b", output: nil)
        b.status = .invalid; b.problems = ["b.json:1:1: x: bad"]; b.error = "b.json:1:1: x: bad"
        let text = BatchManifest.json([a, b], outputDirectory: "out", shard: Shard(index: 1, count: 2), interrupted: false, exitCode: 2)
        let m = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(m["shard"] as? String, "1/2")
        XCTAssertEqual(m["exitCode"] as? Int, 2)
        XCTAssertEqual((m["counts"] as? [String: Int])?["invalid"], 1)
        let ps = try XCTUnwrap(m["presets"] as? [[String: Any]])
        XCTAssertEqual(ps[0]["wallTime"] as? Double, 0.083)
        XCTAssertEqual(ps[0]["duration"] as? Double, 0.3)
        XCTAssertTrue(ps[0]["psnrMin"] is NSNull, "an infinite PSNR is null")
        XCTAssertEqual(ps[0]["ssimMin"] as? Double, 1)
        XCTAssertNil(ps[0]["problems"], "problems only for an invalid preset")
        XCTAssertEqual(ps[1]["problems"] as? [String], b.problems)
        XCTAssertNil(ps[1]["baseline"], "baseline fields only with a baseline")
        // One line per preset.
        XCTAssertEqual(text.split(separator: "\n").filter { $0.hasPrefix("    { \"input\"") }.count, 2)
    }
}
