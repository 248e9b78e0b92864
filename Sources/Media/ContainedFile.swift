#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Vocabulary

/// A file Segue copies, links or serves into an output (a baseline clip, a gallery manifest's
/// clip, a cache entry) must be a regular file inside the folder it belongs to, reached without
/// following a symbolic link (issue 27.1: `baseline/small.mp4 -> ../.git/config` was hard-linked
/// into the uploaded gallery). The path is checked lexically first (no `..` leaving the folder),
/// then opened one component at a time with openat(2) and O_NOFOLLOW relative to the folder, so a
/// symbolic link anywhere below the folder is refused (ELOOP / ENOTDIR), and the last component is
/// checked with fstat on the opened descriptor (a FIFO is opened O_NONBLOCK: never a hang). The
/// folder itself is the user's choice and may be reached through links.
public enum ContainedFile {
    /// The components of `path` below `folder` (both made absolute against the working directory
    /// and normalized lexically), or nil when `path` is not inside `folder`.
    public static func components(of path: String, inside folder: String) -> [String]? {
        let root = normalized(folder), full = normalized(path)
        let prefix = root == "/" ? "/" : root + "/"
        guard full.hasPrefix(prefix), full.count > prefix.count else { return nil }
        return full.dropFirst(prefix.count).split(separator: "/").map(String.init)
    }

    /// `path` made absolute against the working directory, `.` and `..` resolved lexically.
    public static func normalized(_ path: String) -> String {
        let abs = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for c in abs.split(separator: "/") where c != "." && !c.isEmpty {
            if c == ".." { _ = parts.popLast() } else { parts.append(c) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Opens `path` read-only as a regular file inside `folder`; the caller closes the descriptor.
    /// The failure names the path and why ("is a symbolic link", "is outside FOLDER", "is a FIFO").
    public static func open(_ path: String, inside folder: String) throws(RegularFile.Failure) -> Int32 {
        guard let parts = components(of: path, inside: folder) else {
            throw RegularFile.Failure("\(path): is outside \(folder); Segue copies only files inside it")
        }
        var dir = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dir >= 0 else { throw RegularFile.Failure("\(folder): \(reason(errno))") }
        defer { close(dir) }
        for (k, name) in parts.enumerated() {
            let last = k == parts.count - 1
            let flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | (last ? O_NONBLOCK : O_DIRECTORY)
            let fd = openat(dir, name, flags)
            if fd < 0 {
                let where_ = parts[0...k].joined(separator: "/")
                let why = errno == ELOOP || (errno == ENOTDIR && isLink(dir, name)) ? "is a symbolic link; Segue follows none inside \(folder)" : reason(errno)
                throw RegularFile.Failure("\(path): \(where_ == parts.joined(separator: "/") ? "" : "\(where_) ")\(why)")
            }
            if last {
                var st = stat()
                guard fstat(fd, &st) == 0 else { close(fd); throw RegularFile.Failure("\(path): \(reason(errno))") }
                if let kind = RegularFile.kindName(st.st_mode) { close(fd); throw RegularFile.Failure("\(path): is \(kind), not a regular file") }
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
                return fd
            }
            close(dir)
            dir = fd
        }
        throw RegularFile.Failure("\(path): not a file path")
    }

    /// Why `path` may not be used (nil: a regular file inside `folder`, reached without a link).
    public static func problem(_ path: String, inside folder: String) -> String? {
        do {
            let fd = try open(path, inside: folder)
            close(fd)
            return nil
        } catch { return error.description }
    }

    static func isLink(_ dir: Int32, _ name: String) -> Bool {
        var st = stat()
        return fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && st.st_mode & S_IFMT == S_IFLNK
    }

    static func reason(_ e: Int32) -> String {
        e == ENOENT ? "no such file" : e == EACCES ? "cannot be read (permission denied)" : "cannot be read: \(String(cString: strerror(e)))"
    }

    /// Hard-links the file open at `fd` to `destination` (the very inode that was checked, through
    /// /proc/self/fd: linkat(2) documents this for unprivileged callers), else copies its bytes.
    /// `destination` must not exist.
    public static func link(_ fd: Int32, to destination: String) throws(RegularFile.Failure) {
        if linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, destination, AT_SYMLINK_FOLLOW) == 0 { return }
        let out = Glibc.open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard out >= 0 else { throw RegularFile.Failure("\(destination): cannot be written: \(String(cString: strerror(errno)))") }
        defer { close(out) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        _ = lseek(fd, 0, SEEK_SET)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw RegularFile.Failure("copying into \(destination): \(String(cString: strerror(errno)))") }
            if n == 0 { return }
            var done = 0
            while done < n {
                let w = buffer.withUnsafeBytes { Glibc.write(out, $0.baseAddress! + done, n - done) }
                if w < 0 && errno == EINTR { continue }
                if w < 0 { throw RegularFile.Failure("copying into \(destination): \(String(cString: strerror(errno)))") }
                done += w
            }
        }
    }
}
