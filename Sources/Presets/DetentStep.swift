import Geometry
import Motion
import Transitions

// The timeline's `detent` step: a presented sheet moves to its other detent, animated or dragged
// (SheetDetentTransition). It leaves the stack as it is; Storyboard shows the sheet at its new
// detent until the next step that moves or dismisses it.

extension Resolver {
    /// The sheet a presented screen currently shows: the last present or detent step that put it
    /// on top (a cancelled drag changes nothing). Nil when it was not presented with `sheet`.
    static func currentSheet(of top: String, in steps: [Step]) -> (sheet: SheetTransition, step: Step)? {
        guard let s = steps.last(where: { $0.operation == .present && $0.after == top && !$0.isCancelled }) else { return nil }
        if let sheet = s.transition as? SheetTransition { return (sheet, s) }
        if let move = s.transition as? SheetDetentTransition { return (move.target, s) }
        return nil
    }

    /// A `detent` step at `start`, or nil with problems. `under` is the screen under the top one
    /// when the top one was presented, else nil.
    func detentStep(_ spec: StepSpec, _ detent: String, index: Int, start: Double, top: String, under: String?,
                    steps: [Step], canvas: Size, problem: (String, String) -> Void) -> Step? {
        let path = spec.path
        guard let under, let (sheet, presenting) = Resolver.currentSheet(of: top, in: steps) else {
            problem(path + ".detent", "nothing to move: \"\(top)\" was not presented with the sheet transition")
            return nil
        }
        for key in ["transition", "match"] where key == "match" ? spec.match != nil : spec.transition != nil {
            problem(path + "." + key, "a detent step moves the presented sheet as it was presented; remove \"\(key)\"")
        }
        guard spec.transition == nil && spec.match == nil else { return nil }
        guard let to = SheetTransition.Detent(rawValue: detent), to != sheet.detent else {
            problem(path + ".detent", "the sheet \"\(top)\" is already at the \(detent) detent")
            return nil
        }
        let transition = SheetDetentTransition(sheet: sheet, to: to)
        var step = Step(index: index, path: path, operation: .present, start: start, end: start, before: under, after: top,
                        transitionName: "detent \(detent)", transition: transition, timing: nil, curveName: "", caption: spec.caption)
        step.changesDetent = true
        // The presenting screen keeps the element a sheet `from` hid.
        step.matches = presenting.matches
        return timed(step, spec, canvas: canvas, problem: problem)
    }

    /// A `sheet` dismiss without its own `detent` starts from the detent the sheet is at.
    static func inheritingDetent(_ params: [String: ParameterValue], name: String, operation: StackOperation, top: String,
                                 steps: [Step]) -> [String: ParameterValue] {
        guard name == "sheet", operation == .dismiss, params["detent"] == nil,
              let current = currentSheet(of: top, in: steps)?.sheet, current.detent != .large else { return params }
        var out = params
        out["detent"] = .string(current.detent.rawValue)
        return out
    }
}
