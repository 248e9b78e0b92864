#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// File names that are not UTF-8 (issue 27.5). Linux allows any byte but '/' and NUL in a name,
/// and Swift's `CommandLine.arguments` and Foundation's folder listings replace the bytes that
/// are not UTF-8 with U+FFFD: `segue render bad\xFF.json` said "no such file" about a name that
/// does not exist, and a folder's such files vanished from batch and validate. Such a path is
/// carried as its display form — each byte that is not UTF-8 written `\x{FF}` — registered here
/// with its bytes, so every message shows the escaped form (never U+FFFD, never the raw byte)
/// while reading goes to the real file (`withCString`). Outputs are written under UTF-8 names
/// only (`isRaw`: refused with the escaped name).
public enum RawPaths {
    /// Display form → the bytes it was made from.
    private static let registry = Mutex<[String: [UInt8]]>([:])

    /// The process's arguments from their own bytes (argv), each as `name` gives it.
    public static func arguments() -> [String] {
        (0..<Int(CommandLine.argc)).map { i in
            guard let p = CommandLine.unsafeArgv[i] else { return "" }
            return name(Array(UnsafeRawBufferPointer(start: p, count: strlen(p))))
        }
    }

    /// `bytes` as a String: itself when it is UTF-8, else its display form, registered.
    public static func name(_ bytes: [UInt8]) -> String {
        if let s = String(validating: bytes, as: UTF8.self) { return s }
        let shown = escaped(bytes)
        registry.withLock { $0[shown] = bytes }
        return shown
    }

    /// `name` of a child of `folder` (a path this registry may know) read from the folder's listing.
    public static func child(_ folder: String, _ bytes: [UInt8]) -> String {
        let path = (folder as NSString).appendingPathComponent(escaped(bytes))
        if String(validating: bytes, as: UTF8.self) == nil || isRaw(folder) {
            let own = self.bytes(folder)
            let full = own + (own.last == UInt8(ascii: "/") ? [] : [UInt8(ascii: "/")]) + bytes
            registry.withLock { $0[path] = full }
        }
        return path
    }

    /// The entries of `folder` from its own bytes (readdir; "." and ".." left out), each a path
    /// as `child` gives it, in the folder's order; nil when the folder cannot be opened. Batch,
    /// validate and the studio list folders through this, so no name is lost to U+FFFD.
    public static func entries(_ folder: String) -> [String]? {
        guard let dir = withCString(folder, { opendir($0) }) else { return nil }
        defer { closedir(dir) }
        var out: [String] = []
        while let entry = readdir(dir) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            out.append(child(folder, bytes))
        }
        return out
    }

    /// The real path of `path` (realpath: symlinks and ".." resolved) as a name this registry
    /// knows, or nil when it does not exist.
    public static func resolved(_ path: String) -> String? {
        guard let real = withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(real) }
        return name(Array(UnsafeRawBufferPointer(start: real, count: strlen(real))))
    }

    /// The bytes `path` names: a registered display form (or one of its folders) maps back to
    /// the bytes it was made from; any other path is its UTF-8.
    public static func bytes(_ path: String) -> [UInt8] {
        let known = registry.withLock { $0 }
        if known.isEmpty { return Array(path.utf8) }
        var end = path.endIndex
        while true {
            if let raw = known[String(path[..<end])] { return raw + Array(path[end...].utf8) }
            guard let slash = path[..<end].lastIndex(of: "/") else { return Array(path.utf8) }
            end = slash
        }
    }

    /// Whether `path` stands for bytes that are not its own UTF-8.
    public static func isRaw(_ path: String) -> Bool { bytes(path) != Array(path.utf8) }

    /// `body` with `path`'s real bytes as a C string (for open, stat, opendir).
    public static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        let raw = bytes(path).map { CChar(bitPattern: $0) } + [0]
        return try raw.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The bytes as text, each byte that is not part of a valid UTF-8 sequence written `\x{FF}`.
    public static func escaped(_ bytes: [UInt8]) -> String {
        var out = ""
        var i = 0
        while i < bytes.count {
            if bytes[i] < 0x80 { out.unicodeScalars.append(Unicode.Scalar(bytes[i])); i += 1; continue }
            // The shortest valid sequence starting here (2…4 bytes), else one stray byte.
            let valid = (2...4).lazy.filter { i + $0 <= bytes.count }
                .compactMap { n in String(validating: bytes[i..<(i + n)], as: UTF8.self).map { ($0, n) } }.first
            if let (s, n) = valid { out += s; i += n; continue }
            out += "\\x{" + String(bytes[i], radix: 16, uppercase: true) + "}"
            i += 1
        }
        return out
    }
}
