import Geometry
import Presets
import Scene

/// The device frame's shapes (docs/SHARING.md "Device frames"): scenes in points that
/// DeviceFramePainter draws once. Positions come from DeviceFraming's pixel layout over the
/// scale, so the body's edges fall where the layout put them.
enum DeviceFrameScene {
    /// Everything around the screen: the backdrop (the title's background), the side buttons,
    /// the body, its black glass, a home button or a lens in the bezel, and the text.
    static func canvas(_ f: DeviceFraming, scale s: Double) -> Node {
        let b = f.body, finish = f.frame.finish
        let size = Size(Double(f.width) / s, Double(f.height) / s)
        let screen = Rect(Double(f.screenX) / s, Double(f.screenY) / s, Double(f.screenWidth) / s, Double(f.screenHeight) / s)
        let body = Rect(Double(f.screenX - f.side) / s, Double(f.screenY - f.top) / s,
                        Double(f.screenWidth + 2 * f.side) / s, Double(f.top + f.screenHeight + f.bottom) / s)
        var kids: [Node] = []
        if let paint = f.title?.background { kids.append(Node(kind: .rect, frame: Rect(0, 0, size.width, size.height), fill: paint)) }
        kids += b.buttons.map { .rect(buttonRect($0, body: body, screen: screen), finish.button, cornerRadius: 1) }
        kids.append(.rect(body, finish.body, id: "body", cornerRadius: b.cornerRadius))
        kids.append(.rect(body.insetBy(dx: b.rim, dy: b.rim), FrameOverlay.glass, id: "glass", cornerRadius: max(0, b.cornerRadius - b.rim)))
        if let d = b.homeButton {
            let c = Point(screen.midX, screen.maxY + Double(f.bottom) / s / 2)
            kids.append(Node(id: "homeButton", kind: .ellipse, frame: Rect(c.x - d / 2, c.y - d / 2, d, d), fill: .solid(FrameOverlay.glass),
                             border: Border(width: 2, color: finish.button)))
        }
        if case .bezel(let c, let d) = b.camera {
            kids.append(Node(id: "camera", kind: .ellipse, frame: Rect(screen.x + c.x - d / 2, screen.y + c.y - d / 2, d, d), fill: .solid(lens)))
        }
        kids += texts(f, width: size.width, scale: s)
        return .group(Rect(0, 0, size.width, size.height), id: "deviceFrame", kids)
    }

    /// A lens's dark blue-grey.
    static let lens = Color(hex: "#1B1D2A")!

    /// A button stands `buttonDepth` out of the body's edge and tucks 1 pt under it.
    static func buttonRect(_ k: DeviceBody.SideButton, body: Rect, screen: Rect) -> Rect {
        let depth = DeviceBody.buttonDepth
        switch k.edge {
        case .left: return Rect(body.x - depth, screen.y + k.offset, depth + 1, k.length)
        case .right: return Rect(body.maxX - 1, screen.y + k.offset, depth + 1, k.length)
        case .top: return Rect(screen.x + k.offset, body.y - depth, k.length, depth + 1)
        }
    }

    /// The title (bold) and subtitle, centred, up to two lines each, stacked in the text band.
    static func texts(_ f: DeviceFraming, width: Double, scale s: Double) -> [Node] {
        let margin = DeviceFraming.marginPoints
        var y = Double(f.textBand.lowerBound) / s + DeviceFraming.textPadding
        var out: [Node] = []
        for (text, bold) in [(f.title, true), (f.subtitle, false)] {
            guard let text else { continue }
            let h = DeviceFraming.linesPerText * DeviceFraming.lineHeight * text.size
            let style = TextStyle(font: Font(size: text.size, weight: bold ? .bold : .regular), color: text.color, alignment: .center,
                                  lines: Int(DeviceFraming.linesPerText))
            out.append(Node(id: bold ? "title" : "subtitle", kind: .text(text.text, style), frame: Rect(margin, y, width - 2 * margin, h)))
            y += h + DeviceFraming.textGap
        }
        return out
    }

    /// The display's outline in the screen's points: its coverage is how much of each pixel
    /// of the screen shows (outside the rounded corners the canvas under it does).
    static func display(_ device: Device, canvas: Size) -> Node {
        .rect(Rect(0, 0, canvas.width, canvas.height), .white, id: "display", cornerRadius: device.cornerRadius)
    }

    /// The camera in the display, over the screen (its points): the Dynamic Island or notch as
    /// the device chrome draws it, or a punch hole.
    static func camera(_ f: DeviceFraming, device: Device, canvas: Size) -> Node {
        var kids: [Node] = []
        switch f.body.camera {
        case .cutout:
            var chrome = device.chrome
            chrome.size = canvas
            if let c = chrome.cutout() { kids.append(c) }
        case .punchHole(let c, let d):
            kids.append(Node(id: "camera", kind: .ellipse, frame: Rect(c.x - d / 2, c.y - d / 2, d, d), fill: .solid(FrameOverlay.glass)))
        case .bezel: break
        }
        return .group(Rect(0, 0, canvas.width, canvas.height), id: "displayCamera", kids)
    }
}
