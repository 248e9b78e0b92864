import Foundation
import XCTest
import SegueTestSupport
import Media

/// `batch --gallery` and `segue gallery` in a real browser: Debian's chromium, headless, loads the
/// page (a copy with a probe script first in <head>, which loads every lazy image and video at once) and the
/// probe writes into the DOM whether every <video> reached readyState ≥ 2 and advanced when played, every <img> decoded
/// (naturalWidth > 0), and whether anything failed to load or reported an error. chromium's own
/// log (console lines) must be empty of the page's messages too.
final class GalleryTests: XCTestCase {
    static let probe = """
    (function(){
    var R={errors:[],videos:[],images:[]};
    window.addEventListener('error',function(e){var t=e.target;R.errors.push(t&&t!==window&&t.tagName?'failed to load '+t.tagName+' '+(t.currentSrc||t.src||''):String(e.message));},true);
    window.addEventListener('unhandledrejection',function(e){R.errors.push('unhandled rejection: '+e.reason);});
    var ce=console.error;console.error=function(){R.errors.push('console.error: '+Array.prototype.join.call(arguments,' '));ce.apply(console,arguments);};
    document.addEventListener('DOMContentLoaded',function(){document.querySelectorAll('img[data-src]').forEach(function(i){i.src=i.getAttribute('data-src');i.removeAttribute('data-src');});document.querySelectorAll('video').forEach(function(v){v.preload='auto';});});
    function later(ms){return new Promise(function(r){setTimeout(r,ms);});}
    function until(test,ms){var end=Date.now()+ms;return new Promise(function(res){(function poll(){if(test()||Date.now()>end)res();else setTimeout(poll,25);})();});}
    function video(v){var info={src:v.currentSrc,ready:0,advanced:false};
      return until(function(){return v.readyState>=2||v.error;},60000).then(function(){info.ready=v.readyState;info.error=v.error?v.error.code:null;
        v.pause();var t0=v.currentTime;var p=v.play();if(p&&p.catch)p.catch(function(e){info.playError=String(e);});
        return until(function(){return v.currentTime!==t0;},60000).then(function(){info.advanced=v.currentTime!==t0;info.from=t0;info.to=v.currentTime;return info;});});}
    function image(i){return until(function(){return i.complete;},60000).then(function(){return {src:i.currentSrc||i.src,naturalWidth:i.naturalWidth};});}
    window.addEventListener('load',function(){
      var vs=Array.prototype.slice.call(document.querySelectorAll('video')),is=Array.prototype.slice.call(document.querySelectorAll('img'));
      Promise.all(vs.map(video)).then(function(v){R.videos=v;return Promise.all(is.map(image));}).then(function(i){R.images=i;
        var shown=function(){return Array.prototype.filter.call(document.querySelectorAll('.card'),function(c){return c.offsetParent!==null;}).map(function(c){return c.getAttribute('data-status');});};
        R.filters={};document.querySelectorAll('.filters button').forEach(function(b){b.click();R.filters[b.getAttribute('data-filter')]=shown();});
        var p=document.createElement('pre');p.id='segue-check';p.textContent=JSON.stringify(R);document.body.appendChild(p);});});
    })();
    """

    struct Check { var errors: [String]; var videos: [[String: Any]]; var images: [[String: Any]]; var console: [String]; var filters: [String: [String]] = [:] }

