#!/usr/bin/env python3
"""Tests `workbook serve` in headless Chromium: a page reloads after a save,
a failing snippet's overlay appears and clears,
code boxes run in the page and an exercise is attempted there, and a page
of another site cannot make the preview run code.

Serves a copy of the fixture book (Tests/Fixtures/site/book) with
`workbook serve --port 0`, opens a chapter in Chromium (driven as in
scripts/e2e/browser-test.py): first refused without the key, then opened
through the address serve printed (its ?token=… sets an HttpOnly cookie and
leaves the address bar), and then: edits the chapter's prose and waits for
the page to reload with the new text (and says how long that took); breaks a
snippet's expected output and waits for the overlay, which must name the
Markdown file and line and show the diff; fixes it and waits for the
overlay to clear; edits a code box and runs it (Ctrl+Enter and the Run
button): the new output, a compile error at its line, a film in the page's
player, Reset; attempts an exercise (step's feedback, a hint, the
solution's change, then a pass); serves an attack page from another origin
whose fetches and form posts are refused; finally stops the server with Ctrl-C (SIGINT), which must
exit 130.

Usage:
  scripts/e2e/serve-test.py WORKBOOK_BINARY [--screenshots DIR]
Exit status 0 when every check passes, 1 otherwise.
"""
import argparse
import importlib.util
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent  # scripts/e2e
ROOT = HERE.parent.parent
spec = importlib.util.spec_from_file_location("browser_test", HERE / "browser-test.py")
browser_test = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser_test)

OVERLAY = """(() => {
  const host = document.getElementById('workbook-preview');
  const overlay = host && host.shadowRoot && host.shadowRoot.querySelector('.overlay');
  return overlay ? {shown: !overlay.hidden, text: overlay.textContent} : null;
})()"""


def wait(predicate, timeout, step=0.05):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            value = predicate()
        except Exception:
            value = None  # the page is reloading
        if value:
            return value
        time.sleep(step)
    return None


RESULT = """(() => {
  const box = document.querySelector('[data-workbook-snippet="%d"]');
  const result = box && box.parentElement.querySelector('[data-workbook-snippet="%d"] ~ .workbook-result');
  return result && result.dataset.status && result.dataset.status !== 'running'
    ? {status: result.dataset.status, text: result.textContent} : null;
})()"""


