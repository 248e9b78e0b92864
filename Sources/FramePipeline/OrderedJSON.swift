import Foundation

/// An Encoder that keeps keys in the order `encode(to:)` writes them. Foundation's JSONEncoder
/// on Linux orders keys by hash (or sorts them); the manifest and the NDJSON events have a
/// documented order — `event` first, a matrix combination in its clip name's order (docs/CI.md's
/// `jq` recipes print it) — so Segue's Codable values are written through this one.
///
/// `JSONDecimal` values are written with a fixed number of decimals (the manifest's "wallTime":
/// 0.084), as the text format always had them.
package enum OrderedJSON {
    package enum Value: Sendable {
        case null, bool(Bool), number(String), string(String)
        case array([Value]), object([(String, Value)])
    }

    package static func value(_ v: some Encodable) throws -> Value {
        let root = Box()
        try TreeEncoder.encode(v, into: root, path: [])
        return root.resolved ?? .null
    }

    /// One line: `{"event":"done","frames":4}`.
    package static func compact(_ v: Value) -> String {
        switch v {
        case .array(let items): return "[" + items.map(compact).joined(separator: ",") + "]"
        case .object(let pairs): return "{" + pairs.map { quote($0.0) + ":" + compact($0.1) }.joined(separator: ",") + "}"
        default: return scalar(v)
        }
    }

    /// Spaced on one line: `{ "ok": 1, "failed": 0 }`, `["a", "b"]`.
    package static func inline(_ v: Value) -> String {
        switch v {
        case .array(let items): return "[" + items.map(inline).joined(separator: ", ") + "]"
        case .object(let pairs) where pairs.isEmpty: return "{}"
        case .object(let pairs): return "{ " + pairs.map { quote($0.0) + ": " + inline($0.1) }.joined(separator: ", ") + " }"
        default: return scalar(v)
        }
    }

    static func scalar(_ v: Value) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n
        case .string(let s): return quote(s)
        case .array, .object: return inline(v)
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped, nothing else (paths
    /// and non-ASCII text stay readable).
    package static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    static func numeric(_ d: Double) -> Value {
        guard d.isFinite else { return .null }
        if d == d.rounded(), abs(d) < 1e15 { return .number(String(Int64(d))) }
        return .number("\(d)")
    }
}

/// A number written with `digits` decimals ("%.3f"); null when not finite (JSON has no infinity).
package struct JSONDecimal: Encodable {
    var value: Double
    var digits: Int
    package init?(_ value: Double?, _ digits: Int) {
        guard let value else { return nil }
        self.value = value; self.digits = digits
    }
    var text: OrderedJSON.Value { value.isFinite ? .number(String(format: "%.\(digits)f", value)) : .null }
    package func encode(to encoder: Encoder) throws {   // through another encoder: a plain number
        var c = encoder.singleValueContainer()
        if value.isFinite { try c.encode(value) } else { try c.encodeNil() }
    }
}

/// Where one encoded value lands (containers fill theirs in as children are encoded).
private final class Box {
    var value: OrderedJSON.Value?
    var pairs: [(String, Box)]?
    var items: [Box]?
    var resolved: OrderedJSON.Value? {
        if let pairs { return .object(pairs.map { ($0.0, $0.1.resolved ?? .null) }) }
        if let items { return .array(items.map { $0.resolved ?? .null }) }
        return value
    }
}

private struct TreeEncoder: Encoder {
    var codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    let target: Box

    init(codingPath: [CodingKey], into box: Box) {
        self.codingPath = codingPath
        target = box
    }

    func container<Key: CodingKey>(keyedBy: Key.Type) -> KeyedEncodingContainer<Key> {
        if target.pairs == nil { target.pairs = [] }
        return KeyedEncodingContainer(Keyed<Key>(box: target, codingPath: codingPath))
    }
    func unkeyedContainer() -> UnkeyedEncodingContainer {
        if target.items == nil { target.items = [] }
        return Unkeyed(box: target, codingPath: codingPath)
    }
    func singleValueContainer() -> SingleValueEncodingContainer { Single(box: target, codingPath: codingPath) }

    /// Encodes `v` into `box`: scalars directly, JSONDecimal by its fixed text, else through `encode(to:)`.
    static func encode(_ v: some Encodable, into box: Box, path: [CodingKey]) throws {
        switch v {
        case let d as JSONDecimal: box.value = d.text
        case let s as String: box.value = .string(s)
        case let b as Bool: box.value = .bool(b)
        case let d as Double: box.value = OrderedJSON.numeric(d)
        case let i as Int: box.value = .number(String(i))
        case let i as Int32: box.value = .number(String(i))
        case let i as Int64: box.value = .number(String(i))
        default: try v.encode(to: TreeEncoder(codingPath: path, into: box))
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: Box
        var codingPath: [CodingKey]
        private func child(_ key: Key) -> Box { let b = Box(); box.pairs!.append((key.stringValue, b)); return b }
        mutating func encodeNil(forKey key: Key) throws { child(key).value = .null }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try TreeEncoder.encode(value, into: child(key), path: codingPath + [key])
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            TreeEncoder(codingPath: codingPath + [key], into: child(key)).container(keyedBy: NestedKey.self)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
            TreeEncoder(codingPath: codingPath + [key], into: child(key)).unkeyedContainer()
        }
        mutating func superEncoder() -> Encoder { TreeEncoder(codingPath: codingPath, into: box) }
        mutating func superEncoder(forKey key: Key) -> Encoder { TreeEncoder(codingPath: codingPath + [key], into: child(key)) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let box: Box
        var codingPath: [CodingKey]
        var count: Int { box.items!.count }
        private func child() -> Box { let b = Box(); box.items!.append(b); return b }
        mutating func encodeNil() throws { child().value = .null }
        mutating func encode<T: Encodable>(_ value: T) throws { try TreeEncoder.encode(value, into: child(), path: codingPath) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            TreeEncoder(codingPath: codingPath, into: child()).container(keyedBy: NestedKey.self)
        }
        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer { TreeEncoder(codingPath: codingPath, into: child()).unkeyedContainer() }
        mutating func superEncoder() -> Encoder { TreeEncoder(codingPath: codingPath, into: child()) }
    }

    struct Single: SingleValueEncodingContainer {
        let box: Box
        var codingPath: [CodingKey]
        mutating func encodeNil() throws { box.value = .null }
        mutating func encode<T: Encodable>(_ value: T) throws { try TreeEncoder.encode(value, into: box, path: codingPath) }
    }
}
