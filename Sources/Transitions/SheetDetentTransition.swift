import Geometry
import Motion
import Scene

/// A presented page sheet moving between its detents (a timeline `detent` step): the sheet's top
/// edge goes from one detent's rest to the other's, the presenting screen shrinks (towards large)
/// or grows back (towards medium) as SheetTransition draws it, under the same dim. In forward
/// progress q: sheet top = lerp(top at `from`, top at `to`, q), shrink = lerp(shrink at `from`,
/// shrink at `to`, q) with shrink 1 at large and 0 at medium.
///
/// Interactive: the sheet follows the finger 1:1 along the way between the two tops; release
/// finishes (→ the other detent) iff translation + velocity·`velocityImpact` is past half of it,
/// react-navigation's rule that the sheet's dismiss uses; the completion is the system spring
/// started at the finger's speed. A cancelled drag leaves the sheet where it was.
public struct SheetDetentTransition: Transition {
    /// The sheet as presented, at the detent it starts from.
    public var sheet: SheetTransition
    public var to: SheetTransition.Detent

    public init(sheet: SheetTransition, to: SheetTransition.Detent) { self.sheet = sheet; self.to = to }

    public var defaultDuration: Double { 0.5 }
    public var defaultCurve: Curve { .system }
    public var presentsOverContext: Bool { true }

    /// The sheet at the detent it ends at.
    public var target: SheetTransition {
        var s = sheet
        s.detent = to
        s.from = ""
        return s
    }

    func shrink(_ d: SheetTransition.Detent) -> Double { d == .large ? 1 : 0 }

    public func scene(_ frame: TransitionFrame) -> Node {
        let (under, over, q) = frame.forward
        let c = frame.canvas
        let a = sheet.sheetTop(c), b = target.sheetTop(c)
        let shrink = shrink(sheet.detent) + (shrink(to) - shrink(sheet.detent)) * q
        // The presenting screen's shrink is the large detent's, however far it goes.
        var large = target
        large.detent = .large
        var layers = large.presentingLayers(under, c, shrink: shrink, dimAlpha: sheet.dim)
        // UIKit resizes the sheet's view as it moves: its layout follows the top edge (SheetLayout).
        let y = a + (b - a) * q
        layers.append(target.sheetNode(frame.sheetContent(over, top: y), c, y: y, highest: min(a, b)))
        return .canvas(c, layers)
    }

    public func interactive(gesture: Gesture, canvas: Size, operation: StackOperation, release: ReleaseMode) throws(MotionError) -> InteractiveDriver? {
        guard operation == .present else { return nil }
        let travel = target.sheetTop(canvas) - sheet.sheetTop(canvas)  // negative: up to large
        guard travel != 0 else { throw .invalidGesture("the two detents rest at the same height (\(sheet.sheetTop(canvas)) pt)") }
        let k = sheet.velocityImpact
        return try InteractiveDriver(
            gesture: gesture,
            mapping: ProgressMapping { t in min(max(t.y / travel, 0), 1) },
            rule: ReleaseRule { s in (s.translation.y + s.velocity.y * k) / travel > 0.5 ? .finish : .cancel },
            release: release,
            completion: .spring(.system, duration: nil))
    }
}
