import Foundation
import FramePipeline
import Media
import Presets
import Vocabulary

/// `batch --for TARGET`: each clip of the batch goes through TargetRender as `render --for`
/// does — its rules checked at validation (an invalid clip), the fitting passes when rendered.
extension TargetRender {
    /// The clip resolved for the destination (exact size, fps cap, duration checked).
    static func prepared(_ e: BatchEntry, text: String, target: ShareTarget, options: BatchOptions) throws -> Storyboard {
        var notes: [String] = []
        return try prepared(target.profile, load: { o in try BatchPlan.resolve(e, text: text, overrides: o).1 }, overrides: options.overrides,
                            scale: options.overrides.scale ?? 1, slowMotion: options.render.slowMotion, notes: &notes)
    }

    /// Renders one clip of a batch for the destination (passes until its size fits).
    static func run(_ target: ShareTarget, entry e: BatchEntry, text: Data, to output: String?, options ro: RenderOptions,
                    batch: BatchOptions, cancel: CancellationToken) throws -> RenderResult {
        let string = String(decoding: text, as: UTF8.self)
        return try run(target, load: { o in try BatchPlan.resolve(e, text: string, overrides: o).1 }, overrides: batch.overrides,
                       to: output, options: ro, cancel: cancel).render
    }
}
