import Foundation
import Geometry
import Raster
import Scene

/// The status bar's legibility rule (issue 28): each item group (the time; the icon cluster) keeps
/// the appearance's ink, black over a light app and white over a dark one, unless that ink would
/// be illegible over the pixels actually composed under the group, as when pan-back or a
/// keyframed card uncovers the preset's black backdrop under a dark clock. Then it moves toward
/// the other ink in proportion to how much of the group's box is illegible, so as a card edge
/// passes the clock the ink changes over several frames instead of flipping in one.
struct StatusBarInk: Sendable {
    /// Below this contrast ratio (WCAG 2's, from relative luminance) a pixel does not carry the
    /// ink. WCAG asks 3:1 for large text and graphics (Success Criteria 1.4.3, 1.4.11), but the
    /// platforms draw their ink over an app's own content below that (the Android launcher's
    /// light wallpaper under white icons in `predictive-back-home` is 2.8:1); the rule is for
    /// an ink that vanishes (a dark clock over black is 1:1), so it starts at 2:1.
    static let minimumContrast = 2.0
    /// The share of a group's box that must be illegible before its ink moves at all, and the share
    /// at which it has moved all the way to the other ink (smoothstep between): content passing
    /// under the bar (a large title sliding under the clock covers 45 % of its box in
    /// `catalog/slide`) keeps the ink; a backdrop that takes most of the box turns it.
    static let onset = 0.5, full = 0.9

    /// Each group's box (`DeviceChrome.statusBarGroups`, in order) in device pixels: where its
    /// ink is (a text item's laid-out line, not its whole frame).
    let boxes: [IRect]
    /// The rows from the top the boxes reach: what must be composed to judge them.
    let rows: Int

    init(chrome: DeviceChrome, scale: Double, width: Int, height: Int) {
        let canvas = IRect(x0: 0, y0: 0, x1: width, y1: height)
        boxes = chrome.statusBarGroups(content: .black).map { group in
            let box = group.dropFirst().reduce(StatusBarInk.inkBox(group[0])) { $0.union(StatusBarInk.inkBox($1)) }
            return IRect(covering: Rect(box.minX * scale, box.minY * scale, box.width * scale, box.height * scale)).intersection(canvas)
        }
        rows = boxes.filter { !$0.isEmpty }.map(\.y1).max() ?? 0
    }

    /// Where a node's ink is: a text's laid-out line (its frame is a whole ear wide), else its frame.
    static func inkBox(_ n: Node) -> Rect {
        guard case .text(let s, let style) = n.kind else { return n.frame }
        let w = min(n.frame.width, Renderer.layoutText(s, style: style, width: n.frame.width).widths.max() ?? 0)
        switch style.alignment {
        case .left: return Rect(n.frame.minX, n.frame.minY, w, n.frame.height)
        case .right: return Rect(n.frame.maxX - w, n.frame.minY, w, n.frame.height)
        default: return Rect(n.frame.midX - w / 2, n.frame.minY, w, n.frame.height)
        }
    }

    /// How far each group's ink moves to the other ink (0…1) over `pixels` (the frame composed
    /// under the bar, at least `rows` rows) when the appearance's ink is `s`: by how much of the
    /// group's box the ink is illegible over.
    func shifts(appearance s: Double, over pixels: Bitmap) -> [Double] {
        let ink = StatusBarInk.luminance(s)
        return boxes.map { StatusBarInk.shift(StatusBarInk.illegibleShare(ink: ink, box: $0, in: pixels)) }
    }

    /// Each group's ink (0 black … 1 white): the appearance's `s` moved by the group's shift toward
    /// the other ink (white for an ink at or below mid-grey, else black).
    static func inks(appearance s: Double, shifts: [Double]) -> [Double] {
        let other = s <= 0.5 ? 1.0 : 0.0
        return shifts.map { $0 == 0 ? s : s + (other - s) * $0 }
    }

    /// How far the ink moves (0…1) when `share` of the box is illegible: smoothstep from `onset`
    /// to `full`, so the change starts and ends gently as an edge crosses the box.
    static func shift(_ share: Double) -> Double {
        let x = min(max((share - onset) / (full - onset), 0), 1)
        return x * x * (3 - 2 * x)
    }

    /// The share of `box`'s pixels over which ink of relative luminance `ink` has a contrast ratio
    /// below the minimum; a pixel counts by its opacity (over a transparent background the rule
    /// has nothing to judge, and keeps the ink).
    static func illegibleShare(ink: Double, box: IRect, in pixels: Bitmap, minimum: Double = minimumContrast) -> Double {
        guard !box.isEmpty else { return 0 }
        // Luminances whose contrast with the ink is below the minimum: (lo, hi).
        let lo = (ink + 0.05) / minimum - 0.05, hi = (ink + 0.05) * minimum - 0.05
        var bad = 0.0
        for y in box.y0..<box.y1 {
            let row = pixels.row(y)
            for x in box.x0..<box.x1 {
                let p = row[x], a = p >> 24
                if a == 0 { continue }
                let l = luminance(pixel: p, alpha: a)
                if l > lo && l < hi { bad += Double(a) / 255 }
            }
        }
        return bad / Double(box.width * box.height)
    }

    /// WCAG 2 relative luminance of a premultiplied pixel's colour.
    static func luminance(pixel p: UInt32, alpha a: UInt32) -> Double {
        func channel(_ shift: UInt32) -> Int {
            let c = (p >> shift) & 0xFF
            return a == 255 ? Int(c) : Int(min(255, (c * 255 + a / 2) / a))
        }
        return 0.2126 * linear[channel(0)] + 0.7152 * linear[channel(8)] + 0.0722 * linear[channel(16)]
    }

    /// WCAG 2 relative luminance of a grey of sRGB value `v` (0…1).
    static func luminance(_ v: Double) -> Double { linearized(v) }

    /// The sRGB transfer function undone (IEC 61966-2-1, as WCAG 2 defines relative luminance).
    static func linearized(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }

    static let linear: [Double] = (0..<256).map { linearized(Double($0) / 255) }
}

extension ChromeLayers {
    /// The status bar in the look's ink (`appearance`, 0 black … 1 white), each item group's ink
    /// moved by its shift toward the other; unmoved, the bar `statusBar(content:)` draws.
    func statusBar(appearance s: Double, shifts: [Double]) -> Node {
        guard shifts.contains(where: { $0 > 0 }) else { return chrome.statusBar(content: Color(white: s)) }
        return chrome.statusBar(inks: StatusBarInk.inks(appearance: s, shifts: shifts).map { Color(white: $0) })
    }
}
