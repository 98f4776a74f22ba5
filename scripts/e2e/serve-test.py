#!/usr/bin/env python3
"""Tests `workbook serve` in headless Chromium: a page reloads after a save,
and a failing snippet's overlay appears and clears.

Serves a copy of the fixture book (Tests/Fixtures/site/book) with
`workbook serve --port 0`, opens a chapter in Chromium (driven as in
scripts/e2e/browser-test.py) and then: edits the chapter's prose and waits for
the page to reload with the new text (and says how long that took); breaks a
snippet's expected output and waits for the overlay, which must name the
Markdown file and line and show the diff; fixes it and waits for the
overlay to clear; finally stops the server with Ctrl-C (SIGINT), which must
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
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            raise RuntimeError(f"serve printed no address: {line!r}")
        base = match.group(0)

        def status():
            with urllib.request.urlopen(base + "__workbook/status", timeout=5) as response:
                return json.load(response)

        if not wait(lambda: not status()["building"] and not status()["generation"].endswith("-0"), 300, 0.2):
            raise RuntimeError("the first build did not finish")

        browser = browser_test.Browser(options.chromium)
        page = browser_test.Page(browser)
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
