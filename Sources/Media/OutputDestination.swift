#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Vocabulary

/// What an output path names, checked before anything is rendered and again at the rename
/// (docs/CLI.md "Outputs": Segue replaces only what it wrote). A file output may replace a regular file; a
/// png sequence may replace a folder that is empty or holds nothing but Segue's own frames
/// (`frame-NNNNN.png`). Anything else — a folder of the user's files, a device node, a FIFO, a
/// socket, a symbolic link — is refused with a `DestinationError` (exit 2) and never touched.
/// `/dev/null` is not a destination but the null sink (`isNullSink`): nothing is written.
public enum OutputDestination {
    public enum Kind: Equatable, Sendable {
        case absent
        case regularFile
        /// A folder holding only Segue frames (the names; empty for an empty folder).
        case segueFrames([String])
    }

    /// The path ffmpeg users give for "no output".
    public static func isNullSink(_ path: String) -> Bool {
        path == "/dev/null" || (URL(fileURLWithPath: path).standardizedFileURL.path == "/dev/null")
    }

    /// True for `frame-` + at least five digits + `.png`: the names PNGSequenceWriter and
    /// `segue frames` write.
    public static func isSegueFrameName(_ name: String) -> Bool {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst(6).dropLast(4)
        return digits.count >= 5 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Checks `path` as the destination of a file (`folder` false) or of a png sequence (`folder`
    /// true). `inputs` are files the command reads (the preset): naming one as the output is refused.
    @discardableResult
    public static func check(_ path: String, folder: Bool, inputs: [String] = [], owned: OwnedFolder = .frames) throws -> Kind {
        guard !path.isEmpty else { throw DestinationError("-o \"\": an output path is needed") }
        if RawPaths.isRaw(path) { throw DestinationError("\(path): the name is not UTF-8 (shown escaped); Segue writes outputs under UTF-8 names") }
        if path.hasSuffix("/") && !folder {
            throw DestinationError("\(path): is a folder path; give a file name")
        }
        var st = stat()
        guard lstat(path, &st) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return .absent }
            throw DestinationError("\(path): cannot be checked: \(String(cString: strerror(errno)))")
        }
        try refuseInputs(path, inputs)
        switch st.st_mode & S_IFMT {
        case S_IFREG:
            if folder { throw DestinationError("\(path): exists and is a file; a png sequence is a folder of frames") }
            return .regularFile
        case S_IFDIR:
            guard folder else { throw DestinationError("\(path): is a folder; give -o a file name") }
            return .segueFrames(try segueFrames(in: path, owned: owned))
        case S_IFLNK:
            throw DestinationError("\(path): is a symbolic link; Segue replaces only regular files and folders of its own frames (give the link's target)")
        default:
            throw DestinationError("\(path): is \(describe(st.st_mode)); Segue writes only regular files and folders of frames (-o /dev/null renders without writing)")
        }
    }

    /// Refuses `path` when it names one of `inputs` (the same file, by device and inode).
    public static func refuseInputs(_ path: String, _ inputs: [String]) throws {
        var st = stat()
        guard !inputs.isEmpty, stat(path, &st) == 0 else { return }
        for input in inputs {
            var si = stat()
            if stat(input, &si) == 0 && si.st_dev == st.st_dev && si.st_ino == st.st_ino {
                throw DestinationError("\(path): is the input \(input); give -o another path")
            }
        }
    }

    /// Something a run reads or writes that another path it writes may not be: a preset, an
    /// asset, an input, an output of the same run (issue 27.2). `isFolder`: paths inside it are
    /// taken too (a png sequence's folder, a baseline folder).
    public struct Taken: Sendable {
        public var path: String, what: String, isFolder: Bool
        public init(_ path: String, _ what: String, isFolder: Bool = false) { self.path = path; self.what = what; self.isFolder = isFolder }
    }

    /// The rules of `-o` for every other path Segue writes (a manifest, a diff strip or its
    /// folder, a gallery, a sheet, a plot): `check` (no device, FIFO, socket, symbolic link or
    /// foreign folder), and not one of `taken` — compared by device and inode when both exist,
    /// else by the normalized absolute path. `role` names the option in the message.
    @discardableResult
    public static func checkWritten(_ path: String, role: String, folder: Bool = false, taken: [Taken]) throws -> Kind {
        let kind: Kind
        do { kind = try check(path, folder: folder) } catch let e as DestinationError {
            throw DestinationError(e.description.hasPrefix(path) ? "\(role) \(e.description)" : e.description)
        }
        try refuseTaken(path, role: role, taken)
        return kind
    }

