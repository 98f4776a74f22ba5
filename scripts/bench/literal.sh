#!/usr/bin/env bash
# Benchmarks literal-only edits (issue 29, part 1): an edit that changes only
# literals runs the program already built with a new literal table and
# starts no compiler; a code edit compiles. For each, ROUNDS edits, median
# and worst:
#
#  - step: save -> result of `workbook step` (a learner's file whose
#    animation duration changes: 1.01, 1.02, …; the code edit adds a
#    comment, which changes the program);
#  - verify: `workbook verify` of one edited chapter of the book (a copy of
#    Chapters/ with a snippet `let benchLiteral = 0.5` appended to CHAPTER,
#    whose value changes each round; the code edit adds a comment). The
#    whole command: process start, loading the book, the engine's check,
#    the chapter's programs, the verdict. `workbook serve` re-verifies a
#    saved chapter through the same Verifier in a process that is already
#    running, so its save -> result is this less the start;
#  - serve: a knob's live slider (scripts/bench/serve-knob.py): the page
#    sends the snippet with the knob's exact value to the run endpoint, and
#    gets the output with its films (KNOB names the knob, default damping);
#    the code edit adds a comment.
#
# Every round's value is new, so the result cache never answers.
#
# Usage: scripts/bench/bench.sh literal [ROUNDS] [CHAPTER]   (SKIP_STEP=1, SKIP_SERVE=1: leave one out)
#        CONFIGURATION=debug scripts/bench/bench.sh literal
#        WORKBOOK_BIN=path/to/workbook scripts/bench/bench.sh literal
set -euo pipefail

source "$(dirname "$0")/lib.sh"
ROUNDS=${1:-20}
CHAPTER=${2:-12-interruptible-transitions.md}

bench_tool
bench_work bench-literal
STEP_PID=""
bench_cleanup() { [ -n "$STEP_PID" ] && kill "$STEP_PID" 2>/dev/null; rm -rf "$WORK"; }
# The engine from the per-user cache (built once per content, shared with
# verify and the tests); CACHE: another cache folder, engine included.
ARGS=(--engine-sources "${ENGINE_SOURCES:-$ROOT/Sources/TransitionEngine}")
if [ -n "${CACHE:-}" ]; then ARGS+=(--cache-dir "$CACHE"); fi

# --- step ---------------------------------------------------------------
if [ -z "${SKIP_STEP:-}" ]; then
mkdir -p "$WORK/step/Chapters"
cat > "$WORK/step/Chapters/01-fade.md" <<'MD'
# Fade

## Fade out

Print the card's opacity as it fades out over one second.

```swift exercise=fade-out
import UIKit

Simulation.run { sim in
  let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
  // TODO: fade the card out over one second
  for t in [0.25, 0.5, 0.75, 1.0] {
    sim.advance(to: t)
    print(t, card.layer.presentation()?.opacity ?? card.layer.opacity)
  }
}
```

```swift solution=fade-out
import UIKit

Simulation.run { sim in
  let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
  UIView.animate(withDuration: 1.0) { card.alpha = 0 }
  for t in [0.25, 0.5, 0.75, 1.0] {
    sim.advance(to: t)
    print(t, card.layer.presentation()?.opacity ?? card.layer.opacity)
  }
}
```
MD
cd "$WORK/step"
echo "Recording the solution's output (builds the engine on the first run)…" >&2
"$BIN" verify --record "${ARGS[@]}" >/dev/null
mkfifo "$WORK/keys"
exec 3<>"$WORK/keys"
"$BIN" step 01-fade/fade-out "${ARGS[@]}" <&3 >"$WORK/step.log" 2>&1 &
STEP_PID=$!

python3 - "$WORK" "$ROUNDS" <<'PY'
import os, statistics, sys, time
work, rounds = sys.argv[1], int(sys.argv[2])
log = os.path.join(work, "step.log")
path = os.path.join(work, "step/Exercises/01-fade/fade-out.swift")

def results():
    try:
        return open(log, encoding="utf-8").read().count("Checked Exercises/")
    except FileNotFoundError:
        return 0

def wait_for(count, timeout=120):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if results() >= count:
            return True
        time.sleep(0.002)
    return False

def save(text):
    before = results()
    with open(path + ".tmp", "w") as f:
        f.write(text)
    start = time.monotonic()
    os.rename(path + ".tmp", path)  # as an editor saves
    if not wait_for(before + 1):
        sys.exit("no result after a save:\n" + open(log).read()[-2000:])
    elapsed = time.monotonic() - start
    time.sleep(0.2)
    return elapsed

