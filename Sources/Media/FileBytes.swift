#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Whole-file writes with every result checked: each write(2) (a short write continues, EINTR
/// retries) and the close(2), where a delayed write error can surface. Errors carry errno's own
/// words ("File too large", "No space left on device"), which Foundation's `Data.write` reported
/// as "The operation could not be completed. (NSCocoaErrorDomain error 512.)" (issue 19.6).
public enum FileBytes {
    /// Writes `data` to `path`, created or truncated. `name` is what errors call the file
    /// (the destination the user named, where `path` is its temporary).
    public static func write(_ data: Data, to path: String, name: String? = nil) throws {
        func failure(_ step: String) -> MediaError {
            let what = name.map { "\($0): \(step) \(path)" } ?? "\(path): \(step)"
            return MediaError("\(what) failed: \(String(cString: strerror(errno)))")
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        if fd < 0 { throw failure("opening") }
        var failed: MediaError?
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard var p = raw.baseAddress else { return }
            var left = raw.count
            while left > 0 {
                let n = Glibc.write(fd, p, left)
                if n < 0 {
                    if errno == EINTR { continue }
                    failed = failure("writing"); return
                }
                p += n; left -= n
            }
        }
        if close(fd) != 0, failed == nil { failed = failure("closing") }
        if let failed { throw failed }
    }

    /// `data` into place at `destination` atomically: written to an AtomicFile's temporary, then
    /// renamed (AtomicFile.commit); on any failure the temporary is removed and the destination
    /// is untouched.
    public static func writeAtomically(_ data: Data, to destination: String) throws {
        let file = try AtomicFile(destination: destination)
        do { try write(data, to: file.temporaryPath, name: destination) } catch {
            file.discard()
            throw error
        }
        try file.commit()
    }
}
