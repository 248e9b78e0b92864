import Foundation

/// A GIF's frame rate. GIF stores each frame's delay in whole centiseconds, and every major
/// browser (and FFmpeg's own GIF reader, libavformat/gifdec.c `min_delay`) shows a delay of 0 or
/// 1 cs as 10 cs, so the only rates a GIF plays at are 100/d fps for whole d ≥ 2: 50, 33⅓, 25,
/// 20, 16⅔ … A 60 fps story written with delays of 1 and 2 cs plays almost three times too slow
/// (gifski caps GIFs at 50 fps for the same reason). Segue samples the story at 100/d fps, every
/// frame d cs, so the delays add up to the clip's duration.
public struct GIFTiming: Sendable, Equatable {
    /// Centiseconds per frame, ≥ 2.
    public let delay: Int

    public static let minimumDelay = 2

    public init(delay: Int) {
        precondition(delay >= Self.minimumDelay, "a GIF delay below 2 cs plays as 10 cs")
        self.delay = delay
    }

    /// The highest rate a GIF can play that is not above `fps` (60 → 50, 30 → 25, 24 → 20);
    /// at most 50 fps.
    public init(highestNotAbove fps: Int) {
        let d = (100 + max(fps, 1) - 1) / max(fps, 1)   // ceil(100 / fps)
        self.init(delay: max(Self.minimumDelay, d))
    }

    /// The rate asked for exactly (`--fps N`), or nil when no whole delay ≥ 2 cs gives N fps.
    public init?(exactly fps: Int) {
        guard fps > 0, 100 % fps == 0, 100 / fps >= Self.minimumDelay else { return nil }
        self.init(delay: 100 / fps)
    }

    /// The whole-number rates a GIF can be asked for: 50, 25, 20, 10, 5, 4, 2, 1.
    public static let wholeRates = (1...50).filter { 100 % $0 == 0 && 100 / $0 >= minimumDelay }.reversed() as [Int]

    /// Frames per second (100 / delay; 33.333… for 3 cs).
    public var fps: Double { 100 / Double(delay) }

    /// "50", "25"; "33.33" for rates that are not whole.
    public var rateName: String { 100 % delay == 0 ? "\(100 / delay)" : String(format: "%.2f", fps) }

    /// The message for a `--fps` that no GIF can play.
    public static func unreachable(_ fps: Int) -> String {
        "a GIF cannot play at \(fps) fps: its frame delays are whole centiseconds of at least 2 "
            + "(browsers show shorter ones as 10 cs), so its rates are 100/d fps (50, 33.33, 25, 20 …); use --fps "
            + wholeRates.map(String.init).joined(separator: ", ")
            + " or leave --fps out (the preset's fps rounds down to the nearest such rate)"
    }
}
