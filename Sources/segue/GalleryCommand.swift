import BatchReview
import Foundation
import Media
import Vocabulary

// `segue gallery MANIFEST -o DIR` (an existing batch's manifest → DIR/index.html) and the
// `batch --gallery` step (the finished batch → OUTDIR/index.html). Export's Gallery does the work.

extension Command {
    static let gallery = Command(
        name: "gallery", synopsis: "segue gallery MANIFEST -o DIR", summary: "an HTML page of a batch's outputs",
        about: """
        Writes DIR/index.html: a self-contained page (no network) of the batch MANIFEST describes —
        per preset its clip (muted, looping; ProRes/HEVC: a download link), poster, contact sheet,
        progress plot and the manifest's facts, failures first, with status filters. Clips outside DIR
        are linked or copied into DIR/index_files/. Only regular files are brought in, reached without a
        symbolic link: clips and diff strips from the manifest's folder, baseline clips from --baseline DIR
        (default: the manifest's folder); any other path in the manifest is refused (exit 2).
        `segue batch … --gallery` writes the same beside its outputs.
        Posters, sheets and videos load only as they scroll into view (a page of hundreds of clips).
        A preset whose SHA-256 differs from the one the manifest recorded was edited after its clip was
        rendered: its card is marked stale and gets no images drawn from the new text; --refuse-stale
        makes that an error (exit 2) instead.
        """,
        options: [.output.described("DIR", "the folder of index.html"), .baseline.described("DIR", "where the baseline clips are (default: the manifest's folder)"),
                  .jobs, .refuseStale, .quiet],
        run: runGallery)
}

func runGallery(_ a: Arguments) throws {
    guard a.positionals.count == 1 else { throw Failure(code: .usage, message: "gallery needs one manifest (got \(a.positionals.count))\n\(helpText(.gallery))") }
    guard let dir = a.value(.output) else { throw Failure(code: .usage, message: "gallery needs -o DIR") }
    let manifest = a.positionals[0]
    let data: Data
    do { data = try RegularFile.read(manifest, limit: 64 << 20) } catch {
        throw Failure(code: .usage, message: "segue: \(manifest): \(error.description)")
    }
    let folder = (manifest as NSString).deletingLastPathComponent
    let sources = Gallery.Sources(outputs: folder.isEmpty ? "." : folder, baseline: a.value(.baseline))
    let jobs = a.int(.jobs) ?? ProcessInfo.processInfo.activeProcessorCount
    do {
        let facts = try GalleryFacts.parse(data, file: manifest, base: (manifest as NSString).deletingLastPathComponent)
        let stale = facts.items.filter(\.isStale)
        if a.has(.refuseStale) && !stale.isEmpty {
            throw Failure(code: .usage, message: stale.map { "segue: \($0.input): edited after its clip was rendered (SHA-256 differs from \(manifest)'s)" }.joined(separator: "\n")
                          + "\nsegue: re-render with segue batch, or drop --refuse-stale to mark them stale")
        }
        outputsStarted.set()
        let page = try Gallery.write(facts, to: dir, sources: sources, taken: [.init(manifest, "the manifest")], jobs: jobs, cancel: cancelToken)
        if !a.has(.quiet) { printErr("\(page): \(facts.items.count) preset\(facts.items.count == 1 ? "" : "s")") }
    } catch let e as BatchError {
        throw Failure(code: .usage, message: "segue: \(e.description)")
    }
}

/// `batch --gallery`: the batch's own manifest text, read back as any manifest is.
func batchGallery(_ report: BatchReport, _ o: BatchOptions, quiet: Bool) throws {
    let text = BatchManifest.json(report.entries, outputDirectory: o.outputDirectory, shard: o.shard,
                                  interrupted: report.interrupted, exitCode: report.exitCode)
    do {
        let facts = try GalleryFacts.parse(Data(text.utf8), file: "batch", base: ".")
        let taken = (o.manifest.map { [OutputDestination.Taken($0, "the manifest")] } ?? []) + BatchJob.taken(report.entries)
        let page = try Gallery.write(facts, to: o.outputDirectory, sources: .init(outputs: o.outputDirectory, baseline: o.baseline),
                                     taken: taken, jobs: o.render.jobs, cancel: cancelToken)
        if !quiet { printErr("\(page): gallery of \(facts.items.count) preset\(facts.items.count == 1 ? "" : "s")") }
    } catch let e as BatchError {
        throw Failure(code: .failure, message: "segue: --gallery: \(e.description)")
    }
}
