import Foundation
import Media
import Presets

/// Options of `segue batch` (DESIGN §1).
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

/// Many presets → many files. Validates every selected preset before rendering any; renders
/// `concurrent` presets at once, each with `jobs / concurrent` frame workers; records each
/// preset's outcome (BatchEntry) and keeps the manifest current after every preset, so an
/// interrupted batch still says what finished.
public enum BatchJob {
    /// A preset file found on the command line: its path and the key its shard is chosen by.
    public struct Input: Sendable, Equatable {
        public var path: String
        public var key: String
    }

    /// Files as given; folders expanded to every `*.json` below them (recursive, hidden files and
    /// folders skipped), sorted by path. The same file given twice is taken once.
    public static func discover(_ arguments: [String], excluding excluded: [String] = []) throws -> [Input] {
        let fm = FileManager.default
        var out: [Input] = []
        var seen = Set(excluded.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        func add(_ path: String, key: String) {
            if seen.insert(URL(fileURLWithPath: path).standardizedFileURL.path).inserted { out.append(Input(path: path, key: key)) }
        }
        for arg in arguments {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: arg, isDirectory: &isDir) else { throw BatchError("\(arg): no such file or folder") }
            if isDir.boolValue {
                guard let walker = fm.enumerator(atPath: arg) else { throw BatchError("\(arg): cannot read the folder") }
                var found: [String] = []
                while let rel = walker.nextObject() as? String {
                    let parts = rel.split(separator: "/")
                    if parts.contains(where: { $0.hasPrefix(".") }) { continue }
                    guard rel.hasSuffix(".json") else { continue }
                    var d: ObjCBool = false
                    let full = (arg as NSString).appendingPathComponent(rel)
                    if fm.fileExists(atPath: full, isDirectory: &d), !d.boolValue { found.append(rel) }
                }
                for rel in found.sorted() { add((arg as NSString).appendingPathComponent(rel), key: rel) }
            } else {
                var key = arg
                while key.hasPrefix("./") { key.removeFirst(2) }
                add(arg, key: key)
            }
        }
        return out
    }

    /// How the `jobs` budget is split: `concurrent` presets at once, each with `workers` frame
    /// workers. One preset's pipeline has serial phases that frame workers cannot overlap (asset
    /// decoding, screen snapshots, the encoder's opening and flushing, the faststart rewrite,
    /// hashing), and its encoder runs on threads of its own besides the workers; so a batch keeps
    /// cores busy by running presets side by side, one worker each, rather than one preset with
    /// every worker: concurrent = min(presets, jobs), workers = jobs / concurrent. With fewer
    /// presets than jobs the rest of the budget goes to each preset's workers.
    public static func split(jobs: Int, presets: Int, parallel: Int?) -> (concurrent: Int, workers: Int) {
        let jobs = max(1, jobs)
        let concurrent = max(1, min(presets, parallel ?? jobs))
        return (concurrent, max(1, jobs / concurrent))
    }

    /// What validation learned about a preset, kept for rendering (not the storyboard itself: its
    /// decoded screenshots would hold every preset's images in memory at once).
    struct Prepared: Sendable {
        var text: Data
        var name: String
        var format: OutputFormat
        var assets: [(relative: String, full: String)]
        var frames: Int
        var duration: Double
    }

    /// `<name>.<ext>` in `directory`; a png sequence is the folder `<name>`; null writes nothing.
    static func outputPath(name: String, format: String, in directory: String) -> String? {
        let f = OutputFormat(rawValue: format)
        if f == .null { return nil }
        let file = f.map { $0.fileExtension.map { "\(name).\($0)" } ?? name } ?? "\(name).\(format)"
        return (directory as NSString).appendingPathComponent(file)
    }

    /// Runs the batch. A batch asked for a manifest always writes one (DESIGN §7), also when it
    /// stops before rendering (no presets, two presets writing one file, an unusable -o).
    public static func run(inputs arguments: [String], options: BatchOptions, cancel: CancellationToken) throws -> BatchReport {
        do {
            return try runChecked(inputs: arguments, options: options, cancel: cancel)
        } catch let e as BatchError {
            if let path = options.manifest {
                let text = BatchManifest.json([], outputDirectory: options.outputDirectory, shard: options.shard,
                                              interrupted: false, exitCode: 2, error: e.description)
                do { try BatchManifest.write(text, to: path) } catch {
                    throw BatchError("\(e.description)\n\(error)")
                }
            }
            throw e
        }
    }

