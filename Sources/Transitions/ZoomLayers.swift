import Geometry
import Motion
import Scene

/// The drawing of the iOS 18 zoom (platforms.md §1), shared by `navigation-zoom` (into the full
/// screen) and sheet `from` (into the sheet's rounded rect, iOS 26's sheet out of a bar button).
///
/// At forward progress p the card's rect is R(p) = lerp(source frame, target, p) and its corner
/// radius lerp(source radius, target radius, p). The new screen, at its resting placement in the
/// target, is drawn aspect-fill into R — scaled by max(R.w / target.w, R.h / target.h) about R's
/// centre — and clipped to R's rounded rect. The source's snapshot is drawn aspect-filled into R
/// on top with opacity 1 − min(1, p / 0.3): platforms.md §1 "source content cross-fades into the
/// page early in the flight". Aspect fill keeps its shapes (a photo's round sun stays round, as
/// in a UIImageView with scaleAspectFill); at the source's own frame it is the snapshot itself.
/// That is the zoom without a counterpart on the new screen; with one, ZoomFlight.
enum ZoomLayers {
    /// The source's part of the cross-fade ends at this forward progress.
    static let sourceFadeEnd = 0.3

    /// The element the zoom grows out of: the one on the screen underneath.
    struct Source {
        var frame: Rect
        var cornerRadius: Double
        var image: (any ImageSource)?
    }

    /// The source of a frame: the underneath side of its first match (FrameComposer gives a
    /// one-screen element to both sides); a zero-size rect at the canvas centre without one.
    static func source(of frame: TransitionFrame) -> Source {
        guard let m = frame.matches.first else {
            return Source(frame: Rect(frame.canvas.width / 2, frame.canvas.height / 2, 0, 0), cornerRadius: 0, image: nil)
        }
        return frame.operation.isForward ? Source(frame: m.fromFrame, cornerRadius: m.fromCornerRadius, image: m.fromImage)
                                         : Source(frame: m.toFrame, cornerRadius: m.toCornerRadius, image: m.toImage)
    }

    /// The new screen aspect-filled into `r` (from its resting `placement` inside `target`),
    /// clipped to `r` rounded by `radius`.
    static func card(_ screen: Node, in r: Rect, radius: Double, target t: Rect, placement: Affine = .identity) -> Node? {
        guard r.width > 0, r.height > 0, t.width > 0, t.height > 0 else { return nil }
        let k = max(r.width / t.width, r.height / t.height)
        var content = screen
        content.placement = content.placement.concatenating(placement)
            .concatenating(Affine.translation(-t.midX, -t.midY).scaledBy(k, k).translatedBy(r.width / 2, r.height / 2))
        return Node(kind: .group, frame: r, cornerRadius: max(0, min(radius, r.width / 2, r.height / 2)), clips: true,
                    children: [content])
    }

    /// The source's snapshot aspect-filled into `r`, fading out over the first 0.3 of the flight.
    static func snapshot(_ s: Source, in r: Rect, radius: Double, progress p: Double) -> Node? {
        let alpha = 1 - min(1, max(0, p) / sourceFadeEnd)
        guard alpha > 0, let image = s.image, r.width > 0, r.height > 0 else { return nil }
        var n = Node.image(image, frame: r, fit: .fill)
        n.cornerRadius = max(0, min(radius, r.width / 2, r.height / 2))
        n.opacity = alpha
        return n
    }

    /// The zoom's default curve: a critically damped spring (no bounce) with ω0 = 32.4 rad/s,
    /// fitted to platforms.md §1's measurement "≈ 90 % of the way at ≈ 120 ms":
    /// (1 + ω0·0.12)·e^(−ω0·0.12) = 0.1 gives ω0·0.12 = 3.89. It settles (0.1 %) at 0.285 s,
    /// inside the measured "settled at ≈ 0.4–0.5 s"; a spring at rest that is 90 % there at 0.12 s
    /// cannot take longer without bouncing or a slow tail the measurement does not show.
    static let spring = Spring(mass: 1, stiffness: 32.4 * 32.4, damping: 2 * 32.4)
    static let curve = Curve.spring(spring)
    /// The step length when the preset gives none: platforms.md §1 "settled at ≈ 0.4–0.5 s".
    static let duration = 0.5
}
