#!/usr/bin/env bash
# Benchmarks `workbook verify` (release build) against two baselines measured
# in the same run, on a generated book (12 chapters x 6 snippets by default):
#
#   single  one `swiftc` invocation compiling every snippet as one file
#           against the engine (the floor for "compile the book once");
#   each    every snippet compiled as its own program, one swiftc after the
#           other (like the single baseline, one compiler at a time); the
#           same with $(nproc) compilers at a time is reported too.
#
# and reports: a first run on an empty per-user cache (engine build + record;
# no flags: the tool finds the engine it ships with), a second book's first
# verify (the engine is reused: no build), cold verify (engine built, result
# cache empty), warm verify (unchanged book), and verify after editing one
# chapter, next to its floor (one swiftc of that chapter's snippets).
# Targets: cold <= 1.5 x single, each >= 10 x cold, warm <= 0.05 s, one
# edited chapter <= 0.3 s, no engine build for the second book. Exit status
# 1 when a target is missed.
#
# Every figure is printed as wall-clock time and CPU time (user + system of
# the command and every process it started, the compilers included), with
# the load average around it: on a shared machine the wall-clock figure
# grows with the load, the CPU time does not. The ratios are printed on
# both.
#
# Usage: scripts/bench-verify.sh [CHAPTERS] [SNIPPETS_PER_CHAPTER]
#        CONFIGURATION=debug scripts/bench-verify.sh   # with the debug build (no release build needed)
#        WORKBOOK_BIN=path/to/workbook scripts/bench-verify.sh   # a tool built elsewhere (no build)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
CHAPTERS=${1:-12}
PER_CHAPTER=${2:-6}
JOBS=$(nproc)

CONFIGURATION=${CONFIGURATION:-release}
if [ -n "${WORKBOOK_BIN:-}" ]; then
  BIN=$WORKBOOK_BIN
else
  echo "Building workbook ($CONFIGURATION)…" >&2
  swift build -c "$CONFIGURATION" --product workbook --package-path "$ROOT" >&2
  BIN="$ROOT/.build/$CONFIGURATION/workbook"
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/workbook-bench-XXXXXX")
trap 'rm -rf "$WORK"' EXIT
BOOK="$WORK/book/Chapters"
# The per-user cache (the engine) starts empty; results go to the book's .workbook/.
export XDG_CACHE_HOME="$WORK/xdg"
USER_CACHE="$XDG_CACHE_HOME/transition-workbook"
RESULTS="$WORK/book/.workbook/results"
python3 "$ROOT/scripts/gen-bench-book.py" "$BOOK" "$CHAPTERS" "$PER_CHAPTER" "$WORK/baseline"
SNIPPETS=$((CHAPTERS * PER_CHAPTER))

# Runs a command; appends "WALL CPU LOAD" (seconds; CPU = user + system of
# it and every process it started; the 1-minute load average when it ended)
# to the file $TIMES, and returns the command's status. Its standard error
# goes to $TIMES.log.
TIMES="$WORK/times"
timed() {
  python3 - "$@" <<'PY'
import os, resource, subprocess, sys, time
start = time.monotonic()
with open(os.environ["TIMES"] + ".log", "w") as log:
    status = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=log)
wall = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(os.environ["TIMES"], "a") as f:
    f.write(f"{wall:.3f} {usage.ru_utime + usage.ru_stime:.3f} {os.getloadavg()[0]:.2f}\n")
sys.exit(status)
PY
}
export TIMES
# The median of the last N timings: "WALL CPU LOAD" (the wall and CPU
# medians, the highest load).
median_of_last() {
  python3 - "$1" <<'PY'
import os, statistics, sys
rows = [list(map(float, line.split())) for line in open(os.environ["TIMES"]).read().split("\n") if line][-int(sys.argv[1]):]
print(f"{statistics.median(r[0] for r in rows):.3f} {statistics.median(r[1] for r in rows):.3f} {max(r[2] for r in rows):.2f}")
PY
}
verify() { (cd "$WORK/book" && timed "$BIN" verify "$@"); }
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

# First run: builds the engine (per-user cache empty), compiles and runs
# every chapter, records the output blocks. No flags: `workbook` finds the
# engine's sources next to its executable.
verify --record
FIRST=$(median_of_last 1)
(cd "$WORK/book" && "$BIN" verify >/dev/null 2>&1) || { echo "The generated book does not verify" >&2; exit 1; }

ENGINE=$(find "$USER_CACHE/engine" -mindepth 1 -maxdepth 1 -type d ! -name '.building-*' | head -n 1)
[ -n "$ENGINE" ] || { echo "No engine build in $USER_CACHE/engine" >&2; exit 1; }
SWIFTC=$(command -v swiftc)

# A second book somewhere else (the same chapters, so the figure compares
# with cold): its first verify must reuse the engine.
mkdir -p "$WORK/second"
cp -R "$BOOK" "$WORK/second/Chapters"
(cd "$WORK/second" && timed "$BIN" verify) || { echo "The second book does not verify" >&2; exit 1; }
SECOND=$(median_of_last 1)
SECOND_LOG=$(cat "$TIMES.log")
case "$SECOND_LOG" in *"Building TransitionEngine"*) SECOND_BUILT=1;; *) SECOND_BUILT=0;; esac

# Cold: engine built, result cache empty.
for _ in 1 2 3; do
  rm -rf "$RESULTS"
  verify
done
COLD=$(median_of_last 3)