    /// Refuses `path` when it is one of `taken` (or inside one that is a folder).
    public static func refuseTaken(_ path: String, role: String, _ taken: [Taken]) throws {
        let mine = ContainedFile.normalized(path)
        var st = stat()
        let exists = stat(path, &st) == 0
        for t in taken {
            var si = stat()
            let other = ContainedFile.normalized(t.path)
            let same = other == mine || (exists && stat(t.path, &si) == 0 && si.st_dev == st.st_dev && si.st_ino == st.st_ino)
            if same || (t.isFolder && mine.hasPrefix(other + "/")) {
                throw DestinationError("\(role) \(path): is \(same ? "" : "inside ")\(t.what) \(t.path); give another path")
            }
        }
    }

    /// True when `path` is a regular file (not following a symbolic link).
    public static func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG
    }

    /// The entries of `folder` when all are Segue frames (regular files); otherwise the error
    /// names the folder and a few of the foreign entries.
    static func segueFrames(in folder: String, owned: OwnedFolder = .frames) throws -> [String] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted() } catch {
            throw DestinationError("\(folder): cannot list the folder: \(systemReason(error))")
        }
        let foreign = names.filter { name in
            var st = stat()
            let full = (folder as NSString).appendingPathComponent(name)
            return !owned.isOwn(name) || lstat(full, &st) != 0 || st.st_mode & S_IFMT != S_IFREG
        }
        if !foreign.isEmpty {
            let shown = foreign.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
            let more = foreign.count > 3 ? " and \(foreign.count - 3) more" : ""
            throw DestinationError("\(folder): the folder holds files Segue did not write (\(shown)\(more)); " + owned.rule)
        }
        return names
    }

    static func describe(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Creates the folder `dir` and those missing above it (as `mkdir -p`). The error names the
    /// folder that could not be made and the system's reason ("Not a directory" under a file),
    /// where FileManager only says "NSCocoaErrorDomain error 512".
    public static func createFolder(_ dir: String) throws {
        var st = stat()
        if stat(dir, &st) == 0 {
            guard st.st_mode & S_IFMT != S_IFDIR else { return }
            throw MediaError("cannot create the folder \(dir): it is \(RegularFile.kindName(st.st_mode) ?? "a file")")
        }
        if errno == ENOENT {
            let up = URL(fileURLWithPath: dir).deletingLastPathComponent().path
            if up != dir { try createFolder(up) }
            if mkdir(dir, 0o777) == 0 || errno == EEXIST { return }
        }
        throw MediaError("cannot create the folder \(dir): \(String(cString: strerror(errno)))")
    }

    /// Creates the missing folders above `path` (as `mkdir -p`); the error (an I/O failure,
    /// exit 1) names the folder that could not be made and why, never a temporary path.
    public static func createParent(of path: String) throws {
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var missing: [String] = []   // nearest first
        var dir = parent
        var st = stat()
        while stat(dir, &st) != 0 {
            guard errno == ENOENT else { break }
            missing.append(dir)
            let up = URL(fileURLWithPath: dir).deletingLastPathComponent().path
            if up == dir { break }
            dir = up
        }
        if missing.isEmpty {
            if st.st_mode & S_IFMT != S_IFDIR { throw MediaError("\(path): cannot be written: \(parent) is not a folder") }
            return
        }
        for folder in missing.reversed() where mkdir(folder, 0o777) != 0 && errno != EEXIST {
            throw MediaError("\(path): cannot create the folder \(folder): \(String(cString: strerror(errno)))")
        }
    }
}

/// Which entries of an existing folder are Segue's own (a folder of only those may be replaced).
public struct OwnedFolder: Sendable {
    public var isOwn: @Sendable (String) -> Bool
    /// What may be replaced, for the refusal.
    public var rule: String
    public init(rule: String, isOwn: @escaping @Sendable (String) -> Bool) { self.rule = rule; self.isOwn = isOwn }

    public static let frames = OwnedFolder(rule: "a png sequence replaces only an empty folder or one of frame-NNNNN.png files: give -o a new or empty folder",
                                           isOwn: OutputDestination.isSegueFrameName)
}

/// A destination Segue must not write: bad usage (exit 2), nothing touched.
public struct DestinationError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
