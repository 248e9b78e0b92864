import Foundation
import FramePipeline
import Media
import Vocabulary

/// `--cache DIR`: a content-addressed store of finished outputs. The key is the SHA-256 of
/// everything that decides the output's bytes: the preset text, every referenced asset's bytes
/// (by relative path), the output name (it is the file's title tag), the output format and the
/// command-line options that change pixels or encoding, Segue's version and FFmpeg's library
/// versions. `--jobs` is not in
/// the key: output bytes do not depend on it (RenderJob pins the encoder's threads).
///
/// Layout: DIR/ab/abcdef….ext. Entries are written to a temporary file beside their place and
/// renamed, so concurrent batches (several shards on one machine) can share a cache: the worst
/// case is two writers renaming identical files over each other.
public struct RenderCache: Sendable {
    public let directory: String

    public init(directory: String) throws {
        self.directory = directory
        do { try OutputDestination.createFolder(directory) } catch {
            throw BatchError("--cache \(directory): \(error)")
        }
    }

    /// The cache key. `assets` are (relative path as written, full path) pairs.
    public static func key(presetText: Data, name: String, assets: [(relative: String, full: String)], format: String,
                           options: String) throws -> String {
        var s = SHA256()
        s.update("segue-cache 1\nversion \(SegueVersion.string)\nencoder \(RenderCache.encoderVersion)\nformat \(format)\nname \(name)\noptions \(options)\n")
        s.update("preset \(presetText.count)\n")
        s.update(presetText)
        // Sorted and unique, so the order screens are written in does not matter twice.
        var seen = Set<String>()
        for a in assets.sorted(by: { $0.relative < $1.relative }) where seen.insert(a.relative).inserted {
            s.update("\nasset \(a.relative) \(try SHA256.hash(file: a.full))")
        }
        return SHA256.hex(s.finalize())
    }

    /// FFmpeg's libraries (and through libavcodec's build, x264) decide the bytes as much as Segue
    /// does: a machine with another FFmpeg must not reuse this one's files.
    public static let encoderVersion: String = LibraryVersions.ffmpeg

    public func path(key: String, ext: String) -> String {
        (directory as NSString).appendingPathComponent("\(key.prefix(2))/\(key).\(ext)")
    }

    /// Where an entry's recorded SHA-256 is kept: beside it, `<entry>.sha256`.
    static func digestPath(_ entry: String) -> String { entry + ".sha256" }

    /// The cached file for `key` and its recorded SHA-256, if there is an entry whose bytes still
    /// hash to what was recorded when it was stored (issue 20.10: an entry truncated to 0 bytes,
    /// or damaged any other way, was served as a hit). A damaged entry, or one without a record,
    /// is removed and reported as a miss, so the preset is rendered (and stored) again.
    public func lookup(key: String, ext: String) -> (path: String, sha256: String)? {
        let p = path(key: key, ext: ext)
        // A regular file inside the cache, no symbolic link on the way (issue 27.1: an entry
        // replaced by a link to an outside file was served as `cached`). Anything else is a miss
        // and is removed (unlink removes a link, never its target).
        guard ContainedFile.problem(p, inside: directory) == nil, ContainedFile.problem(RenderCache.digestPath(p), inside: directory) == nil else {
            RenderCache.removeEntry(p)
            return nil
        }
        let recorded = (try? RegularFile.read(RenderCache.digestPath(p), limit: 64)).map { String(decoding: $0, as: UTF8.self) }
        if let recorded, recorded.count == 64, (try? SHA256.hash(file: p)) == recorded { return (p, recorded) }
        RenderCache.removeEntry(p)
        return nil
    }

    /// Removes an entry and its record when they are files or links (a folder in their place is
    /// left alone: it is not Segue's to delete).
    static func removeEntry(_ p: String) {
        for f in [p, digestPath(p)] {
            var st = stat()
            if lstat(f, &st) == 0 && st.st_mode & S_IFMT != S_IFDIR { unlink(f) }
        }
    }

    /// Stores `file` (whose SHA-256 is `sha256`) as the entry for `key`: the entry first, then its
    /// record, each renamed into place (a reader that sees the entry without the record misses).
    public func store(_ file: String, sha256: String, key: String, ext: String) throws {
        let p = path(key: key, ext: ext)
        let sub = (p as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        var st = stat()
        guard lstat(sub, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
            throw BatchError("\(sub): is not a folder of the cache (a symbolic link?); nothing stored")
        }
        try RenderCache.copyAtomically(from: file, to: p)
        let record = try AtomicFile(destination: RenderCache.digestPath(p))
        guard FileManager.default.createFile(atPath: record.temporaryPath, contents: Data(sha256.utf8)) else {
            record.discard()
            throw BatchError("\(RenderCache.digestPath(p)): cannot be written")
        }
        try record.commit()
    }

    /// Copies `source` to a temporary file beside `destination`, then renames it into place: a
    /// reader never sees a partial file, and an interrupted copy leaves the destination untouched.
    public static func copyAtomically(from source: String, to destination: String) throws {
        guard let input = FileHandle(forReadingAtPath: source) else { throw BatchError("\(source): cannot be read") }
        defer { try? input.close() }
        let file = try AtomicFile(destination: destination)
        guard let output = FileHandle(forWritingAtPath: file.temporaryPath) else {
            file.discard()
            throw BatchError("\(file.temporaryPath): cannot be written")
        }
        do {
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { try output.write(contentsOf: chunk) }
            try output.close()
        } catch {
            try? output.close()
            file.discard()
            throw BatchError("copying \(source) to \(destination): \(systemReason(error))")
        }
        try file.commit()
    }
}

public struct BatchError: Error, CustomStringConvertible, Sendable {
    public var description: String
    /// False when the manifest itself is what was refused: then it is not written either.
    public var recordable: Bool
    public init(_ d: String, recordable: Bool = true) { description = d; self.recordable = recordable }
}
