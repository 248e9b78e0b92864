#if canImport(Glibc)
import Glibc
#endif
import Foundation
import CFFmpeg

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
    /// Missing parent folders are created (unless `createsParents` is false: a second file of an
    /// output already begun, whose folder vanishing is a failure, not something to recreate); a
    /// destination that exists must be a regular file (OutputDestination: anything else is
    /// refused, untouched).
    public init(destination: String, createsParents: Bool = true) throws {
        self.destination = destination
        let url = URL(fileURLWithPath: destination)
        let dir = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        if name.isEmpty || destination.hasSuffix("/") {
            throw MediaError("\(destination): not a file path")
        }
        try OutputDestination.check(destination, folder: false)
        if createsParents { try OutputDestination.createParent(of: destination) }
        StaleTemporaries.sweep(dir)   // what a SIGKILLed Segue left here (issue 20.9)
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let tmp = (dir as NSString).appendingPathComponent(".\(name).\(getpid()).\(random).tmp")
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        if fd < 0 {
            throw MediaError("\(destination): cannot write in the folder \(dir): \(String(cString: strerror(errno)))")
        }
        close(fd)
        temporaryPath = tmp
        AtomicFile.registry.add(tmp)
    }

    deinit { discard() }

    /// Renames the temporary file onto the destination (replacing an existing file atomically),
    /// unless a signal has arrived (Interruption.commit: then InterruptedError, nothing renamed)
    /// or the destination has meanwhile become something other than a regular file.
    /// `evenAfterSignal`: a record of the interruption itself (batch's manifest) is still written.
    public func commit(evenAfterSignal: Bool = false) throws {
        guard pending else { throw MediaError("\(destination): already committed or discarded") }
        do {
            try Interruption.commit(destination, evenAfterSignal: evenAfterSignal) {
                try OutputDestination.check(destination, folder: false)
                if rename(temporaryPath, destination) != 0 {
                    throw MediaError("\(destination): rename from \(temporaryPath) failed: \(String(cString: strerror(errno)))")
                }
            }
        } catch {
            discard()
            throw error
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
        for path in registry.takeAll() where unlink(path) != 0 {
            try? FileManager.default.removeItem(atPath: path)   // an AtomicDirectory's temporary
        }
    }

    /// The temporary files not yet committed or discarded (for tests and diagnostics).
    public static var pendingPaths: [String] { registry.snapshot() }

    static let registry = Registry()

    final class Registry: @unchecked Sendable {   // all state behind `lock`
        private let lock = NSLock()
        private var paths = Set<String>()
        func add(_ p: String) { lock.lock(); paths.insert(p); lock.unlock() }
        func remove(_ p: String) { lock.lock(); paths.remove(p); lock.unlock() }
        func takeAll() -> [String] { lock.lock(); defer { lock.unlock() }; let a = Array(paths); paths = []; return a }
        func snapshot() -> [String] { lock.lock(); defer { lock.unlock() }; return Array(paths) }
    }
}

/// A temporary directory beside its destination directory, moved into place by `commit()` (the
/// png sequence). Until then an existing destination is untouched; `discard()` removes the
/// temporary. Registered with AtomicFile's registry, so `AtomicFile.discardAllPending` removes it.
///
/// Replacing an existing directory: rename(2) cannot replace a non-empty directory, so `commit`
/// swaps the two atomically with renameat2(RENAME_EXCHANGE) and then deletes the old tree (now at
/// the temporary path). Where the filesystem has no exchange, it renames the old directory aside,
/// renames the new one in (renaming the old one back if that fails) and deletes the old one:
/// readers may see no destination for an instant, but never a partial one. An existing
/// destination that is not an empty folder or a folder of Segue's own frames is refused
/// (OutputDestination) rather than deleted.
public final class AtomicDirectory: @unchecked Sendable {
    public let destination: String
    public let temporaryPath: String
    private var pending = true

    private let owned: OwnedFolder

    /// `owned`: which entries make an existing destination folder Segue's own (png frames, or a
    /// gallery's files), so that it may be replaced.
    public init(destination: String, owned: OwnedFolder = .frames) throws {
        self.owned = owned
        var dest = destination
        while dest.count > 1 && dest.hasSuffix("/") { dest.removeLast() }
        self.destination = dest
        let url = URL(fileURLWithPath: dest)
        let dir = url.deletingLastPathComponent().path, name = url.lastPathComponent
        if name.isEmpty || name == "." || name == ".." || dest == "/" {
            throw MediaError("\(destination): not a directory path")
        }
        try OutputDestination.check(dest, folder: true, owned: owned)
        try OutputDestination.createParent(of: dest)
        StaleTemporaries.sweep(dir)
        let tmp = (dir as NSString).appendingPathComponent(".\(name).\(getpid()).\(AtomicDirectory.token()).tmpdir")
        if mkdir(tmp, 0o777) != 0 {
            throw MediaError("\(destination): cannot write in the folder \(dir): \(String(cString: strerror(errno)))")
        }
        temporaryPath = tmp
        AtomicFile.registry.add(tmp)
    }

    deinit { discard() }

    static func token() -> String { String(UInt64.random(in: 0...UInt64.max), radix: 36) }

    /// Moves the temporary directory onto the destination, replacing an existing folder of
    /// Segue's own frames (checked again here: a folder that has meanwhile gained other files is
    /// refused), unless a signal has arrived (Interruption.commit).
    public func commit() throws {
        guard pending else { throw MediaError("\(destination): already committed or discarded") }
        do {
            try Interruption.commit(destination) { try swapIntoPlace() }
        } catch {
            discard()
            throw error
        }
        // Either the tree now at temporaryPath is the replaced one, or nothing is there.
        try? FileManager.default.removeItem(atPath: temporaryPath)
        pending = false
        AtomicFile.registry.remove(temporaryPath)
    }

    private func swapIntoPlace() throws {
        func failure(_ what: String) -> MediaError { MediaError("\(destination): \(what) failed: \(String(cString: strerror(errno)))") }
        let exists = try OutputDestination.check(destination, folder: true, owned: owned) != .absent
        if !exists {
            if rename(temporaryPath, destination) != 0 { throw failure("rename from \(temporaryPath)") }
        } else if segue_rename_exchange(temporaryPath, destination) == 0 {
            // The old tree now sits at temporaryPath; commit() removes it.
        } else {
            let aside = temporaryPath + ".old"
            if rename(destination, aside) != 0 { throw failure("rename aside to \(aside)") }
            if rename(temporaryPath, destination) != 0 {
                let e = failure("rename from \(temporaryPath)")
                _ = rename(aside, destination)
                throw e
            }
            try? FileManager.default.removeItem(atPath: aside)
        }
    }

    /// Removes the temporary directory and everything in it; the destination is untouched. Idempotent.
    public func discard() {
        guard pending else { return }
        pending = false
        try? FileManager.default.removeItem(atPath: temporaryPath)
        AtomicFile.registry.remove(temporaryPath)
    }
}