def run_in_page(page, base, work, check, failures, screenshots):
    """Edit a code box on a served page and run it; attempt an exercise."""
    page.open(base + "01-basics.html")
    boxes = page.eval("[...document.querySelectorAll('[data-workbook-snippet]')].map(b => Number(b.dataset.workbookSnippet))")
    check(boxes == [1, 2, 3, 5], f"the runnable code boxes are not snippets 1, 2, 3 and 5: {boxes}")
    check(page.eval("document.querySelector('[data-workbook-snippet=\"1\"] + .workbook-run button.edit').textContent") == "Edit and run",
          "no Edit and run button under the first box")

    def run(index, code, keyboard=True):
        page.eval(f"""(() => {{
          const box = document.querySelector('[data-workbook-snippet="{index}"]');
          const bar = box.nextElementSibling;
          if (!box.querySelector('textarea')) bar.querySelector('button.edit').click();
          const area = box.querySelector('textarea');
          area.value = {json.dumps(code)};
          area.dispatchEvent(new Event('input'));
          if ({'true' if keyboard else 'false'}) {{
            area.dispatchEvent(new KeyboardEvent('keydown', {{key: 'Enter', ctrlKey: true, bubbles: true}}));
          }} else {{
            bar.querySelector('button.run').click();
          }}
        }})()""")
        return wait(lambda: page.eval(RESULT % (index, index)), 120, 0.1)

    code = page.eval("JSON.parse(document.getElementById('workbook-run').textContent).snippets[0].code")
    started = time.time()
    edited = run(1, code.replace("width: 320", "width: 100"))
    check(edited is not None and edited["status"] == "mismatch" and "100.0" in edited["text"]
          and "the output differs from the book" in edited["text"],
          f"an edited box did not show its new output: {edited}")
    if edited:
        print(f"edit → run → output in the page: {time.time() - started:.2f} s")
    check(page.eval("!!document.querySelector('[data-workbook-snippet=\"1\"] textarea') && "
                    "document.querySelector('[data-workbook-snippet=\"1\"] > pre').hidden"),
          "the box is not an editor while editing")

    broken = run(1, "let a = 1\nlet b: Int = \"two\"\nprint(a)\n", keyboard=False)
    check(broken is not None and broken["status"] == "compile-error", f"a compile error was not shown: {broken}")
    marked = page.eval("""(() => {
      const box = document.querySelector('[data-workbook-snippet="1"]');
      const result = box.parentElement.querySelector('[data-workbook-snippet="1"] ~ .workbook-result');
      return {gutter: [...box.querySelectorAll('.gutter .err')].map(e => e.textContent.trim()),
              button: result.querySelector('ul.errors button[data-line]')?.dataset.line};
    })()""")
    check(marked["gutter"] == ["\u25b6 2"] and marked["button"] == "2", f"the error is not at line 2: {marked}")

    # Reset puts the book's code back.
    page.eval("document.querySelector('[data-workbook-snippet=\"1\"]').nextElementSibling.querySelector('button.reset').click()")
    check(page.eval("!document.querySelector('[data-workbook-snippet=\"1\"] textarea') && "
                    "!document.querySelector('[data-workbook-snippet=\"1\"] > pre').hidden"),
          "Reset did not put the book's code back")

    film_code = page.eval("JSON.parse(document.getElementById('workbook-run').textContent).snippets[1].code")
    film = run(2, film_code.replace("The card slides in:", "The card slides in, edited:"))
    check(film is not None and "edited:" in film["text"], f"the film's box did not run: {film}")
    player = page.eval("""(() => {
      const result = document.querySelector('[data-workbook-snippet="2"] ~ .workbook-result');
      const figure = result && result.querySelector('figure.diagram');
      if (!figure) return null;
      figure.querySelector('button[data-step="1"]').click();
      return {frame: figure.dataset.frame, drawn: figure.querySelectorAll('svg.stage *').length};
    })()""")
    check(player is not None and player["frame"] == "1" and player["drawn"] > 0,
          f"the run's film does not play in the page's player: {player}")
    if screenshots:
        Path(screenshots).mkdir(parents=True, exist_ok=True)
        page.screenshot(Path(screenshots) / "serve-run-in-page.png", 1280, 1400,
                        script="document.querySelector('[data-workbook-snippet=\"2\"]').scrollIntoView()")

    # An edit outlives the reload a save brings (the tab's session storage),
    # until Reset; a box that was reset comes back as the book's code.
    page.open(base + "01-basics.html")
    restored = wait(lambda: page.eval("""(() => {
      const box = document.querySelector('[data-workbook-snippet="2"]');
      const area = box && box.querySelector('textarea');
      const result = area && box.parentElement.querySelector('[data-workbook-snippet="2"] ~ .workbook-result');
      return area ? {code: area.value, note: result.textContent} : null;
    })()"""), 10)
    check(restored is not None and "edited:" in restored["code"] and "before the page reloaded" in restored["note"],
          f"an edit did not survive the page's reload: {restored}")
    check(page.eval("!document.querySelector('[data-workbook-snippet=\"1\"] textarea')"),
          "a box that was reset came back as an editor")
    page.eval("document.querySelector('[data-workbook-snippet=\"2\"]').nextElementSibling.querySelector('button.reset').click()")
    page.open(base + "01-basics.html")
    check(page.eval("!document.querySelector('[data-workbook-snippet=\"2\"] textarea')"),
          "after Reset, a reload still restored the edit")

    # A knob, live: the slider moves continuously and the page runs the
    # exact value (one the build never ran: 173), shown as not verified;
    # back at the written value, the verified output returns.
    page.open(base + "01-basics.html")
    knob = page.eval("""(() => {
      const input = document.querySelector('.knobs input[data-knob="card width"]');
      if (!input) return null;
      const verified = input.closest('.output').querySelector('.output-body').textContent;
      input.value = '150'; input.dispatchEvent(new Event('input'));
      return {step: input.step, min: input.min, max: input.max, verified};
    })()""")
    # Moved again while the first value runs: the latest value wins, and
    # the page never asks for two runs at once (the server refuses a second).
    time.sleep(0.2)
    page.eval("""(() => {
      const input = document.querySelector('.knobs input[data-knob="card width"]');
      input.value = '173'; input.dispatchEvent(new Event('input'));
    })()""")
    check(knob is not None and knob["step"] == "1" and knob["min"] == "100" and knob["max"] == "300",
          f"the knob's slider is not continuous in serve: {knob}")
    started = time.time()
    moved = wait(lambda: page.eval("""(() => {
      const output = document.querySelector('.knobs input[data-knob="card width"]').closest('.output');
      const body = output.querySelector('.output-body');
      return body.textContent.includes('[card 173]')
        ? {badge: output.querySelector('.output-head .badge').textContent, note: output.querySelector('.knob-note').textContent,
           film: body.querySelector('script.frames').textContent.includes('[173,100]'),
           drawn: body.querySelectorAll('figure.diagram svg.stage polygon').length} : null;
    })()"""), 120, 0.05)
    check(moved is not None and "not verified" in moved["badge"] and "card width = 173" in moved["badge"]
          and "verified value: card width 200" in moved["note"] and moved["film"] and moved["drawn"] > 0,
          f"the live knob did not run the exact value into the film: {moved}")
    if moved:
        print(f"knob → run → film in the page: {time.time() - started:.2f} s")
    page.eval("""(() => {
      const input = document.querySelector('.knobs input[data-knob="card width"]');
      input.value = '200'; input.dispatchEvent(new Event('input'));
    })()""")
    back = wait(lambda: page.eval("""(() => {
      const output = document.querySelector('.knobs input[data-knob="card width"]').closest('.output');
      return output.querySelector('.output-body').textContent.includes('[card 200]')
        && output.querySelector('.output-head .badge').textContent === 'Verified output' && output.querySelector('.knob-note').hidden;
    })()"""), 30, 0.05)
    check(back, "back at the written value, the verified output and badge did not return")

    # An exercise, as `workbook step` checks it.
    page.open(base + "02-exercises.html")
    starter = page.eval("JSON.parse(document.getElementById('workbook-run').textContent).snippets"
                        ".find(s => s.exercise === 'fade-out').code")
    index = page.eval("JSON.parse(document.getElementById('workbook-run').textContent).snippets"
                      ".find(s => s.exercise === 'fade-out').index")
    check(page.eval(f"document.querySelector('[data-workbook-snippet=\"{index}\"]').nextElementSibling"
                    ".querySelector('button.edit').textContent") == "Try it here", "no Try it here on the exercise")
    wrong = run(index, starter, keyboard=False)
    check(wrong is not None and wrong["status"] == "wrong-output" and "WRONG OUTPUT" in wrong["text"]
          and "Expected output" in wrong["text"] and "still what the starter does" in wrong["text"],
          f"the starter's attempt did not get step's feedback: {wrong}")
    feedback = page.eval(f"""(() => {{
      const result = document.querySelector('[data-workbook-snippet="{index}"] ~ .workbook-result');
      result.querySelector('button.hint').click();
      result.querySelector('button.solution').click();
      return result.textContent;
    }})()""")
    check("Hint 1 of 2" in feedback and "Set `alpha` on the view." in feedback and "+ view.alpha = 0" in feedback,
          f"no hint or solution's change after a try: {feedback[-400:]}")
    right = run(index, starter.replace("// TODO: fade the view out", "view.alpha = 0"))
    check(right is not None and right["status"] == "passed" and "PASS" in right["text"],
          f"the fixed attempt did not pass: {right}")
    for error in page.errors():
        if "__workbook/events" not in error:
            failures.append(f"run in the page: {error}")


