import Foundation
import Geometry
import Presets
import Raster
import Scene

/// The preset's overlays (docs/TRANSITIONS.md), drawn over a finished frame: `touches` (a 44 pt finger dot
/// that fades in at touch-down and out after release; a light and a dark ring so it reads on any
/// screen), `device` (the display's rounded corners) and `caption` (the current step's name, up
/// to two lines, in the band under the screen: CaptionBand.swift). All off unless the preset asks.
struct OverlayPainter: Sendable {
    let storyboard: Storyboard
    /// Outside-the-corner coverage (0…255) of one corner, `cornerSize` pixels square, top-left
    /// orientation; the other corners mirror it.
    let cornerMask: [UInt8]
    let cornerSize: Int

    static let dotDiameter = 44.0
    static let fadeIn = 0.08
    static let fadeOut = 0.2

    init(storyboard: Storyboard) {
        self.storyboard = storyboard
        let r = storyboard.device.cornerRadius * storyboard.scale
        if storyboard.overlays.device && r > 0 {
            let n = Int(r.rounded(.up))
            cornerSize = n
            var mask = [UInt8](repeating: 0, count: n * n)
            // 4×4 supersampled area outside the circle of radius r centred at (r, r).
            for y in 0..<n {
                for x in 0..<n {
                    var outside = 0
                    for sy in 0..<4 {
                        for sx in 0..<4 {
                            let px = Double(x) + (Double(sx) + 0.5) / 4, py = Double(y) + (Double(sy) + 0.5) / 4
                            let dx = r - px, dy = r - py
                            if px < r && py < r && dx * dx + dy * dy > r * r { outside += 1 }
                        }
                    }
                    mask[y * n + x] = UInt8((outside * 255 + 8) / 16)
                }
            }
            cornerMask = mask
        } else {
            cornerSize = 0
            cornerMask = []
        }
    }

    /// The interactive step whose finger dot is visible at t, with the dot's time inside the step.
    func touch(at t: Double) -> (step: Step, local: Double)? {
        guard storyboard.overlays.touches else { return nil }
        for step in storyboard.steps {
            guard let d = step.driver else { continue }
            let local = t - step.start
            if local >= 0 && local < d.releaseTime + OverlayPainter.fadeOut { return (step, local) }
        }
        return nil
    }

    /// The step whose caption shows at t.
    func caption(at t: Double) -> String? {
        guard storyboard.overlays.caption else { return nil }
        var last: Step?
        for step in storyboard.steps where step.start <= t { last = step }
        guard let s = last else { return nil }
        if s.operation == nil && s.caption == nil { return nil }
        return s.title
    }

    /// True when an overlay changes from frame to frame at t.
    func isAnimated(at t: Double) -> Bool { touch(at: t) != nil }

    /// The frames that show a still screen while an overlay moves (a finger dot fading out after
    /// its gesture's step has ended), with that screen. Only the frames around each gesture are
    /// looked at.
    func animatedStills(slowMotion: Double) -> [(frame: Int, screen: String)] {
        guard storyboard.overlays.touches else { return [] }
        let rate = Double(storyboard.fps) * slowMotion, n = storyboard.frameCount(slowMotion: slowMotion)
        var found: [(frame: Int, screen: String)] = [], seen = Set<Int>()
        for step in storyboard.steps {
            guard let d = step.driver else { continue }
            let first = max(0, Int(saturating: (step.start * rate).rounded(.down)))
            let last = min(n - 1, Int(saturating: ((step.start + d.releaseTime + OverlayPainter.fadeOut) * rate).rounded(.up)))
            guard first <= last else { continue }
            for f in first...last where seen.insert(f).inserted {
                let t = storyboard.time(ofFrame: f, slowMotion: slowMotion)
                if isAnimated(at: t), case .still(let id) = storyboard.state(at: t) { found.append((f, id)) }
            }
        }
        return found
    }

    func stillKey(at t: Double) -> OverlayKey { OverlayKey(caption: caption(at: t)) }

    /// The overlay layers at t (touch dot, caption pill), built once per frame.
    func nodes(at t: Double) -> [Node] { [touchNode(at: t), captionNode(at: t)].compactMap { $0 } }

