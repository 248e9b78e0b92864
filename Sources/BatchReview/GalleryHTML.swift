import Foundation

/// The gallery's markup: one page, inline style and script, no external resource of any kind
/// (system font stack, no web fonts), so it renders the same from file:// and from a static host.
enum GalleryHTML {
    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }

    /// A relative path as an attribute value: each component percent-encoded, then escaped.
    static func url(_ rel: String) -> String {
        let parts = rel.split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#;"))) ?? String($0)
        }
        return escape(parts.joined(separator: "/"))
    }

    static func page(_ facts: GalleryFacts, cards: [String], statuses: [String]) -> String {
        var counts: [(String, Int)] = []
        for s in statuses {
            if let i = counts.firstIndex(where: { $0.0 == s }) { counts[i].1 += 1 } else { counts.append((s, 1)) }
        }
        let buttons = ["<button type=\"button\" data-filter=\"all\" aria-pressed=\"true\">all <b>\(statuses.count)</b></button>"]
            + counts.map { "<button type=\"button\" data-filter=\"\(escape($0.0))\" aria-pressed=\"false\">\(escape($0.0)) <b>\($0.1)</b></button>" }
        var facts1: [String] = []
        if let v = facts.segue { facts1.append("segue \(escape(v))") }
        if let s = facts.shard { facts1.append("shard \(escape(s))") }
        if let c = facts.exitCode { facts1.append("exit code \(c)") }
        if facts.interrupted { facts1.append("<strong>interrupted</strong>") }
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Segue gallery — \(statuses.count) preset\(statuses.count == 1 ? "" : "s")</title>
        <style>\(style)</style>
        </head>
        <body data-filter="all">
        <header class="top">
        <h1>Segue gallery</h1>
        <p class="facts">\(facts1.joined(separator: " · "))</p>
        <nav class="filters" aria-label="status">\(buttons.joined(separator: ""))</nav>
        </header>
        <main>
        \(cards.joined(separator: "\n"))
        </main>
        <script>\(script)</script>
        </body>
        </html>

        """
    }

    static func card(_ item: GalleryItem, _ f: GalleryFiles) -> String {
        var media: [String] = []
        if let base = f.baseline, let m = f.baselineMedia {
            media.append(figure(base, m, poster: nil, caption: "baseline"))
        }
        if let clip = f.clip, let m = f.media {
            media.append(figure(clip, m, poster: f.poster, caption: f.baseline == nil ? (clip as NSString).lastPathComponent : "new"))
        } else if let poster = f.poster {
            media.append("<figure>\(lazyImage(poster, alt: "middle of the first transition"))<figcaption>poster (no clip)</figcaption></figure>")
        }
        var images: [String] = []
        if let d = f.diff { images.append("<figure class=\"wide\">\(lazyImage(d, alt: "worst frame: baseline | new | difference"))<figcaption>worst frame\(item.worstFrame.map { " #\($0)" } ?? ""): baseline | new | difference</figcaption></figure>") }
        if let s = f.sheet { images.append("<figure class=\"wide\">\(lazyImage(s, alt: "contact sheet"))<figcaption>contact sheet</figcaption></figure>") }
        if let p = f.plot { images.append("<figure class=\"wide\">\(lazyImage(p, alt: "progress plot"))<figcaption>progress</figcaption></figure>") }
        return """
        <section class="card" data-status="\(escape(item.status))">
        <h2><span class="status s-\(escape(item.status))">\(escape(item.status))</span> \(escape(item.name))</h2>
        \(item.error.map { "<pre class=\"error\">\(escape($0))</pre>" } ?? "")
        \(f.stale ? "<p class=\"stale\">stale: the preset changed after this clip was rendered (its SHA-256 is not the manifest's); the clip is the old one, and no poster, sheet or plot is drawn from the new preset</p>" : "")
        <div class="media">\(media.joined())</div>
        \(facts(item))
        <div class="images">\(images.joined())</div>
        </section>
        """
    }

    /// An image the script loads when it comes within a screen of the viewport (browsers' own
    /// `loading="lazy"` is not honoured everywhere, headless Chromium loads every such image);
    /// without script the <noscript> copy loads as usual.
    static func lazyImage(_ path: String, alt: String) -> String {
        "<img data-src=\"\(url(path))\" alt=\"\(escape(alt))\"><noscript><img src=\"\(url(path))\" alt=\"\(escape(alt))\"></noscript>"
    }

    static func figure(_ clip: String, _ m: GalleryMedia, poster: String?, caption: String) -> String {
        switch m {
        case .video(let mime):
            // Nothing of a clip loads with the page: the script below gives a video its poster,
            // then loads and plays it, only while it is near the viewport (hundreds of clips).
            let p = poster.map { " data-poster=\"\(url($0))\"" } ?? ""
            return "<figure><video muted loop playsinline controls preload=\"none\"\(p)><source src=\"\(url(clip))\" type=\"\(mime)\"></video>"
                + "<figcaption>\(escape(caption))</figcaption></figure>"
        case .image:
            return "<figure>\(lazyImage(clip, alt: caption))<figcaption>\(escape(caption))</figcaption></figure>"
        case .download(let codec):
            let img = poster.map { lazyImage($0, alt: "middle of the first transition") } ?? ""
            return "<figure>\(img)<figcaption>\(escape(caption)): \(escape(codec)) does not play in every browser — "
                + "<a href=\"\(url(clip))\" download>download \(escape((clip as NSString).lastPathComponent))</a></figcaption></figure>"
        }
    }

    static func facts(_ i: GalleryItem) -> String {
        var rows: [(String, String)] = [("preset", escape(i.input))]
        if let o = i.output { rows.append(("output", escape(o) + (GalleryFiles.isFile(o) ? "" : " (not written)"))) }
        if let b = i.baseline { rows.append(("baseline", escape(b))) }
        if let n = i.frames { rows.append(("frames", "\(n)")) }
        if let d = i.duration { rows.append(("story", String(format: "%.3f s", d))) }
        if let w = i.wallTime { rows.append(("wall time", String(format: "%.2f s", w))) }
        if let p = i.psnrMin { rows.append(("PSNR min", String(format: "%.2f dB", p))) }
        else if i.baseline != nil, i.ssimMin != nil { rows.append(("PSNR min", "identical to the baseline")) }
        if let s = i.ssimMin { rows.append(("SSIM min", String(format: "%.6f", s))) }
        if let w = i.worstFrame { rows.append(("worst frame", "\(w)")) }
        if let h = i.sha256 { rows.append(("sha256", "<code>\(escape(h))</code>")) }
        return "<dl>" + rows.map { "<dt>\($0.0)</dt><dd>\($0.1)</dd>" }.joined() + "</dl>"
    }

    static let style = """
    :root{color-scheme:dark;--bg:#141416;--card:#1e1e22;--ink:#e6e6ea;--dim:#9a9aa4;--line:#33333a}
    *{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--ink);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
    .top{position:sticky;top:0;z-index:1;background:var(--bg);border-bottom:1px solid var(--line);padding:12px 20px}
    h1{font-size:18px;margin:0 0 4px}.facts{margin:0 0 8px;color:var(--dim)}
    .filters button{background:var(--card);color:var(--ink);border:1px solid var(--line);border-radius:14px;padding:3px 10px;margin:0 6px 4px 0;cursor:pointer;font:inherit}
    .filters button[aria-pressed=true]{background:#3a5bd9;border-color:#3a5bd9}
    main{padding:16px 20px;display:grid;gap:16px}
    .card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:14px 16px}
    h2{font-size:16px;margin:0 0 10px}
    .status{display:inline-block;font-size:12px;padding:1px 8px;border-radius:10px;background:#444;vertical-align:2px}
    .s-ok,.s-cached{background:#1f6f3f}.s-failed,.s-invalid,.s-cancelled{background:#a12a2a}.s-changed{background:#b06a12}.s-new{background:#2a5fa1}
    .stale{background:#2a2414;border:1px solid #6a5a2a;padding:8px;border-radius:6px;color:#ffe2a4}
    .error{white-space:pre-wrap;background:#2a1414;border:1px solid #5a2a2a;padding:8px;border-radius:6px;color:#ffb4b4}
    .media,.images{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
    figure{margin:0}figcaption{color:var(--dim);font-size:12px;margin-top:4px}
    video,.media img{max-height:480px;max-width:100%;border-radius:6px;background:#000}
    .images img{max-width:100%;max-height:420px;border-radius:6px}
    img[data-src]{min-width:160px;min-height:120px}
    figure.wide{flex:1 1 420px}
    dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:10px 0}dt{color:var(--dim)}dd{margin:0;overflow-wrap:anywhere}
    code{font-size:12px}a{color:#8fb0ff}
    body:not([data-filter=all]) .card{display:none}
    """

    /// Lazy media, then the status filters (without script every card shows). An image gets its
    /// file, a video its poster, when it comes within a screen of the viewport; a video loads and
    /// plays only while it is visible and pauses when it leaves, so a page of hundreds of clips
    /// fetches only what is near the screen.
    static let script = """
    (function(){var lazy=document.querySelectorAll('img[data-src],video');
    function show(x){var s=x.getAttribute('data-src'),p=x.getAttribute('data-poster');if(s){x.src=s;x.removeAttribute('data-src')}if(p){x.poster=p;x.removeAttribute('data-poster')}}
    if(!('IntersectionObserver' in window)){lazy.forEach(show);return}
    var near=new IntersectionObserver(function(es){es.forEach(function(e){if(e.isIntersecting){show(e.target);near.unobserve(e.target)}})},{rootMargin:'100% 0px'});
    var seen=new IntersectionObserver(function(es){es.forEach(function(e){var v=e.target;if(e.isIntersecting){show(v);v.preload='auto';var p=v.play();if(p&&p.catch)p.catch(function(){})}else if(!v.paused){v.pause()}})},{threshold:0.25});
    lazy.forEach(function(x){near.observe(x);if(x.tagName==='VIDEO')seen.observe(x)});})();
    (function(){var b=document.body,btns=document.querySelectorAll('.filters button'),st=document.createElement('style');document.head.appendChild(st);
    btns.forEach(function(x){x.addEventListener('click',function(){var f=x.getAttribute('data-filter');b.setAttribute('data-filter',f);
    btns.forEach(function(y){y.setAttribute('aria-pressed',y===x?'true':'false')});
    st.textContent=f==='all'?'':'.card[data-status="'+f.replace(/["\\\\]/g,'')+'"]{display:block!important}';});});})();
    """
}
