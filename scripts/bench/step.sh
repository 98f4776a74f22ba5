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
# Usage: scripts/bench/step.sh [ROUNDS]
#        CONFIGURATION=debug scripts/bench/step.sh   # with the debug build
#        WORKBOOK_BIN=path/to/workbook scripts/bench/step.sh   # a tool built elsewhere (no build)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ROUNDS=${1:-10}

bench_tool
bench_work bench-step
STEP_PID=""
bench_cleanup() { [ -n "$STEP_PID" ] && kill "$STEP_PID" 2>/dev/null; rm -rf "$WORK"; }
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
python3 "$BENCH/step-saves.py" "$WORK" "$ROUNDS" "$STEP_PID" || STATUS=$?
kill "$STEP_PID" 2>/dev/null || true
wait "$STEP_PID" 2>/dev/null || true
STEP_PID=""

bench_timed "$BIN" check 01-fade/fade-out "${ARGS[@]}" || true
bench_row "workbook check (one process, warm cache)" "$(bench_summary 1)"
exit $STATUS
