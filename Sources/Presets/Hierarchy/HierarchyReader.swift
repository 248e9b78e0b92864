import Vocabulary

/// A dump file → `HierarchyDump`, its format told by its first characters: `<` an XML dump
/// (uiautomator, Appium), `{` Maestro's JSON, anything else XCUITest's debugDescription text.
public enum HierarchyReader {
    /// Far above any real dump (a 100 000-node uiautomator dump is about 30 MB).
    public static let maxBytes = 64 << 20

    public static func parse(_ bytes: [UInt8]) throws(HierarchyError) -> HierarchyDump {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[i]) { i += 1 }
        guard i < bytes.count else { throw HierarchyError("the file is empty (expected a uiautomator, Appium, Maestro or XCUITest hierarchy dump)") }
        if bytes[i] == UInt8(ascii: "<") { return try XMLDumps.read(bytes) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw HierarchyError("the file is not UTF-8 text") }
        if bytes[i] == UInt8(ascii: "{") { return try MaestroDump.read(text) }
        return try DebugDescriptionDump.read(text)
    }

    /// The dump at `path` (a regular file, at most `maxBytes`).
    public static func read(path: String) throws(HierarchyError) -> HierarchyDump {
        let data: [UInt8]
        do { data = Array(try RegularFile.read(path, limit: maxBytes + 1)) } catch { throw HierarchyError(error.description) }
        if data.count > maxBytes { throw HierarchyError("is larger than \(maxBytes >> 20) MiB") }
        return try parse(data)
    }
}
