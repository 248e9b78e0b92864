extension StudioPage {
    /// The page's behaviour. Frames are fetched as blobs, each request numbered: a response older
    /// than the frame shown is dropped (and the server drops superseded requests before
    /// rendering them). Reloads come from the server's event stream, never from polling.
    static let script = #"""
    'use strict';
    const $ = (id) => document.getElementById(id);
    const S = {
      presets: [], id: null, combo: 0, info: null, at: null, frame: 0, seq: 0, shown: -1,
      client: Math.random().toString(36).slice(2), playing: false, playBusy: false, fullMs: 0,
      drag: null, region: null, blobURL: null, pendingT: null,
    };

    function query(extra) {
      const q = new URLSearchParams({ p: S.id, c: String(S.combo) });
      for (const [k, v] of Object.entries(extra || {})) q.set(k, String(v));
      return q.toString();
    }
    async function getJSON(url) {
      const r = await fetch(url);
      if (!r.ok) throw new Error(await r.text());
      return r.json();
    }
    const fps = () => S.info ? S.info.fps : 1;
    const lastFrame = () => S.info ? S.info.frameCount - 1 : 0;
    const timeOf = (f) => f / fps();

    async function loadPresets() {
      const j = await getJSON('/api/presets');
      S.presets = j.presets;
      $('cut').textContent = j.cut || '';   // the listing was cut short (a huge folder)
      $('cut').hidden = !j.cut;
      const sel = $('preset');
      sel.replaceChildren(...S.presets.map((p) => { const o = document.createElement('option'); o.value = p.id; o.textContent = p.id; return o; }));
      if (!S.presets.some((p) => p.id === S.id)) S.id = S.presets.length ? S.presets[0].id : null;
      sel.value = S.id || '';
      pickers();
    }

    function current() { return S.presets.find((p) => p.id === S.id); }

    // A matrix preset: one picker per variable; the combination is the one matching them all.
    function pickers() {
      const box = $('pickers'), p = current();
      box.replaceChildren();
      if (!p || !p.keys) return;
      const combos = p.combinations;
      if (S.combo >= combos.length) S.combo = 0;
      for (const key of p.keys) {
        const values = [...new Set(combos.map((c) => c[key]).filter((v) => v !== undefined))];
        const label = document.createElement('label');
        label.textContent = key + ' ';
        const sel = document.createElement('select');
        sel.dataset.key = key;
        for (const v of values) { const o = document.createElement('option'); o.value = v; o.textContent = v; sel.append(o); }
        sel.value = combos[S.combo][key];
        sel.addEventListener('change', () => choose(key, sel.value));
        label.append(sel);
        box.append(label);
      }
    }

    function choose(key, value) {
      const combos = current().combinations;
      const wanted = Object.assign({}, combos[S.combo], { [key]: value });
      let k = combos.findIndex((c) => current().keys.every((x) => c[x] === wanted[x]));
      if (k < 0) k = combos.findIndex((c) => c[key] === value);
      S.combo = Math.max(0, k);
      pickers();
      loadPreset();
    }

    async function loadPreset() {
      if (!S.id) { problems(['no presets in this folder'], false); return; }
      let info;
      try { info = await getJSON('/api/preset?' + query()); } catch (e) { problems([String(e.message)], false); return; }
      problems(info.problems, info.ok);
      document.body.dataset.version = String(info.version);
      if (!info.ok) return;               // the last good frame stays, under the problems
      S.info = info;
      document.body.dataset.shown = S.id + '#' + S.combo;
      $('scrub').max = String(lastFrame());
      if (S.pendingT !== null) { S.frame = Math.round(S.pendingT * fps()); S.pendingT = null; }
      S.frame = Math.max(0, Math.min(S.frame, lastFrame()));
      timeline();
      $('plot').src = '/plot.png?' + query({ v: info.version });
      show(false);
    }

    function problems(lines, ok) {
      const box = $('problems');
      box.hidden = lines.length === 0;
      box.textContent = lines.join('\n');
      box.classList.toggle('warnings', ok);
      document.body.dataset.ok = String(ok);
    }

    function timeline() {
      const tl = $('timeline'), d = Math.max(S.info.duration, 1e-9);
      tl.querySelectorAll('.step').forEach((e) => e.remove());
      for (const s of S.info.steps) {
        const e = document.createElement('div');
        e.className = 'step' + (s.transition ? ' transition' : '');
        e.style.left = (100 * s.start / d) + '%';
        e.style.width = (100 * (s.end - s.start) / d) + '%';
        e.textContent = s.title;
        e.title = s.title + ' (' + s.start.toFixed(3) + '–' + s.end.toFixed(3) + ' s)';
        tl.append(e);
      }
    }

    // Shows S.frame: the exact frame, or the preview-scale one while playing when full size
    // cannot keep up. Every request is numbered; a late answer never replaces a newer frame.
    function show(preview) {
      if (!S.info) return;
      const f = S.frame, t = timeOf(f), seq = ++S.seq, started = performance.now();
      $('scrub').value = String(f);
      $('cursor').style.left = (100 * t / Math.max(S.info.duration, 1e-9)) + '%';
      history.replaceState(null, '', '?' + new URLSearchParams({ p: S.id, c: String(S.combo), t: String(Math.round(t * 1000) / 1000) }));
      const q = query({ t: t, client: S.client, seq: seq, preview: preview ? 1 : 0 });
      const frame = fetch('/frame.png?' + q).then(async (r) => r.status === 204 ? {} : r.ok ? { blob: await r.blob(), index: r.headers.get('X-Segue-Frame') } : { error: await r.text() });
      const at = getJSON('/api/at?' + query({ t: t })).catch(() => null);
      return Promise.all([frame, at]).then(([img, at]) => {
        if (seq < S.shown) return;
        if (img.error) { status(img.error); return; }
        if (!img.blob) return;
        if (!preview) S.fullMs = performance.now() - started;
        S.shown = seq;
        const el = $('frame'), old = S.blobURL;
        S.blobURL = URL.createObjectURL(img.blob);
        el.onload = () => {
          if (old) URL.revokeObjectURL(old);
          el.dataset.frame = img.index; el.dataset.seq = String(seq); el.dataset.preview = String(preview);
          S.at = at; overlay(); status();
        };
        el.src = S.blobURL;
      });
    }

    function status(error) {
      const at = S.at, where = at ? (at.screen ? 'screen ' + at.screen : at.step || '') : '';
      $('status').textContent = error ? error : 'frame ' + S.frame + ' / ' + lastFrame() + ' · ' + timeOf(S.frame).toFixed(3) + ' s · ' + where;
    }

    function overlay() {
      const img = $('frame'), c = $('overlay');
      if (!S.info) return;
      c.width = img.clientWidth; c.height = img.clientHeight;
      const k = img.clientWidth / S.info.canvas[0], g = c.getContext('2d');
      g.clearRect(0, 0, c.width, c.height);
      const H = S.info.canvas[1];
      if ($('show-safe').checked) {
        g.fillStyle = 'rgba(255, 60, 160, 0.28)';
        g.fillRect(0, 0, c.width, S.info.safeArea.top * k);
        g.fillRect(0, (H - S.info.safeArea.bottom) * k, c.width, S.info.safeArea.bottom * k);
      }
      if ($('show-elements').checked && S.at && S.at.elements) {
        g.strokeStyle = '#0af'; g.fillStyle = '#0af'; g.lineWidth = 1.5; g.font = '11px system-ui, sans-serif';
        for (const e of S.at.elements) {   // the element where the frame draws it (moved in transitions)
          const q = e.quad.map(([x, y]) => [x * k, y * k]);
          g.beginPath(); g.moveTo(...q[0]); for (const p of q.slice(1)) g.lineTo(...p); g.closePath(); g.stroke();
          g.fillText(e.id, Math.min(...q.map((p) => p[0])) + 3, Math.min(...q.map((p) => p[1])) + 12);
        }
      }
      if ($('show-touches').checked && S.at && S.at.touch) {
        g.beginPath(); g.arc(S.at.touch.x * k, S.at.touch.y * k, 22 * k, 0, 2 * Math.PI);
        g.fillStyle = S.at.touch.down ? 'rgba(255, 200, 0, 0.45)' : 'rgba(255, 200, 0, 0.2)'; g.fill();
        g.strokeStyle = '#fc0'; g.lineWidth = 2; g.stroke();
      }
      const r = S.drag || S.region;
      if (r) { g.strokeStyle = '#fc3'; g.setLineDash([5, 3]); g.lineWidth = 2; g.strokeRect(r.x * k, r.y * k, r.w * k, r.h * k); g.setLineDash([]); }
    }

    function step(n) { pause(); S.frame = Math.max(0, Math.min(lastFrame(), S.frame + n)); show(false); }

    // Real speed: the frame due now is asked for as soon as the previous one arrived.
    function play() {
      if (!S.info) return;
      if (S.frame >= lastFrame()) S.frame = 0;
      S.playing = true; $('play').textContent = '❚❚ pause';
      const f0 = S.frame, t0 = performance.now();
      const tick = (now) => {
        if (!S.playing) return;
        const f = Math.min(lastFrame(), f0 + Math.floor((now - t0) / 1000 * fps()));
        if (!S.playBusy && f !== S.frame) {
          S.frame = f; S.playBusy = true;
          const preview = S.fullMs > 1000 / fps();
          Promise.resolve(show(preview)).finally(() => { S.playBusy = false; });
        }
        if (f >= lastFrame()) { pause(); return; }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    }
    function pause() {
      if (!S.playing) return;
      S.playing = false; $('play').textContent = '▶ play';
      show(false);
    }

    // The pointer in points of the screen (client coordinates less the overlay's exact box:
    // offsetX is rounded to whole CSS pixels in some browsers).
    function points(ev) {
      const k = $('frame').clientWidth / S.info.canvas[0], box = $('overlay').getBoundingClientRect();
      return { x: Math.max(0, Math.min(S.info.canvas[0], (ev.clientX - box.left) / k)),
               y: Math.max(0, Math.min(S.info.canvas[1], (ev.clientY - box.top) / k)) };
    }
    function rect(a, b) {
      const x0 = Math.round(Math.min(a.x, b.x)), y0 = Math.round(Math.min(a.y, b.y));
      return { x: x0, y: y0, w: Math.round(Math.max(a.x, b.x)) - x0, h: Math.round(Math.max(a.y, b.y)) - y0 };
    }
    function snippet() {
      const r = S.region;
      if (!r) return;
      const name = $('region-name').value || 'region';
      $('snippet').textContent = JSON.stringify(name) + ': { "frame": [' + [r.x, r.y, r.w, r.h].join(', ') + '], "cornerRadius": 0 }';
    }

    function wire() {
      $('preset').addEventListener('change', (e) => { S.id = e.target.value; S.combo = 0; S.frame = 0; pickers(); loadPreset(); });
      $('scrub').addEventListener('input', (e) => { pause(); S.frame = Number(e.target.value); show(false); });
      $('play').addEventListener('click', () => S.playing ? pause() : play());
      for (const id of ['show-elements', 'show-touches', 'show-safe']) $(id).addEventListener('change', overlay);
      $('pick').addEventListener('change', (e) => $('overlay').classList.toggle('picking', e.target.checked));
      $('region-name').addEventListener('input', snippet);
      const c = $('overlay');
      c.addEventListener('mousedown', (e) => { if (S.info) { S.drag = { a: points(e) }; e.preventDefault(); } });
      c.addEventListener('mousemove', (e) => { if (S.drag && S.drag.a) { S.drag = Object.assign({ a: S.drag.a }, rect(S.drag.a, points(e))); overlay(); } });
      c.addEventListener('mouseup', (e) => { if (S.drag) { S.region = rect(S.drag.a, points(e)); S.drag = null; snippet(); overlay(); } });
      window.addEventListener('resize', overlay);
      document.addEventListener('keydown', (e) => {
        if (e.target.tagName === 'INPUT' && e.target.type === 'text') return;
        if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') { e.preventDefault(); step((e.key === 'ArrowRight' ? 1 : -1) * (e.shiftKey ? 10 : 1)); }
        else if (e.key === ' ') { e.preventDefault(); S.playing ? pause() : play(); }
      });
      const events = new EventSource('/events');
      events.addEventListener('change', async () => { await loadPresets(); await loadPreset(); });
      events.addEventListener('hello', (e) => {
        $('live').classList.remove('off');
        const v = JSON.parse(e.data).version;
        if (document.body.dataset.version !== undefined && String(v) !== document.body.dataset.version) loadPresets().then(loadPreset);
      });
      events.addEventListener('error', () => $('live').classList.add('off'));
    }

    async function start() {
      const q = new URLSearchParams(location.search);
      S.id = q.get('p'); S.combo = Number(q.get('c') || 0) || 0;
      wire();
      await loadPresets();
      S.pendingT = Number(q.get('t') || 0) || 0;
      await loadPreset();
    }
    start();
    """#
}
