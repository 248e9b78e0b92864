import Foundation
import XCTest

/// Runs the built `segue` CLI (SEGUE_BIN, set by scripts/test; else the release or debug build).
enum CLI {
    static var binary: String {
        if let b = ProcessInfo.processInfo.environment["SEGUE_BIN"], !b.isEmpty { return b }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for config in ["release", "debug"] {
            let p = root.appendingPathComponent(".build/\(config)/segue").path
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return "segue"
    }

    struct Result { var status: Int32; var stdout: String; var stderr: String }

    @discardableResult
    static func run(_ args: [String], in dir: String? = nil, executable: String? = nil, environment: [String: String]? = nil,
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
        // Read both pipes concurrently so a chatty child cannot block on a full pipe.
        let errData = DataBox()
        let t = Thread { errData.data = err.fileHandleForReading.readDataToEndOfFile() }
        t.start()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        while !errData.done { usleep(1000) }
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: errData.data, as: UTF8.self))
    }

    /// Starts the CLI without waiting; its stderr is read on a thread into the returned box
    /// (so a chatty child never blocks on a full pipe). stdout goes to /dev/null.
    static func start(_ args: [String]) throws -> (process: Process, stderr: DataBox) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = args
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let box = DataBox()
        Thread { box.data = err.fileHandleForReading.readDataToEndOfFile() }.start()
        return (p, box)
    }

    /// How an interrupted CLI ended: its status, how it ended, the seconds from kill(2) to the
    /// parent seeing the exit, and its stderr.
    struct Interrupted { var status: Int32; var reason: Process.TerminationReason; var stopSeconds: Double; var stderr: String }

    /// Starts the CLI with `args`, waits (at most `timeout` seconds) until `dir` holds at least
    /// `temporaries` temporary files (names starting with "."), then `after` seconds more, sends
    /// `sig` and waits for the exit. Fails the test when the temporaries never appear or the
    /// process ended before the signal.
    static func interrupt(_ args: [String], whenTemporaries temporaries: Int, in dir: String, timeout: Double,
                          after: Double = 0, signal sig: Int32, file: StaticString = #filePath, line: UInt = #line) throws -> Interrupted {
        let (p, err) = try start(args)
        let deadline = Date().addingTimeInterval(timeout)
        var ready = false
        while Date() < deadline && p.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            if names.filter({ $0.hasPrefix(".") }).count >= temporaries { ready = true; break }
            usleep(2000)
        }
        XCTAssertTrue(ready, "the CLI wrote \(temporaries) temporary file(s) in \(dir)", file: file, line: line)
        if after > 0 { usleep(useconds_t(after * 1e6)) }
        XCTAssertTrue(p.isRunning, "still running when the signal is sent", file: file, line: line)
        let t0 = Date()
        kill(p.processIdentifier, sig)
        p.waitUntilExit()
        let stop = Date().timeIntervalSince(t0)
        while !err.done { usleep(1000) }
        return Interrupted(status: p.terminationStatus, reason: p.terminationReason, stopSeconds: stop,
                           stderr: String(decoding: err.data, as: UTF8.self))
    }

    /// ffprobe's JSON for a file.
    static func probe(_ path: String, countFrames: Bool = true) throws -> [String: Any] {
        var args = ["-v", "error", "-show_streams", "-show_format", "-of", "json"]
        if countFrames { args.insert("-count_frames", at: 0) }
        let r = try run(args + [path], executable: which("ffprobe"))
        guard r.status == 0, let obj = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] else {
            throw NSError(domain: "ffprobe", code: Int(r.status), userInfo: [NSLocalizedDescriptionKey: r.stderr])
        }
        return obj
    }

    /// Frame `index` of a video decoded by ffmpeg to 8-bit RGB, reading the matrix and range as
    /// BT.709 limited (what Segue tags), full-range RGB out.
    static func decodeFrame(_ path: String, index: Int, width: Int, height: Int) throws -> [UInt8] {
        let tmp = NSTemporaryDirectory() + "segue-e2e-\(getpid())-\(index)-\(UUID().uuidString).rgb"
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let r = try run(["-v", "error", "-y", "-i", path, "-vf",
                         "select=eq(n\\,\(index)),scale=in_color_matrix=bt709:in_range=tv:out_range=pc:flags=accurate_rnd+full_chroma_int,format=rgb24",
                         "-frames:v", "1", "-f", "rawvideo", tmp], executable: which("ffmpeg"))
        guard r.status == 0, let d = FileManager.default.contents(atPath: tmp) else {
            throw NSError(domain: "ffmpeg", code: Int(r.status), userInfo: [NSLocalizedDescriptionKey: r.stderr])
        }
        XCTAssertEqual(d.count, width * height * 3, "decoded frame size")
        return [UInt8](d)
    }

    static func which(_ tool: String) -> String {
        for dir in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(tool)") {
            return "\(dir)/\(tool)"
        }
        return tool
    }

    /// sha256sum's hash of each file, by path.
    static func sha256sum(_ files: [String]) throws -> [String: String] {
        let r = try run(files, executable: which("sha256sum"))
        XCTAssertEqual(r.status, 0, r.stderr)
        var out: [String: String] = [:]
        for line in r.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            out[String(parts[1]).trimmingCharacters(in: .whitespaces)] = String(parts[0])
        }
        return out
    }

    /// Writes `text` to `path`, creating the folders above it.
    static func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    static func tempDir(_ name: String) throws -> String {
        let d = NSTemporaryDirectory() + "segue-e2e-\(name)-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }
}

final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var _data = Data()
    private var _done = false
    var data: Data {
        get { lock.lock(); defer { lock.unlock() }; return _data }
        set { lock.lock(); _data = newValue; _done = true; lock.unlock() }
    }
    var done: Bool { lock.lock(); defer { lock.unlock() }; return _done }
}
