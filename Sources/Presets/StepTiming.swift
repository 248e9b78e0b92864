import Foundation
import Geometry
import Motion
import Transitions

extension Resolver {
    /// The step with its timing: the gesture's driver, or the curve over the duration (the
    /// transition's defaults where the preset gives none).
    func timed(_ step: Step, _ spec: StepSpec, canvas: Size, problem: (String, String) -> Void) -> Step? {
        var step = step
        guard let transition = step.transition, let operation = step.operation else { return nil }
        let path = spec.path, name = step.transitionName ?? ""
        if let g = spec.gesture {
            if spec.duration != nil || spec.curve != nil {
                problem(path + (spec.duration != nil ? ".duration" : ".curve"),
                        "an interactive step's timing comes from its gesture and the transition's release rule; remove \"\(spec.duration != nil ? "duration" : "curve")\"")
                return nil
            }
            do {
                let release: ReleaseMode = g.release == "finish" ? .finish : g.release == "cancel" ? .cancel : .auto
                guard let driver = try transition.interactive(gesture: try makeGesture(g), canvas: canvas, operation: operation, release: release) else {
                    problem(path + ".gesture", "\(name) has no interactive form for \(operation.rawValue) (interactive: uikit pop, pan-back pop, shrink-dismiss pop, sheet dismiss, navigation-zoom pop/dismiss, sheet detent, predictive-back* pop)")
                    return nil
                }
                step.driver = driver
                step.end = step.start + driver.totalDuration
                step.curveName = "gesture \(fmt(driver.releaseTime)) s → \(driver.decision == .finish ? "finish" : "cancel") at p \(fmt(driver.releaseProgress)), completion \(fmt(driver.completionDuration)) s"
            } catch {
                problem(path + ".gesture", "\(error)")
                return nil
            }
            return step
        }
        let defaults = transition.defaults(for: operation)
        let curve = spec.curve.map(CurveMapping.curve) ?? defaults.curve
        do {
            let timing = try Timing(curve: curve, duration: spec.duration ?? (spec.curve.map(CurveMapping.hasOwnDuration) == true ? nil : defaults.duration))
            step.timing = timing
            step.end = step.start + timing.duration
            step.curveName = spec.curve.map(CurveMapping.name) ?? CurveMapping.name(of: defaults.curve)
        } catch {
            problem(path + (spec.curve != nil ? ".curve" : ".duration"), "\(error)")
            return nil
        }
        return step
    }

    func makeGesture(_ g: GestureSpec) throws(MotionError) -> Gesture {
        let velocity = g.velocity.map { MotionPoint($0.x, $0.y) }
        if let samples = g.samples { return try Gesture(samples: samples, releaseVelocity: velocity) }
        let from = g.from ?? .zero, to = g.to ?? .zero
        return try Gesture(from: MotionPoint(from.x, from.y), to: MotionPoint(to.x, to.y), duration: g.duration ?? 0,
                           curve: g.curve.map(CurveMapping.curve) ?? .easeOut, releaseVelocity: velocity)
    }

    func fmt(_ v: Double) -> String { String(format: "%.3f", v) }
}
