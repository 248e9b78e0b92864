#!/usr/bin/python3
"""Drives `segue studio`'s page in a real browser for StudioPageTests and StudioFirefoxTests.

usage: studio_page.py chromium|firefox URL PRESET EDITED BROKEN FRAME CANVAS_WIDTH_PT
chromium: headless Chromium through Selenium (Debian's chromium-driver and python3-selenium).
firefox: headless Firefox ESR (Debian's firefox-esr) through Mozilla's Marionette client
(PyPI's marionette-driver: geckodriver is not packaged for Debian), run by the test venv's python.
Opens URL, toggles the element overlay, scrubs to FRAME (the range input, then an arrow key back
and forth), reads the shown frame's pixels; replaces PRESET with EDITED (written beside it and
renamed over, as editors save), waits for the reloaded frame and reads it; replaces it with BROKEN
and reads the problems shown; drags a rectangle with the region picker and reads the snippet; opens
the matrix preset m.json and picks fps 20 with its picker. Prints one JSON object; the Swift test
compares it with what the CLI writes for the same inputs.
"""
import json, math, os, shutil, sys

browser, url, preset, edited, broken, frame, width_pt = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], int(sys.argv[6]), float(sys.argv[7])

PIXELS = """
const img = document.getElementById('frame');
const c = document.createElement('canvas');
c.width = img.naturalWidth; c.height = img.naturalHeight;
const g = c.getContext('2d');
g.drawImage(img, 0, 0);
const d = g.getImageData(0, 0, c.width, c.height).data;
let s = '';
for (let i = 0; i < d.length; i += 0x8000) s += String.fromCharCode.apply(null, d.subarray(i, i + 0x8000));
return { width: c.width, height: c.height, rgba: btoa(s), frame: img.dataset.frame, seq: Number(img.dataset.seq || -1) };
"""


class Chromium:
    """Selenium + chromedriver; the console's SEVERE entries are the page's errors."""
    def __init__(self):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
        self.By, self.Keys = By, Keys
        options = webdriver.ChromeOptions()
        options.binary_location = '/usr/bin/chromium'
        for a in ['--headless=new', '--no-sandbox', '--disable-gpu', '--force-color-profile=srgb', '--window-size=1400,1100',
                  '--disable-dev-shm-usage']:
            options.add_argument(a)
        options.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
        self.d = webdriver.Chrome(service=Service('/usr/bin/chromedriver'), options=options)

    def get(self, u): self.d.get(u)
    def js(self, script, *args): return self.d.execute_script(script, *args)
    def find(self, css): return self.d.find_element(self.By.CSS_SELECTOR, css)
    def key_left(self): self.find('body').send_keys(self.Keys.ARROW_LEFT)
    def url(self): return self.d.current_url
    def wait(self, ok):
        from selenium.webdriver.support.ui import WebDriverWait
        WebDriverWait(self.d, 60, poll_frequency=0.05).until(lambda _: ok())
    def drag(self, points):
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        actions = ActionBuilder(self.d)
        p = actions.pointer_action.move_to_location(*points[0]).pointer_down()
        for q in points[1:]:
            p = p.move_to_location(*q)
        p.pointer_up()
        actions.perform()
    def errors(self): return [e['message'] for e in self.d.get_log('browser') if e['level'] == 'SEVERE']
    def quit(self): self.d.quit()


class Firefox:
    """Marionette (Firefox's own remote protocol, which geckodriver translates WebDriver to).
    Colour management off, as Chromium's --force-color-profile=srgb: the canvas gets the PNG's
    bytes. The page's errors are read from the browser's console service (chrome context),
    filtered to this server's files."""
    def __init__(self):
        from marionette_driver.by import By
        from marionette_driver.keys import Keys
        from marionette_driver.marionette import Marionette
        self.By, self.Keys = By, Keys
        os.environ.setdefault('MOZ_HEADLESS_WIDTH', '1400')
        os.environ.setdefault('MOZ_HEADLESS_HEIGHT', '1100')
        self.m = Marionette(host='127.0.0.1', port=0, bin='/usr/bin/firefox-esr', headless=True, gecko_log=os.devnull,
                            prefs={'gfx.color_management.mode': 0, 'browser.shell.checkDefaultBrowser': False})
        self.m.start_session()
        self.m.set_window_rect(width=1400, height=1100)

    def get(self, u): self.m.navigate(u)
    def js(self, script, *args): return self.m.execute_script(script, script_args=list(args), sandbox=None)
    def find(self, css): return self.m.find_element(self.By.CSS_SELECTOR, css)
    def key_left(self): self.find('body').send_keys(self.Keys.ARROW_LEFT)
    def url(self): return self.m.get_url()
    def wait(self, ok):
        from marionette_driver.wait import Wait
        Wait(self.m, timeout=60, interval=0.05).until(lambda _: ok())
    def drag(self, points):
        s = self.m.actions.sequence('pointer', 'mouse', pointer_params={'pointerType': 'mouse'})
        s.pointer_move(*points[0]).pointer_down()
        for q in points[1:]:
            s.pointer_move(*q)
        s.pointer_up().perform()
    def errors(self):
        origin = url.split('?')[0].rstrip('/')
        with self.m.using_context(self.m.CONTEXT_CHROME):
            return self.m.execute_script("""
                return Services.console.getMessageArray()
                  .filter((m) => m instanceof Ci.nsIScriptError && !(m.flags & Ci.nsIScriptError.warningFlag) && m.sourceName.startsWith(arguments[0]))
                  .map((m) => m.sourceName + ':' + m.lineNumber + ': ' + m.errorMessage);""", script_args=[origin])
    def quit(self):
        self.m.delete_session()
        self.m.cleanup()   # Firefox closed, its temporary profile removed
        # Closing makes the instance a fresh temporary profile (geckoinstance's profile setter):
        # removed here, not by its __del__ while Python shuts down (which fails noisily).
        spare = self.m.instance.profile
        spare.cleanup()
        spare.restore = False


