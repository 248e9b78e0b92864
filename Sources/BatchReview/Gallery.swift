import Foundation
import FramePipeline
import Media
import Presets
import Raster
import Vocabulary

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

    /// Where the files a gallery brings in may come from (issue 27.1): clips and diff strips from
    /// `outputs`, baseline clips from `baseline` — each a regular file inside its folder, reached
    /// without a symbolic link (ContainedFile). Anything else is refused with its path.
    public struct Sources: Sendable {
        public var outputs: String
        public var baseline: String?
        public init(outputs: String, baseline: String?) { self.outputs = outputs; self.baseline = baseline }
    }

    /// What an existing DIR/index_files may hold to be replaced: only a gallery's own files.
    static let owned = OwnedFolder(rule: "a gallery replaces only an index_files folder of its own files (NNN-name.…): give -o a new folder") { name in
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        return digits.count >= 3 && name.dropFirst(digits.count).hasPrefix("-") && !name.hasPrefix(".")
    }

    /// Writes DIR/index.html and DIR/index_files/…; returns the page's path. Written like any
    /// output (issue 27.4): index_files is built in a temporary folder beside, index.html in a
    /// temporary file, both renamed into place only when everything is written — a refusal, an
    /// error or a signal leaves the old gallery (or nothing) as it was. Presets that cannot be
    /// loaded (moved, or invalid) get no images: their facts and error text still show.
    /// `taken`: paths the page may not be (the manifest it is made from).
    @discardableResult
    public static func write(_ facts: GalleryFacts, to dir: String, sources: Sources, taken: [OutputDestination.Taken] = [],
                             jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                             cancel: CancellationToken = CancellationToken()) throws -> String {
        let path = page(in: dir)
        let ordered = facts.items.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element)
        do {
            try checkFolder(dir)
            try OutputDestination.checkWritten(path, role: "gallery", taken: taken)
            try checkOwnPage(path)
            for item in ordered { try GalleryFiles.refusal(item, sources) }
        } catch let e as DestinationError { throw BatchError(e.description) }
        let assetDir = try AtomicDirectory(destination: (dir as NSString).appendingPathComponent(assets), owned: owned)
        let file = try AtomicFile(destination: path)
        var cards: [String] = []
        var drawn = GalleryFiles.Drawn()
        for (k, item) in ordered.enumerated() {
            if cancel.isCancelled { throw CancelledError(reason: cancel.reason) }
            let files = try GalleryFiles.prepare(item, index: k, dir: dir, into: assetDir.temporaryPath, sources: sources, jobs: jobs, drawn: &drawn)
            cards.append(GalleryHTML.card(item, files))
        }
        let page = GalleryHTML.page(facts, cards: cards, statuses: ordered.map(\.status))
        do { try Data(page.utf8).write(to: URL(fileURLWithPath: file.temporaryPath)) } catch {
            throw BatchError("\(path): \(systemReason(error))")
        }
        try assetDir.commit()
        try file.commit()
        return path
    }

    /// The start every page this writes has (GalleryHTML.page): an existing DIR/index.html is
    /// replaced only when it is a gallery's own, never a page of the user's that shares the name.
    static let ownPageMarker = "<title>Segue gallery"

    static func page(in dir: String) -> String { (dir as NSString).appendingPathComponent("index.html") }

    /// `batch --gallery` asks before it renders anything: may DIR/index.html be written?
    public static func checkPage(in dir: String) throws {
        _ = try OutputDestination.checkWritten(page(in: dir), role: "gallery", taken: [])
        try checkOwnPage(page(in: dir))
    }

    static func checkOwnPage(_ path: String) throws {
        guard let h = FileHandle(forReadingAtPath: path) else { return }
        defer { try? h.close() }
        let head = String(decoding: (try? h.read(upToCount: 4096)) ?? Data(), as: UTF8.self)
        if !head.contains(ownPageMarker) {
            throw DestinationError("\(path): exists and is not a page segue gallery wrote; a gallery replaces only its own index.html: move it, or give -o another folder")
        }
    }

    /// DIR is a folder or absent: never a file, a device or a FIFO (it was "NSCocoaErrorDomain
    /// error 512" for a file, an empty file for /dev/zero, a hang for a FIFO).
    static func checkFolder(_ dir: String) throws {
        var st = stat()
        guard stat(dir, &st) == 0 else { return }
        if st.st_mode & S_IFMT != S_IFDIR {
            let kind = RegularFile.kindName(st.st_mode) ?? "a file"
            throw DestinationError("-o \(dir): is \(kind); a gallery is written into a folder (give a new or existing folder)")
        }
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

    /// Why one of the item's files may not be brought into the gallery (nil: all may).
    static func refusal(_ item: GalleryItem, _ sources: Gallery.Sources) throws {
        for (path, root) in sourcesOf(item, sources) {
            if let why = ContainedFile.problem(path, inside: root) {
                throw DestinationError("gallery: \(why)")
            }
        }
    }

    /// The item's files that exist (a failed preset has none), each with the folder it must be in.
    static func sourcesOf(_ item: GalleryItem, _ sources: Gallery.Sources) -> [(String, String)] {
        let exists = { (p: String) -> Bool in var st = stat(); return lstat(p, &st) == 0 }
        var out: [(String, String)] = []
        for p in [item.wroteOutput ? item.output : nil, item.diff].compactMap({ $0 }) where exists(p) { out.append((p, sources.outputs)) }
        if let b = item.baseline, exists(b) { out.append((b, sources.baseline ?? sources.outputs)) }
        return out
    }

    /// The images already drawn in this gallery, by the preset and `only` they were drawn from:
    /// they depend on nothing else (no render option reaches them), so a manifest that lists one
    /// preset several times gets them drawn once and linked under each entry's own names.
    typealias Drawn = [String: (poster: String?, sheet: String?, plot: String?)]

    /// Renders the poster, sheet and plot from the preset into `assetDir` (the new index_files'
    /// temporary folder), or links those drawn for an earlier entry of the same preset, and
    /// brings the clips in.
    static func prepare(_ item: GalleryItem, index: Int, dir: String, into assetDir: String, sources: Gallery.Sources, jobs: Int,
                        drawn: inout Drawn) throws -> GalleryFiles {
        var f = GalleryFiles()
        let stem = String(format: "%03d-", index) + safe(item.name)
        let bring = { (path: String, root: String, name: String) throws -> String in
            try GalleryFiles.bring(path, inside: root, dir: dir, assetDir: assetDir, as: name)
        }
        if let out = item.output, item.wroteOutput, isFile(out) {
            f.clip = try bring(out, sources.outputs, stem + "." + (out as NSString).pathExtension)
            f.media = GalleryMedia.of(out)
        }
        if let base = item.baseline, isFile(base) {
            f.baseline = try bring(base, sources.baseline ?? sources.outputs, stem + ".baseline." + (base as NSString).pathExtension)
            f.baselineMedia = GalleryMedia.of(base)
        }
        if let diff = item.diff, isFile(diff) { f.diff = try bring(diff, sources.outputs, stem + ".diff.png") }
        // Images from the preset itself, when it still loads (it is what the clip was rendered from).
        // A preset edited since the render would draw pictures of another clip: none then.
        f.stale = item.isStale
        guard item.status != "invalid", !f.stale else { return f }
        let key = item.input + "\u{0}" + (item.only ?? "")
        if let earlier = drawn[key] {
            func link(_ from: String?, _ suffix: String) -> String? {
                guard let from else { return nil }
                let name = stem + suffix
                let at: (String) -> String = { (assetDir as NSString).appendingPathComponent(($0 as NSString).lastPathComponent) }
                do { try FileManager.default.linkItem(atPath: at(from), toPath: at(name)) } catch {
                    guard (try? FileManager.default.copyItem(atPath: at(from), toPath: at(name))) != nil else { return nil }
                }
                return Gallery.assets + "/" + name
            }
            (f.poster, f.sheet, f.plot) = (link(earlier.poster, ".poster.png"), link(earlier.sheet, ".sheet.png"), link(earlier.plot, ".plot.png"))
            return f
        }
        guard let storyboard = try? PresetLoader.load(path: item.input, only: item.only, images: PresetImages.folder, fonts: InstalledFonts()) else { return f }
        defer { drawn[key] = (f.poster, f.sheet, f.plot) }
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

    /// A file inside `dir` (not in its index_files, which is replaced) is referenced where it
    /// is; one elsewhere is hard-linked (else copied) into the new index_files, so the folder is
    /// self-contained. Either way it is opened as a regular file inside `root` without following
    /// a link (ContainedFile), and what is linked is the very file that was checked.
    static func bring(_ path: String, inside root: String, dir: String, assetDir: String, as name: String) throws -> String {
        let fd: Int32
        do { fd = try ContainedFile.open(path, inside: root) } catch { throw BatchError("gallery: \(error.description)") }
        defer { close(fd) }
        if let parts = ContainedFile.components(of: path, inside: dir), parts.first != Gallery.assets,
           ContainedFile.problem(path, inside: dir) == nil {
            return parts.joined(separator: "/")
        }
        let dest = (assetDir as NSString).appendingPathComponent(name)
        do { try ContainedFile.link(fd, to: dest) } catch {
            throw BatchError("\(dir)/\(Gallery.assets)/\(name): cannot copy \(path) into the gallery: \(error.description)")
        }
        return Gallery.assets + "/" + name
    }

    /// A file-name-safe version of a preset name (the index keeps two presets apart anyway).
    static func safe(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }.prefix(60))
    }
}
