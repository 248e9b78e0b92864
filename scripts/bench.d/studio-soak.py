#!/usr/bin/python3
"""`segue studio` memory soak (a benchmark, never a test): ./scripts/bench studio-soak runs it.

usage: studio-soak.py SEGUE FOLDER SECONDS
Serves FOLDER (the presets) and scrubs as a page does, one request at a time, for SECONDS: the
presets in turn, round and round, /api/preset and /plot.png on each switch, then 8 frames at
random times, each /api/at + /frame.png (numbered like the page's, a fifth of them at the preview
scale). Reads the server's resident memory (VmRSS) at 60 s (or at a sixth of a shorter run) and
at the end, and how many rounds of the whole folder were done by then.
Goal: end − first minute ≤ 50 MB. Prints a Markdown table.
"""
import http.client, json, os, random, sys, time, urllib.parse

segue, folder, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
import subprocess
server = subprocess.Popen([segue, 'studio', folder], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
port = int(server.stdout.readline().strip().rsplit(':', 1)[1].rstrip('/'))
conn = http.client.HTTPConnection('127.0.0.1', port, timeout=60)   # one keep-alive connection, as a page has

def get(path):
    conn.request('GET', path)
    r = conn.getresponse()
    return r.status, r.read()

def rss_mb():
    for line in open(f'/proc/{server.pid}/status'):
        if line.startswith('VmRSS:'):
            return int(line.split()[1]) / 1024

random.seed(32)
first_at = min(60.0, seconds / 6)
try:
    presets = [p['id'] for p in json.loads(get('/api/presets')[1])['presets']]
    start = time.monotonic()
    first = None
    samples = []
    requests = seq = 0
    k = 0
    while time.monotonic() - start < seconds:
        pid = presets[k % len(presets)]
        k += 1
        status, body = get('/api/preset?' + urllib.parse.urlencode({'p': pid}))
        info = json.loads(body)
        if not info.get('ok'):
            continue
        get('/plot.png?' + urllib.parse.urlencode({'p': pid, 'v': info['version']}))
        for _ in range(8):
            seq += 1
            t = random.randrange(info['frameCount']) / info['fps']
            q = {'p': pid, 't': t, 'client': 'soak', 'seq': seq, 'preview': 1 if seq % 5 == 0 else 0}
            get('/api/at?' + urllib.parse.urlencode({'p': pid, 't': t}))
            status, _ = get('/frame.png?' + urllib.parse.urlencode(q))
            assert status == 200, (pid, t, status)
            requests += 2
            elapsed = time.monotonic() - start
            if first is None and elapsed >= first_at:
                first, first_rounds = rss_mb(), k / len(presets)
            if elapsed >= seconds:
                break
        samples.append(rss_mb())
    end = rss_mb()
    print(f'load average at the end: {open("/proc/loadavg").read().split()[0]}, {os.cpu_count()} cores\n')
    print('| measure | value |')
    print('| --- | --- |')
    print(f'| soak | {seconds:.0f} s over {len(presets)} presets, {requests} requests |')
    print(f'| RSS at {first_at:.0f} s | {first:.1f} MB ({first_rounds:.1f} rounds of the folder) |')
    print(f'| RSS at the end | {end:.1f} MB ({k / len(presets):.1f} rounds) |')
    print(f'| largest RSS seen between presets | {max(samples):.1f} MB |')
    print(f'| growth after the first minute (goal ≤ 50 MB) | {end - first:+.1f} MB |')
finally:
    server.send_signal(2)
    server.wait()