    static func runChecked(inputs arguments: [String], options: BatchOptions, cancel: CancellationToken) throws -> BatchReport {
        let fm = FileManager.default
        let inputs = try discover(arguments, excluding: options.manifest.map { [$0] } ?? [])
        if inputs.isEmpty { throw BatchError("no presets found (a folder is searched for *.json)") }

        // Every preset's output name, from all presets (not only this shard's): two presets that
        // write the same file are an error even when different machines would render them.
        var entries: [BatchEntry] = []
        var texts: [Result<Data, RegularFile.Failure>] = []
        for input in inputs {
            // A matrix preset is one entry per combination (BatchPlan), all sharing the file's text.
            let read = Result { () throws(RegularFile.Failure) in try RegularFile.read(input.path, limit: Limits.maxPresetBytes + 1) }
            let clips = BatchPlan.entries(input, text: try? read.get(), options: options)
            texts += Array(repeating: read, count: clips.count)
            entries += clips
        }
        var byOutput: [String: [String]] = [:]
        for e in entries { if let o = e.output { byOutput[o, default: []].append(e.input) } }
        let clashes = byOutput.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }
        if !clashes.isEmpty {
            throw BatchError(clashes.map { "\($0.key): written by \($0.value.count) presets: \($0.value.joined(separator: ", ")) (give each a different \"name\")" }
                .joined(separator: "\n"))
        }

        // This shard's presets.
        var selected = Array(entries.indices)
        if let shard = options.shard { selected = selected.filter { shard.contains(entries[$0].key) } }
        let state = BatchState(entries: entries, options: options)
        state.selected = selected

        // Validate every selected preset before rendering any.
        var prepared: [Int: Prepared] = [:]
        for i in selected {
            if cancel.isCancelled { break }
            switch prepare(entries[i], text: texts[i], options: options) {
            case .success(let p): prepared[i] = p; state.entries[i].frames = p.frames; state.entries[i].duration = p.duration
            case .failure(let e):
                state.entries[i].status = .invalid
                state.entries[i].error = e.problems.map(\.description).joined(separator: "\n")
                state.entries[i].problems = e.problems.map(\.description)
                for p in e.problems { state.log(p.description) }
            }
        }
        let invalid = selected.filter { state.entries[$0].status == .invalid }
        if cancel.isCancelled { return state.finish(cancel: cancel) }
        if !invalid.isEmpty && !options.keepGoing {
            for i in selected where state.entries[i].status != .invalid { state.entries[i].error = "not rendered: another preset is invalid" }
            state.log("segue: \(invalid.count) of \(selected.count) preset\(selected.count == 1 ? "" : "s") invalid; nothing rendered (--keep-going renders the valid ones)")
            return state.finish(cancel: cancel)
        }
        let todo = selected.filter { prepared[$0] != nil }
        let cache: RenderCache?
        do {
            try fm.createDirectory(atPath: options.outputDirectory, withIntermediateDirectories: true)
            cache = try options.cache.map(RenderCache.init)
        } catch let e as BatchError { throw e } catch {
            throw BatchError("-o \(options.outputDirectory): cannot create the folder: \(error.localizedDescription)")
        }

