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
# chapter. Targets: cold <= 1.5 x single, each >= 10 x cold, warm <= 0.05 s,
# one edited chapter <= 0.3 s, no engine build for the second book. Exit
# status 1 when a target is missed.
#
# Usage: scripts/bench-verify.sh [CHAPTERS] [SNIPPETS_PER_CHAPTER]
#        CONFIGURATION=debug scripts/bench-verify.sh   # with the debug build (no release build needed)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
CHAPTERS=${1:-12}
PER_CHAPTER=${2:-6}
JOBS=$(nproc)

CONFIGURATION=${CONFIGURATION:-release}
echo "Building workbook ($CONFIGURATION)…" >&2
swift build -c "$CONFIGURATION" --product workbook --package-path "$ROOT" >&2
BIN="$ROOT/.build/$CONFIGURATION/workbook"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/workbook-bench-XXXXXX")
trap 'rm -rf "$WORK"' EXIT
BOOK="$WORK/book/Chapters"
# The per-user cache (the engine) starts empty; results go to the book's .workbook/.
export XDG_CACHE_HOME="$WORK/xdg"
USER_CACHE="$XDG_CACHE_HOME/transition-workbook"
RESULTS="$WORK/book/.workbook/results"
python3 "$ROOT/scripts/gen-bench-book.py" "$BOOK" "$CHAPTERS" "$PER_CHAPTER" "$WORK/baseline"
SNIPPETS=$((CHAPTERS * PER_CHAPTER))

now() { date +%s.%N; }
elapsed() { python3 -c "print(f'{$2 - $1:.3f}')"; }
median() { python3 -c "import statistics,sys; print(f'{statistics.median(float(x) for x in sys.argv[1:]):.3f}')" "$@"; }
verify() { (cd "$WORK/book" && "$BIN" verify "$@" >/dev/null 2>&1); }

# First run: builds the engine (per-user cache empty), compiles and runs
# every chapter, records the output blocks. No flags: `workbook` finds the
# engine's sources next to its executable.
t0=$(now); verify --record; t1=$(now)
FIRST=$(elapsed "$t0" "$t1")
verify || { echo "The generated book does not verify" >&2; exit 1; }

ENGINE=$(find "$USER_CACHE/engine" -mindepth 1 -maxdepth 1 -type d ! -name '.building-*' | head -n 1)
[ -n "$ENGINE" ] || { echo "No engine build in $USER_CACHE/engine" >&2; exit 1; }
SWIFTC=$(command -v swiftc)

# A second book somewhere else (the same chapters, so the figure compares
# with cold): its first verify must reuse the engine.
mkdir -p "$WORK/second"
cp -R "$BOOK" "$WORK/second/Chapters"
t0=$(now)
SECOND_LOG=$(cd "$WORK/second" && "$BIN" verify 2>&1 >/dev/null) || { echo "The second book does not verify" >&2; exit 1; }
t1=$(now)
SECOND=$(elapsed "$t0" "$t1")
case "$SECOND_LOG" in *"Building TransitionEngine"*) SECOND_BUILT=1;; *) SECOND_BUILT=0;; esac

# Cold: engine built, result cache empty.
cold=()
for _ in 1 2 3; do
  rm -rf "$RESULTS"
  t0=$(now); verify; t1=$(now)
  cold+=("$(elapsed "$t0" "$t1")")
done
COLD=$(median "${cold[@]}")

# Warm: nothing changed.
warm=()
for _ in 1 2 3 4 5; do
  t0=$(now); verify; t1=$(now)
  warm+=("$(elapsed "$t0" "$t1")")
done
WARM=$(median "${warm[@]}")

# One chapter edited (a comment added to a snippet): that chapter alone is
# compiled again.
sed -i '0,/^```swift$/s//```swift\n\/\/ edited/' "$BOOK/03-chapter.md"
t0=$(now); verify; t1=$(now)
EDITED=$(elapsed "$t0" "$t1")

