#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A temporary file beside its destination (same directory, so `rename` is atomic), renamed into
/// place by `commit()`. Until then the destination is untouched; `discard()` removes the
/// temporary file. Every pending temporary is also listed in a process-wide registry so a signal
/// path can remove them all (`discardAllPending`).
///
/// Thread safety: `commit`/`discard` are for the owner's thread; the registry is lock-protected,
/// so `discardAllPending` may run on any thread (a DispatchSource signal handler, not an
/// async-signal context).
public final class AtomicFile: @unchecked Sendable {
    public let destination: String
    public let temporaryPath: String
    private var pending = true

    /// Creates (exclusively) the empty temporary file, so an unwritable directory fails here.
    public init(destination: String) throws {
        self.destination = destination
        let url = URL(fileURLWithPath: destination)
        let dir = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        if name.isEmpty || destination.hasSuffix("/") {
            throw MediaError("\(destination): not a file path")
        }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination, isDirectory: &isDir), isDir.boolValue {
            throw MediaError("\(destination): is a directory")
        }
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let tmp = (dir as NSString).appendingPathComponent(".\(name).\(getpid()).\(random).tmp")
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        if fd < 0 {
            throw MediaError("\(destination): cannot create temporary file \(tmp): \(String(cString: strerror(errno)))")
        }
        close(fd)
        temporaryPath = tmp
        AtomicFile.registry.add(tmp)
    }

    deinit { discard() }

    /// Renames the temporary file onto the destination (replacing an existing file atomically).
    public func commit() throws {
        guard pending else { throw MediaError("\(destination): already committed or discarded") }
        if rename(temporaryPath, destination) != 0 {
            let text = String(cString: strerror(errno))
            discard()
            throw MediaError("\(destination): rename from \(temporaryPath) failed: \(text)")
        }
        pending = false
        AtomicFile.registry.remove(temporaryPath)
    }

    /// Removes the temporary file; the destination is untouched. Idempotent.
    public func discard() {
        guard pending else { return }
        pending = false
        unlink(temporaryPath)
        AtomicFile.registry.remove(temporaryPath)
    }

    /// Removes every pending temporary file of this process (for SIGINT/SIGTERM handling).
    public static func discardAllPending() {
        for path in registry.takeAll() { unlink(path) }
    }

    /// The temporary files not yet committed or discarded (for tests and diagnostics).
    public static var pendingPaths: [String] { registry.snapshot() }

    private static let registry = Registry()

    private final class Registry: @unchecked Sendable {   // all state behind `lock`
        private let lock = NSLock()
        private var paths = Set<String>()
        func add(_ p: String) { lock.lock(); paths.insert(p); lock.unlock() }
        func remove(_ p: String) { lock.lock(); paths.remove(p); lock.unlock() }
        func takeAll() -> [String] { lock.lock(); defer { lock.unlock() }; let a = Array(paths); paths = []; return a }
        func snapshot() -> [String] { lock.lock(); defer { lock.unlock() }; return Array(paths) }
    }
}