        // Render: `concurrent` runner threads take presets in order.
        let (concurrent, workers) = split(jobs: options.render.jobs, presets: todo.count, parallel: options.parallel)
        state.queue = todo
        state.total = todo.count
        state.writeManifest(exitCode: nil, interrupted: false)
        let ready = prepared
        let done = DispatchGroup()
        for _ in 0..<concurrent {
            done.enter()
            // Threads of their own, not Dispatch's pool: each runner blocks while its render's
            // workers (Dispatch) run, and must not starve them of pool threads.
            let t = Thread {
                while let i = state.next(cancel: cancel) {
                    let entry = renderOne(state.entries(i), ready[i]!, options: options, workers: workers, cache: cache, cancel: cancel)
                    state.finished(i, entry, cancel: cancel)
                }
                done.leave()
            }
            t.stackSize = 1 << 23
            t.start()
        }
        // On SIGINT/SIGTERM the CLI exits within two seconds even if a render does not wind down:
        // record the interruption at once, so the manifest is right either way.
        let watcher = Thread {
            while !state.isOver {
                if cancel.isCancelled { state.writeManifest(exitCode: 128 + cancel.reason, interrupted: true, unlessOver: true); return }
                usleep(50_000)
            }
        }
        watcher.start()
        done.wait()
        state.isOver = true
        return state.finish(cancel: cancel)
    }

    static func prepare(_ e: BatchEntry, text read: Result<Data, RegularFile.Failure>, options: BatchOptions) -> Result<Prepared, PresetError> {
        func fail(_ m: String, path: String = "") -> Result<Prepared, PresetError> { .failure(PresetError([Problem(file: e.input, path: path, message: m)])) }
        let text: Data
        switch read { case .success(let t): text = t; case .failure(let why): return fail(why.description) }
        if text.count > Limits.maxPresetBytes { return fail("is larger than \(Limits.maxPresetBytes >> 20) MiB; a preset is a small JSON file") }
        guard let string = String(data: text, encoding: .utf8) else { return fail("is not UTF-8 text") }
        let preset: Preset, storyboard: Storyboard
        // Images probed, not decoded: this pass only checks (issue 20.4).
        do { (preset, storyboard) = try BatchPlan.resolve(e, text: string, overrides: options.overrides, probesImagesOnly: true) } catch { return .failure(error) }
        let chosen = options.format ?? storyboard.output.format ?? "mp4"
        guard let format = OutputFormat(rawValue: chosen) else {
            return fail("unknown format \(chosen) (expected one of: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")))",
                        path: options.format == nil ? "output.format" : "")
        }
        var ro = options.render
        ro.format = format
        ro.presetFile = e.input
        do { _ = try ro.encoderSettings(for: storyboard) } catch {
            return fail("\(error)", path: "output")
        }
        if let out = e.output {
            do { try OutputDestination.check(out, folder: format.writesDirectory, inputs: [e.input]) } catch {
                return fail("\(error)", path: "output")
            }
        }
        do { try ro.checkMemory(storyboard) } catch { return fail("\(error)", path: storyboard.output.maxMemory != nil && ro.maxMemory == nil ? "output.maxMemory" : "") }
        let frames = storyboard.frameCount(slowMotion: options.render.slowMotion)
        if frames > Int(Limits.maxStoryDuration) * Limits.fps.upperBound { return fail("too many frames (\(frames))", path: "timeline") }
        let base = URL(fileURLWithPath: e.input).deletingLastPathComponent().path
        var assets: [(relative: String, full: String)] = []
        for relative in PresetAssets.paths(preset) {
            if case .success(let full) = AssetPath.resolve(relative, in: base) { assets.append((relative, full)) }
        }
        return .success(Prepared(text: text, name: storyboard.name, format: format, assets: assets, frames: frames, duration: storyboard.duration))
    }

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
            // Resolved again rather than kept from validation (bounded memory, see Prepared).
            guard let text = String(data: p.text, encoding: .utf8) else { throw BatchError("not UTF-8 text") }
            let storyboard = try BatchPlan.resolve(e, text: text, overrides: options.overrides).1
            var ro = options.render
            ro.format = p.format
            ro.jobs = workers
            ro.progress = options.progress.resolved == .json ? .json : .none
            let result = try RenderJob.run(storyboard, to: e.output, options: ro, cancel: cancel)
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

/// Asset paths a decoded preset refers to: image screens and image layers, recursively.
public enum PresetAssets {
    public static func paths(_ preset: Preset) -> [String] {
        var out: [String] = []
        func walk(_ l: LayerSpec) {
            if l.kind == .image, let p = l.image { out.append(p) }
            l.children.forEach(walk)
        }
        for (_, spec) in preset.screens {
            switch spec {
            case .image(let path, _, _): out.append(path)
            case .layers(_, let layers): layers.forEach(walk)
            case .mock: break
            }
        }
        return out + ScreenExtras.assetPaths(preset)
    }
}

/// The batch's shared, lock-protected state: entries, the queue of presets to render, progress
/// lines and the manifest (rewritten after every preset).
final class BatchState: @unchecked Sendable {
    private let lock = NSLock()
    private var _entries: [BatchEntry]
    let options: BatchOptions
    var selected: [Int] = []
    var queue: [Int] = []
    var total = 0
    private var stopped = false
    private var inFlight = Set<Int>()
    private var _over = false
    var isOver: Bool {
        get { lock.lock(); defer { lock.unlock() }; return _over }
        set { lock.lock(); _over = newValue; lock.unlock() }
    }
    private var doneCount = 0
    let mode: ProgressMode

    init(entries: [BatchEntry], options: BatchOptions) {
        _entries = entries
        self.options = options
        mode = options.progress.resolved
    }

    var entries: [BatchEntry] {
        get { lock.lock(); defer { lock.unlock() }; return _entries }
        set { lock.lock(); _entries = newValue; lock.unlock() }
    }

    func entries(_ i: Int) -> BatchEntry { lock.lock(); defer { lock.unlock() }; return _entries[i] }

    /// The next preset to render, or nil when the queue is empty, a preset failed (without
    /// --keep-going) or the batch was interrupted.
    func next(cancel: CancellationToken) -> Int? {
        lock.lock(); defer { lock.unlock() }
        if stopped || cancel.isCancelled || queue.isEmpty { return nil }
        let i = queue.removeFirst()
        inFlight.insert(i)
        return i
    }

