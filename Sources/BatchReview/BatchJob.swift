import Foundation
import FramePipeline
import Media
import Presets
import Vocabulary

/// Options of `segue batch` (docs/CLI.md).
public struct BatchOptions: Sendable {
    public var outputDirectory: String
    public var shard: Shard?
    public var manifest: String?
    public var keepGoing = false
    public var cache: String?
    /// The render options every preset starts from; `jobs` is the whole batch's CPU budget.
    public var render = RenderOptions()
    /// `--format`, over each preset's `output.format`.
    public var format: String?
    /// `--for TARGET`: every clip rendered for that destination (TargetRender); `format` is its.
    public var target: ShareTarget?
    public var overrides = Overrides()
    /// Presets rendered at once (`--parallel`); nil: chosen from `jobs` (see `split`).
    public var parallel: Int?
    public var progress: ProgressMode = .auto
    /// The command-line options that change output bytes, as text, for the cache key.
    public var cacheOptions = ""
    /// `--baseline DIR`: each output is compared with DIR/<its file name> (BaselineCheck).
    public var baseline: String?
    /// `--threshold DB`: a frame under it makes the output `changed`.
    public var threshold = 40.0
    /// `--gallery`: OUTDIR/index.html and OUTDIR/index_files are outputs of the run too.
    public var gallery = false
    /// The previous manifest's outputs and hashes (files of Segue's own that may be replaced).
    var recorded: [String: String]?
    public init(outputDirectory: String) { self.outputDirectory = outputDirectory }
}

public struct BatchReport: Sendable {
    public var entries: [BatchEntry]
    /// 0 all rendered or cached; 1 a render failed; 2 a preset was invalid (and nothing failed);
    /// 128 + signal when interrupted.
    public var exitCode: Int32
    public var interrupted: Bool
    /// Why the manifest could not be written (then exitCode is 1).
    public var manifestError: String?
}

/// Many presets → many files, in four steps, each its own piece: discover the preset files
/// (BatchDiscovery), plan every clip's output and refuse clashes (BatchPlan), validate every
/// selected preset before rendering any (BatchValidation), then schedule: `concurrent` runners
/// take presets costliest first, each render with `workers` frame workers (BatchRender). The batch's
/// state has one owner (BatchState), which records each preset's outcome (BatchEntry) and keeps
/// the manifest current after every preset, so an interrupted batch still says what finished.
public enum BatchJob {
    /// How the `jobs` budget is split: `concurrent` presets at once, each with `workers` frame
    /// workers. One preset's pipeline has serial phases that frame workers cannot overlap (asset
    /// decoding, screen snapshots, the encoder's opening and flushing, the faststart rewrite,
    /// hashing), so a batch keeps cores busy by running presets side by side rather than one
    /// preset with every worker: concurrent = min(presets, jobs). Each preset's encoder runs
    /// `encoderThreads` threads of its own besides the workers, and they count toward the budget
    /// (docs/ARCHITECTURE.md): workers = (jobs − concurrent × encoderThreads) / concurrent, at least 1. One
    /// worker keeps one encoder fed — drawing costs about a third of x264's CPU time per frame
    /// (perf over a 30-preset batch: x264 67 %, Segue's drawing 20 %) — so the budget left after
    /// the encoders is spent on more workers only when there are fewer presets than jobs.
    public static func split(jobs: Int, presets: Int, parallel: Int?, encoderThreads: Int = RenderJob.defaultEncoderThreads) -> (concurrent: Int, workers: Int) {
        let jobs = max(1, jobs)
        let concurrent = max(1, min(presets, parallel ?? jobs))
        return (concurrent, max(1, (jobs - concurrent * max(0, encoderThreads)) / concurrent))
    }

    /// Runs the batch. A batch asked for a manifest always writes one (docs/CLI.md), also when it
    /// stops before rendering (no presets, two presets writing one file, an unusable -o).
    public static func run(inputs arguments: [String], options: BatchOptions, cancel: CancellationToken) throws -> BatchReport {
        do {
            return try runChecked(inputs: arguments, options: options, cancel: cancel)
        } catch let e as BatchError {
            if let path = options.manifest, e.recordable {
                let text = BatchManifest.json([], outputDirectory: options.outputDirectory, shard: options.shard,
                                              interrupted: false, exitCode: 2, error: e.description, target: options.target)
                do { try BatchManifest.write(text, to: path) } catch {
                    throw BatchError("\(e.description)\n\(error)")
                }
            }
            throw e
        }
    }