# Warm: nothing changed.
for _ in 1 2 3 4 5; do verify; done
WARM=$(median_of_last 5)

# One chapter edited (a comment added to a snippet): that chapter alone is
# compiled again. Three edits, each new (the result cache never hits).
for n in 1 2 3; do
  sed -i "0,/^\`\`\`swift\$/s//\`\`\`swift\n\/\/ edited $n/" "$BOOK/03-chapter.md"
  verify
done
EDITED=$(median_of_last 3)

# Baseline: all snippets in one file, one swiftc.
for _ in 1 2 3; do
  timed "$SWIFTC" "$WORK/baseline/all.swift" -I "$ENGINE" -L "$ENGINE" -lTransitionEngine \
    -Xlinker -rpath -Xlinker "$ENGINE" -module-cache-path "$USER_CACHE/module-cache" \
    -swift-version 5 -Onone -o "$WORK/baseline/all"
done
SINGLE=$(median_of_last 3)

# Baseline: the edited chapter's snippets as one program, one swiftc (what
# re-verifying that chapter cannot go below: verify compiles, links and runs
# the chapter's program).
for _ in 1 2 3; do
  timed "$SWIFTC" "$WORK/baseline/chapter/03/main.swift" -I "$ENGINE" -L "$ENGINE" -lTransitionEngine \
    -Xlinker -rpath -Xlinker "$ENGINE" -module-cache-path "$USER_CACHE/module-cache" \
    -swift-version 5 -Onone -o "$WORK/baseline/chapter/03/program"
done
EDITED_FLOOR=$(median_of_last 3)

# Baseline: each snippet its own program, one compiler at a time.
EACH_SCRIPT="$WORK/each.sh"
cat > "$EACH_SCRIPT" <<SH
for program in "$WORK"/baseline/each/*/main.swift; do
  "$SWIFTC" "\$program" -I "$ENGINE" -L "$ENGINE" -lTransitionEngine -Xlinker -rpath -Xlinker "$ENGINE" \
    -module-cache-path "$USER_CACHE/module-cache" -swift-version 5 -Onone -o "\$program.program" || exit 1
done
SH
timed bash "$EACH_SCRIPT"
EACH=$(median_of_last 1)

# The same, $JOBS compilers at a time.
timed bash -c "find '$WORK/baseline/each' -name main.swift -print0 | xargs -0 -P '$JOBS' -I{} \
  '$SWIFTC' {} -I '$ENGINE' -L '$ENGINE' -lTransitionEngine -Xlinker -rpath -Xlinker '$ENGINE' \
  -module-cache-path '$USER_CACHE/module-cache' -swift-version 5 -Onone -o {}.program"
EACH_PARALLEL=$(median_of_last 1)

python3 - "$CHAPTERS" "$SNIPPETS" "$JOBS" "$FIRST" "$COLD" "$WARM" "$EDITED" "$SINGLE" "$EACH" "$EACH_PARALLEL" "$SECOND" "$SECOND_BUILT" "$EDITED_FLOOR" <<'PY'
import os, sys
chapters, snippets, jobs = sys.argv[1:4]
first, cold, warm, edited, single, each, each_parallel, second = (list(map(float, a.split())) for a in sys.argv[4:12])
second_built = sys.argv[12] == "1"
chapter = list(map(float, sys.argv[13].split()))
print(f"book: {chapters} chapters, {snippets} snippets; {jobs} jobs; {os.cpu_count()} cores; "
      f"{os.environ.get('CONFIGURATION', 'release')} build")
print(f"{'':44} {'wall':>8}   {'CPU':>8}   load")
def row(name, figure, note=""):
    wall, cpu, load = figure
    print(f"{name:44} {wall:7.3f} s {cpu:7.3f} s  {load:5.2f}{note}")
row("first run (empty user cache: engine + record)", first)
row("second book, first verify (engine reused)", second, f"   (engine built: {'yes' if second_built else 'no'})")
row("cold verify (engine built, no results)", cold)
row("warm verify (unchanged book)", warm)
row("verify after editing one chapter", edited)
row("baseline: one swiftc, all snippets", single)
row("baseline: one swiftc, the edited chapter", chapter)
row("baseline: each snippet its own program", each)
row(f"  the same, {jobs} at a time", each_parallel)
print(f"load average at the end: {os.getloadavg()[0]:.2f} (other work on the machine skews the wall-clock figures)")
cores = os.cpu_count() or 1
print(f"ratios, CPU time: cold / single = {cold[1] / single[1]:.2f}, each / cold = {each[1] / cold[1]:.1f}; "
      f"cold CPU / {cores} cores = {cold[1] / cores:.3f} s (cold's wall time on an idle machine, at best); "
      f"edited / one swiftc of that chapter = {edited[0] / chapter[0]:.2f} wall")
checks = [
    (f"cold / single = {cold[0] / single[0]:.2f} wall (target <= 1.5)", cold[0] <= 1.5 * single[0]),
    (f"each / cold = {each[0] / cold[0]:.1f} wall (target >= 10)", each[0] >= 10 * cold[0]),
    (f"warm = {warm[0]:.3f} s (target <= 0.05 s)", warm[0] <= 0.05),
    (f"one edited chapter = {edited[0]:.3f} s (target <= 0.3 s)", edited[0] <= 0.3),
    ("second book: no engine build", not second_built),
]
ok = True
for text, passed in checks:
    print(("PASS " if passed else "MISS ") + text)
    ok = ok and passed
sys.exit(0 if ok else 1)
PY
