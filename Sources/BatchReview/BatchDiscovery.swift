import Foundation

extension BatchJob {
    /// A preset file found on the command line: its path and the key its shard is chosen by.
    public struct Input: Sendable, Equatable {
        public var path: String
        public var key: String
    }

    /// Files as given; folders expanded to every `*.json` below them (recursive, hidden files and
    /// folders skipped), sorted by path. The same file given twice is taken once.
    public static func discover(_ arguments: [String], excluding excluded: [String] = []) throws -> [Input] {
        let fm = FileManager.default
        var out: [Input] = []
        var seen = Set(excluded.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        func add(_ path: String, key: String) {
            if seen.insert(URL(fileURLWithPath: path).standardizedFileURL.path).inserted { out.append(Input(path: path, key: key)) }
        }
        for arg in arguments {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: arg, isDirectory: &isDir) else { throw BatchError("\(arg): no such file or folder") }
            if isDir.boolValue {
                guard let walker = fm.enumerator(atPath: arg) else { throw BatchError("\(arg): cannot read the folder") }
                var found: [String] = []
                while let rel = walker.nextObject() as? String {
                    let parts = rel.split(separator: "/")
                    if parts.contains(where: { $0.hasPrefix(".") }) { continue }
                    guard rel.hasSuffix(".json") else { continue }
                    var d: ObjCBool = false
                    let full = (arg as NSString).appendingPathComponent(rel)
                    if fm.fileExists(atPath: full, isDirectory: &d), !d.boolValue { found.append(rel) }
                }
                for rel in found.sorted() { add((arg as NSString).appendingPathComponent(rel), key: rel) }
            } else {
                var key = arg
                while key.hasPrefix("./") { key.removeFirst(2) }
                add(arg, key: key)
            }
        }
        return out
    }
}
