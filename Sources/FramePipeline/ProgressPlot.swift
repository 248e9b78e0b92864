import Foundation
import Geometry
import Media
import Presets
import Raster
import Scene

/// `segue plot`: each transition step's progress over story time, drawn with Segue's own
/// renderer: axes and grid, a band and a name per step, the curve (overshoot visible), and for
/// interactive steps the release point with its decision.
public enum ProgressPlot {
    public static func scene(_ s: Storyboard, width: Double = 1400, height: Double = 640) -> Node {
        let left = 70.0, right = 30.0, top = 70.0, bottom = 60.0
        let plotW = width - left - right, plotH = height - top - bottom
        let duration = max(s.duration, 1e-6)
        // Sample every transition step densely to find the progress range (springs overshoot).
        var samples: [(step: Step, points: [(Double, Double)])] = []
        var lo = 0.0, hi = 1.0
        for step in s.steps where step.operation != nil {
            let n = max(2, Int(saturating: (plotW * step.duration / duration).rounded(.towardZero)) * 6)
            let pts = (0...n).map { k -> (Double, Double) in
                let t = step.duration * Double(k) / Double(n)
                return (step.start + t, step.progress(at: t))
            }
            for (_, p) in pts { lo = min(lo, p); hi = max(hi, p) }
            samples.append((step, pts))
        }
        lo = min(lo, -0.05); hi = max(hi, 1.05)
        func x(_ t: Double) -> Double { left + plotW * t / duration }
        func y(_ p: Double) -> Double { top + plotH * (hi - p) / (hi - lo) }
        let ink = Color(white: 0.15), grid = Color(white: 0.88), faint = Color(white: 0.55)
        func label(_ text: String, _ frame: Rect, size: Double = 13, color: Color = Color(white: 0.3), align: TextAlignment = .left, weight: FontWeight = .regular) -> Node {
            Node(kind: .text(text, TextStyle(font: Font(size: size, weight: weight), color: color, alignment: align, lines: 1)), frame: frame)
        }
        var layers: [Node] = []
        // Step bands and names.
        for (k, step) in s.steps.enumerated() where step.operation != nil {
            let x0 = x(step.start), x1 = x(step.end)
            layers.append(.rect(Rect(x0, top, max(1, x1 - x0), plotH), k % 2 == 0 ? Color(r: 0.93, g: 0.95, b: 1) : Color(r: 0.95, g: 0.93, b: 1)))
            layers.append(label(step.title, Rect(x0 + 4, top - 22, max(60, x1 - x0 + 80), 18), size: 12, color: ink, weight: .medium))
        }
        // Horizontal grid: progress 0, 0.5, 1.
        for p in [0.0, 0.5, 1.0] {
            layers.append(.rect(Rect(left, y(p) - 0.5, plotW, 1), p == 0.5 ? grid : Color(white: 0.7)))
            layers.append(label(String(format: "%.1f", p), Rect(8, y(p) - 9, left - 16, 18), align: .right))
        }
        // Time ticks.
        let step = duration > 4 ? 0.5 : duration > 1.5 ? 0.25 : 0.1
        var t = 0.0
        while t <= duration + 1e-9 {
            layers.append(.rect(Rect(x(t) - 0.5, top, 1, plotH), grid))
            layers.append(label(String(format: "%.2f s", t), Rect(x(t) - 40, top + plotH + 8, 80, 18), align: .center))
            t += step
        }
        // Axes.
        layers.append(.rect(Rect(left - 1, top, 1.5, plotH), ink))
        layers.append(.rect(Rect(left, top + plotH, plotW, 1.5), ink))
        layers.append(label("progress", Rect(8, top - 46, 200, 18), size: 13, color: ink, weight: .semibold))
        layers.append(label("story time", Rect(left + plotW - 200, top + plotH + 30, 200, 18), size: 13, color: ink, align: .right, weight: .semibold))
        // The curves: one dot per half pixel of time, so the line reads as continuous.
        let curve = Color(r: 0, g: 0.45, b: 1)
        for (step, pts) in samples {
            for (tt, p) in pts {
                layers.append(Node(kind: .ellipse, frame: Rect(x(tt) - 1.6, y(p) - 1.6, 3.2, 3.2), fill: .solid(curve)))
            }
            if let d = step.driver {
                let rx = x(step.start + d.releaseTime), ry = y(d.releaseProgress)
                // A dashed vertical line at release, the point, and the decision.
                var yy = top
                while yy < top + plotH { layers.append(.rect(Rect(rx - 0.5, yy, 1, 5), faint)); yy += 9 }
                let decision = d.decision == .finish ? "finish" : "cancel"
                let color = d.decision == .finish ? Color(r: 0.1, g: 0.6, b: 0.2) : Color(r: 0.85, g: 0.25, b: 0.2)
                layers.append(Node(kind: .ellipse, frame: Rect(rx - 5, ry - 5, 10, 10), fill: .solid(color), border: Border(width: 2, color: .white)))
                layers.append(label("release → \(decision) (p \(String(format: "%.2f", d.releaseProgress)))", Rect(rx + 8, ry - 22, 240, 18), size: 12, color: color, weight: .semibold))
            }
        }
        layers.append(label("\(s.name) — \(s.fps) fps, \(String(format: "%.3f", s.duration)) s", Rect(left, 10, plotW, 20), size: 15, color: ink, align: .right, weight: .bold))
        return Node(kind: .rect, frame: Rect(0, 0, width, height), fill: .solid(.white), children: layers)
    }

    public static func run(_ s: Storyboard, to path: String) throws {
        let n = scene(s)
        let b = try Bitmap(width: Int(n.frame.width), height: Int(n.frame.height))
        Renderer.render(n, scale: 1, into: b)
        try StillWriter.write(b, to: path)   // PNG or JPEG by extension
    }
}
