import Foundation
import FramePipeline
import Media
import Presets
import Raster

/// The studio's answers. Every path is one of a fixed table; a preset is named by the ID the
/// folder listing gave it. Requests are checked first: GET only, Host the loopback name and port
/// (a page of another site that rebinds its DNS name to 127.0.0.1 sends its own name as Host).
final class StudioRoutes: @unchecked Sendable {
    let store: PresetStore
    let feed: ChangeFeed
    let gate: RenderGate
    let frames = FrameCache()
    var port: UInt16 = 0

    init(store: PresetStore, feed: ChangeFeed, gate: RenderGate) { self.store = store; self.feed = feed; self.gate = gate }

    /// The Host values a page of this server sends.
    var allowedHosts: Set<String> { ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"] }

    func handle(_ r: Request) -> Response {
        guard r.method == "GET" else {
            return .bytes(status: 405, type: "text/plain; charset=utf-8", body: Data("GET only\n".utf8), headers: [("Allow", "GET")])
        }
        guard let host = r.host, allowedHosts.contains(host.lowercased()) else {
            return .text(403, "forbidden: the Host must be 127.0.0.1:\(port), localhost:\(port) or [::1]:\(port)")
        }
        switch r.path {
        case "/": return .bytes(status: 200, type: "text/html; charset=utf-8", body: Data(StudioPage.html.utf8))
        case "/studio.js": return .bytes(status: 200, type: "text/javascript; charset=utf-8", body: Data(StudioPage.script.utf8))
        case "/studio.css": return .bytes(status: 200, type: "text/css; charset=utf-8", body: Data(StudioPage.style.utf8))
        case "/events": return .stream(feed.subscribe())
        case "/favicon.ico": return .bytes(status: 204, type: "image/x-icon", body: Data())   // browsers ask; there is none
        case "/api/presets":
            let v = feed.current
            let (ids, cut) = store.list(version: v)
            var o: [String: Any] = ["version": v, "presets": StudioJSON.listing(ids) { self.store.source($0, version: v) }]
            if let cut { o["cut"] = "The listing stops at \(cut): open a smaller folder to see the rest." }
            return json(o)
        case "/api/preset": return withPreset(r) { loaded, v in self.json(StudioJSON.preset(loaded, version: v)) }
        case "/api/at": return withFrame(r) { composer, i in self.json(StudioJSON.overlays(composer, frame: i)) }
        case "/frame.png": return frame(r)
        case "/plot.png": return withPreset(r) { loaded, _ in
            guard let s = loaded.composer?.storyboard else { return .text(422, loaded.problems.joined(separator: "\n")) }
            return self.png { try StudioImages.plot(s) }
        }
        default: return .text(404, "not found")
        }
    }

    func json(_ object: Any) -> Response { .bytes(status: 200, type: "application/json", body: StudioJSON.data(object)) }

    /// The preset a request names (`p`: an ID of the listing, `c`: a combination, `preview`).
    func withPreset(_ r: Request, _ body: (PresetStore.Loaded, Int) -> Response) -> Response {
        withKey(r) { key, loaded, v in body(loaded, v) }
    }

    func withKey(_ r: Request, _ body: (PresetStore.Key, PresetStore.Loaded, Int) -> Response) -> Response {
        guard let id = r.argument("p") else { return .text(400, "missing p (a preset ID from /api/presets)") }
        let c = r.argument("c").map { Int($0) } ?? 0
        guard let c, c >= 0 else { return .text(400, "c: expected a combination index") }
        let v = feed.current
        let key = PresetStore.Key(id: id, combination: c, preview: r.argument("preview") == "1")
        guard let loaded = store.load(key, version: v) else {
            return .text(404, "no preset with that ID in the studio's folder")
        }
        return body(key, loaded, v)
    }

    /// The frame a request's time `t` picks, as `segue frames --at t` picks it.
    func withFrame(_ r: Request, _ body: (FrameComposer, Int) -> Response) -> Response {
        withFrameKey(r) { _, composer, i in body(composer, i) }
    }

    func withFrameKey(_ r: Request, _ body: (FrameCache.Key, FrameComposer, Int) -> Response) -> Response {
        withKey(r) { key, loaded, v in
            guard let composer = loaded.composer else { return .text(422, loaded.problems.joined(separator: "\n")) }
            guard let text = r.argument("t"), let t = Double(text), t.isFinite, t >= 0 else { return .text(400, "t: expected seconds ≥ 0") }
            do {
                let i = try StillsJob.frames(.times([t]), storyboard: composer.storyboard)[0]
                return body(FrameCache.Key(preset: key, version: v, frame: i), composer, i)
            } catch { return .text(400, "\(error)") }
        }
    }

    /// The frame as PNG: from the cache, else rendered when the gate lets it (a page's older
    /// request is dropped as soon as a newer one comes).
    func frame(_ r: Request) -> Response {
        let client = r.argument("client"), seq = r.argument("seq").flatMap { Int($0) }
        return withFrameKey(r) { key, composer, i in
            let headers = [("X-Segue-Frame", "\(i)")]
            guard gate.note(client: client, seq: seq) else { return .bytes(status: 204, type: "text/plain", body: Data()) }
            if let hit = frames.get(key) { return .frame(hit, type: "image/png", headers: headers) }
            switch gate.enter(client: client, seq: seq) {
            case .superseded: return .bytes(status: 204, type: "text/plain", body: Data())   // a newer request of this page came
            case .busy: return .text(503, "busy: too many frame requests waiting")
            case .run: break
            }
            defer { gate.done() }
            do {
                let bytes = try StudioImages.frame(composer, i)
                frames.put(key, bytes)
                return .frame(bytes, type: "image/png", headers: headers)
            } catch { return failure(error) }
        }
    }

    /// A PNG, or the render's error as an error response (the server keeps serving).
    func png(headers: [(String, String)] = [], _ make: () throws -> Data) -> Response {
        do { return .bytes(status: 200, type: "image/png", body: try make(), headers: headers) } catch { return failure(error) }
    }

    func failure(_ error: Error) -> Response {
        if let e = error as? PresetError { return .text(422, e.description) }
        return .text(500, "render failed: \(error)")
    }
}

/// The images the page shows, drawn as the CLI draws them.
enum StudioImages {
    /// Frame i, the pixels `segue frames --at` writes, as a PNG whose zlib stream is stored,
    /// not deflated (over loopback, size costs nothing; encoding is a copy and two checksums).
    /// A frame with transparent pixels goes through the CLI's writer (un-premultiplied RGBA).
    static func frame(_ composer: FrameComposer, _ i: Int) throws -> FrameBytes {
        let s = composer.storyboard
        let bitmap = try canvases.take(width: s.pixelWidth, height: s.pixelHeight)
        defer { canvases.give(bitmap) }
        composer.render(frame: i, into: bitmap)   // every pixel: the background is filled first
        try composer.checkDrawn()
        return try StoredPNG.encode(bitmap) ?? FrameBytes(PNGWriter.encode(bitmap, path: "frame", compression: 0))
    }