    static func runChecked(inputs arguments: [String], options: BatchOptions, cancel: CancellationToken) throws -> BatchReport {
        // Before discovery, which leaves the manifest out of a folder of presets.
        if let m = options.manifest { try checkManifestIsOne(m) }
        let inputs = try discover(arguments, excluding: options.manifest.map { [$0] } ?? [])
        if inputs.isEmpty { throw BatchError("no presets found (a folder is searched for *.json)") }
        let plan = try BatchPlan.plan(inputs, options: options)
        let clash = clashes(plan.entries, options: options, gallery: options.gallery)
        if !clash.isEmpty { throw BatchError(clash.joined(separator: "\n") + "\n(give each a different \"name\" or format)") }
        var options = options
        if let m = options.manifest {
            let folders = [(options.baseline, "the baseline folder"), (options.cache, "the cache")].compactMap { p, what in p.map { OutputDestination.Taken($0, what, isFolder: true) } }
            try checkManifest(m, taken: taken(plan.entries) + folders)
            options.recorded = previousManifest(m)
        }
        var selected = Array(plan.entries.indices)
        if let shard = options.shard { selected = selected.filter { shard.contains(plan.entries[$0].key) } }
        let state = BatchState(entries: plan.entries, options: options)
        state.select(selected)

        let prepared = validate(selected, plan, state: state, options: options, cancel: cancel)
        if cancel.isCancelled { return state.finish(cancel: cancel) }
        if state.invalidCount(markingOthers: !options.keepGoing) > 0 && !options.keepGoing { return state.finish(cancel: cancel) }
        let cache: RenderCache?
        do {
            try OutputDestination.createFolder(options.outputDirectory)
            cache = try options.cache.map(RenderCache.init)
        } catch let e as BatchError { throw e } catch {
            throw BatchError("-o \(options.outputDirectory): \(error)")
        }
        schedule(selected.filter { prepared[$0] != nil }, prepared, state: state, options: options, cache: cache, cancel: cancel)
        return state.finish(cancel: cancel)
    }

    /// Every selected preset checked before any renders; what rendering needs is kept.
    static func validate(_ selected: [Int], _ plan: BatchPlan.Planned, state: BatchState, options: BatchOptions,
                         cancel: CancellationToken) -> [Int: Prepared] {
        var prepared: [Int: Prepared] = [:]
        for i in selected {
            if cancel.isCancelled { break }
            switch prepare(plan.entries[i], text: plan.texts[i], options: options) {
            case .success(let p): prepared[i] = p; state.validated(i, frames: p.frames, duration: p.duration)
            case .failure(let e): state.invalid(i, e.problems)
            }
        }
        return prepared
    }

    /// Renders `todo` on `concurrent` runner threads, each taking the next preset (costliest
    /// first) until none is left, one fails (without --keep-going) or the batch is interrupted.
    static func schedule(_ todo: [Int], _ prepared: [Int: Prepared], state: BatchState, options: BatchOptions,
                         cache: RenderCache?, cancel: CancellationToken) {
        let threads = options.render.encoderThreads > 0 ? options.render.encoderThreads : RenderJob.defaultEncoderThreads
        let (concurrent, workers) = split(jobs: options.render.jobs, presets: todo.count, parallel: options.parallel, encoderThreads: threads)
        // Costliest first (longest-processing-time order): the presets left when the queue runs
        // dry are the cheapest, so no core idles long behind a big last preset. Ties keep the
        // batch's order; the manifest keeps it whatever the order of rendering.
        let order = todo.enumerated().sorted { a, b in
            let ca = prepared[a.element]!.cost, cb = prepared[b.element]!.cost
            return ca != cb ? ca > cb : a.offset < b.offset
        }.map(\.element)
        state.start(order)
        cancel.onCancel { [weak state] reason in state?.interrupted(reason: reason) }
        let done = DispatchGroup()
        for _ in 0..<concurrent {
            done.enter()
            // Threads of their own, not Dispatch's pool: each runner blocks while its render's
            // workers (Dispatch) run, and must not starve them of pool threads.
            let t = Thread {
                while let i = state.next(cancel: cancel) {
                    let entry = renderOne(state.entry(i), prepared[i]!, options: options, workers: workers, cache: cache, cancel: cancel)
                    state.finished(i, entry, cancel: cancel)
                }
                done.leave()
            }
            t.stackSize = 1 << 23
            t.start()
        }
        done.wait()
    }
}
