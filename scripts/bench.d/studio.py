#!/usr/bin/python3
"""`segue studio` latencies (a benchmark, never a test): ./scripts/bench studio runs it.

usage: studio.py SEGUE FOLDER LATENCY_PRESET RUNS
- frame: GET /frame.png for LATENCY_PRESET at RUNS times spread over the clip, at full size and at
  the preview scale, one request at a time; the time from sending the request to the last byte.
- save: for every preset of FOLDER, RUNS saves (the file rewritten beside and renamed over it, as
  an editor saves); the time from the rename to the last byte of the new frame, as the page gets
  it: the server-sent `change` event, then /api/preset, then /frame.png at the clip's middle.
Prints medians (ms) and the server's CPU time per request or save (user + system, from /proc: on a
loaded machine the wall time waits for a core, the CPU time does not) as a Markdown table, with the
load average before and after; FOLDER's files are rewritten with their own content.
"""
import http.client, json, os, statistics, subprocess, sys, threading, time, urllib.parse

segue, folder, latency_preset, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
server = subprocess.Popen([segue, 'studio', folder], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
port = int(server.stdout.readline().strip().rsplit(':', 1)[1].rstrip('/'))

def get(path):
    c = http.client.HTTPConnection('127.0.0.1', port, timeout=60)
    c.request('GET', path)
    r = c.getresponse()
    body = r.read()
    c.close()
    return r.status, body

def q(**kw):
    return urllib.parse.urlencode(kw)

changes = []
changed = threading.Condition()
def listen():
    c = http.client.HTTPConnection('127.0.0.1', port)
    c.request('GET', '/events')
    r = c.getresponse()
    while True:
        line = r.fp.readline()
        if not line:
            return
        if line.startswith(b'event: change'):
            with changed:
                changes.append(time.perf_counter())
                changed.notify_all()
threading.Thread(target=listen, daemon=True).start()

def info(pid, preview=False):
    return json.loads(get('/api/preset?' + q(p=pid, preview=1 if preview else 0))[1])

def cpu_seconds():
    """The server's user + system CPU time so far (load on the machine does not inflate it)."""
    fields = open(f'/proc/{server.pid}/stat').read().rsplit(')', 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')

def frame_latency(pid, preview):
    d = info(pid, preview)
    get('/frame.png?' + q(p=pid, t=0, preview=1 if preview else 0))   # the screens' snapshots, once
    n = d['frameCount']
    times = []
    cpu0 = cpu_seconds()
    for k in range(runs):
        t = (k * 7919 % n) / d['fps']   # spread over the clip, not in order
        t0 = time.perf_counter()
        status, _ = get('/frame.png?' + q(p=pid, t=t, preview=1 if preview else 0))
        times.append((time.perf_counter() - t0) * 1000)
        assert status == 200, status
    return statistics.median(times), (cpu_seconds() - cpu0) * 1000 / runs, (d['pixelWidth'], d['pixelHeight'])

def save_latency(pid):
    """Median wall ms and the server's mean CPU ms per save (what the machine's load does not inflate)."""
    path = os.path.join(folder, pid)
    text = open(path, 'rb').read()
    times = []
    cpu0 = cpu_seconds()
    for _ in range(runs):
        with changed:
            seen = len(changes)
        tmp = os.path.join(os.path.dirname(path), '.bench-save')
        with open(tmp, 'wb') as f:
            f.write(text)
        t0 = time.perf_counter()
        os.replace(tmp, path)
        with changed:
            changed.wait_for(lambda: len(changes) > seen, timeout=30)
        d = info(pid)
        if not d['ok']:
            return None
        status, _ = get('/frame.png?' + q(p=pid, t=round(d['frameCount'] / 2) / d['fps']))
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), (cpu_seconds() - cpu0) * 1000 / runs

try:
    print(f'load average before: {open("/proc/loadavg").read().split()[0]}, {os.cpu_count()} cores\n')
    print('| measure | size | median ms | server CPU ms per request (mean) |')
    print('| --- | --- | --- | --- |')
    for preview in (False, True):
        ms, cpu, size = frame_latency(latency_preset, preview)
        print(f'| frame request, {latency_preset}{" (preview)" if preview else ""} | {size[0]}×{size[1]} | {ms:.1f} | {cpu:.1f} |')
    presets = [p['id'] for p in json.loads(get('/api/presets')[1])['presets']]
    worst = (0, 0)
    for pid in presets:
        r = save_latency(pid)
        if r is None:
            print(f'| save → frame, {pid} | (not a valid preset) | – | |')
            continue
        worst = max(worst, r)
        print(f'| save → frame, {pid} | | {r[0]:.1f} | {r[1]:.1f} |')
    print(f'| save → frame, the slowest preset | | {worst[0]:.1f} | {worst[1]:.1f} |')
    print(f'\nload average after: {open("/proc/loadavg").read().split()[0]}')
finally:
    server.send_signal(2)
    server.wait()
