import Geometry
import Scene
import Transitions

/// The timeline → steps at absolute story times: the stack as the steps move it (ScreenStack,
/// with the rules a step must keep), and each step's transition, parameters (ParameterCheck),
/// timing (StepTiming) and matched elements (MatchPairs, SourceElement).
struct TimelineResolution {
    let resolver: Resolver
    let preset: Preset
    /// The shown screens' trees (outlines for deferred ones): matched elements are found in them.
    let screens: [String: Node]
    let canvas: Size

    func steps(problem: (String, String) -> Void) -> [Step] {
        // Screens the decoder could not build still exist: steps naming them are checked as usual.
        let known = Set(preset.screens.map(\.id)).union(preset.unchecked.screens)
        let ids = preset.screens.map(\.id) + preset.unchecked.screens.sorted()
        func noScreen(_ id: String) -> String {
            "no screen \"\(id)\"\(FieldReader.hint(id, ids)) (screens: \(FieldReader.listing(ids)))"
        }
        // No screens at all is the decoder's problem to report, not every step's.
        if !known.contains(preset.start) && !known.isEmpty { problem("start", noScreen(preset.start)) }
        var stack = ScreenStack(preset.start)
        var steps: [Step] = []
        var t = 0.0
        for (i, spec) in preset.timeline.enumerated() {
            let path = spec.path
            let before = stack.top
            let operation: StackOperation
            var after = before
            switch spec.kind {
            case .hold(let d):
                steps.append(Step(index: i, path: path, operation: nil, start: t, end: t + d, before: before, after: before,
                                  transitionName: nil, transition: nil, timing: nil, curveName: "-", caption: spec.caption))
                t += d
                continue
            case .push(let id), .present(let id):
                operation = { if case .push = spec.kind { return .push } else { return .present } }()
                if !known.contains(id) {
                    if !known.isEmpty { problem(path + ".\(operation.rawValue)", noScreen(id)) }
                    // Keep the stack as the author meant it, so a later pop reports nothing more.
                    stack.apply(operation, id)
                    continue
                }
                after = id
            case .detent(let d):
                if let step = resolver.detentStep(spec, d, index: i, start: t, top: before, under: stack.topWasPresented ? stack.underTop : nil,
                                                  steps: steps, canvas: canvas, problem: problem) {
                    steps.append(step)
                    t = step.end
                }
                continue
            case .pop, .dismiss:
                operation = { if case .pop = spec.kind { return .pop } else { return .dismiss } }()
                if let why = stack.refusal(operation, describing: { $0 }) {
                    if i < preset.unchecked.stackFrom { problem(path + ".\(operation.rawValue)", why) }
                    continue
                }
                after = stack.underTop ?? before
            }
            let built = step(i, spec, operation, before: before, after: after, start: t, steps: steps, problem: problem)
            if let step = built {
                steps.append(step)
                t = step.end
            }
            // The stack moves as written even when the step has problems (so one mistake gives
            // one problem); only a cancelled gesture leaves it as it was.
            if built?.isCancelled != true { stack.apply(operation, after) }
        }
        return steps
    }

    /// One push, present, pop or dismiss from `before` to `after`, starting at `t`; nil with problems.
    func step(_ i: Int, _ spec: StepSpec, _ operation: StackOperation, before: String, after: String, start t: Double,
              steps: [Step], problem: (String, String) -> Void) -> Step? {
        let path = spec.path
        let name = spec.transition ?? "uikit"
        guard let entry = Catalog.entry(named: name) else {
            let hint = FieldReader.closest(name, in: Catalog.entries.map(\.name)).map { "; did you mean \"\($0)\"?" } ?? ""
            problem(path + ".transition", "unknown transition \"\(name)\"\(hint) (expected one of: \(Catalog.entries.map(\.name).joined(separator: ", ")))")
            return nil
        }
        guard let given = resolver.checkParameters(spec, entry, problem: problem) else { return nil }
        let params = Resolver.inheritingDetent(given, name: name, operation: operation, top: before, steps: steps)
        var parameters = Parameters(merging: entry, params).resolvingDevice(preset.device, entry)
        parameters.screenCornerRadius = preset.device.cornerRadius
        let transition = entry.make(parameters)
        let untimed = Step(index: i, path: path, operation: operation, start: t, end: t, before: before, after: after,
                           transitionName: name, transition: transition, timing: nil, curveName: "", caption: spec.caption)
        guard var step = resolver.timed(untimed, spec, canvas: canvas, problem: problem) else { return nil }
        if transition.usesMatchedElements {
            guard let a = screens[before], let b = screens[after] else { return nil }
            let top = operation.isForward ? after : before
            let pairs = transition.sourceElement.map {
                resolver.sourcePair($0, spec, operation.isForward ? a : b,
                                    counterpart: transition.landsOnCounterpart ? counterpart(of: $0, on: top) : nil,
                                    forward: operation.isForward, path: path, name: name, problem: problem)
            } ?? resolver.matchPairs(spec, a, b, path: path, name: name, problem: problem)
            if pairs.isEmpty { return nil }
            step.matches = pairs
        } else if spec.match != nil {
            problem(path + ".match", "\(name) does not use matched elements (magic-move and shrink-dismiss do)")
        }
        return step
    }
}
