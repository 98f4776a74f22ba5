#!/usr/bin/env bash
# Benchmarks `workbook step`'s save-to-result latency (release build, the
# real engine, warm cache): a book with one exercise against
# TransitionEngine; `workbook step` runs without a terminal (plain output to
# a file); the script saves the learner's file ROUNDS times (alternating a
# wrong and a right answer) and measures from each save to the result on
# the stepper's output. The latency includes noticing the save (inotify on
# Linux; elsewhere a look every 100 ms), the compile, the link and the run.
# Also times one `workbook check`.
#
# Target (issue 16): median save-to-result <= 0.5 s, worst under 1 s. Exit
# status 1 when missed.
#
# Beside each latency: the CPU time the stepper and every process it started
# spent on that save (user + system, from /proc), and the load average; on a
# shared machine the latency grows with the load, the CPU time does not.
#
# Usage: scripts/bench-step.sh [ROUNDS]
#        CONFIGURATION=debug scripts/bench-step.sh   # with the debug build
#        WORKBOOK_BIN=path/to/workbook scripts/bench-step.sh   # a tool built elsewhere (no build)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=${1:-10}

CONFIGURATION=${CONFIGURATION:-release}
if [ -n "${WORKBOOK_BIN:-}" ]; then
  BIN=$WORKBOOK_BIN
else
  echo "Building workbook ($CONFIGURATION)…" >&2
  swift build -c "$CONFIGURATION" --product workbook --package-path "$ROOT" --scratch-path "$ROOT/.build" >&2
  BIN="$ROOT/.build/$CONFIGURATION/workbook"
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/workbook-bench-step-XXXXXX")
STEP_PID=""
cleanup() { [ -n "$STEP_PID" ] && kill "$STEP_PID" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT
# A cache that outlives the run, so the engine is built once per content.
CACHE="$ROOT/.build/workbook-bench-step"
mkdir -p "$WORK/Chapters"
cat > "$WORK/Chapters/01-fade.md" <<'MD'
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
  UIView.animate(withDuration: 1) { card.alpha = 0 }
  for t in [0.25, 0.5, 0.75, 1.0] {
    sim.advance(to: t)
    print(t, card.layer.presentation()?.opacity ?? card.layer.opacity)
  }
}
```
MD
# ENGINE_SOURCES: another engine (e.g. the one an older tool was built with).
ARGS=(--engine-sources "${ENGINE_SOURCES:-$ROOT/Sources/TransitionEngine}" --cache-dir "$CACHE")
cd "$WORK"
echo "Recording the solution's output (builds the engine on the first run)…" >&2
"$BIN" verify --record "${ARGS[@]}" >/dev/null
"$BIN" verify "${ARGS[@]}" >/dev/null

# A stepper without a terminal: standard input stays open (a FIFO held by
# this script), output goes to a file.
mkfifo "$WORK/keys"
exec 3<>"$WORK/keys"
"$BIN" step 01-fade/fade-out "${ARGS[@]}" <&3 >"$WORK/step.log" 2>&1 &
STEP_PID=$!

STATUS=0
python3 - "$WORK" "$ROUNDS" "$STEP_PID" <<'PY' || STATUS=$?
import os, statistics, sys, time
work, rounds, step_pid = sys.argv[1], int(sys.argv[2]), sys.argv[3]
ticks = os.sysconf("SC_CLK_TCK")

def cpu():
    """Seconds of CPU of the stepper and of the children it has reaped."""
    fields = open(f"/proc/{step_pid}/stat").read().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / ticks  # utime stime cutime cstime
log = os.path.join(work, "step.log")
path = os.path.join(work, "Exercises/01-fade/fade-out.swift")

def results():
    try:
        return open(log, encoding="utf-8").read().count("Checked Exercises/")
    except FileNotFoundError:
        return 0

def wait_for(count, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if results() >= count:
            return True
        time.sleep(0.005)
    return False

if not wait_for(1, timeout=120):
    sys.exit("the stepper never checked the starter:\n" + open(log).read())
starter = open(path).read()
right = starter.replace("  // TODO: fade the card out over one second\n",
                        "  UIView.animate(withDuration: 1) { card.alpha = 0 }\n")
wrong = starter.replace("  // TODO: fade the card out over one second\n",
                        "  UIView.animate(withDuration: 2) { card.alpha = 0 }\n")
latencies = []
cpus = []
loads = []
for n in range(rounds):
    before = results()
    text = right if n % 2 else wrong
    # Save like an editor: write a new file, rename it over the old one.
    with open(path + ".tmp", "w") as f:
        f.write(text + f"// save {n}\n")
    cpu_before = cpu()
    start = time.monotonic()
    os.rename(path + ".tmp", path)
    if not wait_for(before + 1):
        sys.exit("no result after a save:\n" + open(log).read()[-2000:])
    latencies.append(time.monotonic() - start)
    cpus.append(cpu() - cpu_before)
    loads.append(os.getloadavg()[0])
    time.sleep(0.3)
log_text = open(log).read()
passes = log_text.count("PASS")
median = statistics.median(latencies)
worst = max(latencies)
print(f"save -> result, warm cache, {rounds} saves ({passes} passes): "
      f"median {median:.3f} s, min {min(latencies):.3f} s, max {worst:.3f} s")
print(f"CPU per save (stepper + compiler + linker + program): median {statistics.median(cpus):.3f} s, "
      f"max {max(cpus):.3f} s; load average during the saves: {min(loads):.2f} to {max(loads):.2f}")
print(f"load average at the end: {os.getloadavg()[0]:.2f} (other work on the machine skews the latencies)")
for text, passed in [(f"median save -> result = {median:.3f} s (target <= 0.5 s)", median <= 0.5),
                     (f"worst save -> result = {worst:.3f} s (target < 1 s)", worst < 1.0)]:
    print(("PASS " if passed else "MISS ") + text)
sys.exit(0 if median <= 0.5 and worst < 1.0 else 1)
PY
kill "$STEP_PID" 2>/dev/null || true
wait "$STEP_PID" 2>/dev/null || true
STEP_PID=""

python3 - "$BIN" check 01-fade/fade-out "${ARGS[@]}" <<'PY'
import os, resource, subprocess, sys, time
start = time.monotonic()
subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL)
wall = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"workbook check (one process, warm cache): {wall:.3f} s wall, {usage.ru_utime + usage.ru_stime:.3f} s CPU, "
      f"load {os.getloadavg()[0]:.2f}")
PY
exit $STATUS
