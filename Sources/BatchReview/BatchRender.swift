import Foundation
import FramePipeline
import Media
import Presets

extension BatchJob {
    /// One preset: from the cache, or rendered (and then stored in the cache).
    static func renderOne(_ entry: BatchEntry, _ p: Prepared, options: BatchOptions, workers: Int, cache: RenderCache?,
                          cancel: CancellationToken) -> BatchEntry {
        let started = Date()
        var e = attempt(entry, p, options: options, workers: workers, cache: cache, cancel: cancel)
        e.wallTime = Date().timeIntervalSince(started)
        return BaselineCheck.check(e, options: options, jobs: workers, cancel: cancel)
    }

    static func attempt(_ entry: BatchEntry, _ p: Prepared, options: BatchOptions, workers: Int, cache: RenderCache?,
                        cancel: CancellationToken) -> BatchEntry {
        var e = entry
        e.presetSha256 = SHA256.hash(p.text)
        let ext = p.format.fileExtension
        do {
            var key: String?
            if let cache, let ext, let out = e.output {
                let k = try RenderCache.key(presetText: BatchPlan.cacheText(e, p.text), name: p.name, assets: p.assets, format: p.format.rawValue,
                                            options: options.cacheOptions)
                key = k
                e.cacheKey = k
                if let hit = cache.lookup(key: k, ext: ext) {
                    try RenderCache.copyAtomically(from: hit.path, to: out)
                    e.sha256 = try SHA256.hash(file: out)
                    // Checked again on the copy: an entry changed while it was copied is not served.
                    if e.sha256 == hit.sha256 { e.status = .cached; return e }
                }
            }
            // Decoded and resolved once, at validation (see Prepared).
            let storyboard = p.storyboard
            var ro = options.render
            ro.format = p.format
            ro.jobs = workers
            ro.progress = options.progress.resolved == .json ? .json : .none
            let result = try options.target.map { t in try TargetRender.run(t, entry: e, text: p.text, to: e.output, options: ro, batch: options, cancel: cancel) }
                ?? RenderJob.run(storyboard, to: e.output, options: ro, cancel: cancel)
            e.frames = result.frames
            e.duration = storyboard.duration
            if let out = e.output, !p.format.writesDirectory {
                e.sha256 = try SHA256.hash(file: out)
                if let cache, let key, let ext {
                    // A cache that cannot be written costs a re-render next time, not this result.
                    do { try cache.store(out, sha256: e.sha256!, key: key, ext: ext) } catch { e.error = "not cached: \(error)" }
                }
            }
            e.status = .ok
        } catch {
            if cancel.isCancelled || error is CancelledError {
                e.status = .cancelled
                e.error = "interrupted"
            } else {
                e.status = .failed
                e.error = "\(error)"
            }
            e.sha256 = nil
        }
        return e
    }
}
