"""GalleryLayoutTests' check: opens DIR/index.html (a `segue gallery` folder) in headless Chromium
through chromedriver at each WIDTH (CSS pixels), waits until the first card's clip has its
metadata (so the video has its own size), and reports where the first card's parts are.
The wait's 120 s only bounds a failure. Prints JSON: {WIDTH: {"video": rect, "facts": rect,
"images": rect, "card": rect, "scrollWidth": n, "clientWidth": n}}.

usage: gallery_layout.py DIR WIDTH...
"""
import json, os, pathlib, sys, tempfile
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

RECTS = """
function r(x){ if(!x) return null; var b = x.getBoundingClientRect(); return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; }
var c = document.querySelector('.card');
return {video: r(c.querySelector('video')), facts: r(c.querySelector('dl')), images: r(c.querySelector('.images')), card: r(c),
        scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth};
"""

def main():
    root, widths = sys.argv[1], [int(w) for w in sys.argv[2:]]
    out = {}
    for width in widths:
        options = webdriver.ChromeOptions()
        options.binary_location = '/usr/bin/chromium'
        for a in ['--headless=new', '--no-sandbox', '--disable-gpu', f'--window-size={width},900',
                  '--autoplay-policy=no-user-gesture-required', '--disable-dev-shm-usage', '--allow-file-access-from-files']:
            options.add_argument(a)
        # Chromium keeps scratch files (.org.chromium.*) in TMPDIR: a folder of its own, removed after.
        scratch = tempfile.TemporaryDirectory(prefix="gallery-layout.")
        service = Service('/usr/bin/chromedriver', env=dict(os.environ, TMPDIR=scratch.name))
        driver = webdriver.Chrome(service=service, options=options)
        try:
            driver.get(pathlib.Path(root, "index.html").resolve().as_uri())
            WebDriverWait(driver, 120, poll_frequency=0.05).until(
                lambda d: d.execute_script("return document.querySelector('video').readyState >= 1;"))
            out[str(width)] = driver.execute_script(RECTS)
        finally:
            driver.quit()
            scratch.cleanup()
    print(json.dumps(out))

main()
