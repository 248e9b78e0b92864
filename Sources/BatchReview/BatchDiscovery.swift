#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Media
import Vocabulary

extension BatchJob {
    /// A preset file found on the command line: its path and the key its shard is chosen by.
    public struct Input: Sendable, Equatable {
        public var path: String
        public var key: String
    }

    /// Files as given; folders expanded to every `*.json` below them (recursive, hidden files and
    /// folders skipped, symbolic links to folders not followed), sorted by path. The same file
    /// given twice is taken once. Names are read from the folder's own bytes: one that is not
    /// UTF-8 is kept, shown escaped (RawPaths), instead of vanishing.
    public static func discover(_ arguments: [String], excluding excluded: [String] = []) throws -> [Input] {
        var out: [Input] = []
        var seen = Set(excluded.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        func add(_ path: String, key: String) {
            if seen.insert(URL(fileURLWithPath: path).standardizedFileURL.path).inserted { out.append(Input(path: path, key: key)) }
        }
        for arg in arguments {
            var st = stat()
            guard RawPaths.withCString(arg, { stat($0, &st) }) == 0 else { throw BatchError("\(arg): no such file or folder") }
            if st.st_mode & S_IFMT == S_IFDIR {
                var found: [String] = []
                guard walk(arg, relative: "", into: &found) else { throw BatchError("\(arg): cannot read the folder") }
                for rel in found.sorted() { add((arg as NSString).appendingPathComponent(rel), key: rel) }
            } else {
                var key = arg
                while key.hasPrefix("./") { key.removeFirst(2) }
                add(arg, key: key)
            }
        }
        return out
    }

    /// The `*.json` files below `folder` as paths relative to the walk's start; false when
    /// `folder` cannot be read (a subfolder that cannot is skipped).
    static func walk(_ folder: String, relative: String, into found: inout [String]) -> Bool {
        guard let paths = RawPaths.entries(folder) else { return false }
        for path in paths {
            let name = (path as NSString).lastPathComponent
            guard !name.hasPrefix(".") else { continue }
            let rel = relative.isEmpty ? name : relative + "/" + name
            var st = stat()
            guard RawPaths.withCString(path, { lstat($0, &st) }) == 0 else { continue }
            if st.st_mode & S_IFMT == S_IFDIR { _ = walk(path, relative: rel, into: &found); continue }
            // A link to a file counts as the file (as before); one to a folder is not followed.
            if st.st_mode & S_IFMT == S_IFLNK, RawPaths.withCString(path, { stat($0, &st) }) != 0 || st.st_mode & S_IFMT == S_IFDIR { continue }
            if name.hasSuffix(".json") { found.append(rel) }
        }
        return true
    }
}
