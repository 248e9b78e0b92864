import Foundation
import Media
import Presets
import Raster

/// `segue gallery MANIFEST -o DIR` and `batch --gallery`: one self-contained folder, `index.html`
/// plus what it shows, that works from file://, as a CI artifact and on a static host. Nothing
/// comes from the network: the style and the few lines of filter script are inline, images are
/// PNG files beside the page, clips are referenced (or copied in) by relative path.
///
/// Per preset (failures first): the clip in a muted looping `<video>` whose poster is the frame in
/// the middle of the first transition (GalleryMedia decides what plays inline; ProRes and HEVC get
/// a download link), its contact sheet and progress plot, and the manifest's facts. With a
/// baseline (`batch --baseline`) the baseline clip plays beside the new one above the diff strip.
public enum Gallery {
    /// The folder beside index.html that holds the rendered images and copied clips (the name
    /// browsers give a saved page's files; a static host serves it as it is).
    public static let assets = "index_files"

    /// Writes DIR/index.html and DIR/index_files/…; returns the page's path. Presets that cannot be
    /// loaded (moved, or invalid) get no images: their facts and error text still show.
    @discardableResult
    public static func write(_ facts: GalleryFacts, to dir: String, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                             cancel: CancellationToken = CancellationToken()) throws -> String {
        let fm = FileManager.default
        let assetDir = (dir as NSString).appendingPathComponent(assets)
        do { try fm.createDirectory(atPath: assetDir, withIntermediateDirectories: true) } catch {
            throw BatchError("-o \(dir): cannot create the folder: \(error.localizedDescription)")
        }
        let ordered = facts.items.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element)
        var cards: [String] = []
        for (k, item) in ordered.enumerated() {
            if cancel.isCancelled { throw CancelledError(reason: cancel.reason) }
            let files = try GalleryFiles.prepare(item, index: k, dir: dir, jobs: jobs)
            cards.append(GalleryHTML.card(item, files))
        }
        let page = GalleryHTML.page(facts, cards: cards, statuses: ordered.map(\.status))
        let path = (dir as NSString).appendingPathComponent("index.html")
        let file = try AtomicFile(destination: path)
        do { try Data(page.utf8).write(to: URL(fileURLWithPath: file.temporaryPath)) } catch {
            file.discard()
            throw BatchError("\(path): \(error.localizedDescription)")
        }
        try file.commit()
        return path
    }
}

/// The files one card refers to, as paths relative to the page (nil: not available).
struct GalleryFiles {
    var clip: String?
    var media: GalleryMedia?
    var poster: String?
    var sheet: String?
    var plot: String?
    var baseline: String?
    var baselineMedia: GalleryMedia?
    var diff: String?
    /// The preset changed since the render: the clip is shown, no image is drawn from the preset.
    var stale = false

    /// Renders the poster, sheet and plot from the preset and brings the clips into the folder.
    static func prepare(_ item: GalleryItem, index: Int, dir: String, jobs: Int) throws -> GalleryFiles {
        var f = GalleryFiles()
        let stem = String(format: "%03d-", index) + safe(item.name)
        if let out = item.output, isFile(out) {
            f.clip = try bring(out, into: dir, as: stem + "." + (out as NSString).pathExtension)
            f.media = GalleryMedia.of(out)
        }
        if let base = item.baseline, isFile(base) {
            f.baseline = try bring(base, into: dir, as: stem + ".baseline." + (base as NSString).pathExtension)
            f.baselineMedia = GalleryMedia.of(base)
        }
        if let diff = item.diff, isFile(diff) { f.diff = try bring(diff, into: dir, as: stem + ".diff.png") }
        // Images from the preset itself, when it still loads (it is what the clip was rendered from).
        // A preset edited since the render would draw pictures of another clip: none then.
        f.stale = item.isStale
        guard item.status != "invalid", !f.stale,
              let storyboard = try? PresetLoader.load(path: item.input, only: item.only, images: PresetImages.folder) else { return f }
        let assetDir = (dir as NSString).appendingPathComponent(Gallery.assets)
        func image(_ suffix: String, _ draw: (String) throws -> Void) -> String? {
            let name = stem + suffix
            do { try draw((assetDir as NSString).appendingPathComponent(name)); return Gallery.assets + "/" + name } catch { return nil }
        }
        f.poster = image(".poster.png") { path in
            let composer = FrameComposer(storyboard: storyboard)
            let b = try Bitmap(width: storyboard.pixelWidth, height: storyboard.pixelHeight)
            composer.render(frame: posterFrame(storyboard), into: b)
            try composer.checkDrawn()
            try PNGWriter.write(b, to: path)
        }
        f.sheet = image(".sheet.png") { try ContactSheet.run(storyboard, to: $0, count: 12, columns: 6, jobs: jobs) }
        f.plot = image(".plot.png") { try ProgressPlot.run(storyboard, to: $0) }
        return f
    }

    /// The frame in the middle of the first transition step (the frame that says most about the
    /// clip); the middle frame when the story has no transition.
    static func posterFrame(_ s: Storyboard) -> Int {
        let last = max(0, s.frameCount() - 1)
        guard let step = s.steps.first(where: { $0.transition != nil }) else { return last / 2 }
        return min(last, max(0, Int(((step.start + step.end) / 2 * Double(s.fps)).rounded())))
    }

    static func isFile(_ p: String) -> Bool {
        var d: ObjCBool = false
        return FileManager.default.fileExists(atPath: p, isDirectory: &d) && !d.boolValue
    }

    /// A file inside `dir` is referenced where it is; one elsewhere is hard-linked (else copied)
    /// into DIR/index_files/, so the folder is self-contained.
    static func bring(_ path: String, into dir: String, as name: String) throws -> String {
        let root = URL(fileURLWithPath: dir).standardizedFileURL.resolvingSymlinksInPath().path + "/"
        let full = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        if full.hasPrefix(root) { return String(full.dropFirst(root.count)) }
        let dest = ((dir as NSString).appendingPathComponent(Gallery.assets) as NSString).appendingPathComponent(name)
        let fm = FileManager.default
        try? fm.removeItem(atPath: dest)
        do { try fm.linkItem(atPath: full, toPath: dest) } catch {
            do { try fm.copyItem(atPath: full, toPath: dest) } catch {
                throw BatchError("\(dest): cannot copy \(path) into the gallery: \(error.localizedDescription)")
            }
        }
        return Gallery.assets + "/" + name
    }

    /// A file-name-safe version of a preset name (the index keeps two presets apart anyway).
    static func safe(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }.prefix(60))
    }
}
