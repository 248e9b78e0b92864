"""GalleryLoadTests' scroll check: serves DIR (a `segue gallery` folder) on a loopback port,
recording the paths requested, opens DIR/index.html in headless Chromium through chromedriver
(real time: media loads as it would for a reader, unlike --virtual-time-budget, whose timers run
ahead of the media decoder), waits until the first card's clip plays, scrolls to the last card and
waits for the events that matter: the last clip has its metadata and plays, the first one pauses.
The waits' 120 s only bound a failure. Prints JSON: {"state": {...}, "requests": [paths]}.

usage: gallery_scroll.py DIR
"""
import http.server, json, os, socketserver, sys, tempfile, threading
from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

class Recorder(http.server.SimpleHTTPRequestHandler):
    log = []
    lock = threading.Lock()

    def log_request(self, code='-', size='-'):
        with Recorder.lock:
            Recorder.log.append(self.path)

    def log_message(self, *args):
        pass

CLIPS = "const cs = document.querySelectorAll('.card'), v = cs[cs.length - 1].querySelector('video'), f = document.querySelector('video');"
ARRIVED = CLIPS + " return v.readyState >= 1 && !v.paused && f.paused;"
STATE = CLIPS + " return {ready: v.readyState, playing: !v.paused, firstPaused: f.paused, poster: v.poster !== ''};"

def main():
    root = sys.argv[1]
    handler = lambda *a, **k: Recorder(*a, directory=root, **k)
    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        options = webdriver.ChromeOptions()
        options.binary_location = '/usr/bin/chromium'
        for a in ['--headless=new', '--no-sandbox', '--disable-gpu', '--window-size=1280,800',
                  '--autoplay-policy=no-user-gesture-required', '--disable-dev-shm-usage']:
            options.add_argument(a)
        # Chromium keeps scratch files (.org.chromium.*) in TMPDIR: a folder of its own, removed after.
        scratch = tempfile.TemporaryDirectory(prefix="gallery-scroll.")
        service = Service('/usr/bin/chromedriver', env=dict(os.environ, TMPDIR=scratch.name))
        driver = webdriver.Chrome(service=service, options=options)
        try:
            driver.get(f"http://127.0.0.1:{server.server_address[1]}/index.html")
            wait = WebDriverWait(driver, 120, poll_frequency=0.05)
            wait.until(lambda d: d.execute_script("return !document.querySelector('video').paused;"))
            driver.execute_script(CLIPS + " cs[cs.length - 1].scrollIntoView();")
            try:
                wait.until(lambda d: d.execute_script(ARRIVED))
            except TimeoutException:
                pass   # the state below says what did not happen
            state = driver.execute_script(STATE)
        finally:
            driver.quit()
            scratch.cleanup()
        server.shutdown()
    print(json.dumps({"state": state, "requests": Recorder.log}))

main()
