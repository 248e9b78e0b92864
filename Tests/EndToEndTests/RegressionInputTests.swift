import Foundation
import XCTest
import SegueTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Every saved hostile input (Tests/Fixtures/regressions/: fuzz findings and hand-made bombs)
/// through the normal entry points: presets through `segue validate`, images as a preset's screen
/// through `segue render`. Each must be rejected (or accepted) cleanly: exit 0 or 2, an error that
/// names the file, a few seconds of CPU at most, and no memory spike.
final class RegressionInputTests: XCTestCase {
    static var root: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }

    func inputs(_ kind: String) throws -> [String] {
        let dir = Self.root.appendingPathComponent("Tests/Fixtures/regressions/" + kind).path
        return try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { dir + "/" + $0 }
    }

    func testSavedPresetInputs() throws {
        let faults = FaultTests(name: "helpers", testClosure: { _ in })
        for path in try inputs("preset") {
            let r = try faults.runMeasured(["validate", path])
            let name = (path as NSString).lastPathComponent
            XCTAssertTrue(r.status == 0 || r.status == 2, "\(name): exit \(r.status): \(r.stderr.prefix(500))")
            if r.status == 2 { XCTAssertTrue(r.stderr.contains(name), "\(name): names the file") }
            XCTAssertLessThan(r.cpuSeconds, 10, name)
            if FaultTests.checksRSS { XCTAssertLessThan(r.maxRSSKiB, 512 * 1024, name) }
        }
    }

    func testSavedImageInputs() throws {
        let faults = FaultTests(name: "helpers", testClosure: { _ in })
        let dir = try temporaryFolder("regress-img")
        for path in try inputs("image") {
            let name = (path as NSString).lastPathComponent
            try FileManager.default.copyItem(atPath: path, toPath: dir + "/" + name)
            let preset = faults.write(FaultTests.imagePreset(name), dir, name + ".json")
            let out = dir + "/" + name + ".mp4"
            let r = try faults.runMeasured(["render", preset, "-o", out, "--progress", "none"])
            XCTAssertTrue(r.status == 0 || r.status == 2, "\(name): exit \(r.status): \(r.stderr.prefix(500))")
            if r.status == 2 {
                XCTAssertTrue(r.stderr.contains("screens.a.image") && r.stderr.contains(name), "\(name): \(r.stderr)")
                XCTAssertFalse(FileManager.default.fileExists(atPath: out))
            }
            XCTAssertEqual(faults.temporaries(dir), [], name)
            XCTAssertLessThan(r.cpuSeconds, 10, name)
            // A tiny render peaks near 60–100 MiB; a believed bomb claim costs hundreds.
            if FaultTests.checksRSS { XCTAssertLessThan(r.maxRSSKiB, 200 * 1024, "\(name): peak RSS \(r.maxRSSKiB) KiB") }
        }
    }
}
