import Foundation

/// A started child process whose exit can be awaited with a bound, and whose stderr is collected.
public final class Child: @unchecked Sendable {   // @unchecked: `exited` is a semaphore; Process is thread-safe for these calls
    public let process: Process
    public let stderr: Output
    private let exited = DispatchSemaphore(value: 0)

    /// Starts `executable` with `args`; stdout goes to `stdout` (default /dev/null).
    public init(_ executable: String, _ args: [String], in dir: String? = nil, stdout: FileHandle = .nullDevice) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = args
        if let dir { process.currentDirectoryURL = URL(fileURLWithPath: dir) }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = stdout
        let done = exited
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        stderr = Output.collecting(err.fileHandleForReading)
    }

    public var pid: pid_t { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }

    /// Waits for the exit at most `timeout` seconds; false if it is still running (a hang).
    public func waitForExit(timeout: Double) -> Bool {
        guard exited.wait(timeout: .now() + timeout) == .success else { return false }
        exited.signal()   // later waits see the exit too
        process.waitUntilExit()
        return true
    }

    /// Waits for the exit (a generous bound: 300 s; a hang is killed and reported by the caller's
    /// assertion on the status) and the end of stderr; returns stderr's text.
    @discardableResult
    public func finish(timeout: Double = 300) -> String {
        if !waitForExit(timeout: timeout) { kill(pid, SIGKILL); _ = waitForExit(timeout: timeout) }
        return stderr.waitForEnd()
    }

    public func signal(_ sig: Int32) { kill(pid, sig) }

    /// The CPU seconds (user + system) the running child has used so far, from /proc (0 once gone).
    public var cpuSeconds: Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        // Fields after "(comm)": state is field 3, utime 14 and stime 15 (proc(5)).
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

/// The CPU seconds of every child this process has reaped (getrusage(RUSAGE_CHILDREN)): the
/// difference across one child's exit is that child's whole CPU time.
public func reapedChildrenCPUSeconds() -> Double {
    var u = rusage()
    getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &u)
    func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return s(u.ru_utime) + s(u.ru_stime)
}
