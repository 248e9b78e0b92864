#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Removes the temporaries a killed Segue left beside its destinations (issue 20.9).
///
/// SIGINT and SIGTERM remove every pending temporary (AtomicFile.discardAllPending); SIGKILL, a
/// power cut or an OOM kill cannot. What stays is one of the names AtomicFile and AtomicDirectory
/// make: `.NAME.PID.RAND.tmp` (a file), `.NAME.PID.RAND.tmpdir` (a png sequence's folder) or
/// `.NAME.PID.RAND.tmpdir.old` (a replaced folder set aside), with PID the writer's decimal
/// process id and RAND a base-36 UInt64. The next Segue writing into the same folder sweeps it
/// once: an entry is removed only when
/// - its name matches that pattern exactly (a user's `.x.tmp` or `.notes.tmp` does not),
/// - its type is the one its suffix says (a regular file for `.tmp`, a folder for `.tmpdir`, and
///   such a folder holds only regular files: frames, never the user's tree),
/// - and its PID is of no live process: kill(pid, 0) fails with ESRCH. A live PID — this
///   process's, another Segue's still writing, or any foreign process reusing the number — is
///   left alone (EPERM means alive too).
/// A removal that fails is ignored: a sweep never fails a render.
public enum StaleTemporaries {
    public enum Kind: Equatable, Sendable { case file, folder }

    /// The writer's PID and what the name says the entry is, when `name` is one of Segue's
    /// temporaries; nil for anything else.
    public static func parse(_ name: String) -> (pid: pid_t, kind: Kind)? {
        var rest = Substring(name)
        let kind: Kind
        if rest.hasSuffix(".tmpdir.old") { rest = rest.dropLast(11); kind = .folder }
        else if rest.hasSuffix(".tmpdir") { rest = rest.dropLast(7); kind = .folder }
        else if rest.hasSuffix(".tmp") { rest = rest.dropLast(4); kind = .file }
        else { return nil }
        guard rest.hasPrefix(".") else { return nil }
        let parts = rest.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
        // NAME (which may hold dots, never empty), PID, RAND.
        guard parts.count >= 3 else { return nil }
        let random = parts[parts.count - 1], pidText = parts[parts.count - 2]
        let nameParts = parts.dropLast(2)
        guard !nameParts.joined(separator: ".").isEmpty else { return nil }
        guard (1...13).contains(random.count), random.allSatisfy({ ("0"..."9").contains($0) || ("a"..."z").contains($0) }),
              UInt64(random, radix: 36) != nil else { return nil }
        guard (1...10).contains(pidText.count), pidText.first != "0", pidText.allSatisfy({ ("0"..."9").contains($0) }),
              let pid = Int32(pidText), pid > 0 else { return nil }
        return (pid, kind)
    }

    /// True when no process has this PID (kill(pid, 0) gives ESRCH).
    public static func isDead(_ pid: pid_t) -> Bool {
        if pid == getpid() { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Sweeps `folder` (once per folder per process: a batch writing 100 files into one folder
    /// lists it once). Returns the names removed.
    @discardableResult
    public static func sweep(_ folder: String) -> [String] {
        let key = URL(fileURLWithPath: folder).standardizedFileURL.path
        guard swept.insert(key) else { return [] }
        return sweepNow(key)
    }

    /// Sweeps `folder` whether or not it was swept before (tests).
    public static func sweepNow(_ folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names.sorted() {
            guard let (pid, kind) = parse(name), isDead(pid) else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            var st = stat()
            guard lstat(path, &st) == 0 else { continue }
            switch (kind, st.st_mode & S_IFMT) {
            case (.file, S_IFREG):
                if unlink(path) == 0 { removed.append(name) }
            case (.folder, S_IFDIR):
                if removeFolderOfFiles(path) { removed.append(name) }
            default:
                continue   // the name says one thing, the entry is another: not ours
            }
        }
        return removed
    }

    /// Removes a folder that holds only regular files (what a png sequence's temporary holds);
    /// a folder with anything else in it is left whole.
    static func removeFolderOfFiles(_ path: String) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
        var st = stat()
        for n in names {
            let full = (path as NSString).appendingPathComponent(n)
            guard lstat(full, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return false }
        }
        for n in names { unlink((path as NSString).appendingPathComponent(n)) }
        return rmdir(path) == 0
    }

    private static let swept = SweptFolders()

    final class SweptFolders: @unchecked Sendable {   // all state behind `lock`
        private let lock = NSLock()
        private var folders = Set<String>()
        func insert(_ f: String) -> Bool { lock.lock(); defer { lock.unlock() }; return folders.insert(f).inserted }
    }
}
