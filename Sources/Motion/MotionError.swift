// Errors raised when a motion description cannot be evaluated. Messages are written to be the
// "what was expected, what was found" half of a preset diagnostic (docs/CLI.md).
import Geometry

public enum MotionError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidCurve(String)
    case invalidDuration(String)
    case invalidGesture(String)
    case invalidKeyframes(String)

    public var description: String {
        switch self {
        case let .invalidCurve(m), let .invalidDuration(m), let .invalidGesture(m), let .invalidKeyframes(m): return m
        }
    }
}
