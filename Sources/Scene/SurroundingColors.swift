import Geometry
import Synchronization

/// The colours a screenshot's hidden regions show by default (issue 15): each region's is the
/// per-channel median of the ring of pixels just outside it in the screenshot as drawn. Resolving
/// a preset draws nothing (issue 29.2), so a region's stand-in is a rect painted with its entry
/// here (`Paint.surrounding`), and the renderer fills the colours in when it first draws one of
/// the regions hidden: the screenshot drawn once for all of them, then only the colours kept.
public final class SurroundingColors: Sendable, Hashable {
    /// The screenshot as drawn under its regions (its background and image), in points.
    public let screen: Node
    /// Pixels per point.
    public let scale: Double
    /// Each region's frame (edges on whole pixels), in the screen's points.
    public let frames: [Rect]
    private let measured = Mutex<[Color]?>(nil)

    public init(screen: Node, scale: Double, frames: [Rect]) {
        self.screen = screen; self.scale = scale; self.frames = frames
    }

    /// Region `index`'s colour; the first call measures all of them with `measure`.
    public func color(_ index: Int, measuring measure: (SurroundingColors) -> [Color]) -> Color {
        measured.withLock { colors in
            let all = colors ?? measure(self)
            colors = all
            return all[index]
        }
    }

    // One screenshot's colours are one value: two screens' are never interchangeable.
    public static func == (a: SurroundingColors, b: SurroundingColors) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}