# Baseline: all snippets in one file, one swiftc.
single=()
for _ in 1 2 3; do
  t0=$(now)
  "$SWIFTC" "$WORK/baseline/all.swift" -I "$ENGINE" -L "$ENGINE" -lTransitionEngine \
    -Xlinker -rpath -Xlinker "$ENGINE" -module-cache-path "$USER_CACHE/module-cache" \
    -swift-version 5 -Onone -o "$WORK/baseline/all"
  t1=$(now)
  single+=("$(elapsed "$t0" "$t1")")
done
SINGLE=$(median "${single[@]}")

# Baseline: each snippet its own program, one compiler at a time.
t0=$(now)
for program in "$WORK"/baseline/each/*/main.swift; do
  "$SWIFTC" "$program" -I "$ENGINE" -L "$ENGINE" -lTransitionEngine -Xlinker -rpath -Xlinker "$ENGINE" \
    -module-cache-path "$USER_CACHE/module-cache" -swift-version 5 -Onone -o "$program.program"
done
t1=$(now)
EACH=$(elapsed "$t0" "$t1")

# The same, $JOBS compilers at a time.
t0=$(now)
find "$WORK/baseline/each" -name main.swift -print0 | xargs -0 -P "$JOBS" -I{} \
  "$SWIFTC" {} -I "$ENGINE" -L "$ENGINE" -lTransitionEngine -Xlinker -rpath -Xlinker "$ENGINE" \
  -module-cache-path "$USER_CACHE/module-cache" -swift-version 5 -Onone -o {}.program
t1=$(now)
EACH_PARALLEL=$(elapsed "$t0" "$t1")

python3 - "$CHAPTERS" "$SNIPPETS" "$JOBS" "$FIRST" "$COLD" "$WARM" "$EDITED" "$SINGLE" "$EACH" "$EACH_PARALLEL" "$SECOND" "$SECOND_BUILT" <<'PY'
import os, sys
chapters, snippets, jobs = sys.argv[1:4]
first, cold, warm, edited, single, each, each_parallel, second = map(float, sys.argv[4:12])
second_built = sys.argv[12] == "1"
print(f"book: {chapters} chapters, {snippets} snippets; {jobs} jobs; {open('/proc/cpuinfo').read().count('processor')} cores; {os.environ.get('CONFIGURATION', 'release')} build")
print(f"{'first run (empty user cache: engine + record)':42} {first:7.3f} s")
print(f"{'second book, first verify (engine reused)':42} {second:7.3f} s   (engine built: {'yes' if second_built else 'no'})")
print(f"{'cold verify (engine built, no results)':42} {cold:7.3f} s")
print(f"{'warm verify (unchanged book)':42} {warm:7.3f} s")
print(f"{'verify after editing one chapter':42} {edited:7.3f} s")
print(f"{'baseline: one swiftc, all snippets':42} {single:7.3f} s")
print(f"{'baseline: each snippet its own program':42} {each:7.3f} s")
print(f"{'  the same, ' + jobs + ' at a time':42} {each_parallel:7.3f} s   (each_parallel / cold = {each_parallel / cold:.1f})")
print(f"load average at the end: {os.getloadavg()[0]:.2f} (other work on the machine skews every figure)")
checks = [
    (f"cold / single = {cold / single:.2f} (target <= 1.5)", cold <= 1.5 * single),
    (f"each / cold = {each / cold:.1f} (target >= 10)", each >= 10 * cold),
    (f"warm = {warm:.3f} s (target <= 0.05 s)", warm <= 0.05),
    (f"one edited chapter = {edited:.3f} s (target <= 0.3 s)", edited <= 0.3),
    ("second book: no engine build", not second_built),
]
ok = True
for text, passed in checks:
    print(("PASS " if passed else "MISS ") + text)
    ok = ok and passed
sys.exit(0 if ok else 1)
PY
