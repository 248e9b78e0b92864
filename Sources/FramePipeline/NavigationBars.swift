import Geometry
import Presets
import Raster
import Scene

extension FrameComposer {
    /// A screen's navigation bar for a transition that keeps it in place (issue 28.2): a mock's
    /// `navBar`, or a screenshot's declared `navigationBar` band under the status bar (its pixels:
    /// a background that cross-fades, its items in it; a declared large title lifted out as an
    /// item that moves). Nil when the screen has none.
    func navigationBar(_ id: String) -> NavigationBar? {
        guard let chrome = storyboard.screenChrome[id] else { return nil }
        if case .baked = chrome.source {
            guard let declared = chrome.navigationBar else { return nil }
            let c = storyboard.canvas, top = storyboard.device.chrome.statusBarHeight
            let shot = Node.image(store.snapshot(id), frame: Rect(0, 0, c.width, c.height), fit: .stretch)
            // The held band stops above a large title: that strip belongs to its page.
            var bar = NavigationBar(bottom: top + declared.held, background: shot)
            bar.backLabelPlace = backLabelPlace(top: top, held: declared.held)
            guard declared.largeTitle > 0 else { return bar }
            return liftingLargeTitle(bar, screen: id, strip: top + declared.held...top + declared.height)
        }
        return NavigationBar.of(mock: store.screen(id), inkBox: FrameComposer.inkBox)
    }

    /// A one-line text item's frame narrowed to the text it draws.
    static func inkBox(_ n: Node) -> Rect {
        guard case .text(let s, let style) = n.kind, style.lines == 1 else { return n.frame }
        let w = min(n.frame.width, Renderer.layoutText(s, style: style, width: n.frame.width).widths.max() ?? 0)
        var x = n.frame.minX
        switch style.alignment {
        case .left: break
        case .center: x += (n.frame.width - w) / 2
        case .right: x += n.frame.width - w
        }
        return Rect(x, n.frame.minY, w, n.frame.height)
    }
}