def save(source):
    """An editor's save: the new text written beside the file, then renamed over it."""
    tmp = os.path.join(os.path.dirname(preset), '.studio-save.tmp')
    shutil.copyfile(source, tmp)
    os.replace(tmp, preset)


def shown(b, f):
    return b.js("const i = document.getElementById('frame'); return i.complete && i.dataset.frame === arguments[0] && i.dataset.preview === 'false';", str(f))


def text(b, css):
    return b.js("return document.querySelector(arguments[0]).textContent;", css)


def select(b, css, value):
    """Picks an option the way a user does: a click on it (WebDriver fires input and change)."""
    b.find(css).click()
    b.find(f'{css} option[value="{value}"]').click()


def run(b):
    out = {}
    b.get(url)
    b.wait(lambda: shown(b, 0))
    out['problemsAtStart'] = text(b, '#problems')
    out['cut'] = text(b, '#cut') if b.find('#cut').is_displayed() else None
    # Overlays: nothing drawn, then the element frames (the screen's "card"), then nothing again.
    painted = "const c = document.getElementById('overlay'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++; return n;"
    at = "const c = document.getElementById('overlay'), k = document.getElementById('frame').clientWidth / arguments[2]; return c.getContext('2d').getImageData(Math.round(arguments[0] * k), Math.round(arguments[1] * k), 1, 1).data[3];"
    out['overlayOff'] = b.js(painted)
    b.find('#show-elements').click()
    out['overlayOn'] = b.js(painted)
    out['cardEdgeAlpha'] = b.js(at, 10, 25, width_pt)
    out['cardInsideAlpha'] = b.js(at, 30, 32, width_pt)
    b.find('#show-elements').click()
    out['overlayOffAgain'] = b.js(painted)
    # Scrub: the range input to FRAME + 1, then ← once: the frame shown is FRAME.
    b.js("const s = document.getElementById('scrub'); s.value = String(arguments[0]); s.dispatchEvent(new Event('input'));", frame + 1)
    b.wait(lambda: shown(b, frame + 1))
    b.key_left()
    b.wait(lambda: shown(b, frame))
    out['url'] = b.url()
    out['scrubbed'] = b.js(PIXELS)
    out['steps'] = b.js("return [...document.querySelectorAll('#timeline .step')].map((e) => e.textContent);")
    b.wait(lambda: b.js("const p = document.getElementById('plot'); return p.complete && p.naturalWidth > 0;"))
    out['plotWidth'] = b.js("return document.getElementById('plot').naturalWidth;")

    before = b.js("return document.body.dataset.version;")
    save(edited)
    b.wait(lambda: b.js("return document.body.dataset.version;") != before)
    seq = out['scrubbed']['seq']
    b.wait(lambda: b.js("const i = document.getElementById('frame'); return i.complete && Number(i.dataset.seq) > arguments[0] && i.dataset.preview === 'false';", seq))
    out['edited'] = b.js(PIXELS)

    save(broken)
    b.wait(lambda: b.js("return document.body.dataset.ok;") == 'false')
    out['problems'] = text(b, '#problems')
    out['problemsShown'] = b.find('#problems').is_displayed()
    out['afterBroken'] = b.js(PIXELS)

    b.find('#pick').click()
    k = b.js("return document.getElementById('frame').clientWidth / arguments[0];", width_pt)
    box = b.js("const b = document.getElementById('overlay').getBoundingClientRect(); return [b.left, b.top, b.width];")
    # Drag between whole viewport pixels about (10, 20) and (50, 70) CSS pixels into the overlay.
    p = [math.ceil(box[0] + 10), math.ceil(box[1] + 20)]
    q = [math.ceil(box[0] + 50), math.ceil(box[1] + 70)]
    b.drag([p, [q[0] - 20, q[1] - 20], q])
    out['drag'] = {'from': [p[0] - box[0], p[1] - box[1]], 'to': [q[0] - box[0], q[1] - box[1]], 'cssPerPoint': k, 'width': box[2]}
    out['snippet'] = text(b, '#snippet')

    # A matrix preset: one picker per variable; fps 20 is the second combination.
    select(b, '#preset', 'm.json')
    b.wait(lambda: b.js("return document.body.dataset.shown;") == 'm.json#0')
    out['pickers'] = b.js("return [...document.querySelectorAll('#pickers select')].map((e) => e.dataset.key);")
    select(b, '#pickers select[data-key="fps"]', '20')
    b.wait(lambda: b.js("return document.body.dataset.shown;") == 'm.json#1')
    # The combination's own frame, not one of the first combination still arriving: the status
    # names its frame count (12 at 20 fps; the first combination has 6).
    b.wait(lambda: b.js("const i = document.getElementById('frame'); return i.complete && i.dataset.frame === '0' && Number(i.dataset.seq) > arguments[0] && document.getElementById('status').textContent.startsWith('frame 0 / 12 ');", out['afterBroken']['seq']))
    out['matrix'] = b.js(PIXELS)
    out['matrixStatus'] = b.find('#status').text
    out['console'] = b.errors()
    return out


b = {'chromium': Chromium, 'firefox': Firefox}[browser]()
try:
    result = run(b)
finally:
    b.quit()
print(json.dumps(result))