    /// Loads DIR/index.html (through a probed copy beside it) in headless chromium.
    func browse(_ dir: String) throws -> Check {
        let chromium = CLI.which("chromium")
        guard FileManager.default.isExecutableFile(atPath: chromium) else {
            XCTFail("chromium is not installed (scripts/test installs it: SEGUE_TEST_PACKAGES in scripts/lib.sh)")
            return Check(errors: ["no chromium"], videos: [], images: [], console: [])
        }
        let page = try String(contentsOfFile: dir + "/index.html", encoding: .utf8)
        let probed = page.replacingOccurrences(of: "<head>", with: "<head><script>\(Self.probe)</script>", options: [], range: page.range(of: "<head>"))
        let check = dir + "/segue-check.html"
        try Data(probed.utf8).write(to: URL(fileURLWithPath: check))
        defer { try? FileManager.default.removeItem(atPath: check) }
        let profile = try temporaryFolder("chromium-profile")
        // Virtual time: the page runs until its timers and media settle (up to 60 s of page time,
        // not wall time), then the DOM is printed. --no-sandbox: the suite may run as root.
        let args = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)", "--autoplay-policy=no-user-gesture-required",
                    "--enable-logging=stderr", "--v=0", "--virtual-time-budget=60000", "--dump-dom",
                    URL(fileURLWithPath: check).absoluteString]
        let r = try runGuarded(chromium, args, hangGuard: 600, tmp: profile)
        guard let start = r.stdout.range(of: "<pre id=\"segue-check\">"), let end = r.stdout.range(of: "</pre>", range: start.upperBound..<r.stdout.endIndex) else {
            XCTFail("the probe wrote no result; chromium exit \(r.status): \(r.stderr.suffix(2000))")
            return Check(errors: ["no result"], videos: [], images: [], console: [])
        }
        let text = String(r.stdout[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        let j = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
        let console = r.stderr.split(separator: "\n").map(String.init).filter { $0.contains(":CONSOLE") }
        return Check(errors: j["errors"] as? [String] ?? ["unreadable"], videos: j["videos"] as? [[String: Any]] ?? [],
                     images: j["images"] as? [[String: Any]] ?? [], console: console, filters: j["filters"] as? [String: [String]] ?? [:])
    }

    /// Runs a program, killing it only if it hangs (a guard, not a measurement).
    /// Chromium keeps scratch files (.org.chromium.Chromium.*) in TMPDIR: `tmp` (the profile) is
    /// removed after the run, so nothing stays in /tmp.
    func runGuarded(_ exe: String, _ args: [String], hangGuard seconds: Double, tmp: String? = nil) throws -> CLI.Result {
        let box = ProcessBox()
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { box.kill() }
        var env = ProcessInfo.processInfo.environment
        if let tmp { env["TMPDIR"] = tmp }
        return try CLI.run(args, executable: exe, environment: env, started: { box.process = $0 })
    }

    func assertPlays(_ c: Check, videos: Int, images: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(c.errors, [], file: file, line: line)
        XCTAssertEqual(c.console, [], "the page logged to the console", file: file, line: line)
        XCTAssertEqual(c.videos.count, videos, "\(c.videos)", file: file, line: line)
        for v in c.videos {
            XCTAssertGreaterThanOrEqual(v["ready"] as? Int ?? 0, 2, "readyState of \(v)", file: file, line: line)
            XCTAssertEqual(v["advanced"] as? Bool, true, "currentTime did not advance: \(v)", file: file, line: line)
        }
        XCTAssertEqual(c.images.count, images, "\(c.images)", file: file, line: line)
        for i in c.images { XCTAssertGreaterThan(i["naturalWidth"] as? Int ?? 0, 0, "\(i)", file: file, line: line) }
    }

    func preset(_ name: String, format: String?) -> String {
        BatchTests.preset(hold: 0.2, name: name).replacingOccurrences(of: "\"width\": 60, \"height\": 40", with: "\"width\": 90, \"height\": 160")
            .replacingOccurrences(of: "\"fps\": 10,", with: "\"fps\": 10,\(format.map { " \"output\": { \"format\": \"\($0)\" }," } ?? "")")
    }

    func testGalleryPlaysInChromiumFailuresFirstAndSelfContained() throws {
        let dir = try temporaryFolder("gallery")
        try FileManager.default.createDirectory(atPath: dir + "/p", withIntermediateDirectories: true)
        for (name, format) in [("clip-mp4", nil), ("clip-webm", "webm"), ("clip-prores", "mov")] as [(String, String?)] {
            try Data(preset(name, format: format).utf8).write(to: URL(fileURLWithPath: "\(dir)/p/\(name).json"))
        }
        try Data("{ \"segue\": 1, \"screens\": {} }".utf8).write(to: URL(fileURLWithPath: dir + "/p/zz-broken.json"))
        let r = try CLI.run(["batch", "p", "-o", "out", "--manifest", "out/manifest.json", "--keep-going", "--gallery", "--quiet"], in: dir)
        XCTAssertEqual(r.status, 2, r.stderr)   // the invalid preset; the gallery is written anyway
        let page = try String(contentsOfFile: dir + "/out/index.html", encoding: .utf8)
        // Nothing from the network: no absolute URLs, no stylesheets or fonts to fetch.
        for needle in ["http://", "https://", "url(", "@import", "<link", "//fonts"] { XCTAssertFalse(page.contains(needle), needle) }
        // Failures first, then the rest in manifest order; the error text is on the page.
        let cards = page.components(separatedBy: "<section class=\"card\" data-status=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        XCTAssertEqual(cards, ["invalid", "ok", "ok", "ok"])
        XCTAssertTrue(page.contains("screens: expected at least one screen"))
        // ProRes is offered for download with its poster; H.264 and VP9 play inline.
        XCTAssertTrue(page.contains("download 002-clip-prores.mov") || page.contains("download clip-prores.mov"), page)
        XCTAssertEqual(page.components(separatedBy: "<video").count - 1, 2)
        XCTAssertTrue(page.contains("status") && page.contains("data-filter=\"invalid\""))
        // The poster is the frame in the middle of the first transition: the push runs 0.2–0.4 s.
        XCTAssertEqual(try CLI.run(["frames", "p/clip-prores.json", "--at", "0.3", "-o", "f", "--quiet"], in: dir).status, 0)
        let poster = try ImageDecoder.decode(path: dir + "/out/index_files/002-clip-prores.poster.png")
        let frame3 = try ImageDecoder.decode(path: dir + "/f/frame-00003.png")
        XCTAssertEqual(Data(bytes: poster.pixels, count: poster.byteCount), Data(bytes: frame3.pixels, count: frame3.byteCount))
        XCTAssertTrue(page.contains("data-poster=\"index_files/001-clip-mp4.poster.png\""))
        // 3 presets × (sheet, plot) + the ProRes clip's poster (the inline clips' posters are attributes).
        let shown = try browse(dir + "/out")
        assertPlays(shown, videos: 2, images: 7)
        // Each status button shows only its cards (clicked in order; "all" first).
        XCTAssertEqual(shown.filters, ["all": ["invalid", "ok", "ok", "ok"], "invalid": ["invalid"], "ok": ["ok", "ok", "ok"]])

        // segue gallery elsewhere: the clips come along; the folder works without the batch's.
        let g = try CLI.run(["gallery", "out/manifest.json", "-o", "review", "--quiet"], in: dir)
        XCTAssertEqual(g.status, 0, g.stderr)
        try FileManager.default.removeItem(atPath: dir + "/out")
        try FileManager.default.removeItem(atPath: dir + "/p")
        assertPlays(try browse(dir + "/review"), videos: 2, images: 7)
        XCTAssertEqual(try CLI.run(["gallery", "missing.json", "-o", "x"], in: dir).status, 2)
        try Data("{ \"presets\": 3 }".utf8).write(to: URL(fileURLWithPath: dir + "/not-a-manifest.json"))
        let bad = try CLI.run(["gallery", "not-a-manifest.json", "-o", "x"], in: dir)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("not-a-manifest.json: presets: expected an array of presets"), bad.stderr)
    }
}

final class ProcessBox: @unchecked Sendable {
    private let lock = NSLock()
    private var _p: Process?
    private var killed = false
    var process: Process? {
        get { lock.lock(); defer { lock.unlock() }; return _p }
        set { lock.lock(); _p = newValue; let k = killed; lock.unlock(); if k { newValue?.terminate() } }
    }
    func kill() { lock.lock(); killed = true; let p = _p; lock.unlock(); if let p, p.isRunning { p.terminate() } }
}
