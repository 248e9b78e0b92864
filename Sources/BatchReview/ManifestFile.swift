import Foundation
import FramePipeline
import Presets

/// The manifest's document (docs/CI.md): the batch, then one object per preset. Field names
/// and values are the manifest format's (version 1); numbers are rounded to the digits it has
/// always had (duration 6, wallTime 3, psnrMin 4, ssimMin 6), a non-finite number is null.
struct ManifestFile: Encodable {
    var entries: [BatchEntry]
    var outputDirectory: String
    var shard: String?
    /// `batch --for TARGET` (only then present).
    var target: String?
    var interrupted: Bool
    var exitCode: Int32?
    /// Only when the batch stopped before rendering.
    var error: String?

    enum CodingKeys: String, CodingKey {
        case segue, manifest, outputDirectory, shard, target = "for", interrupted, exitCode, error, total, counts, presets
    }

    /// Keys in the order below, one per line; each preset on one line.
    var text: String {
        guard case .object(let pairs)? = try? OrderedJSON.value(self) else { preconditionFailure("encoding the manifest failed") }
        var out = "{\n"
        for (i, (key, value)) in pairs.enumerated() {
            out += "  \(OrderedJSON.quote(key)): "
            if key == "presets", case .array(let items) = value, !items.isEmpty {
                out += "[\n" + items.map { "    " + OrderedJSON.inline($0) }.joined(separator: ",\n") + "\n  ]"
            } else {
                out += OrderedJSON.inline(value)
            }
            out += i + 1 < pairs.count ? ",\n" : "\n"
        }
        return out + "}\n"
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(SegueVersion.string, forKey: .segue)
        try c.encode(1, forKey: .manifest)
        try c.encode(outputDirectory, forKey: .outputDirectory)
        try c.encode(shard, forKey: .shard)
        if let target { try c.encode(target, forKey: .target) }
        try c.encode(interrupted, forKey: .interrupted)
        try c.encode(exitCode, forKey: .exitCode)
        if let error { try c.encode(error, forKey: .error) }
        try c.encode(entries.count, forKey: .total)
        try c.encode(StatusCounts(entries.map(\.status)), forKey: .counts)
        try c.encode(entries.map(ManifestEntry.init), forKey: .presets)
    }
}

/// One preset's object in the manifest.
struct ManifestEntry: Encodable {
    var e: BatchEntry

    enum CodingKeys: String, CodingKey {
        case input, key, name, output, status, error, frames, duration, wallTime, sha256, presetSha256, cacheKey, matrix, problems
        case baseline, psnrMin, ssimMin, worstFrame, diff
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(e.input, forKey: .input); try c.encode(e.key, forKey: .key); try c.encode(e.name, forKey: .name)
        try c.encode(e.output, forKey: .output); try c.encode(e.status.rawValue, forKey: .status); try c.encode(e.error, forKey: .error)
        try c.encode(e.frames, forKey: .frames)
        try c.encode(JSONDecimal(e.duration, 6), forKey: .duration)
        try c.encode(JSONDecimal(e.wallTime, 3), forKey: .wallTime)
        try c.encode(e.sha256, forKey: .sha256); try c.encode(e.presetSha256, forKey: .presetSha256); try c.encode(e.cacheKey, forKey: .cacheKey)
        try c.encode(e.combination.map(MatrixObject.init), forKey: .matrix)
        if e.status == .invalid { try c.encode(e.problems, forKey: .problems) }
        if e.baseline != nil || e.status == .new {
            // Identical frames have an infinite PSNR, which JSON cannot hold: null with ssimMin 1.
            try c.encode(e.baseline, forKey: .baseline)
            try c.encode(JSONDecimal(e.psnrMin, 4), forKey: .psnrMin)
            try c.encode(JSONDecimal(e.ssimMin, 6), forKey: .ssimMin)
            try c.encode(e.worstFrame, forKey: .worstFrame); try c.encode(e.diff, forKey: .diff)
        }
    }
}

/// `{"device": "iphone-se", "dark": true}`: the combination a clip renders, each value as the
/// matrix gave it (a string, a number or a boolean).
struct MatrixObject: Encodable {
    var combination: MatrixCombination

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: DynamicKey.self)
        for (key, node) in combination.values {
            switch node.value {
            case .bool(let b): try c.encode(b, forKey: DynamicKey(key))
            case .number(let n): try c.encode(n, forKey: DynamicKey(key))
            case .string(let s): try c.encode(s, forKey: DynamicKey(key))
            default: try c.encode(node.summary, forKey: DynamicKey(key))   // a matrix holds scalars (MatrixParsing)
            }
        }
    }
}

/// `{ "ok": 3, "cached": 0, … }`: every status, in BatchStatus's order.
struct StatusCounts: Encodable {
    var statuses: [BatchStatus]
    init(_ statuses: [BatchStatus]) { self.statuses = statuses }
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: DynamicKey.self)
        for s in BatchStatus.allCases { try c.encode(statuses.filter { $0 == s }.count, forKey: DynamicKey(s.rawValue)) }
    }
}
