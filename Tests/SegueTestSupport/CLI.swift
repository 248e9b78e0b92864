import Foundation
import XCTest

/// Runs the built `segue` CLI (SEGUE_BIN, set by scripts/test; else the release or debug build)
/// and the tools the tests check its output with (ffprobe, ffmpeg, sha256sum).
public enum CLI {
    /// The repository's root (this file is Tests/SegueTestSupport/CLI.swift).
    public static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    public static var binary: String {
        if let b = ProcessInfo.processInfo.environment["SEGUE_BIN"], !b.isEmpty { return b }
        for config in ["release", "debug"] {
            let p = root.appendingPathComponent(".build/\(config)/segue").path
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return "segue"
    }

    public struct Result: Sendable {
        public var status: Int32; public var stdout: String; public var stderr: String
        public var stdoutData: Data
    }

    /// Runs to the end; stdout and stderr are read concurrently so a chatty child cannot block.
    @discardableResult
    public static func run(_ args: [String], in dir: String? = nil, executable: String? = nil, environment: [String: String]? = nil,
                           started: (Process) -> Void = { _ in }) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable ?? binary)
        p.arguments = args
        if let dir { p.currentDirectoryURL = URL(fileURLWithPath: dir) }
        if let environment { p.environment = environment }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        started(p)
        let errText = Output.collecting(err.fileHandleForReading)
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: errText.waitForEnd(), stdoutData: o)
    }

    /// A tool from the system (ffmpeg, ffprobe, …) by name, run to the end.
    @discardableResult
    public static func tool(_ name: String, _ args: [String], in dir: String? = nil) throws -> Result {
        try run(args, in: dir, executable: which(name))
    }

    /// Starts the CLI without waiting; its stderr is collected (`Child.stderr`), stdout discarded.
    public static func start(_ args: [String], in dir: String? = nil) throws -> Child {
        try Child(binary, args, in: dir)
    }

    /// How an interrupted CLI ended: its status, how it ended, the CPU seconds it used between
    /// the signal and its exit (the work it did before stopping: unlike the wall clock, not
    /// stretched by a loaded machine), and its stderr.
    public struct Interrupted {
        public var status: Int32; public var reason: Process.TerminationReason; public var stopCPUSeconds: Double; public var stderr: String
    }

    /// Starts the CLI with `args` and sends `sig` at a moment defined by events, not by time: once
    /// `dir` holds at least `temporaries` temporary files (names starting with "."), and, when
    /// `frame` is given, once a `--progress json` line (which `args` must ask for) reports that
    /// frame done. Then waits for the exit. `timeout` only bounds a failure: the test fails when
    /// the moment never comes or the process ended before the signal.
    public static func interrupt(_ args: [String], whenTemporaries temporaries: Int, in dir: String, frame: Int? = nil,
                                 timeout: Double = 120, signal sig: Int32,
                                 file: StaticString = #filePath, line: UInt = #line) throws -> Interrupted {
        if frame != nil { XCTAssertTrue(args.joined(separator: " ").contains("--progress json"), "frame needs --progress json", file: file, line: line) }
        let child = try start(args)
        let ready = awaitCondition(timeout: timeout) { !child.isRunning || SegueTestSupport.temporaries(in: dir).count >= temporaries }
            && child.isRunning
        XCTAssertTrue(ready, "the CLI wrote \(temporaries) temporary file(s) in \(dir)", file: file, line: line)
        if let frame {
            let reached = child.stderr.wait(timeout: timeout) { Progress.lastFrame(in: $0) >= frame }
            XCTAssertTrue(reached, "the CLI reported frame \(frame): \(child.stderr.text.suffix(500))", file: file, line: line)
        }
        XCTAssertTrue(child.isRunning, "still running when the signal is sent", file: file, line: line)
        return stop(child, signal: sig, timeout: timeout, file: file, line: line)
    }

    /// Sends `sig` to a running child and waits (at most `timeout` seconds: a hang fails) for its
    /// exit; measures the CPU it used after the signal.
    public static func stop(_ child: Child, signal sig: Int32, timeout: Double = 120,
                            file: StaticString = #filePath, line: UInt = #line) -> Interrupted {
        let reaped = reapedChildrenCPUSeconds(), before = child.cpuSeconds
        child.signal(sig)
        let exited = child.waitForExit(timeout: timeout)
        XCTAssertTrue(exited, "exits after the signal", file: file, line: line)
        let stderr = child.finish()
        let after = max(0, reapedChildrenCPUSeconds() - reaped - before)
        return Interrupted(status: child.process.terminationStatus, reason: child.process.terminationReason, stopCPUSeconds: after, stderr: stderr)
    }

    /// ffprobe's JSON for a file.
    public static func probe(_ path: String, countFrames: Bool = true) throws -> [String: Any] {
        try parse(probing(path, countFrames: countFrames))
    }

    /// ffprobe run on a file, not yet parsed (a Sendable result, for probes run side by side).
    public static func probing(_ path: String, countFrames: Bool = true) throws -> Result {
        var args = ["-v", "error", "-show_streams", "-show_format", "-of", "json"]
        if countFrames { args.insert("-count_frames", at: 0) }
        return try tool("ffprobe", args + [path])
    }

    /// The JSON of a `probing` result.
    public static func parse(_ r: Result) throws -> [String: Any] {
        guard r.status == 0, let obj = try JSONSerialization.jsonObject(with: r.stdoutData) as? [String: Any] else {
            throw NSError(domain: "ffprobe", code: Int(r.status), userInfo: [NSLocalizedDescriptionKey: r.stderr])
        }
        return obj
    }

    /// Frame `index` of a video decoded by ffmpeg to 8-bit RGB, reading the matrix and range as
    /// BT.709 limited (what Segue tags), full-range RGB out.
    public static func decodeFrame(_ path: String, index: Int, width: Int, height: Int) throws -> [UInt8] {
        let r = try tool("ffmpeg", ["-v", "error", "-i", path, "-vf",
                                    "select=eq(n\\,\(index)),scale=in_color_matrix=bt709:in_range=tv:out_range=pc:flags=accurate_rnd+full_chroma_int,format=rgb24",
                                    "-frames:v", "1", "-f", "rawvideo", "-"])
        guard r.status == 0 else {
            throw NSError(domain: "ffmpeg", code: Int(r.status), userInfo: [NSLocalizedDescriptionKey: r.stderr])
        }
        XCTAssertEqual(r.stdoutData.count, width * height * 3, "decoded frame size")
        return [UInt8](r.stdoutData)
    }

    /// Every frame of a video, decoded as `decodeFrame` decodes one, by one ffmpeg (each decoded
    /// frame once: no frame-rate conversion).
    public static func decodeFrames(_ path: String, width: Int, height: Int) throws -> [[UInt8]] {
        let r = try tool("ffmpeg", ["-v", "error", "-i", path, "-fps_mode", "passthrough", "-vf",
                                    "scale=in_color_matrix=bt709:in_range=tv:out_range=pc:flags=accurate_rnd+full_chroma_int,format=rgb24",
                                    "-f", "rawvideo", "-"])
        guard r.status == 0 else {
            throw NSError(domain: "ffmpeg", code: Int(r.status), userInfo: [NSLocalizedDescriptionKey: r.stderr])
        }
        let size = width * height * 3, bytes = [UInt8](r.stdoutData)
        XCTAssertEqual(bytes.count % size, 0, "decoded frame size")
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<$0 + size]) }
    }

    public static func which(_ tool: String) -> String {
        for dir in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(tool)") {
            return "\(dir)/\(tool)"
        }
        return tool
    }

    /// sha256sum's hash of each file, by path.
    public static func sha256sum(_ files: [String]) throws -> [String: String] {
        let r = try tool("sha256sum", files)
        XCTAssertEqual(r.status, 0, r.stderr)
        var out: [String: String] = [:]
        for line in r.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            out[String(parts[1]).trimmingCharacters(in: .whitespaces)] = String(parts[0])
        }
        return out
    }

    /// Writes `text` to `path`, creating the folders above it.
    public static func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// A fresh folder (the caller removes it; in a test method prefer `temporaryFolder(_:)`).
    public static func tempDir(_ name: String) throws -> String {
        try TemporaryFolder.make("e2e-" + name)
    }
}

/// The `--progress json` lines of a render (README "Progress and errors").
public enum Progress {
    /// The highest `frame` of the `progress` events in `text` (-1 when there is none).
    public static func lastFrame(in text: String) -> Int {
        var best = -1
        for line in text.split(separator: "\n") {
            guard let obj = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  obj["event"] as? String == "progress", let f = obj["frame"] as? Int else { continue }
            best = max(best, f)
        }
        return best
    }
}