if not wait_for(1):
    sys.exit("the stepper never checked the starter:\n" + open(log).read())
starter = open(path).read()
def program(duration, comment=""):
    return starter.replace("  // TODO: fade the card out over one second\n",
                           f"  UIView.animate(withDuration: {duration}) {{ card.alpha = 0 }}\n{comment}")
save(program("1.5"))  # builds the skeleton
literal = [save(program(f"{1 + (n + 1) / 100:.2f}")) for n in range(rounds)]
code = [save(program("1.5", f"  // edit {n}\n")) for n in range(rounds)]
for name, values in [("literal edit", literal), ("code edit", code)]:
    print(f"step, save -> result, {name}, {rounds} saves: median {statistics.median(values) * 1000:.0f} ms, "
          f"worst {max(values) * 1000:.0f} ms")
PY
kill "$STEP_PID" 2>/dev/null || true
wait "$STEP_PID" 2>/dev/null || true
STEP_PID=""
fi

# --- verify ---------------------------------------------------------------
mkdir -p "$WORK/book"
cp -R "$ROOT/Chapters" "$WORK/book/Chapters"
printf '\nThe benchmark'"'"'s literal.\n\n```swift\nlet benchLiteral = 0.5\n```\n' >> "$WORK/book/Chapters/$CHAPTER"
cd "$WORK/book"
# The chapter's first verify compiles it as written; the next, after an
# edit, builds its skeletons (a chapter being edited: literal edits follow).
"$BIN" verify "Chapters/$CHAPTER" "${ARGS[@]}" >/dev/null || true
sed -i 's/^let benchLiteral = 0.5$/let benchLiteral = 0.4/' "Chapters/$CHAPTER"
"$BIN" verify "Chapters/$CHAPTER" "${ARGS[@]}" >/dev/null || true
sed -i 's/^let benchLiteral = 0.4$/let benchLiteral = 0.5/' "Chapters/$CHAPTER"
python3 - "$WORK/book/Chapters/$CHAPTER" "$ROUNDS" "$BIN" "${ARGS[@]}" <<'PY'
import os, re, statistics, subprocess, sys, time
path, rounds, command = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
original = open(path).read()

chapter_times = {"literal edit": [], "code edit": []}

def verify(text, name):
    with open(path, "w") as f:
        f.write(text)
    start = time.monotonic()
    result = subprocess.run([command[0], "verify", "Chapters/" + os.path.basename(path)] + command[1:],
                            capture_output=True, text=True)
    out = result.stdout + result.stderr  # the chapter's line is on standard error
    elapsed = time.monotonic() - start
    # The chapter's own time, as verify reports it: "ok   Chapters/X.md (N snippets, T s)".
    found = re.search(re.escape(os.path.basename(path)) + r" \(\d+ snippets, ([0-9.]+) s\)", out)
    if found:
        chapter_times[name].append(float(found.group(1)))
    return elapsed

literal = [verify(original.replace("let benchLiteral = 0.5", f"let benchLiteral = {0.5 + (n + 1) / 1000:.3f}"),
                  "literal edit") for n in range(rounds)]
code = [verify(original.replace("let benchLiteral = 0.5", f"let benchLiteral = 0.5 // edit {n}"), "code edit")
        for n in range(rounds)]
for name, values in [("literal edit", literal), ("code edit", code)]:
    chapter = chapter_times[name]
    print(f"verify {os.path.basename(path)}, {name}, {rounds} runs: whole command median "
          f"{statistics.median(values) * 1000:.0f} ms, worst {max(values) * 1000:.0f} ms; the chapter "
          f"(serve's share: the Verifier's chapter check) median {statistics.median(chapter) * 1000:.0f} ms, "
          f"worst {max(chapter) * 1000:.0f} ms")
PY

# --- serve: a knob's live slider -------------------------------------------
if [ -z "${SKIP_SERVE:-}" ]; then
mkdir -p "$WORK/serve"
cp -R "$ROOT/Chapters" "$WORK/serve/Chapters"
python3 "$BENCH/serve-knob.py" "$BIN" "$WORK/serve" "$ROUNDS" "${KNOB:-damping}" "${ARGS[@]}"
fi
echo "load average at the end: $(load) (other work on the machine skews the times)"