    /// The frames' canvases, reused: a fresh 12 MB block costs its pages' faults and zeroing on
    /// every request (the studio unmaps freed blocks, Studio.returnLargeBlocksToTheSystem).
    static let canvases = CanvasPool()

    /// At most a few idle canvases (one per render slot is what is ever in use at once).
    final class CanvasPool: @unchecked Sendable {
        private let lock = NSLock()
        private var idle: [Bitmap] = []
        let kept = ProcessInfo.processInfo.activeProcessorCount

        func take(width: Int, height: Int) throws -> Bitmap {
            if let b = lock.withLock({ idle.firstIndex { $0.width == width && $0.height == height }.map { idle.remove(at: $0) } }) { return b }
            return try Bitmap(width: width, height: height)
        }

        func give(_ b: Bitmap) {
            lock.withLock {
                idle.append(b)
                if idle.count > kept { idle.removeFirst() }
            }
        }
    }

    /// `segue plot`'s chart, wide and short to sit under the timeline (same margins).
    static func plot(_ s: Storyboard) throws -> Data {
        let scene = ProgressPlot.scene(s, width: 1400, height: 300)
        let bitmap = try Bitmap(width: Int(scene.frame.width), height: Int(scene.frame.height))
        Renderer.render(scene, scale: 1, into: bitmap)
        return try PNGWriter.encode(bitmap, path: "plot")
    }
}
