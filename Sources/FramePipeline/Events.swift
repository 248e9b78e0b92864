import Foundation

/// The NDJSON events of `--progress json` (README "Progress and errors", docs/CI.md): one JSON
/// object per line on stderr, each a Codable value rather than hand-built text. Every field is
/// always present (null when it has no value), in a fixed order (`event` first; OrderedJSON),
/// numbers with the decimals the text format always had.
public enum ProgressEvent {
    /// A frame count update of one render.
    public struct Progress: Encodable {
        public var event = "progress"
        public var name: String
        public var frame: Int
        public var total: Int
        public var fps: Double
        public var eta: Double
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(event, forKey: .event); try c.encode(name, forKey: .name)
            try c.encode(frame, forKey: .frame); try c.encode(total, forKey: .total)
            try c.encode(JSONDecimal(fps, 2), forKey: .fps); try c.encode(JSONDecimal(eta, 2), forKey: .eta)
        }
        enum CodingKeys: String, CodingKey { case event, name, frame, total, fps, eta }
    }

    /// One render finished.
    public struct Done: Encodable {
        public var event = "done"
        public var name: String
        public var frames: Int
        public var seconds: Double
        public var output: String?
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(event, forKey: .event); try c.encode(name, forKey: .name); try c.encode(frames, forKey: .frames)
            try c.encode(JSONDecimal(seconds, 3), forKey: .seconds); try c.encode(output, forKey: .output)
        }
        enum CodingKeys: String, CodingKey { case event, name, frames, seconds, output }
    }

    /// A fatal error of any command.
    public struct Failure: Encodable {
        public var event = "error"
        public var exitCode: Int32
        public var message: String
        public init(exitCode: Int32, message: String) { self.exitCode = exitCode; self.message = message }
    }

    /// A command stopped by a signal.
    public struct Interrupted: Encodable {
        public var event = "interrupted"
        public var signal: Int32
        public var exitCode: Int32
        public var message: String
        public init(signal: Int32, message: String) { self.signal = signal; exitCode = 128 + signal; self.message = message }
    }

    /// The event as one line of text (no newline).
    public static func line(_ event: some Encodable) -> String {
        // Plain strings, numbers and nulls cannot fail to encode; a failure is a programming error.
        guard let v = try? OrderedJSON.value(event) else { preconditionFailure("encoding \(type(of: event)) failed") }
        return OrderedJSON.compact(v)
    }
}