    func finished(_ i: Int, _ e: BatchEntry, cancel: CancellationToken) {
        lock.lock()
        _entries[i] = e
        inFlight.remove(i)
        doneCount += 1
        if e.status == .failed && !options.keepGoing { stopped = true }
        let n = doneCount
        lock.unlock()
        switch mode {
        case .json:
            log("{\"event\":\"preset\",\"index\":\(n),\"total\":\(total),\"input\":\(jsonString(e.input)),\"output\":\(e.output.map(jsonString) ?? "null"),"
                + "\"status\":\"\(e.status.rawValue)\",\"frames\":\(e.frames.map(String.init) ?? "null"),\"wallTime\":\(String(format: "%.3f", e.wallTime ?? 0)),"
                + "\"sha256\":\(e.sha256.map(jsonString) ?? "null"),\"error\":\(e.error.map(jsonString) ?? "null")}")
        case .none:
            if e.status == .failed { log("\(e.input): \(e.error ?? "failed")") }
        default:
            let what = e.status == .failed || e.status == .cancelled ? ": \(e.error ?? "")" : " → \(e.output ?? "(null)") (\(e.frames ?? 0) frames, \(String(format: "%.2f", e.wallTime ?? 0)) s)"
            log("[\(n)/\(total)] \(e.status.rawValue) \(e.input)\(what)")
        }
        writeManifest(exitCode: nil, interrupted: cancel.isCancelled)
    }

    private let manifestLock = NSLock()

    /// Why the last manifest write failed (nil: it succeeded), under manifestLock.
    private var manifestFailure: String?

    /// `unlessOver`: skipped once the batch has finished (the final manifest must win). Presets
    /// being rendered are `running` (`cancelled` once interrupted), so a manifest left by a
    /// killed batch says which presets were in flight.
    @discardableResult
    func writeManifest(exitCode: Int32?, interrupted: Bool, unlessOver: Bool = false) -> String? {
        guard let path = options.manifest else { return nil }
        manifestLock.lock(); defer { manifestLock.unlock() }
        if unlessOver && isOver { return nil }
        lock.lock()
        let running = inFlight
        var snapshot = selected.map { _entries[$0] }
        lock.unlock()
        for (k, i) in selected.enumerated() where running.contains(i) {
            snapshot[k].status = interrupted ? .cancelled : .running
            snapshot[k].error = interrupted ? "interrupted" : nil
        }
        let text = BatchManifest.json(snapshot, outputDirectory: options.outputDirectory, shard: options.shard,
                                      interrupted: interrupted, exitCode: exitCode)
        do { try BatchManifest.write(text, to: path); manifestFailure = nil } catch {
            manifestFailure = "\(error)"
            log("segue: \(error)")
        }
        return manifestFailure
    }

    /// Marks what never ran, writes the final manifest, returns the report.
    func finish(cancel: CancellationToken) -> BatchReport {
        let interrupted = cancel.isCancelled
        lock.lock()
        for i in selected where _entries[i].status == .skipped && _entries[i].error == nil {
            _entries[i].error = interrupted ? "not rendered: the batch was interrupted" : "not rendered: an earlier preset failed"
        }
        let mine = selected.map { _entries[$0] }
        lock.unlock()
        var code: Int32
        if interrupted { code = 128 + cancel.reason }
        else if mine.contains(where: { $0.status == .failed || $0.status == .changed }) { code = 1 }
        else if mine.contains(where: { $0.status == .invalid || $0.status == .skipped }) { code = mine.contains { $0.status == .invalid } ? 2 : 1 }
        else { code = 0 }
        // A manifest that cannot be written fails the batch (exit 1): CI must not go on without it.
        var manifestError = writeManifest(exitCode: code, interrupted: interrupted)
        if manifestError != nil && !interrupted {
            code = 1
            manifestError = writeManifest(exitCode: code, interrupted: interrupted) ?? manifestError
        }
        if mode == .json {
            let counts = BatchStatus.allCases.map { s in "\"\(s.rawValue)\":\(mine.filter { $0.status == s }.count)" }.joined(separator: ",")
            log("{\"event\":\"batch\",\"total\":\(mine.count),\(counts),\"exitCode\":\(code)}")
        }
        return BatchReport(entries: mine, exitCode: code, interrupted: interrupted, manifestError: manifestError)
    }

    private let logLock = NSLock()
    func log(_ s: String) {
        logLock.lock(); FileHandle.standardError.write((s + "\n").data(using: .utf8)!); logLock.unlock()
    }
}
