#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Input files (presets, assets) must be regular files (issue 20.2). `open()` of a FIFO for
/// reading blocks until a writer appears — `mkfifo p.json; segue validate p.json` hung forever —
/// and a device can be endless (/dev/zero) or have side effects (a tape, a tty). So the file is
/// opened with O_NONBLOCK (which never waits for a FIFO's writer), checked with fstat on the
/// descriptor it opened (no window for a swap between a check and the open), and only a regular
/// file is read.
public enum RegularFile {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// What kind of non-regular file `mode` is, for messages ("a FIFO (named pipe)").
    public static func kindName(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Why `path` cannot be read as an input file (nil: it is a regular file). Follows symlinks.
    public static func problem(_ path: String) -> String? {
        var st = stat()
        if RawPaths.withCString(path, { stat($0, &st) }) != 0 { return errno == ENOENT ? "no such file" : "cannot be read: \(String(cString: strerror(errno)))" }
        return kindName(st.st_mode).map { "is \($0), not a regular file" }
    }

    /// The first `limit` bytes of a regular file (read more than the limit to tell a file that is
    /// too large: pass limit + 1).
    public static func read(_ path: String, limit: Int) throws(Failure) -> Data {
        let fd = RawPaths.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        if fd < 0 {
            switch errno {
            case ENOENT: throw Failure("no such file")
            case EACCES: throw Failure("cannot be read (permission denied)")
            default: throw Failure("cannot be read: \(String(cString: strerror(errno)))")
            }
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw Failure("cannot be read: \(String(cString: strerror(errno)))") }
        if let kind = kindName(st.st_mode) { throw Failure("is \(kind), not a regular file") }
        // A regular file never blocks; clear the flag anyway so reads behave as usual.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var out = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while out.count < limit {
            let want = min(buffer.count, limit - out.count)
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, want) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure("cannot be read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            out.append(contentsOf: buffer[0..<n])
        }
        return out
    }
}
