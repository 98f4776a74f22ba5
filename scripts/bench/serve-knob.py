#!/usr/bin/env python3
"""Benchmarks a knob in `workbook serve` (issue 29): the page's live slider
sends the snippet's code with the knob's exact value to the preview
server's run endpoint, which runs it as verify would. A literal edit runs
the program already built with a new literal table; a code edit (a
comment added) compiles. For each, ROUNDS requests, median and worst, from
the request to the answer (the output and its films as HTML), as the page
times it.

Usage: scripts/bench/serve-knob.py BIN BOOK_FOLDER ROUNDS [KNOB] [ENGINE ARGS…]
  BOOK_FOLDER: a folder with Chapters/ (a copy: serve writes nothing to it,
  but the benchmark never points at the repository's own book).
  KNOB: the knob's name (default: damping, chapter 3's spring).
"""
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(port, cookie, method, path, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    # The key's cookie, as the browser that opened serve's address sends it.
    headers = {"Cookie": cookie}
    if body is not None:
        headers.update({"Origin": f"http://127.0.0.1:{port}", "Sec-Fetch-Site": "same-origin",
                        "Content-Type": "application/json"})
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    text = response.read().decode()
    connection.close()
    return response.status, text


def main():
    binary, folder, rounds = os.path.abspath(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    knob = sys.argv[4] if len(sys.argv) > 4 else "damping"
    engine = sys.argv[5:]
    port = free_port()
    serve = subprocess.Popen([binary, "serve", "--port", str(port)] + engine, cwd=folder,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True, text=True)
    try:
        # The address serve prints carries its key (?token=…).
        found = re.search(r"\?token=([0-9a-f]+)", serve.stdout.readline())
        if not found:
            sys.exit("serve printed no address with a key")
        cookie = f"workbook-serve-{port}={found.group(1)}"
        page, data, deadline = None, None, time.monotonic() + 900
        pattern = "/* knob: " + knob + " "
        while time.monotonic() < deadline and data is None:
            time.sleep(0.5)
            try:
                status, index = request(port, cookie, "GET", "/index.html")
                if status != 200 or "Building the book" in index:
                    continue
                for name in sorted(os.listdir(os.path.join(folder, "Chapters"))):
                    if name.endswith(".md") and pattern in open(os.path.join(folder, "Chapters", name)).read():
                        page = name[:-3] + ".html"
                _, html = request(port, cookie, "GET", "/" + page)
                found = re.search(r'<script type="application/json" id="workbook-run">(.*?)</script>', html, re.S)
                data = json.loads(found.group(1)) if found else None
            except (OSError, http.client.HTTPException):
                continue
        if data is None:
            sys.exit("serve never served a chapter page with run data")
        snippet = next(s for s in data["snippets"] if pattern in s["code"])
        literal = re.search(r"(-?[0-9.]+) /\* knob: " + re.escape(knob) + " ", snippet["code"])
        start, end = literal.span(1)

        def run(code):
            # As the page's slider asks: a knob's run stops after its snippet.
            body = json.dumps({"chapter": data["chapter"], "snippet": snippet["index"],
                               "code": code, "knob": True})
            began = time.monotonic()
            status, text = request(port, cookie, "POST", "/__workbook/run", body)
            elapsed = time.monotonic() - began
            answer = json.loads(text) if status == 200 else {}
            if answer.get("status") not in ("passed", "mismatch"):
                sys.exit(f"the run did not pass: {status} {text[:400]}")
            return elapsed

        code = snippet["code"]
        value = float(literal.group(1))
        # The first run compiles the program as written and builds its
        # skeleton in the background; the second waits for that build.
        run(code[:start] + f"{value + 0.001:.3f}" + code[end:])
        run(code[:start] + f"{value + 0.0015:.4f}" + code[end:])
        literal_times = [run(code[:start] + f"{value + (n + 2) / 1000:.3f}" + code[end:]) for n in range(rounds)]
        code_times = [run(code + f"// edit {n}\n") for n in range(rounds)]
        for name, values in [("literal edit (a knob)", literal_times), ("code edit", code_times)]:
            print(f"serve, {page} knob '{knob}', {name}, {rounds} runs: request -> output with films, "
                  f"median {statistics.median(values) * 1000:.0f} ms, worst {max(values) * 1000:.0f} ms")
    finally:
        os.killpg(serve.pid, 15)
        serve.wait(timeout=30)


if __name__ == "__main__":
    main()
