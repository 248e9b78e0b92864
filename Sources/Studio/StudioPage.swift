/// The studio's page: one HTML file, its script and its style sheet, served from these strings
/// (no CDN, no build step). Everything a preset names reaches the DOM as text (textContent).
enum StudioPage {
    static let html = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Segue Studio</title>
    <link rel="stylesheet" href="/studio.css">
    <script src="/studio.js" defer></script>
    </head>
    <body>
    <header>
      <strong>Segue Studio</strong>
      <label>preset <select id="preset"></select></label>
      <span id="pickers"></span>
      <span id="live" title="reloads when a file of the folder is saved">●</span>
      <span id="cut" hidden></span>
    </header>
    <main>
      <section id="stage">
        <div id="frame-box">
          <img id="frame" alt="the frame at the scrubber's time">
          <canvas id="overlay"></canvas>
          <pre id="problems" hidden></pre>
        </div>
      </section>
      <aside>
        <fieldset>
          <legend>overlays</legend>
          <label><input type="checkbox" id="show-elements"> element frames and names</label>
          <label><input type="checkbox" id="show-touches" checked> touches</label>
          <label><input type="checkbox" id="show-safe"> safe areas</label>
        </fieldset>
        <fieldset>
          <legend>region</legend>
          <label><input type="checkbox" id="pick"> drag a rectangle on the screen</label>
          <label>name <input type="text" id="region-name" value="region" spellcheck="false"></label>
          <pre id="snippet">(drag on the frame)</pre>
        </fieldset>
        <p class="keys">← → a frame · shift ← → ten · space play/pause</p>
      </aside>
    </main>
    <footer>
      <div id="controls">
        <button id="play" type="button">▶ play</button>
        <input id="scrub" type="range" min="0" max="0" step="1" value="0" aria-label="time">
        <span id="status"></span>
      </div>
      <div id="timeline"><div id="cursor"></div></div>
      <img id="plot" alt="progress of every step over time">
    </footer>
    </body>
    </html>
    """#

    static let style = #"""
    body { margin: 0; font: 14px system-ui, sans-serif; background: #1d1f23; color: #e6e6e6; }
    header, footer { padding: 8px 14px; background: #26292f; }
    header { display: flex; gap: 14px; align-items: center; flex-wrap: wrap; }
    select, input, button { font: inherit; }
    #live { color: #5c5; } #live.off { color: #c55; }
    #cut { color: #fb5; }
    main { display: flex; gap: 16px; padding: 12px 14px; }
    #stage { flex: 1; display: flex; justify-content: center; }
    #frame-box { position: relative; display: inline-block; line-height: 0; background: repeating-conic-gradient(#444 0 25%, #333 0 50%) 0 0 / 16px 16px; }
    #frame { height: 62vh; image-rendering: auto; }
    #overlay { position: absolute; left: 0; top: 0; pointer-events: none; }
    #overlay.picking { pointer-events: auto; cursor: crosshair; }
    #problems { position: absolute; left: 0; right: 0; bottom: 0; margin: 0; max-height: 60%; overflow: auto; line-height: 1.4;
      padding: 8px; background: rgba(120, 10, 10, 0.88); color: #fff; font: 12px ui-monospace, monospace; white-space: pre-wrap; }
    #problems.warnings { background: rgba(110, 80, 0, 0.88); }
    aside { width: 320px; }
    fieldset { border: 1px solid #444; margin: 0 0 12px; } fieldset label { display: block; margin: 4px 0; }
    #snippet { white-space: pre-wrap; font: 12px ui-monospace, monospace; background: #111; padding: 6px; user-select: all; }
    .keys { color: #999; }
    #controls { display: flex; gap: 12px; align-items: center; }
    #scrub { flex: 1; }
    #status { font: 12px ui-monospace, monospace; min-width: 24em; }
    /* The timeline spans the plot's time axis: the plot is drawn with 70 px left and 30 px right
       of 1400 (ProgressPlot), and both are as wide as the footer. */
    #timeline { position: relative; height: 34px; margin: 6px 2.142857% 6px 5%; background: #30343b; overflow: hidden; }
    .step { position: absolute; top: 0; bottom: 0; border-left: 1px solid #8ab; padding: 2px 4px; box-sizing: border-box;
      font-size: 11px; line-height: 14px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
    .step.transition { background: rgba(90, 140, 255, 0.28); }
    #cursor { position: absolute; top: 0; bottom: 0; width: 2px; background: #fc3; z-index: 2; }
    #plot { display: block; width: 100%; background: #fff; }
    """#
}
