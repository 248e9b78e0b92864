#!/usr/bin/python3
"""Drives `segue studio`'s page in headless Chromium (Debian's chromium-driver) for StudioTests.

usage: studio_page.py URL PRESET EDITED BROKEN FRAME
Opens URL, scrubs to FRAME (the range input, then an arrow key back and forth), reads the shown
frame's pixels; replaces PRESET with EDITED (written beside it and renamed over, as editors save),
waits for the reloaded frame and reads it; replaces it with BROKEN and reads the problems shown;
drags a rectangle with the region picker and reads the snippet. Prints one JSON object; the
Swift test compares it with what the CLI writes for the same inputs.
"""
import base64, json, os, shutil, sys
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

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
    overlay = driver.find_element(By.ID, 'overlay')
    k = driver.execute_script("return document.getElementById('frame').clientWidth / arguments[0];", float(sys.argv[6]) if len(sys.argv) > 6 else 1)
    r = overlay.rect
    # Drag from (10, 20) to (50, 70) CSS pixels of the overlay's top-left corner (Selenium's offsets are from its centre).
    cx, cy = r['width'] / 2, r['height'] / 2
    ActionChains(driver).move_to_element_with_offset(overlay, int(10 - cx), int(20 - cy)).click_and_hold() \
        .move_to_element_with_offset(overlay, int(30 - cx), int(40 - cy)) \
        .move_to_element_with_offset(overlay, int(50 - cx), int(70 - cy)).release().perform()
    out['drag'] = {'from': [int(10 - cx) + cx, int(20 - cy) + cy], 'to': [int(50 - cx) + cx, int(70 - cy) + cy], 'cssPerPoint': k,
                   'width': r['width']}
    out['snippet'] = driver.find_element(By.ID, 'snippet').get_attribute('textContent')
    out['console'] = [e['message'] for e in driver.get_log('browser') if e['level'] == 'SEVERE']
finally:
    driver.quit()
print(json.dumps(out))
