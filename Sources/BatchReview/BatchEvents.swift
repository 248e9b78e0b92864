import Foundation
import FramePipeline

/// A batch's own NDJSON events (FramePipeline's `ProgressEvent` has the events of one render and
/// the command-level ones), encoded the same way: every field present, `event` first.
extension ProgressEvent {
    /// One preset of a batch finished (`index` of `total`, in the order they finished).
    public struct Preset: Encodable {
        public var event = "preset"
        public var index: Int
        public var total: Int
        public var entry: BatchEntry
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(event, forKey: .event); try c.encode(index, forKey: .index); try c.encode(total, forKey: .total)
            try c.encode(entry.input, forKey: .input); try c.encode(entry.output, forKey: .output)
            try c.encode(entry.status.rawValue, forKey: .status); try c.encode(entry.frames, forKey: .frames)
            try c.encode(JSONDecimal(entry.wallTime ?? 0, 3), forKey: .wallTime)
            try c.encode(entry.sha256, forKey: .sha256); try c.encode(entry.error, forKey: .error)
        }
        enum CodingKeys: String, CodingKey { case event, index, total, input, output, status, frames, wallTime, sha256, error }
    }

    /// The batch finished: how many presets ended in each status, and the exit code.
    public struct Batch: Encodable {
        public var total: Int
        public var counts: [BatchStatus: Int]
        public var exitCode: Int32
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: DynamicKey.self)
            try c.encode("batch", forKey: DynamicKey("event")); try c.encode(total, forKey: DynamicKey("total"))
            for s in BatchStatus.allCases { try c.encode(counts[s] ?? 0, forKey: DynamicKey(s.rawValue)) }
            try c.encode(exitCode, forKey: DynamicKey("exitCode"))
        }
    }

    /// One problem of an invalid preset in a batch (its line, as the text formats print it).
    public struct Problem: Encodable {
        public var event = "problem"
        public var input: String
        public var message: String
        public init(input: String, message: String) { self.input = input; self.message = message }
    }
}

/// A JSON key chosen at run time (the batch event's per-status counts).
struct DynamicKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
