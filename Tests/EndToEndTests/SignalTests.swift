import Foundation
import XCTest
import SegueTestSupport

/// DESIGN §1/§4: SIGINT and SIGTERM during a render stop it promptly with exit 130/143, leave no
/// temporary or partial file, and never touch an existing destination — for every output format
/// (mp4, mov, webm, gif, png folder). The signal is sent at moments defined by events (a
/// temporary exists, a `--progress json` line reports a frame), and "promptly" is the work done
/// after the signal — under a second of CPU — so a loaded machine neither delays nor fails it.
final class SignalTests: XCTestCase {
    /// A render that runs for many seconds: the demo at half scale, slowed down 20×.
    static let longRender = ["render", "--scale", "0.5", "--slow-motion", "20", "--progress", "none"]
    /// The same, reporting each frame on stderr (`--progress json`) so a test can wait for one.
    static let longRenderReporting = ["render", "--scale", "0.5", "--slow-motion", "20", "--progress", "json"]

    /// Starts `segue render … -o out`, waits until its temporary exists in `dir` and it has
    /// reported `frame` done (the encoder is writing), sends `sig` and waits.
    func interrupt(_ extra: [String], out: String, dir: String, signal sig: Int32, frame: Int? = 1,
                   file: StaticString = #filePath, line: UInt = #line) throws -> CLI.Interrupted {
        try CLI.interrupt(Self.longRenderReporting + extra + ["-o", out], whenTemporaries: 1, in: dir, frame: frame,
                          signal: sig, file: file, line: line)
    }

    /// The stop budget: the CPU seconds the CLI may spend after the signal (DESIGN: it stops
    /// within a second; the CPU it uses is that second's work on any machine, loaded or not).
    static let budget = 1.0

