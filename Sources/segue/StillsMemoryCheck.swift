import FramePipeline
import Presets

/// `frames` and `sheet` refuse, like `render`, a command whose estimated peak memory passes
/// `--max-memory` (else the preset's `output.maxMemory`, else 2 GiB): exit 2 with the estimate,
/// before anything is rendered (issue 20.6).
func checkStillsMemory(_ estimate: MemoryEstimate, _ a: Arguments, _ storyboard: Storyboard) throws {
    let (limit, source) = MemoryEstimate.limit(option: a.size(.maxMemory), storyboard: storyboard)
    try estimate.check(limit: limit, source: source)   // MemoryLimitError: exit 2
}
