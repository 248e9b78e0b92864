import Geometry
import Presets
import Raster
import Scene

/// A Material navigation bar held in place (issue 28): the bar sits below the fragment container
/// that a fade-through or shared-axis transition animates, so when the user taps a destination
/// the bar neither moves nor fades; only its selected destination changes. Between two screens
/// that declare the same destinations the transition moves their content above the bar, and the
/// bar is drawn in place as a held band (as a screenshot's status-bar band is), the newer screen's
/// pixels fading in over the older's only inside the destinations whose look changes.
extension ChromeLayers {
    /// True when step's two screens share their navigation bar's destinations.
    func holdsTabBar(_ step: Step) -> Bool {
        guard step.transition != nil, let a = storyboard.screenChrome[step.before]?.tabs,
              let b = storyboard.screenChrome[step.after]?.tabs else { return false }
        return a.labels == b.labels
    }

    /// The bar's band on whole pixel rows, from its top (80 dp above the gesture area) to the
    /// canvas's bottom: its container runs under the gesture handle.
    var tabBarRect: Rect {
        let k = storyboard.scale, c = storyboard.canvas
        let top = ((c.height - storyboard.device.safeBottom - MockTabs.barHeight) * k).rounded() / k
        return Rect(0, top, c.width, c.height - top)
    }

    /// The held bar's layers in a state: the older screen's band, then the newer one's fading in
    /// over it inside each destination that differs (the one deselected and the one selected).
    func tabBarBands(_ state: FrameState, snapshot: (String) -> Bitmap) -> [Node] {
        guard case .transition(let s, let p) = state, case let step = storyboard.steps[s], holdsTabBar(step),
              let a = storyboard.screenChrome[step.before]?.tabs, let b = storyboard.screenChrome[step.after]?.tabs else { return [] }
        var out = [band(snapshot(step.before), tabBarRect, alpha: 1)]
        let t = min(max(p, 0), 1)
        guard a.selected != b.selected, t > 0 else { return out }
        let after = snapshot(step.after)
        for i in [a.selected, b.selected] { out.append(band(after, tabSlot(i, of: a.labels.count), alpha: t)) }
        return out
    }

    /// Destination i's slot of the bar (an equal share of its width, mirrored right to left).
    func tabSlot(_ i: Int, of count: Int) -> Rect {
        let r = tabBarRect, w = r.width / Double(count)
        let x = storyboard.direction.isRTL ? r.width - Double(i + 1) * w : Double(i) * w
        return Rect(x, r.minY, w, r.height)
    }

    /// A screen as a step that holds the bar moves it: only its content above the bar.
    func aboveTabBar(_ screen: Node) -> Node {
        let c = storyboard.canvas, top = tabBarRect.minY
        return Node(kind: .group, frame: Rect(0, 0, c.width, c.height),
                    children: [Node(kind: .group, frame: Rect(0, 0, c.width, top), clips: true, children: [screen])])
    }
}