    /// The touch dot at t, if one shows.
    func touchNode(at t: Double) -> Node? {
        guard let (step, local) = touch(at: t), let d = step.driver else { return nil }
        let alpha: Double
        if local < d.releaseTime { alpha = min(1, local / OverlayPainter.fadeIn) }
        else { alpha = max(0, 1 - (local - d.releaseTime) / OverlayPainter.fadeOut) }
        guard alpha > 0 else { return nil }
        var p = d.fingerPosition(at: local)
        // A right-to-left story's gestures (written as for left to right) drive its mirrored
        // transitions: the finger shows where it is on the mirrored screen.
        if storyboard.direction.isRTL { p.x = storyboard.canvas.width - p.x }
        let r = OverlayPainter.dotDiameter / 2
        // The dark halo carries a light rim: on a light screen the halo and the grey border
        // outline the dot, on a dark one the rim and the white fill do.
        return Node(kind: .group, frame: Rect(0, 0, storyboard.canvas.width, storyboard.canvas.height), opacity: alpha, children: [
            Node(kind: .ellipse, frame: Rect(p.x - r - 3, p.y - r - 3, 2 * r + 6, 2 * r + 6), fill: .solid(Color.black.withAlpha(0.22)),
                 border: Border(width: 1.5, color: Color.white.withAlpha(0.55))),
            Node(kind: .ellipse, frame: Rect(p.x - r, p.y - r, 2 * r, 2 * r), fill: .solid(Color.white.withAlpha(0.72)),
                 border: Border(width: 1.5, color: Color(white: 0.55, alpha: 0.6))),
        ])
    }

    /// The caption at t, if one shows: centred in the band under the screen, up to two lines,
    /// white on a dark background and near-black on a light one; over a transparent background
    /// it sits on a dark pill (whatever the video is composited on).
    func captionNode(at t: Double) -> Node? {
        guard let text = caption(at: t), storyboard.captionBand > 0 else { return nil }
        let canvas = storyboard.canvas
        let bandH = Double(storyboard.captionBand) / storyboard.scale
        var light = false, pill = false
        switch storyboard.background {
        case .color(let c): light = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b > 0.5
        case .transparent: pill = true
        }
        let style = TextStyle(font: Font(size: 15, weight: .semibold), color: light ? Color(white: 0.1) : .white, alignment: .center, lines: 2)
        let maxWidth = canvas.width - 32
        let layout = Renderer.layoutText(text, style: style, width: maxWidth)
        let textH = layout.lineHeight * Double(max(1, layout.lines.count))
        let w = min(maxWidth, layout.widths.max() ?? 0)
        let label = Node(kind: .text(text, style), frame: Rect((canvas.width - w) / 2 - 1, canvas.height + (bandH - textH) / 2, w + 2, textH))
        guard pill else { return label }
        let h = textH + 8
        return Node(kind: .group, frame: Rect(0, 0, canvas.width, canvas.height + bandH), children: [
            Node(kind: .rect, frame: Rect((canvas.width - w) / 2 - 14, canvas.height + (bandH - h) / 2, w + 28, h),
                 fill: .solid(Color.black.withAlpha(0.62)), cornerRadius: min(16, h / 2)),
            label,
        ])
    }

    /// Paints overlay layers (from `nodes(at:)`) and the device corners; `rows`: only these rows
    /// (band-by-band drawing, same pixels).
    func paint(_ nodes: [Node], into target: Bitmap, rows: Range<Int>? = nil) {
        for n in nodes { Renderer.render(n, scale: storyboard.scale, into: target, rows: rows) }
        if cornerSize > 0 { paintCorners(into: target, rows: rows ?? 0..<target.height) }
    }

    /// Blends the background colour over the four corners outside the display's radius.
    func paintCorners(into target: Bitmap, rows: Range<Int>) {
        // The screen's corners: a caption band below it is not part of the display.
        let h = min(target.height, storyboard.screenPixelHeight)
        let n = min(cornerSize, target.width / 2, h / 2)
        let bg: UInt32
        switch storyboard.background {
        case .color(let c): bg = c.withAlpha(1).premultipliedPixel
        case .transparent: bg = 0
        }
        cornerMask.withUnsafeBufferPointer { mask in
            // Target row py uses mask row py (top corners) or height − 1 − py (bottom ones); mask
            // column x covers x and width − 1 − x. n ≤ half the size, so the four never coincide.
            let top = rows.clamped(to: 0..<n), bottom = rows.clamped(to: (h - n)..<h)
            for (range, flipped) in [(top, false), (bottom, true)] where !range.isEmpty {
                for py in range {
                    let y = flipped ? h - 1 - py : py
                    let line = target.row(py)
                    for x in 0..<n {
                        let a = UInt32(mask[y * cornerSize + x])
                        if a == 0 { continue }
                        line[x] = OverlayPainter.lerp(line[x], bg, a)
                        line[target.width - 1 - x] = OverlayPainter.lerp(line[target.width - 1 - x], bg, a)
                    }
                }
            }
        }
        target.invalidateCaches()
    }

    /// d + (s − d)·a/255 per channel, exactly rounded.
    @inline(__always) static func lerp(_ d: UInt32, _ s: UInt32, _ a: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let dc = (d >> UInt32(shift)) & 0xFF, sc = (s >> UInt32(shift)) & 0xFF
            let x = dc * (255 - a) + sc * a + 128
            out |= ((x + (x >> 8)) >> 8) << UInt32(shift)
        }
        return out
    }
}

/// The overlays of a frame whose overlays do not move (no touch dot): only the caption can differ.
public struct OverlayKey: Hashable, Sendable {
    public var caption: String?
}