def attack_from_another_site(browser, base, token, work, check):
    """A page of another site (localhost on another port) tries to make the
    browser run code on the preview: a JSON fetch, a no-cors fetch, and
    forms posting text/plain (JSON-shaped) and urlencoded bodies, all with
    the real token (as if it had leaked; the browser holds the key's
    cookie, which it must not send for another site). The code would write
    a file; it must not appear. Then the served page runs the same code,
    which does."""
    import http.server
    import threading
    marker = work / "ran-from-a-request"
    page_token = token
    page = browser_test.Page(browser)
    page.open(base + "01-basics.html")
    code = ("import Foundation\nFileManager.default.createFile(atPath: " + json.dumps(str(marker))
            + ", contents: nil)\nprint(\"wrote\")\n")
    body = json.dumps({"token": page_token, "chapter": "01-basics", "snippet": 1, "code": code})
    target = base + "__workbook/run"
    attack = f"""<!doctype html><html><body>
<iframe name="sink1"></iframe><iframe name="sink2"></iframe>
<form id="plain" method="POST" action="{target}" enctype="text/plain" target="sink1">
<input type="hidden" name='{body[:-1]}, "x": "' value='"}}'></form>
<form id="url" method="POST" action="{target}" target="sink2">
<input type="hidden" name="token" value="{page_token}"><input type="hidden" name="code" value="print(1)"></form>
<script>
window.attack = (async () => {{
  const results = {{}};
  const body = {json.dumps(body)};
  try {{
    const r = await fetch({json.dumps(target)}, {{method: "POST", headers: {{"Content-Type": "application/json"}}, body}});
    results.json = "answered " + r.status;
  }} catch (e) {{ results.json = "blocked"; }}
  try {{
    const r = await fetch({json.dumps(target)}, {{method: "POST", mode: "no-cors", headers: {{"Content-Type": "text/plain"}}, body}});
    results.noCors = r.type;
  }} catch (e) {{ results.noCors = "blocked"; }}
  try {{ await (await fetch({json.dumps(base + "01-basics.html")})).text(); results.readPage = "read"; }}
  catch (e) {{ results.readPage = "blocked"; }}
  document.getElementById("plain").submit();
  document.getElementById("url").submit();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return results;
}})();
</script></body></html>"""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            data = attack.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        evil = browser_test.Page(browser)
        # localhost is another site than 127.0.0.1 (and another port is another origin).
        evil.open(f"http://localhost:{server.server_address[1]}/attack.html")
        results = evil.eval("window.attack")
        # A no-cors fetch is sent; its answer (403, and same-origin only by
        # Cross-Origin-Resource-Policy) fails the fetch or stays opaque.
        check(results.get("json") == "blocked" and results.get("readPage") == "blocked"
              and results.get("noCors") in ("blocked", "opaque"),
              f"the other site's requests were not blocked as expected: {results}")
        time.sleep(1)
        check(not marker.exists(), "a request from another site ran code")
        print(f"attacks from another site: {results}, nothing ran")
    finally:
        server.shutdown()
    # The same code from the preview's own page runs (the marker works).
    answer = page.eval(f"""fetch('/__workbook/run', {{method: 'POST', headers: {{'Content-Type': 'application/json'}},
      body: {json.dumps(body)}}}).then(r => r.status)""")
    check(answer == 200 and marker.exists(), f"the page's own request did not run the code: {answer}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("workbook")
    parser.add_argument("--screenshots")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium"))
    options = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="workbook-serve-test-"))
    shutil.copytree(ROOT / "Tests/Fixtures/site/book", work / "book")
    chapter = work / "book/Chapters/01-basics.md"
    original = chapter.read_text()
    log = open(work / "serve.log", "w+")
    server = subprocess.Popen([os.path.abspath(options.workbook), "serve", "--port", "0", "--engine-sources",
                               str(ROOT / "Tests/Fixtures/verify/engine"), "--cache-dir", str(work / "cache")],
                              cwd=work / "book", stdout=subprocess.PIPE, stderr=log, text=True)
    failures = []
    passed = 0

    def check(condition, message):
        nonlocal passed
        if condition:
            passed += 1
        else:
            failures.append(message)

    browser = None
    try:
        line = server.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:(\d+)/)\?token=([0-9a-f]{64}) ", line)
        if not match:
            raise RuntimeError(f"serve printed no address with a key: {line!r}")
        address, base, port, token = match.group(0).strip(), match.group(1), match.group(2), match.group(3)
        cookie = f"workbook-serve-{port}={token}"

        def status():
            request = urllib.request.Request(base + "__workbook/status", headers={"Cookie": cookie})
            with urllib.request.urlopen(request, timeout=5) as response:
                return json.load(response)

        if not wait(lambda: not status()["building"] and not status()["generation"].endswith("-0"), 300, 0.2):
            raise RuntimeError("the first build did not finish")

        browser = browser_test.Browser(options.chromium)
        page = browser_test.Page(browser)
        # Without the key: the page that says to open serve's address.
        page.open(base + "01-basics.html")
        refused = page.eval("document.body.textContent")
        check("Open the address workbook serve printed" in refused and "workbook-run" not in page.eval("document.documentElement.outerHTML"),
              f"a chapter was served without the key: {refused[:200]}")
        # The printed address: the cookie is set, the token leaves the address bar, scripts cannot read the key.
        page.open(address)
        check(page.eval("location.href") == base, f"the token stayed in the address bar: {page.eval('location.href')}")
        check(token not in page.eval("document.cookie + document.documentElement.outerHTML"),
              "the key can be read by the page's scripts")
        page.open(base + "01-basics.html")
        for error in page.errors():
            failures.append(f"01-basics.html: {error}")
        overlay = page.eval(OVERLAY)
        check(overlay is not None and not overlay["shown"], f"an overlay shows on a passing book: {overlay}")

        # A prose edit reloads the page with the new text.
        page.eval("window.workbookServeTestMark = 1")
        saved = time.time()
        chapter.write_text(original.replace("Visit https://example.com for nothing.",
                                            "Visit https://example.com for nothing. EDITED-IN-THE-BROWSER-TEST."))
        reloaded = wait(lambda: page.eval("!window.workbookServeTestMark && document.readyState === 'complete' && "
                                          "document.body.textContent.includes('EDITED-IN-THE-BROWSER-TEST')"), 60)
        seconds = time.time() - saved
        check(reloaded, "the page did not reload with the edited text")
        if reloaded:
            print(f"save to reloaded page (prose edit): {seconds:.2f} s")

        # A wrong expected output: the overlay names the file and line, with the diff.
        edited = chapter.read_text()
        chapter.write_text(edited.replace("</script> 320.0", "</script> 321.0"))
        overlay = wait(lambda: (lambda o: o if o and o["shown"] else None)(page.eval(OVERLAY)), 120)
        check(overlay is not None, "no overlay after breaking a snippet's output")
        if overlay:
            check(re.search(r"Chapters/01-basics\.md:\d+", overlay["text"]) is not None,
                  f"the overlay does not name the Markdown file and line: {overlay['text'][:300]}")
            check("321.0" in overlay["text"] and "320.0" in overlay["text"],
                  f"the overlay has no diff: {overlay['text'][:300]}")
            check("on this page" in overlay["text"], "the overlay does not say the failure is on this page")
            if options.screenshots:
                Path(options.screenshots).mkdir(parents=True, exist_ok=True)
                page.screenshot(Path(options.screenshots) / "serve-overlay-desktop.png", 1280, 900)
                print(f"screenshot in {options.screenshots}")
        check(page.eval("document.body.textContent.includes('EDITED-IN-THE-BROWSER-TEST')"),
              "the failing chapter's page is not served")

        # Fixed: the overlay clears.
        chapter.write_text(edited)
        cleared = wait(lambda: (lambda o: o is not None and not o["shown"])(page.eval(OVERLAY)), 120)
        check(cleared, "the overlay did not clear after the fix")
        for error in page.errors():
            if "__workbook/events" not in error:
                failures.append(f"after the edits: {error}")

        run_in_page(page, base, work, check, failures, options.screenshots)
        before = chapter.read_text()
        attack_from_another_site(browser, base, token, work, check)
        check(chapter.read_text() == before, "running code in the page changed the chapter file")
    except Exception as error:
        failures.append(f"{type(error).__name__}: {error}")
    finally:
        if browser:
            browser.close()
        if server.poll() is None:
            server.send_signal(signal.SIGINT)
            try:
                code = server.wait(timeout=20)
                check(code == 130, f"Ctrl-C: serve exited {code}, not 130")
            except subprocess.TimeoutExpired:
                server.kill()
                failures.append("Ctrl-C did not stop serve within 20 s")
        log.seek(0)
        server_log = log.read()
        log.close()
        shutil.rmtree(work, ignore_errors=True)

    for failure in failures:
        print("FAIL " + failure)
    if failures:
        print("serve's output:\n" + server_log)
    print(f"serve: {passed} checks passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
