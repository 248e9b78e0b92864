#!/usr/bin/python3
"""Drives `segue studio`'s page in headless Chromium (Debian's chromium-driver) for StudioTests.

usage: studio_page.py URL PRESET EDITED BROKEN FRAME CANVAS_WIDTH_PT
Opens URL, toggles the element overlay, scrubs to FRAME (the range input, then an arrow key back and forth), reads the shown
frame's pixels; replaces PRESET with EDITED (written beside it and renamed over, as editors save),
waits for the reloaded frame and reads it; replaces it with BROKEN and reads the problems shown;
drags a rectangle with the region picker and reads the snippet; opens the matrix preset m.json
and picks fps 20 with its picker. Prints one JSON object; the
Swift test compares it with what the CLI writes for the same inputs.
"""
import base64, json, math, os, shutil, sys
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

url, preset, edited, broken, frame = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])

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

def save(source):
    """An editor's save: the new text written beside the file, then renamed over it."""
    tmp = os.path.join(os.path.dirname(preset), '.studio-save.tmp')
    shutil.copyfile(source, tmp)
    os.replace(tmp, preset)

options = webdriver.ChromeOptions()
options.binary_location = '/usr/bin/chromium'
for a in ['--headless=new', '--no-sandbox', '--disable-gpu', '--force-color-profile=srgb', '--window-size=1400,1100',
          '--disable-dev-shm-usage']:
    options.add_argument(a)
options.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
driver = webdriver.Chrome(service=Service('/usr/bin/chromedriver'), options=options)
out = {}
try:
    wait = WebDriverWait(driver, 60, poll_frequency=0.05)
    shown = lambda f: (lambda d: d.execute_script(
        "const i = document.getElementById('frame'); return i.complete && i.dataset.frame === arguments[0] && i.dataset.preview === 'false';", str(f)))
    driver.get(url)
    wait.until(shown(0))
    out['problemsAtStart'] = driver.find_element(By.ID, 'problems').get_attribute('textContent')
    # Overlays: nothing drawn, then the element frames (the screen's "card"), then nothing again.
    painted = "const c = document.getElementById('overlay'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++; return n;"
    at = "const c = document.getElementById('overlay'), k = document.getElementById('frame').clientWidth / arguments[2]; return c.getContext('2d').getImageData(Math.round(arguments[0] * k), Math.round(arguments[1] * k), 1, 1).data[3];"
    out['overlayOff'] = driver.execute_script(painted)
    driver.find_element(By.ID, 'show-elements').click()
    out['overlayOn'] = driver.execute_script(painted)
    out['cardEdgeAlpha'] = driver.execute_script(at, 10, 25, float(sys.argv[6]))
    out['cardInsideAlpha'] = driver.execute_script(at, 30, 32, float(sys.argv[6]))
    driver.find_element(By.ID, 'show-elements').click()
    out['overlayOffAgain'] = driver.execute_script(painted)
    # Scrub: the range input to FRAME + 1, then ← once: the frame shown is FRAME.
    driver.execute_script("const s = document.getElementById('scrub'); s.value = String(arguments[0]); s.dispatchEvent(new Event('input'));", frame + 1)
    wait.until(shown(frame + 1))
    driver.find_element(By.TAG_NAME, 'body').send_keys(Keys.ARROW_LEFT)
    wait.until(shown(frame))
    out['url'] = driver.current_url
    out['scrubbed'] = driver.execute_script(PIXELS)
    out['steps'] = [e.get_attribute('textContent') for e in driver.find_elements(By.CSS_SELECTOR, '#timeline .step')]
    wait.until(lambda d: d.execute_script("const p = document.getElementById('plot'); return p.complete && p.naturalWidth > 0;"))
    out['plotWidth'] = driver.execute_script("return document.getElementById('plot').naturalWidth;")

    before = driver.execute_script("return document.body.dataset.version;")
    save(edited)
    wait.until(lambda d: d.execute_script("return document.body.dataset.version;") != before)
    seq = out['scrubbed']['seq']
    wait.until(lambda d: d.execute_script("const i = document.getElementById('frame'); return i.complete && Number(i.dataset.seq) > arguments[0] && i.dataset.preview === 'false';", seq))
    out['edited'] = driver.execute_script(PIXELS)

    save(broken)
    wait.until(lambda d: d.execute_script("return document.body.dataset.ok;") == 'false')
    out['problems'] = driver.find_element(By.ID, 'problems').get_attribute('textContent')
    out['problemsShown'] = driver.find_element(By.ID, 'problems').is_displayed()
    out['afterBroken'] = driver.execute_script(PIXELS)

    driver.find_element(By.ID, 'pick').click()
    k = driver.execute_script("return document.getElementById('frame').clientWidth / arguments[0];", float(sys.argv[6]))
    box = driver.execute_script("const b = document.getElementById('overlay').getBoundingClientRect(); return [b.left, b.top, b.width];")
    # Drag between whole viewport pixels about (10, 20) and (50, 70) CSS pixels into the overlay.
    a = [math.ceil(box[0] + 10), math.ceil(box[1] + 20)]
    b = [math.ceil(box[0] + 50), math.ceil(box[1] + 70)]
    actions = ActionBuilder(driver)
    actions.pointer_action.move_to_location(*a).pointer_down().move_to_location(b[0] - 20, b[1] - 20).move_to_location(*b).pointer_up()
    actions.perform()
    out['drag'] = {'from': [a[0] - box[0], a[1] - box[1]], 'to': [b[0] - box[0], b[1] - box[1]], 'cssPerPoint': k, 'width': box[2]}
    out['snippet'] = driver.find_element(By.ID, 'snippet').get_attribute('textContent')

    # A matrix preset: one picker per variable; fps 20 is the second combination.
    Select(driver.find_element(By.ID, 'preset')).select_by_value('m.json')
    wait.until(lambda d: d.execute_script("return document.body.dataset.shown;") == 'm.json#0')
    out['pickers'] = [e.get_attribute('data-key') for e in driver.find_elements(By.CSS_SELECTOR, '#pickers select')]
    Select(driver.find_element(By.CSS_SELECTOR, '#pickers select[data-key="fps"]')).select_by_value('20')
    wait.until(lambda d: d.execute_script("return document.body.dataset.shown;") == 'm.json#1')
    # The combination's own frame, not one of the first combination still arriving: the status
    # names its frame count (12 at 20 fps; the first combination has 6).
    wait.until(lambda d: d.execute_script("const i = document.getElementById('frame'); return i.complete && i.dataset.frame === '0' && Number(i.dataset.seq) > arguments[0] && document.getElementById('status').textContent.startsWith('frame 0 / 12 ');", out['afterBroken']['seq']))
    out['matrix'] = driver.execute_script(PIXELS)
    out['matrixStatus'] = driver.find_element(By.ID, 'status').text
    out['console'] = [e['message'] for e in driver.get_log('browser') if e['level'] == 'SEVERE']
finally:
    driver.quit()
print(json.dumps(out))