    func check(format: String, signal sig: Int32, existing: Bool) throws {
        let dir = try temporaryFolder("signal-\(format)")
        let isDir = format == "png"
        let out = dir + "/out" + (isDir ? "" : "." + format)
        let keep = Data("keep me \(format)".utf8)
        if existing {
            if isDir {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                FileManager.default.createFile(atPath: out + "/frame-00000.png", contents: keep)
            } else {
                FileManager.default.createFile(atPath: out, contents: keep)
            }
        }
        let r = try interrupt(["--format", format], out: out, dir: dir, signal: sig)
        let what = "\(format), signal \(sig), existing \(existing)"
        XCTAssertEqual(r.reason, .exit, "\(what): exits (not killed by the signal): \(r.stderr)")
        XCTAssertEqual(r.status, 128 + sig, "\(what): \(r.stderr)")
        XCTAssertLessThan(r.stopCPUSeconds, Self.budget, "\(what): stops within a second of work")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir)
        XCTAssertEqual(names.filter { $0.hasPrefix(".") }, [], "\(what): no temporary file left")
        if existing {
            if isDir {
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), ["frame-00000.png"], "\(what): existing folder untouched")
                XCTAssertEqual(FileManager.default.contents(atPath: out + "/frame-00000.png"), keep, what)
            } else {
                XCTAssertEqual(FileManager.default.contents(atPath: out), keep, "\(what): existing file untouched")
            }
        } else {
            XCTAssertEqual(names, [], "\(what): no partial output")
        }
    }

    func testSigtermEveryFormat() throws {
        for (k, f) in ["mp4", "mov", "webm", "gif", "png"].enumerated() { try check(format: f, signal: SIGTERM, existing: k % 2 == 0) }
    }

    func testSigintEveryFormat() throws {
        for (k, f) in ["mp4", "mov", "webm", "gif", "png"].enumerated() { try check(format: f, signal: SIGINT, existing: k % 2 == 1) }
    }

    /// A signal right at the start (as soon as the encoder's temporary exists) and one late in a
    /// render (after 60 frames) still give 143 and leave nothing behind.
    func testSigtermAtVaryingMoments() throws {
        let dir = try temporaryFolder("signal-moments")
        for frame in [nil, 60] {
            let r = try interrupt([], out: dir + "/m.mp4", dir: dir, signal: SIGTERM, frame: frame)
            XCTAssertEqual(r.status, 143, "after frame \(frame ?? 0): \(r.stderr)")
            XCTAssertLessThan(r.stopCPUSeconds, Self.budget, "after frame \(frame ?? 0)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [], "after frame \(frame ?? 0)")
        }
    }

    /// A signal while the preset's assets are decoding (an 8000×8000 PNG: seconds of CPU) stops
    /// the process within the same budget. The moment: the CLI has used a quarter second of CPU
    /// (resolving this one-screen preset takes a few milliseconds; the rest is the decode).
    func testSigtermWhileDecodingALargeAsset() throws {
        let dir = try temporaryFolder("signal-load")
        let mk = try CLI.tool("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=8000x8000", "-frames:v", "1",
                                         "-compression_level", "1", dir + "/big.png"])
        XCTAssertEqual(mk.status, 0, mk.stderr)
        let preset = dir + "/p.json"
        FileManager.default.createFile(atPath: preset, contents: Data(FaultTests.imagePreset("big.png").utf8))
        let child = try CLI.start(["render", preset, "-o", dir + "/o.mp4", "--progress", "none"])
        XCTAssertTrue(awaitCondition(timeout: 120) { child.cpuSeconds >= 0.25 || !child.isRunning } && child.isRunning,
                      "still decoding: \(child.stderr.text)")
        let r = CLI.stop(child, signal: SIGTERM)
        XCTAssertEqual(r.status, 143, r.stderr)
        XCTAssertLessThan(r.stopCPUSeconds, Self.budget, "stops within a second of work while loading assets")
    }

    /// `segue batch` (DESIGN §1): a signal stops it the same way.
    func testBatchSignals() throws {
        let help = try CLI.run(["help", "batch"])
        XCTAssertEqual(help.status, 0, "segue help batch: \(help.stderr)")
        let dir = try temporaryFolder("signal-batch")
        let presets = dir + "/in"
        try FileManager.default.createDirectory(atPath: presets, withIntermediateDirectories: true)
        let src = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("presets/stories/segue-demo.json").path
        // Distinct names: presets that would write the same output are refused up front (exit 2).
        let demo = try String(contentsOfFile: src, encoding: .utf8)
        for k in 0..<3 {
            let text = demo.replacingOccurrences(of: "\"name\": \"segue-demo\"", with: "\"name\": \"d\(k)\"")
            XCTAssertNotEqual(text, demo)
            try text.write(toFile: presets + "/d\(k).json", atomically: true, encoding: .utf8)
        }
        let outDir = dir + "/out"
        try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
        for sig in [SIGINT, SIGTERM] {
            // Mid-render: a temporary in the output folder that the encoder has written to.
            let child = try CLI.start(["batch", presets, "-o", outDir, "--slow-motion", "20", "--scale", "0.5", "--progress", "none",
                                       "--manifest", dir + "/m.json"])
            let writing = awaitCondition(timeout: 120) {
                !child.isRunning || temporaries(in: outDir).contains { Self.size(outDir + "/" + $0) > 0 }
            }
            XCTAssertTrue(writing && child.isRunning, "a preset is being written: \(child.stderr.text)")
            let r = CLI.stop(child, signal: sig)
            XCTAssertEqual(r.status, 128 + sig, r.stderr)
            XCTAssertLessThan(r.stopCPUSeconds, Self.budget)
            XCTAssertEqual(temporaries(in: outDir), [], "no temporary files")
        }
    }

    /// A file's size, or a folder's total (a png output's temporary is a folder of frames).
    static func size(_ path: String) -> Int {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDir) else { return 0 }
        if !isDir.boolValue { return (try? fm.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
        return names(in: path).reduce(0) { $0 + size(path + "/" + $1) }
    }
}
