/// A preset text's JSON tree and its duplicate keys, parsed once and handed to every check of
/// that text: a matrix's combinations are each decoded from the one tree `PresetSource` holds
/// (issue 27.8: 1 000 clips of a 36 KB preset parsed 36 MB of JSON). Passed explicitly, never
/// kept in a static.
public struct ParsedDocument: Sendable {
    var root: JSONNode
    var duplicates: [DuplicateKey]

    /// `text` parsed; a syntax error is the file's one problem, positioned.
    static func parse(_ text: String, file: String) throws(PresetError) -> ParsedDocument {
        do {
            let (root, duplicates) = try JSONReader.parseDocument(text)
            return ParsedDocument(root: root, duplicates: duplicates)
        } catch {
            throw PresetError([Problem(file: file, path: "", message: "invalid JSON: \(error.message)", position: error.position)])
        }
    }

    /// `parsed` when the caller has the tree, else `text` parsed.
    static func given(_ parsed: ParsedDocument?, _ text: String, file: String) throws(PresetError) -> ParsedDocument {
        if let parsed { return parsed }
        return try parse(text, file: file)
    }
}
