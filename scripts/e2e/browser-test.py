#!/usr/bin/env python3
"""Opens every page of a built site in headless Chromium and checks it.

Drives Debian's `chromium` over the DevTools protocol on a pipe
(--remote-debugging-pipe: NUL-separated JSON on fds 3 and 4), so it needs
nothing but Python's standard library. For each page: no console errors or
failed loads, every internal link and anchor resolves. Then, where the site
has them: the diagram player steps, plays and scrubs frames, and names
layers as the text frames do (a label's text, not UILabel); a film with
motion plays at real speed and at 1/10, steps 1/60 s with the buttons and
the arrow keys, scrubs, and graphs as many series as its data has; nothing
plays by itself (reduced motion or not); search finds a
phrase; a solution's disclosure opens on its change from the starter, the
whole program beneath; an exercise labels its starter as a
starter (never "Verified") with its symptom, and shows hints before the
solution; filmstrips wrap to the page's width at 1280 and 390 px instead of
scrolling sideways; without JavaScript the diagram's text is shown and the
player is not; names of engine APIs in the code link to rows of the
fidelity ledger that exist, and films resting on an engine choice say so;
every knob's slider moves through its stops, changing the film and the
chart, marking the verified value, saying when the output shown is not
the verified one, and showing its value in the code box where its literal is.
Optionally takes screenshots.

Usage:
  scripts/e2e/browser-test.py SITE [--phrase "TEXT=PAGE"] [--require player,motion,solution,exercise,filmstrip,ledger,engine-choice,knob]
                          [--screenshots DIR]
Exit status 0 when every check passes, 1 otherwise.
"""
import argparse
import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path


