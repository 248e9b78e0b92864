// How one node is drawn, decided in one place: `Context.draw` reads it to choose between direct
// drawing and offscreen layers, and `Renderer.drawsSameInBands` reads the same plan to decide
// whether a frame may be drawn band by band — so band rendering cannot drift from whole-frame
// rendering (issue 19.8).
//
// Offscreen layers do not stop band drawing: a layer is placed where a whole-frame draw would
// place it (Context.whole), and a band only allocates and draws the layer's rows inside it, so
// every primitive in the layer sees the transform and pixel coordinates of the whole draw and
// puts down the same bytes. What remains whole-frame only is what is correct in bands but costs
// the whole node in every band.
import Geometry
import Scene

struct DrawPlan {
    /// How the node's opacity is applied.
    enum Opacity: Equatable {
        /// Multiplied into its primitives' alpha (it paints at most one; opacity 1 included).
        case perPrimitive
        /// Opacity < 1 over several primitives (UIKit's allowsGroupOpacity): drawn offscreen at
        /// full alpha and composited once.
        case groupLayer
    }

    /// How the node's shadow is drawn (Shadow.swift).
    enum ShadowForm: Equatable {
        case none
        /// From the shape in closed form: a fill or an opaque stretched / filled image.
        case closedForm(fillAlpha: Double, opaqueOver: Bool)
        /// From a blurred A8 mask of everything the node paints.
        case mask
    }

    /// Why a subtree is drawn whole rather than in bands.
    enum WholeFrameReason: String, Equatable {
        case maskShadow = "a mask shadow blurs the whole node's mask: each band would blur it again"
    }

    let opacity: Opacity
    let shadow: ShadowForm
    /// The node's outline in its own coordinates: the clip of its children and image, the shape
    /// of its fill, border and closed-form shadow.
    let shape: RoundedRect
    /// Image contents with rounded corners: drawn offscreen, composited through `shape`.
    let imageLayer: Bool

    /// Nil when a band of the node draws exactly the pixels of a whole draw at no extra cost.
    var wholeFrameOnly: WholeFrameReason? { shadow == .mask ? .maskShadow : nil }

    init(_ n: Node) {
        opacity = n.opacity < 1 && DrawPlan.paintCount(n, limit: 2) > 1 ? .groupLayer : .perPrimitive
        let bounds = Rect(0, 0, n.frame.width, n.frame.height)
        if case .ellipse = n.kind { shape = .ellipse(bounds) } else { shape = RoundedRect(bounds, radius: n.cornerRadius) }
        if let s = n.shadow, s.opacity > 0 {
            let f = DrawPlan.shadowForm(n)
            shadow = f.closedForm ? .closedForm(fillAlpha: f.fillAlpha, opaqueOver: f.opaqueOver) : .mask
        } else {
            shadow = .none
        }
        if case .image = n.kind { imageLayer = !shape.isRect } else { imageLayer = false }
    }

    /// How the children of a node with this plan are clipped under device transform `m`.
    enum ChildClip {
        case none
        /// A pixel-aligned rectangle: just a narrower integer clip.
        case pixelRect(IRect)
        /// Anything else: children offscreen, composited through the shape's coverage.
        case layer(CoverageShape)
    }

    func childClip(_ n: Node, _ m: Affine) -> ChildClip {
        if !n.clips { return .none }
        if shape.isRect && m.b == 0 && m.c == 0 {
            let d = m.apply(shape.rect)
            if isInt(d.minX) && isInt(d.minY) && isInt(d.maxX) && isInt(d.maxY) { return .pixelRect(IRect(covering: d)) }
        }
        return .layer(CoverageShape(outer: shape, inner: nil, m: m))
    }

    /// The first reason found in the subtree (as drawn: hidden and transparent nodes skipped).
    static func wholeFrameReason(_ n: Node) -> WholeFrameReason? {
        if n.hidden || !(n.opacity > 0) { return nil }
        if let r = DrawPlan(n).wholeFrameOnly { return r }
        for c in n.children { if let r = wholeFrameReason(c) { return r } }
        return nil
    }

    /// How a node's shadow is drawn: in closed form from its shape (solid or gradient fills,
    /// opaque stretched or filled images), else from a blurred mask of everything it paints.
    static func shadowForm(_ n: Node) -> (closedForm: Bool, fillAlpha: Double, opaqueOver: Bool) {
        if case .ellipse = n.kind { return (false, 1, false) }
        if case .text = n.kind { return (false, 1, false) }
        if case .solid(let fc)? = n.fill { return (true, fc.a, fc.a >= 1) }
        if case .linear? = n.fill { return (true, 1, false) }
        if case .image(let src, let fit) = n.kind, let b = src as? Bitmap, fit != .fit, b.isOpaqueCached { return (true, 1, true) }
        return (false, 1, false)
    }

    /// How many primitives the subtree paints, counting up to `limit`.
    static func paintCount(_ n: Node, limit: Int) -> Int {
        if n.hidden || !(n.opacity > 0) { return 0 }
        var k = 0
        if n.shadow.map({ $0.opacity > 0 }) ?? false { k += 1 }
        switch n.kind {
        case .image, .text: k += 1
        default: break
        }
        if n.fill != nil { k += 1 }
        if n.border.map({ $0.width > 0 }) ?? false { k += 1 }
        for c in n.children where k < limit { k += paintCount(c, limit: limit - k) }
        return k
    }
}
