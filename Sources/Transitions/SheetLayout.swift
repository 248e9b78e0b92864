import Geometry
import Scene

/// How a sheet's screen follows the sheet's height. UIKit lays the presented view out at the
/// height of the detent it rests at, and resizes it as the sheet moves between detents (dragged
/// or animated): content pinned to the top stays under the sheet's top edge, and a bar pinned to
/// the bottom (Messages' entry row) stays above the display's bottom edge, whatever the height.
/// A screenshot or a layers screen has no such layout and keeps sliding whole.
public struct SheetLayout: Sendable, Hashable {
    /// Points from the screen's top where its bottom-pinned part starts; it runs to the bottom.
    public var pinnedFrom: Double
    /// The sheet top (points from the display's top) the screen was laid out for: resting there,
    /// the screen is drawn as it is.
    public var laidOutFor: Double

    public init(pinnedFrom: Double, laidOutFor: Double) { self.pinnedFrom = pinnedFrom; self.laidOutFor = laidOutFor }

    /// The screen (`over`, canvas-sized, top-aligned) re-laid out for a sheet whose top is at
    /// `top`: the part above `pinnedFrom` as it is, cut where the pinned part now starts; the
    /// pinned part moved by the change of height (up when the sheet is lower). In the sheet's own
    /// coordinates (its top edge at 0).
    func relaidOut(_ over: Node, canvas c: Size, top: Double) -> [Node] {
        let shift = laidOutFor - top
        let pinnedTop = pinnedFrom + shift
        let upper = Node(kind: .group, frame: Rect(0, 0, c.width, max(min(pinnedFrom, pinnedTop), 0)), clips: true, children: [over])
        var moved = over
        moved.placement = moved.placement.concatenating(.translation(0, -pinnedFrom))
        let pinned = Node(kind: .group, frame: Rect(0, pinnedTop, c.width, max(c.height - pinnedFrom, 0)), clips: true, children: [moved])
        return [upper, pinned]
    }
}

extension TransitionFrame {
    /// The sheet's screen (the newer one) as laid out for a sheet whose top edge is at `top`
    /// (`sheetLayout`), on the screen's own background; the screen as it is without a layout.
    func sheetContent(_ over: Node, top: Double) -> Node {
        guard let layout = sheetLayout else { return over }
        let background = (operation.isForward ? toBackground : fromBackground) ?? .white
        return Node(kind: .group, frame: Rect(0, 0, canvas.width, canvas.height), fill: .solid(background),
                    children: layout.relaidOut(over, canvas: canvas, top: top))
    }
}