class Browser:
    def __init__(self, executable):
        self.profile = tempfile.mkdtemp(prefix="workbook-chromium-")
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        # The child's ends move to fds >= 10, clear of 3 and 4.
        for name in ("to_child_r", "from_child_w"):
            low = locals()[name]
            high = fcntl.fcntl(low, fcntl.F_DUPFD, 10)
            os.close(low)
            if name == "to_child_r":
                to_child_r = high
            else:
                from_child_w = high

        args = [executable, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--allow-file-access-from-files", "--user-data-dir=" + self.profile, "about:blank"]
        # Chromium reads commands on fd 3 and writes replies on fd 4: bash
        # moves the pipe's ends there and runs it.
        shell = f'exec "$0" "$@" 3<&{to_child_r} 4>&{from_child_w} {to_child_r}<&- {from_child_w}>&-'
        self.process = subprocess.Popen(["bash", "-c", shell, executable, *args[1:]],
                                        pass_fds=(to_child_r, from_child_w),
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child_r)
        os.close(from_child_w)
        self.writer = os.fdopen(to_child_w, "wb", buffering=0)
        self.reader = os.fdopen(from_child_r, "rb", buffering=0)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def _read_message(self, timeout=30):
        while b"\0" not in self.buffer:
            ready, _, _ = select.select([self.reader], [], [], timeout)
            if not ready:
                raise RuntimeError(f"Chromium sent nothing for {timeout} s")
            chunk = self.reader.read(65536)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.writer.write(json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read_message()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method, session, timeout=15):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for n, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == session:
                    del self.events[n]
                    return event
            self.events.append(self._read_message())
        raise RuntimeError(f"Timed out waiting for {method}")

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


class Page:
    def __init__(self, browser):
        self.browser = browser
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.send(domain + ".enable")

    def send(self, method, params=None):
        return self.browser.send(method, params, self.session)

    def open(self, url, scripts=True):
        self.browser.events = [e for e in self.browser.events if e.get("sessionId") != self.session]
        self.send("Page.navigate", {"url": url})
        self.browser.wait_for("Page.loadEventFired", self.session)
        if scripts:
            self.eval("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")

    def eval(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:60]}…: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def errors(self):
        """Console errors, uncaught exceptions and failed loads so far."""
        self.eval("0")  # flush pending events
        found = []
        for event in self.browser.events:
            if event.get("sessionId") != self.session:
                continue
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                details = params["exceptionDetails"]
                found.append("exception: " + (details.get("exception", {}).get("description") or details.get("text", "")))
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                found.append("console." + params["type"] + ": " + " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                found.append("log: " + params["entry"].get("text", "") + " " + params["entry"].get("url", ""))
        return found

    def screenshot(self, path, width, height, mobile=False, dark=False, script=None):
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        self.send("Emulation.setEmulatedMedia",
                  {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
        self.eval("new Promise(r => setTimeout(r, 100))")
        if script:
            self.eval(script)
            self.eval("new Promise(r => setTimeout(r, 100))")
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        Path(path).write_bytes(base64.b64decode(data))
        self.send("Emulation.clearDeviceMetricsOverride")
        self.send("Emulation.setEmulatedMedia", {"features": []})


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site")
    parser.add_argument("--phrase", action="append", default=[], help="TEXT=PAGE: searching TEXT finds PAGE")
    parser.add_argument("--require", default="",
                        help="comma-separated: player, motion, solution, exercise, filmstrip, ledger (code linked to "
                             "fidelity.html's rows), engine-choice (a film marked as resting on an engine choice), knob (a slider)")
    parser.add_argument("--screenshots", help="folder for PNG screenshots")
    parser.add_argument("--hostile", action="store_true",
                        help="a site built from an attack book: only check that no page runs the book's script "
                             "(every payload sets document.title to PWNED or window.PWNED)")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium"))
    options = parser.parse_args()

    site = Path(options.site).resolve()
    pages = sorted(p.name for p in site.glob("*.html"))
    failures = []
    passed = 0

    def check(condition, message):
        nonlocal passed
        if condition:
            passed += 1
        else:
            failures.append(message)

    if not pages:
        print(f"error: no pages in {site}", file=sys.stderr)
        return 1

    browser = Browser(options.chromium)
    try:
        page = Page(browser)
        ids = {}
        links = []
        features = {"player": [], "motion": [], "solution": [], "exercise": [], "filmstrip": [], "ledger": [],
                    "engine-choice": [], "knob": []}
        for name in pages:
            url = (site / name).as_uri()
            page.open(url)
            if options.hostile:
                # Failed image loads (onerror), focus (autofocus/onfocus) and
                # timers get their chance to run first.
                ran = page.eval("""(async () => {
                  await new Promise(r => setTimeout(r, 400));
                  document.querySelectorAll('a, img, details, summary').forEach(e => {
                    e.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
                    e.dispatchEvent(new FocusEvent('focus'));
                  });
                  await new Promise(r => setTimeout(r, 100));
                  return document.title === 'PWNED' || !!window.PWNED;
                })()""")
                check(not ran, f"{name}: the book's script ran (title '{page.eval('document.title')}')")
                continue
            for error in page.errors():
                failures.append(f"{name}: {error}")
            ids[name] = set(page.eval("[...document.querySelectorAll('[id]')].map(e => e.id)"))
            for href in page.eval("[...document.querySelectorAll('a[href], link[href], script[src]')].map(e => e.getAttribute('href') || e.getAttribute('src'))"):
                links.append((name, href))
            if page.eval("document.querySelectorAll('figure.diagram .controls').length") > 0:
                features["player"].append(name)
            if page.eval("document.querySelectorAll('details.solution').length") > 0:
                features["solution"].append(name)
            if page.eval("document.querySelectorAll('section.exercise').length") > 0:
                features["exercise"].append(name)
            if page.eval("document.querySelectorAll('.panels pre.panel').length") > 0:
                features["filmstrip"].append(name)
            # Engine APIs in the code link to their rows of the fidelity
            # ledger (the anchors are checked with every other link below).
            if page.eval("document.querySelectorAll('pre code a.api[href^=\"./fidelity.html#\"]').length") > 0:
                features["ledger"].append(name)
            if page.eval("document.querySelectorAll('figure.diagram .fidelity-note a[href^=\"./fidelity.html#\"]').length") > 0:
                features["engine-choice"].append(name)
            if page.eval("document.querySelectorAll('.knobs input[data-knob]').length") > 0:
                features["knob"].append(name)
            check(page.eval("!!document.querySelector('main') && !!document.querySelector('nav[aria-label]')"),
                  f"{name}: no main landmark or labelled nav")
            unlabelled = page.eval("[...document.querySelectorAll('button')].filter(b => !(b.getAttribute('aria-label') || b.textContent.trim())).length")
            check(unlabelled == 0, f"{name}: {unlabelled} button(s) without a label")

        if options.hostile:
            for failure in failures:
                print("FAIL", failure)
            print(f"hostile site: {passed} pages ran none of the book's script, {len(failures)} did")
            return 0 if not failures else 1

        # Every internal link and anchor resolves.
        for source, href in links:
            parsed = urllib.parse.urlparse(href)
            if parsed.scheme in ("http", "https", "mailto"):
                continue
            target = urllib.parse.unquote(parsed.path) or source
            resolved = (site / target).resolve()
            if site not in resolved.parents and resolved != site:
                failures.append(f"{source}: link '{href}' leaves the site")
                continue
            if not resolved.exists():
                failures.append(f"{source}: link '{href}' points to a missing file")
                continue
            passed += 1
            if parsed.fragment and resolved.suffix == ".html":
                check(urllib.parse.unquote(parsed.fragment) in ids.get(resolved.name, set()),
                      f"{source}: anchor '{href}' does not exist")

        # The player steps, plays and scrubs.
        for name in features["player"]:
            page.open((site / name).as_uri())
            state = page.eval("""(async () => {
              const f = document.querySelector('figure.diagram');
              const frame = () => f.dataset.frame;
              const out = {first: frame(), shapes: f.querySelectorAll('svg.stage polygon').length};
              f.querySelector('button[data-step="1"]').click(); out.next = frame();
              f.querySelector('button[data-step="-1"]').click(); out.prev = frame();
              const slider = f.querySelector('input[type=range]');
              slider.value = slider.max; slider.dispatchEvent(new Event('input')); out.scrub = frame(); out.last = slider.max;
              f.querySelector('button[data-step="1"]').click(); out.wrap = frame();
              const play = f.querySelector('button[data-play]');
              play.click(); out.playing = play.getAttribute('aria-label');
              await new Promise(r => setTimeout(r, 1000)); out.played = frame();
              if (play.getAttribute('aria-label') === 'Pause') play.click();
              out.label = f.querySelector('.controls output').textContent;
              return out;
            })()""")
            check(state["first"] == "0" and state["shapes"] > 0, f"{name}: the player does not draw frame 1: {state}")
            check(state["next"] == "1" and state["prev"] == "0", f"{name}: next/previous do not step: {state}")
            check(state["scrub"] == state["last"], f"{name}: scrubbing does not move: {state}")
            check(state["wrap"] == "0", f"{name}: next after the last frame does not wrap: {state}")
            check(state["playing"] == "Pause" and int(state["played"]) > 0, f"{name}: play does not advance: {state}")
            # Layers are named as the text frames name them: a label's text
            # in quotes ("Recipes"), not its class (UILabel).
            page.open((site / name).as_uri())
            unnamed = page.eval("""(() => {
              const missing = [];
              for (const f of document.querySelectorAll('figure.diagram')) {
                const s = f.querySelector('script.frames');
                if (!s || !f.querySelector('svg.stage title')) continue;
                const data = JSON.parse(s.textContent);
                if (!data.frames || !data.frames.length || (data.motion && data.motion.keys && data.motion.keys[0] !== 0)) continue;
                const titles = [...f.querySelectorAll('svg.stage title')].map(t => t.textContent);
                for (const l of data.frames[0].layers) {
                  if (l.content == null || l.content === '') continue;
                  const quoted = '"' + l.content + '"';
                  const want = l.label.startsWith('UI') ? quoted : l.label + ' ' + quoted;
                  if (!titles.some(t => t === want || t.startsWith(want + ' ('))) missing.push(want + ' among ' + titles.join(', '));
                }
              }
              return missing;
            })()""")
            check(not unnamed, f"{name}: the player does not name layers as the text frames do: {unnamed[:3]}")
            for error in page.errors():
                failures.append(f"{name} (player): {error}")

        # Films with motion (every frame at 60 fps): play at real speed and
        # slowed down, scrub, step one frame (buttons and arrow keys), and
        # graph each changing value, the current time marked.
        for name in features["player"]:
            page.open((site / name).as_uri())
            films = page.eval("""(async () => {
              const wait = (ms) => new Promise(r => setTimeout(r, ms));
              const out = [];
              for (const f of document.querySelectorAll('figure.diagram')) {
                if (!f.querySelector('script.frames')) continue;
                const data = JSON.parse(f.querySelector('script.frames').textContent);
                const m = data.motion;
                if (!m || !m.times || m.times.length < 2) continue;
                const r = {frames: m.times.length, series: m.series.length, duration: m.times[m.times.length - 1] - m.times[0]};
                // A frame is its layers' places and how much each shows (a cross-fade moves nothing).
                const quads = () => [...f.querySelectorAll('svg.stage polygon')].map(p => p.getAttribute('points') + '@' + p.getAttribute('fill-opacity')).join(';');
                const frame = () => Number(f.dataset.frame), time = () => Number(f.dataset.time);
                const slider = f.querySelector('input[type=range]');
                r.sliderMax = Number(slider.max);
                // Step: one frame, 1/60 s, with the buttons and the keys.
                f.querySelector('button[data-step="1"]').click();
                r.stepFrame = frame(); r.stepTime = time();
                const stage = f.querySelector('svg.stage');
                stage.focus();
                stage.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
                r.keyFrame = frame();
                stage.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft', bubbles: true}));
                stage.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft', bubbles: true}));
                r.keyBack = frame();
                // Scrub: the frame and the drawing follow the slider (to the
                // frame where the first series is furthest from its start).
                slider.value = '0'; slider.dispatchEvent(new Event('input'));
                const before = quads(), label = f.querySelector('.controls output').textContent;
                let target = Math.floor(m.times.length / 2);
                const values = m.series.length ? m.series[0].values : [];
                const start = values.find(v => v != null);
                values.forEach((v, i) => { if (v != null && Math.abs(v - start) > Math.abs(values[target] - start || 0)) target = i; });
                r.scrubTarget = target;
                slider.value = String(target); slider.dispatchEvent(new Event('input'));
                r.scrubFrame = frame(); r.scrubMoved = quads() !== before;
                r.scrubLabel = f.querySelector('.controls output').textContent !== label;
                const cursor = f.querySelector('.graph line.now');
                r.cursor = cursor ? Number(cursor.getAttribute('x1')) : null;
                // Graph: one line per series (a series may break where its layer hides).
                r.graphSeries = new Set([...f.querySelectorAll('.graph polyline')].map(p => p.dataset.series)).size;
                r.legend = f.querySelectorAll('.graph .legend li').length;
                // Play at 1x: the time advances at real speed.
                slider.value = '0'; slider.dispatchEvent(new Event('input'));
                const speed = f.querySelector('select');
                speed.value = '1'; speed.dispatchEvent(new Event('change'));
                const play = f.querySelector('button[data-play]');
                let began = performance.now();
                play.click(); await wait(250); r.realTime = time(); r.realFrame = frame();
                r.realElapsed = (performance.now() - began) / 1000;
                if (play.getAttribute('aria-label') === 'Pause') play.click();
                // Play at 1/10x: ten times slower.
                slider.value = '0'; slider.dispatchEvent(new Event('input'));
                speed.value = '0.1'; speed.dispatchEvent(new Event('change'));
                began = performance.now();
                play.click(); await wait(500); r.slowTime = time();
                r.slowElapsed = (performance.now() - began) / 1000;
                if (play.getAttribute('aria-label') === 'Pause') play.click();
                r.pausedLabel = play.getAttribute('aria-label');
                out.push(r);
                if (out.length >= 3) break;
              }
              return out;
            })()""")
            if films:
                features["motion"].append(name)
            for n, film in enumerate(films):
                where = f"{name} (film {n + 1})"
                check(film["sliderMax"] == film["frames"] - 1, f"{where}: the slider does not cover every frame: {film}")
                check(film["stepFrame"] == 1 and abs(film["stepTime"] - 1 / 60) < 0.002,
                      f"{where}: next frame does not step 1/60 s: {film}")
                check(film["keyFrame"] == 2 and film["keyBack"] == 0, f"{where}: the arrow keys do not step: {film}")
                check(film["scrubFrame"] == film["scrubTarget"] and film["scrubLabel"]
                      and (film["series"] == 0 or film["scrubMoved"]),
                      f"{where}: scrubbing does not move the frame: {film}")
                check(film["graphSeries"] == film["series"] and film["legend"] == film["series"],
                      f"{where}: the graph has {film['graphSeries']} series, the data {film['series']}: {film}")
                check(film["series"] == 0 or (film["cursor"] or 0) > 0, f"{where}: the graph's time mark does not move: {film}")
                # Real speed: after about 250 ms (as measured in the page), as
                # much film (or its end); at 1/10x a tenth of it. The film's
                # time may lag the wall clock by a frame or two, never lead it.
                expected = min(film["realElapsed"], film["duration"])
                check(film["realFrame"] > 0 and min(0.1, expected * 0.4) <= film["realTime"] <= expected + 0.02,
                      f"{where}: at 1x, {film['realElapsed']:.3f} s of play shows t={film['realTime']}: {film}")
                check(0 < film["slowTime"] <= film["slowElapsed"] / 10 + 0.02,
                      f"{where}: at 1/10x, {film['slowElapsed']:.3f} s of play shows t={film['slowTime']}: {film}")
                check(film["pausedLabel"] == "Play", f"{where}: pause does not stop: {film}")
            for error in page.errors():
                failures.append(f"{name} (motion): {error}")

        # Nothing plays by itself, with reduced motion asked for or not.
        for name in features["player"][:1]:
            page.send("Emulation.setEmulatedMedia",
                      {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
            page.open((site / name).as_uri())
            still = page.eval("""(async () => {
              await new Promise(r => setTimeout(r, 400));
              return [...document.querySelectorAll('figure.diagram')].every(f => !f.dataset.frame || f.dataset.frame === '0');
            })()""")
            check(still is True, f"{name}: a film plays by itself")
            page.send("Emulation.setEmulatedMedia", {"features": []})

        # Search finds known phrases.
        for item in options.phrase:
            text, _, expected = item.partition("=")
            page.open((site / pages[0]).as_uri())
            found = page.eval(f"""(async () => {{
              const field = document.getElementById('search');
              field.focus(); field.value = {json.dumps(text)};
              field.dispatchEvent(new Event('input'));
              for (let i = 0; i < 50 && document.getElementById('search-results').hidden; i++) await new Promise(r => setTimeout(r, 50));
              return [...document.querySelectorAll('#search-results a')].map(a => a.getAttribute('href'));
            }})()""")
            check(any(h.split("#")[0].removeprefix("./") == expected for h in found), f"search for '{text}' does not find {expected}: {found}")

        # A solution's disclosure opens, from the keyboard too.
        for name in features["solution"]:
            page.open((site / name).as_uri())
            closed, opened = page.eval("""(() => {
              const d = document.querySelector('details.solution');
              const before = d.open; d.querySelector('summary').click(); return [before, d.open];
            })()""")
            check(closed is False and opened is True, f"{name}: the solution's disclosure does not open")
            # Opened, it shows what changes from the starter (removed and
            # added lines, visible); the whole program opens beneath it.
            diff = page.eval("""(() => {
              const d = document.querySelector('details.solution'), whole = d.querySelector('details.whole-solution');
              if (!whole) return 'no change view';
              const rows = [...d.querySelectorAll('.diff del.del, .diff ins.add')];
              if (!rows.length || rows.some(r => r.getBoundingClientRect().height === 0)) return 'no visible changed lines';
              whole.querySelector('summary').click();
              const code = whole.querySelector('pre code');
              return whole.open && code && code.getBoundingClientRect().height > 0 ? 'ok' : 'the whole program does not open';
            })()""")
            check(diff == "ok", f"{name}: the solution's change: {diff}")
            page.send("Runtime.evaluate", {"expression": "document.querySelector('details.hint summary').focus()"})
            for kind in ("keyDown", "keyUp"):
                page.send("Input.dispatchKeyEvent", {"type": kind, "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13,
                                                     **({"text": "\r"} if kind == "keyDown" else {})})
            check(page.eval("document.querySelector('details.hint').open") is True, f"{name}: a hint does not open with Enter")

        # Exercises: the starter is labelled as a starter (never "Verified"),
        # its symptom is labelled and shown before the expected output, and
        # the hints come before the solution.
        for name in features["exercise"]:
            page.open((site / name).as_uri())
            problems = page.eval("""[...document.querySelectorAll('section.exercise')].flatMap(section => {
              const id = section.id, out = [];
              const labels = [...section.querySelectorAll(':scope > .exercise-label, :scope > .exercise-outputs > .exercise-output > .exercise-label')].map(p => p.textContent);
              if (labels.indexOf('Expected output') < 0) out.push(id + ': no expected output label');
              const badge = section.querySelector(':scope > .code .badge');
              if (!badge || /Verified/.test(badge.textContent)) out.push(id + ': starter badge ' + (badge && badge.textContent));
              const symptom = labels.indexOf('What the starter prints'), expected = labels.indexOf('Expected output');
              if (section.querySelector(':scope > .exercise-outputs .output.status-starter') && symptom < 0) out.push(id + ': symptom not labelled');
              if (symptom >= 0 && expected >= 0 && symptom > expected) out.push(id + ': symptom after the expected output');
              const solution = section.querySelector('details.solution');
              for (const hint of section.querySelectorAll('details.hint'))
                if (!solution || !(hint.compareDocumentPosition(solution) & Node.DOCUMENT_POSITION_FOLLOWING)) out.push(id + ': a hint after the solution');
              return out;
            }).concat([...document.querySelectorAll('details.hint')].filter(h => !h.closest('section.exercise'))
                       .map(() => 'a hint outside its exercise'))""")
            for problem in problems:
                failures.append(f"{name}: {problem}")
            passed += 1 if not problems else 0
            # The symptom and the expected output stand side by side at a
            # desktop's width, one above the other at a phone's.
            for width, mobile, beside in ((1280, False, True), (390, True, False)):
                page.send("Emulation.setDeviceMetricsOverride",
                          {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": mobile})
                page.eval("new Promise(r => setTimeout(r, 100))")
                pairs = page.eval("""[...document.querySelectorAll('.exercise-outputs')]
                  .filter(o => o.children.length === 2)
                  .map(o => [...o.children].map(c => c.getBoundingClientRect()))
                  .map(([a, b]) => Math.abs(a.top - b.top) < 2 && b.left >= a.right - 1)""")
                wrong = [i for i, side in enumerate(pairs) if side != beside]
                check(pairs and not wrong, f"{name} at {width}px: symptom and expected output "
                      + ("not side by side" if beside else "not stacked") + f" in exercise(s) {wrong} of {len(pairs)}")
            page.send("Emulation.clearDeviceMetricsOverride")

        # Filmstrips wrap to the page's width: nothing scrolls sideways, at a
        # desktop's width and a phone's, and frames too wide for one row wrap.
        for name in features["filmstrip"]:
            page.open((site / name).as_uri())
            for width, mobile in ((1280, False), (390, True)):
                page.send("Emulation.setDeviceMetricsOverride",
                          {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": mobile})
                page.eval("new Promise(r => setTimeout(r, 100))")
                state = page.eval("""(() => {
                  const strips = [...document.querySelectorAll('.panels')];
                  return {
                    page: document.documentElement.scrollWidth - window.innerWidth,
                    scrolling: strips.filter(s => s.scrollWidth > s.clientWidth + 1).length,
                    // Strips whose frames cannot stand in one row, and how many rows they take.
                    crowded: strips.filter(s => [...s.querySelectorAll('pre.panel')].reduce((w, p) => w + p.offsetWidth, 0) > s.clientWidth)
                                   .map(s => new Set([...s.querySelectorAll('pre.panel')].map(p => p.offsetTop)).size),
                  };
                })()""")
                check(state["page"] <= 0, f"{name} at {width}px: the page scrolls sideways by {state['page']}px")
                check(state["scrolling"] == 0, f"{name} at {width}px: {state['scrolling']} filmstrip(s) scroll sideways")
                check(all(rows > 1 for rows in state["crowded"]),
                      f"{name} at {width}px: a filmstrip too wide for one row does not wrap: {state}")
            page.send("Emulation.clearDeviceMetricsOverride")

        # Every knob's slider moves through its stops: the panel shows, the
        # verified value is marked, the other stops change the film's frames
        # and the chart's text and each says it is not the verified output, and
        # the verified stop puts the verified output back.
        for name in features["knob"]:
            page.open((site / name).as_uri())
            knobs = page.eval("""(() => {
              const results = [];
              for (const input of document.querySelectorAll('.knobs input[data-knob]')) {
                const output = input.closest('.output');
                const body = output.querySelector('.output-body');
                const films = () => [...body.querySelectorAll('script.frames')].map(e => e.textContent).join('|');
                const texts = () => [...body.querySelectorAll('pre.out')].map(e => e.textContent).join('|');
                const badge = () => output.querySelector('.output-head .badge').textContent;
                const knob = input.closest('.knob');
                // The knob's literal in the code box above, at the value shown.
                const mark = [...output.previousElementSibling.querySelectorAll('mark.knob-literal')]
                  .find(m => m.dataset.knob === input.dataset.knob);
                const literal = () => mark ? {text: mark.textContent, moved: mark.classList.contains('moved')} : null;
                const r = {name: input.dataset.knob, shown: !output.querySelector('.knobs').hidden,
                           marked: knob.classList.contains('at-verified') && knob.querySelector('.knob-verified').textContent.includes(input.dataset.verified),
                           badge: badge(), films: films() !== '', stops: []};
                const film0 = films(), text0 = texts();
                for (let i = 0; i <= Number(input.max); i++) {
                  input.value = String(i); input.dispatchEvent(new Event('input'));
                  const value = output.querySelector("output[for='" + input.id + "']").textContent;
                  r.stops.push({value, verified: value === input.dataset.verified, film: films() !== film0, text: texts() !== text0,
                                drawn: body.querySelectorAll('figure.diagram svg.stage polygon').length,
                                marked: knob.classList.contains('at-verified'), badge: badge(),
                                note: !output.querySelector('.knob-note').hidden, literal: literal()});
                }
                input.value = String(r.stops.findIndex(s => s.verified)); input.dispatchEvent(new Event('input'));
                r.back = films() === film0 && texts() === text0 && badge() === r.badge;
                results.push(r);
              }
              return results;
            })()""")
            for knob in knobs:
                where = f"{name}: knob '{knob['name']}'"
                check(knob["shown"] and knob["marked"], f"{where}: the panel is hidden or the verified value unmarked: {knob}")
                check(len(knob["stops"]) >= 3 and sum(s["verified"] for s in knob["stops"]) == 1,
                      f"{where}: not one verified stop among its stops: {knob['stops']}")
                # A threshold has plateaus (every value above the drag's
                # progress cancels alike): some stop, not each, must differ.
                changed = [s for s in knob["stops"] if not s["verified"] and s["text"] and (s["film"] or not knob["films"])]
                check(changed, f"{where}: at no stop did the film and the chart change: {knob['stops']}")
                for stop in knob["stops"]:
                    check(stop["literal"] == {"text": stop["value"], "moved": not stop["verified"]},
                          f"{where} at {stop['value']}: the code box does not show the knob's value where its literal is: {stop['literal']}")
                    if stop["verified"]:
                        check(stop["marked"] and not stop["note"] and stop["badge"] == knob["badge"],
                              f"{where} at {stop['value']}: the verified value is not marked as verified: {stop}")
                    else:
                        check(not stop["marked"] and stop["note"] and "not verified" in stop["badge"],
                              f"{where} at {stop['value']}: a moved knob's output is not marked as unverified: {stop}")
                        check(not knob["films"] or stop["drawn"] > 0, f"{where} at {stop['value']}: the film is not drawn: {stop}")
                check(knob["back"], f"{where}: back at the verified value, the verified output is not back")

        # Without JavaScript the diagram's text remains and no player shows.
        for name in features["player"][:1]:
            page.send("Emulation.setScriptExecutionDisabled", {"value": True})
            page.open((site / name).as_uri(), scripts=False)
            page.send("Emulation.setScriptExecutionDisabled", {"value": False})
            # Evaluate with scripts allowed again, on the page that loaded without them.
            shown = page.eval("""[getComputedStyle(document.querySelector('figure.diagram pre, figure.diagram .panels')).display,
                                  getComputedStyle(document.querySelector('figure.diagram .player')).display,
                                  document.documentElement.classList.contains('js')]""")
            check(shown[0] != "none" and shown[1] == "none" and shown[2] is False,
                  f"{name}: without JavaScript: text display {shown[0]}, player display {shown[1]}")

        for requirement in filter(None, options.require.split(",")):
            check(bool(features.get(requirement)), f"the site has no page with a {requirement}")

        if options.screenshots:
            folder = Path(options.screenshots)
            folder.mkdir(parents=True, exist_ok=True)
            shots = ([p for p in ("index.html", "fidelity.html") if p in pages] + pages[:1] + features["player"][:1]
                     + features["solution"][:1] + features["exercise"][:1] + features["engine-choice"][:1])
            for name in dict.fromkeys(shots):
                page.open((site / name).as_uri())
                stem = Path(name).stem
                page.screenshot(folder / f"{stem}-desktop.png", 1280, 900)
                page.screenshot(folder / f"{stem}-desktop-dark.png", 1280, 900, dark=True)
                page.screenshot(folder / f"{stem}-phone.png", 390, 844, mobile=True)
                if name in features["player"]:
                    show = ("document.querySelector('figure.diagram').scrollIntoView({block: 'center', behavior: 'instant'});"
                            "document.querySelector('figure.diagram button[data-step=\"1\"]').click()")
                    page.screenshot(folder / f"{stem}-player-desktop.png", 1280, 900, script=show)
                    page.screenshot(folder / f"{stem}-player-phone-dark.png", 390, 844, mobile=True, dark=True, script=show)
                if name in features["engine-choice"]:
                    show = "document.querySelector('.fidelity-note').scrollIntoView({block: 'center', behavior: 'instant'})"
                    page.screenshot(folder / f"{stem}-engine-choice-desktop.png", 1280, 900, script=show)
                if name in features["solution"]:
                    show = ("document.querySelectorAll('details').forEach(d => d.open = true);"
                            "document.querySelector('details.solution').scrollIntoView({block: 'center', behavior: 'instant'})")
                    page.screenshot(folder / f"{stem}-solution-phone.png", 390, 844, mobile=True, script=show)
                if name in features["exercise"]:
                    show = ("document.querySelectorAll('section.exercise')[document.querySelectorAll('section.exercise').length - 1]"
                            ".scrollIntoView({block: 'start', behavior: 'instant'})")
                    page.screenshot(folder / f"{stem}-exercise-desktop.png", 1280, 900, script=show)
                    page.screenshot(folder / f"{stem}-exercise-phone.png", 390, 844, mobile=True, script=show)
            print(f"screenshots in {folder}")
    finally:
        browser.close()

    for failure in failures:
        print("FAIL " + failure)
    print(f"{len(pages)} pages, {passed} checks passed, {len(failures)} failed "
          + "(" + "; ".join(f"{k}: {', '.join(v) or 'none'}" for k, v in features.items()) + ")")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
