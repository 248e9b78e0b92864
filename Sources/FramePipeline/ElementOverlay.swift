import Geometry
import Presets
import Scene

/// `--show-elements` on `frames` and `sheet` (issue 31): every named element's frame outlined and
/// labelled with its name, drawn into its screen (so the marks move with the screen through a
/// transition, and a hidden element's stand-in shows its outline too while its picture flies).
public enum ElementOverlay {
    static let ink = Color(r: 1, g: 0.176, b: 0.584)   // #FF2D95: rare in app screens
    static let labelFont = Font(size: 11, weight: .semibold)

    /// The storyboard with every screen's elements marked.
    public static func marking(_ s: Storyboard) -> Storyboard {
        var out = s
        for (id, node) in s.screens where s.deferred[id] == nil { out.screens[id] = marked(node) }
        out.screenDecoration = { _, node in marked(node) }
        return out
    }

    /// `screen` with an outline and a name tag per element, above everything it draws.
    static func marked(_ screen: Node) -> Node {
        var out = screen
        let canvas = screen.frame.size
        for name in screen.elementIDs {
            guard let e = screen.element(id: name) else { continue }
            out.children.append(Node(kind: .rect, frame: e.frame, cornerRadius: e.cornerRadius, border: Border(width: 1.5, color: ink)))
            out.children.append(tag(name, at: e.frame, canvas: canvas))
        }
        return out
    }

    /// The name on a filled tag at the frame's top-left corner, inside the canvas.
    static func tag(_ name: String, at f: Rect, canvas: Size) -> Node {
        let height = 15.0
        let width = min(canvas.width, Double(name.count) * labelFont.size * 0.62 + 8)
        let x = min(max(0, f.minX), canvas.width - width), y = min(max(0, f.minY), canvas.height - height)
        let text = Node(kind: .text(name, TextStyle(font: labelFont, color: .white, lines: 1)), frame: Rect(4, 1, width - 8, height - 2))
        return Node(kind: .rect, frame: Rect(x, y, width, height), fill: .solid(ink), children: [text])
    }
}
