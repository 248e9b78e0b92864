import Foundation

/// The last preset text parsed and its tree, kept so that checking every combination of a matrix
/// parses the file once, not once per clip (issue 27.8: 1 000 clips of a 36 KB preset parsed
/// 36 MB of JSON). Comparing the text costs a memcmp; one entry is enough, as combinations of
/// one file are checked one after another.
enum ParsedDocument {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var last: (text: String, root: JSONNode, duplicates: [DuplicateKey])?

    static func parse(_ text: String) throws(JSONSyntaxError) -> (JSONNode, [DuplicateKey]) {
        lock.lock()
        if let last, last.text == text { lock.unlock(); return (last.root, last.duplicates) }
        lock.unlock()
        let (root, duplicates) = try JSONReader.parseDocument(text)
        lock.lock()
        last = (text, root, duplicates)
        lock.unlock()
        return (root, duplicates)
    }
}
