import Geometry
import Presets
import Raster
import Scene
import Synchronization

/// A screenshot's large title (issue 28.2): `"navigationBar": { "height": 96, "largeTitle": 52 }`
/// says the band's lowest 52 pt are a large title. UIKit keeps only the bar above it in place and
/// moves the title as an item of its own (Flutter's `bottomLargeTitle` / `topLargeTitle`), so
/// its ink is lifted out of the screenshot (`Bitmap.liftInk`) into an item, and the page shows
/// the strip's background where the ink was. Lifted once per screen, for every frame and worker.
final class LargeTitleInks: Sendable {
    private let lifted = Mutex<[String: LiftedInk?]>([:])

    /// The ink of rows `rows` (pixels) of screen `id`'s snapshot, lifted once.
    func ink(_ id: String, rows: Range<Int>, snapshot: () -> Bitmap) -> LiftedInk? {
        lifted.withLock { table in
            if let known = table[id] { return known }
            let ink = snapshot().liftInk(rows: rows)
            table[id] = .some(ink)
            return ink
        }
    }
}

extension FrameComposer {
    /// UIKit's type sizes: the large title's 34 pt and the back button's 17 pt (Human Interface
    /// Guidelines, Typography: Large Title and Body), the scale a title shrinks by into a back label.
    static let largeTitleSize = 34.0, backLabelSize = 17.0
    /// How far the page's cover reaches past the lifted ink (points).
    static let coverMargin = 2.0

    /// Where UIKit's back label sits in a bar `held` points tall under the status bar: its leading
    /// edge 26 pt in (after the 8 pt margin and the chevron, as the mocks draw it; from the right
    /// edge in a right-to-left app), centred on the bar. Only a target: the label itself is in the
    /// screenshot's pixels.
    func backLabelPlace(top: Double, held: Double) -> NavigationBar.Piece {
        let inset = 26.0, x = storyboard.direction.isRTL ? storyboard.canvas.width - inset - 1 : inset
        let box = Rect(x, top + held / 2 - 11, 1, 22)
        return NavigationBar.Piece(node: Node(kind: .group, frame: box), box: box, typeSize: Self.backLabelSize)
    }

    /// `bar` with screen `id`'s large title (points `strip` of the canvas) lifted into its item and
    /// the page's cover for it; unchanged when the strip is flat (nothing to move).
    func liftingLargeTitle(_ bar: NavigationBar, screen id: String, strip: ClosedRange<Double>) -> NavigationBar {
        let s = storyboard.scale
        let rows = Int((strip.lowerBound * s).rounded())..<Int((strip.upperBound * s).rounded())
        guard let ink = largeTitles.ink(id, rows: rows, snapshot: { store.snapshot(id) }) else { return bar }
        let b = ink.box
        let box = Rect(Double(b.x0) / s, Double(b.y0) / s, Double(b.width) / s, Double(b.height) / s)
        var out = bar
        out.items[.largeTitle] = NavigationBar.Piece(node: .image(ink.image, frame: box, fit: .stretch), box: box, typeSize: Self.largeTitleSize)
        // A little wider than the ink (within the strip): the page moves by fractions of a pixel,
        // and a cover edge on the ink's edge would let a sliver of it through.
        let strip = Rect(0, strip.lowerBound, storyboard.canvas.width, strip.upperBound - strip.lowerBound)
        out.pageCover = .rect(box.insetBy(dx: -Self.coverMargin, dy: -Self.coverMargin).intersection(strip), ink.background)
        return out
    }
}
